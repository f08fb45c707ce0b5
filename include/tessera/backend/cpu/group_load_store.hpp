#pragma once
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <type_traits>

#include "sycl/exception.hpp"
#include "tessera/backend/cpu/group_ops.hpp"
#include "tessera/group/load_store_layout.hpp"

// group_load/group_store on the CPU: one collective, in which the last member to arrive moves
// every member's elements, so members that disagree on the placement, the element count, the
// types or the pointer are reported.
namespace tessera::cpu {

template <typename It, typename = void> struct comparable : std::false_type {};
template <typename It>
struct comparable<It, std::void_t<decltype(bool(std::declval<const It&>() == std::declval<const It&>()))>>
    : std::true_type {};

template <typename It>
void same_pointer(const It& a, const It& b, const group::call_site& s, const char* what) {
  if constexpr (comparable<It>::value)
    if (!(a == b))
      throw sycl::exception(sycl::errc::kernel, std::string("work-items meet at ") + what + " at " + s.file + ":" +
                                                    std::to_string(s.line) + " with different pointers");
}

// What a member brings: the group's pointer and where its own elements are (in its stack or span).
template <typename It, typename T> struct load_request {
  It src;
  T* dst;
  group::call_site site;
};
template <typename It, typename T> struct load_into {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t layout) {
    using diff = typename std::iterator_traits<It>::difference_type;
    const auto& first = in<load_request<It, T>>(m[0]);
    for (std::uint32_t i = 1; i < n; ++i) same_pointer(in<load_request<It, T>>(m[i]).src, first.src, first.site, "group_load");
    const std::size_t count = static_cast<std::size_t>(layout >> 1);
    for (std::uint32_t i = 0; i < n; ++i) {
      T* dst = in<load_request<It, T>>(m[i]).dst;
      for (std::size_t k = 0; k < count; ++k) dst[k] = first.src[static_cast<diff>(group::element(layout, i, n, k))];
    }
  }
};

template <typename It, typename T> struct store_request {
  const T* src;
  It dst;
  group::call_site site;
};
template <typename It, typename T> struct store_from {
  static void complete(arrival* m, std::uint32_t n, std::uint64_t layout) {
    using diff = typename std::iterator_traits<It>::difference_type;
    const auto& first = in<store_request<It, T>>(m[0]);
    for (std::uint32_t i = 1; i < n; ++i) same_pointer(in<store_request<It, T>>(m[i]).dst, first.dst, first.site, "group_store");
    const std::size_t count = static_cast<std::size_t>(layout >> 1);
    for (std::uint32_t i = 0; i < n; ++i) {
      const T* src = in<store_request<It, T>>(m[i]).src;
      for (std::size_t k = 0; k < count; ++k) first.dst[static_cast<diff>(group::element(layout, i, n, k))] = src[k];
    }
  }
};

struct nothing {};

namespace ops {

template <typename G, typename It, typename T>
void group_load(const G& g, It src, T* out, std::size_t count, bool striped, const group::call_site& s) {
  meet<nothing>(g, group::collective_op::load, s, group::layout(count, striped), &load_into<It, T>::complete,
                load_request<It, T>{src, out, s});
}
template <typename G, typename It, typename T>
void group_store(const G& g, const T* src, It out, std::size_t count, bool striped, const group::call_site& s) {
  meet<nothing>(g, group::collective_op::store, s, group::layout(count, striped), &store_from<It, T>::complete,
                store_request<It, T>{src, out, s});
}

} // namespace ops
} // namespace tessera::cpu
