#pragma once
// The deprecated accessor with target::local (SYCL 2020 §4.7.6.11, deprecated features): the spec
// gives it local_accessor's semantics and restrictions, so it is one, with SYCL 1.2.1's names.
#include <cstddef>
#include <functional>
#include <type_traits>

#include "sycl/accessor.hpp"
#include "sycl/atomic.hpp"
#include "sycl/local_accessor.hpp"
#include "sycl/multi_ptr.hpp"
#include "tessera/memory/subscript.hpp"

namespace tessera::memory {
// A local accessor whose elements are SYCL 1.2.1 atomics (the deprecated atomic mode).
template <typename DataT, int D>
class atomic_elements : public sycl::local_accessor<DataT, D> {
  using base = sycl::local_accessor<DataT, D>;
  using element = sycl::atomic<DataT, sycl::access::address_space::local_space>;

public:
  using base::base;
  atomic_elements() = default;

  TESSERA_HOST_DEVICE element operator[](const sycl::id<D>& i) const {
    return element(sycl::local_ptr<DataT>(&base::operator[](i)));
  }
  // a[i] of one dimension, or the start of the a[i][j][k] chain
  template <int DD = D, typename = std::enable_if_t<(DD > 0)>>
  TESSERA_HOST_DEVICE auto operator[](std::size_t i) const {
    using as_atomic = tessera::memory::as_legacy_atomic<sycl::access::address_space::local_space>;
    return tessera::memory::first_subscript<DataT, D, as_atomic, true>(base::get_pointer().get(), base::get_range(), i);
  }

  // Zero dimensions: the one element as an atomic (SYCL 1.2.1's operator atomic<DataT,
  // local_space>); not a template, as local_accessor's conversion, and the other ranks convert to
  // a private type.
  struct no_conversion {};
  TESSERA_HOST_DEVICE operator std::conditional_t<D == 0, element, no_conversion>() const {  // NOLINT: as the spec
    return element(sycl::local_ptr<DataT>(&static_cast<DataT&>(*this)));
  }
};

// The local accessor that the deprecated one is: of atomics in the atomic mode, of const elements
// in the read mode. SYCL 1.2.1 named read_write and atomic only; DPC++ takes every mode (and the
// SYCL-CTS makes read ones).
template <typename DataT, int D, sycl::access_mode M>
using local_target_base =
    std::conditional_t<M == sycl::access_mode::atomic, atomic_elements<DataT, D>,
                       sycl::local_accessor<std::conditional_t<M == sycl::access_mode::read, const DataT, DataT>, D>>;

// What the deprecated local accessor is, of every rank.
template <typename DataT, int D, sycl::access_mode M>
class local_target_accessor : public local_target_base<DataT, D, M> {
  using base = local_target_base<DataT, D, M>;

public:
  using base::base;
  using base::operator=;
  local_target_accessor() = default;

  std::size_t get_count() const noexcept { return this->size(); }
  std::size_t get_size() const noexcept { return this->byte_size(); }
  // SYCL 1.2.1's local_ptr, as DPC++ returns it, rather than local_accessor's raw pointer.
  TESSERA_HOST_DEVICE sycl::local_ptr<typename base::value_type> get_pointer() const noexcept {
    return sycl::local_ptr<typename base::value_type>(base::get_pointer());
  }
};
} // namespace tessera::memory

namespace sycl {

template <typename DataT, int D, access_mode M, access::placeholder P>
class accessor<DataT, D, M, target::local, P> : public tessera::memory::local_target_accessor<DataT, D, M> {
  using base = tessera::memory::local_target_accessor<DataT, D, M>;

public:
  using base::base;
  using base::operator=;
  accessor() = default;
};

// Zero dimensions: named apart, or it would be as specialised as the zero-dimensional accessor of
// every target (sycl/scalar_accessor.hpp).
template <typename DataT, access_mode M, access::placeholder P>
class accessor<DataT, 0, M, target::local, P> : public tessera::memory::local_target_accessor<DataT, 0, M> {
  using base = tessera::memory::local_target_accessor<DataT, 0, M>;

public:
  using base::base;
  using base::operator=;
  accessor() = default;
};

} // namespace sycl

template <typename DataT, int D, sycl::access_mode M, sycl::access::placeholder P>
struct std::hash<sycl::accessor<DataT, D, M, sycl::target::local, P>> : std::hash<sycl::local_accessor<DataT, D>> {};
