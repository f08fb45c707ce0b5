#pragma once
// The deprecated accessor with target::local (SYCL 2020 §4.7.6.11, deprecated features): the spec
// gives it local_accessor's semantics and restrictions, so it is one, with SYCL 1.2.1's names.
#include <cstddef>
#include <functional>

#include "sycl/accessor.hpp"
#include "sycl/local_accessor.hpp"
#include "sycl/multi_ptr.hpp"

namespace sycl {

template <typename DataT, int D, access_mode M, access::placeholder P>
class accessor<DataT, D, M, target::local, P> : public local_accessor<DataT, D> {
  // Atomic mode handed out SYCL 1.2.1's sycl::atomic, which Tessera does not have (atomic_ref is
  // its SYCL 2020 replacement).
  static_assert(M == access_mode::read_write, "an accessor with target::local must be read_write");
  using base = local_accessor<DataT, D>;

public:
  using base::base;
  using base::operator=;
  accessor() = default;

  std::size_t get_count() const noexcept { return this->size(); }
  std::size_t get_size() const noexcept { return this->byte_size(); }
  // SYCL 1.2.1's local_ptr, as DPC++ returns it, rather than local_accessor's raw pointer.
  TESSERA_HOST_DEVICE local_ptr<DataT> get_pointer() const noexcept { return local_ptr<DataT>(base::get_pointer()); }
};

} // namespace sycl

template <typename DataT, int D, sycl::access_mode M, sycl::access::placeholder P>
struct std::hash<sycl::accessor<DataT, D, M, sycl::target::local, P>> : std::hash<sycl::local_accessor<DataT, D>> {};
