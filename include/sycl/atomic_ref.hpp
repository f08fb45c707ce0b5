#pragma once
// SYCL 2020 §4.15.3: atomic_ref, atomic operations on an object that is not itself atomic.
#include <sycl/access.hpp>
#include <sycl/atomic_fence.hpp>
#include <sycl/memory_enums.hpp>
#include <tessera/detail/macros.hpp>
#include <tessera/memory/access_seam.hpp>
#include <cstddef>
#include <type_traits>

// atomic_ref is written once over the primitives of tessera/glue/atomic_ops.hpp, which share one
// signature on every backend, so it never asks which side it is compiled for.
namespace tessera::detail {

template <typename T>
inline constexpr bool is_atomic_arithmetic_v =
    std::is_same_v<T, int> || std::is_same_v<T, unsigned int> || std::is_same_v<T, long> ||
    std::is_same_v<T, unsigned long> || std::is_same_v<T, long long> || std::is_same_v<T, unsigned long long> ||
    std::is_same_v<T, float> || std::is_same_v<T, double>;

template <sycl::access::address_space Space>
inline constexpr bool is_atomic_address_space_v = Space == sycl::access::address_space::generic_space ||
                                                  Space == sycl::access::address_space::global_space ||
                                                  Space == sycl::access::address_space::local_space;

// What every atomic_ref offers, whatever T is.
template <typename T, sycl::memory_order DefaultOrder, sycl::memory_scope DefaultScope>
class atomic_ref_base {
  static_assert(DefaultOrder == sycl::memory_order::relaxed || DefaultOrder == sycl::memory_order::acq_rel ||
                    DefaultOrder == sycl::memory_order::seq_cst,
                "SYCL 2020 allows only relaxed, acq_rel and seq_cst as an atomic_ref's default order");

public:
  using value_type = T;
  static constexpr std::size_t required_alignment = sizeof(T);
  static constexpr bool is_always_lock_free = always_lock_free<T>;
  static constexpr sycl::memory_order default_read_order = read_half(DefaultOrder);
  static constexpr sycl::memory_order default_write_order = write_half(DefaultOrder);
  static constexpr sycl::memory_order default_read_modify_write_order = DefaultOrder;
  static constexpr sycl::memory_scope default_scope = DefaultScope;

  TESSERA_HOST_DEVICE explicit atomic_ref_base(T& object) noexcept : object_(&object) {
#if TESSERA_CHECKED_ACCESS
    tessera::check::atomic_access(&object, sizeof(T)); // concurrent atomic accesses are no race
#endif
  }
  atomic_ref_base(const atomic_ref_base&) noexcept = default;
  atomic_ref_base& operator=(const atomic_ref_base&) = delete;

  TESSERA_HOST_DEVICE bool is_lock_free() const noexcept { return is_always_lock_free; }

  TESSERA_HOST_DEVICE void store(T operand, sycl::memory_order order = default_write_order,
                                 sycl::memory_scope scope = default_scope) const noexcept {
    atomic_store(object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T operator=(T desired) const noexcept {
    store(desired);
    return desired;
  }

  TESSERA_HOST_DEVICE T load(sycl::memory_order order = default_read_order,
                             sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_load(object_, order, scope);
  }

  TESSERA_HOST_DEVICE operator T() const noexcept { return load(); }

  TESSERA_HOST_DEVICE T exchange(T operand, sycl::memory_order order = default_read_modify_write_order,
                                 sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_exchange(object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE bool compare_exchange_weak(T& expected, T desired, sycl::memory_order success,
                                                 sycl::memory_order failure,
                                                 sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_compare_exchange<true>(object_, expected, desired, success, failure, scope);
  }

  TESSERA_HOST_DEVICE bool compare_exchange_weak(T& expected, T desired,
                                                 sycl::memory_order order = default_read_modify_write_order,
                                                 sycl::memory_scope scope = default_scope) const noexcept {
    return compare_exchange_weak(expected, desired, order, read_half(order), scope);
  }

  TESSERA_HOST_DEVICE bool compare_exchange_strong(T& expected, T desired, sycl::memory_order success,
                                                   sycl::memory_order failure,
                                                   sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_compare_exchange<false>(object_, expected, desired, success, failure, scope);
  }

  TESSERA_HOST_DEVICE bool compare_exchange_strong(T& expected, T desired,
                                                   sycl::memory_order order = default_read_modify_write_order,
                                                   sycl::memory_scope scope = default_scope) const noexcept {
    return compare_exchange_strong(expected, desired, order, read_half(order), scope);
  }

protected:
  T* object_;
};

// What integers and floating-point types both offer (all that floating-point types offer).
template <typename T, sycl::memory_order DefaultOrder, sycl::memory_scope DefaultScope>
class atomic_ref_numeric : public atomic_ref_base<T, DefaultOrder, DefaultScope> {
  using base = atomic_ref_base<T, DefaultOrder, DefaultScope>;

public:
  using difference_type = T;
  using base::default_read_modify_write_order;
  using base::default_scope;
  using base::operator=;

  TESSERA_HOST_DEVICE explicit atomic_ref_numeric(T& object) noexcept : base(object) {}

  TESSERA_HOST_DEVICE T fetch_add(T operand, sycl::memory_order order = default_read_modify_write_order,
                                  sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_fetch_add(this->object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T fetch_sub(T operand, sycl::memory_order order = default_read_modify_write_order,
                                  sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_fetch_sub(this->object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T fetch_min(T operand, sycl::memory_order order = default_read_modify_write_order,
                                  sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_fetch_min(this->object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T fetch_max(T operand, sycl::memory_order order = default_read_modify_write_order,
                                  sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_fetch_max(this->object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T operator+=(T operand) const noexcept { return fetch_add(operand) + operand; }
  TESSERA_HOST_DEVICE T operator-=(T operand) const noexcept { return fetch_sub(operand) - operand; }
};

// Integers add the bitwise operations, increment and decrement.
template <typename T, sycl::memory_order DefaultOrder, sycl::memory_scope DefaultScope>
class atomic_ref_integral : public atomic_ref_numeric<T, DefaultOrder, DefaultScope> {
  using base = atomic_ref_numeric<T, DefaultOrder, DefaultScope>;

public:
  using base::default_read_modify_write_order;
  using base::default_scope;
  using base::fetch_add;
  using base::fetch_sub;
  using base::operator=;

  TESSERA_HOST_DEVICE explicit atomic_ref_integral(T& object) noexcept : base(object) {}

  TESSERA_HOST_DEVICE T fetch_and(T operand, sycl::memory_order order = default_read_modify_write_order,
                                  sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_fetch_and(this->object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T fetch_or(T operand, sycl::memory_order order = default_read_modify_write_order,
                                 sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_fetch_or(this->object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T fetch_xor(T operand, sycl::memory_order order = default_read_modify_write_order,
                                  sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_fetch_xor(this->object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T operator++(int) const noexcept { return fetch_add(1); }
  TESSERA_HOST_DEVICE T operator--(int) const noexcept { return fetch_sub(1); }
  TESSERA_HOST_DEVICE T operator++() const noexcept { return fetch_add(1) + T(1); }
  TESSERA_HOST_DEVICE T operator--() const noexcept { return fetch_sub(1) - T(1); }
  TESSERA_HOST_DEVICE T operator&=(T operand) const noexcept { return fetch_and(operand) & operand; }
  TESSERA_HOST_DEVICE T operator|=(T operand) const noexcept { return fetch_or(operand) | operand; }
  TESSERA_HOST_DEVICE T operator^=(T operand) const noexcept { return fetch_xor(operand) ^ operand; }
};

template <typename T, sycl::memory_order DefaultOrder, sycl::memory_scope DefaultScope>
using atomic_ref_arithmetic = std::conditional_t<std::is_floating_point_v<T>,
                                                 atomic_ref_numeric<T, DefaultOrder, DefaultScope>,
                                                 atomic_ref_integral<T, DefaultOrder, DefaultScope>>;

} // namespace tessera::detail

namespace sycl {

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope,
          access::address_space Space = access::address_space::generic_space>
class atomic_ref : public tessera::detail::atomic_ref_arithmetic<T, DefaultOrder, DefaultScope> {
  static_assert(tessera::detail::is_atomic_arithmetic_v<T>,
                "atomic_ref supports int, unsigned int, long, unsigned long, long long, unsigned long long, "
                "float, double and pointers");
  static_assert(tessera::detail::is_atomic_address_space_v<Space>,
                "atomic_ref needs a generic, global or local address space");
  using base = tessera::detail::atomic_ref_arithmetic<T, DefaultOrder, DefaultScope>;

public:
  using base::operator=;

  TESSERA_HOST_DEVICE explicit atomic_ref(T& object) noexcept : base(object) {}
};

template <typename T, memory_order DefaultOrder, memory_scope DefaultScope, access::address_space Space>
class atomic_ref<T*, DefaultOrder, DefaultScope, Space>
    : public tessera::detail::atomic_ref_base<T*, DefaultOrder, DefaultScope> {
  static_assert(tessera::detail::is_atomic_address_space_v<Space>,
                "atomic_ref needs a generic, global or local address space");
  using base = tessera::detail::atomic_ref_base<T*, DefaultOrder, DefaultScope>;

public:
  using difference_type = std::ptrdiff_t;
  using base::default_read_modify_write_order;
  using base::default_scope;
  using base::operator=;

  TESSERA_HOST_DEVICE explicit atomic_ref(T*& object) noexcept : base(object) {}

  TESSERA_HOST_DEVICE T* fetch_add(difference_type operand, memory_order order = default_read_modify_write_order,
                                   memory_scope scope = default_scope) const noexcept {
    return tessera::detail::atomic_fetch_add(this->object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T* fetch_sub(difference_type operand, memory_order order = default_read_modify_write_order,
                                   memory_scope scope = default_scope) const noexcept {
    return tessera::detail::atomic_fetch_sub(this->object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T* operator++(int) const noexcept { return fetch_add(1); }
  TESSERA_HOST_DEVICE T* operator--(int) const noexcept { return fetch_sub(1); }
  TESSERA_HOST_DEVICE T* operator++() const noexcept { return fetch_add(1) + 1; }
  TESSERA_HOST_DEVICE T* operator--() const noexcept { return fetch_sub(1) - 1; }
  TESSERA_HOST_DEVICE T* operator+=(difference_type operand) const noexcept { return fetch_add(operand) + operand; }
  TESSERA_HOST_DEVICE T* operator-=(difference_type operand) const noexcept { return fetch_sub(operand) - operand; }
};

} // namespace sycl
