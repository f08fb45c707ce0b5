#pragma once
// async_work_group_copy's copy (SYCL 2020 §4.9.1.5, §4.9.1.7): element i of n goes from
// src[i * src_stride] to dest[i * dest_stride]; the work-items of a group each take a share.
#include <cstddef>
#include <type_traits>

#include "sycl/access.hpp"
#include "sycl/multi_ptr.hpp"
#include "tessera/detail/macros.hpp"

namespace tessera::group {

// A copy's destination holds the source's element type, which may be const.
template <typename Dest, typename Src>
using if_copyable = std::enable_if_t<std::is_same_v<Dest, std::remove_const_t<Src>>, int>;

template <typename T, sycl::access::decorated D>
using local_ptr = sycl::multi_ptr<T, sycl::access::address_space::local_space, D>;
template <typename T, sycl::access::decorated D>
using global_ptr = sycl::multi_ptr<T, sycl::access::address_space::global_space, D>;

// The share of the work-item `first` of `step`: elements first, first + step, ...
template <typename T, typename U>
TESSERA_HOST_DEVICE void copy_share(T* dest, std::size_t dest_stride, const U* src, std::size_t src_stride,
                                    std::size_t n, std::size_t first, std::size_t step) {
  for (std::size_t i = first; i < n; i += step) dest[i * dest_stride] = src[i * src_stride];
}

} // namespace tessera::group
