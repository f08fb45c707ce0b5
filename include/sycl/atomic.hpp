#pragma once
// SYCL 1.2.1's atomic class and its free functions, deprecated by SYCL 2020 (which keeps them,
// with sycl::memory_order, beside atomic_ref that replaces them). Each operation is atomic_ref's:
// a sycl::atomic is a pointer into global or local memory and the scope that address space
// implies (the device, or the work-group).
#include <type_traits>

#include "sycl/access.hpp"
#include "sycl/atomic_ref.hpp"
#include "sycl/memory_enums.hpp"
#include "sycl/multi_ptr.hpp"
#include "tessera/detail/macros.hpp"

namespace sycl {

template <typename T, access::address_space Space = access::address_space::global_space>
class atomic {
  static_assert(Space == access::address_space::global_space || Space == access::address_space::local_space,
                "a sycl::atomic lives in the global or the local address space");
  static_assert(std::is_same_v<T, int> || std::is_same_v<T, unsigned int> || std::is_same_v<T, long> ||
                    std::is_same_v<T, unsigned long> || std::is_same_v<T, long long> ||
                    std::is_same_v<T, unsigned long long> || std::is_same_v<T, float>,
                "sycl::atomic supports int, unsigned int, long, unsigned long, long long, unsigned long long "
                "and float");
  static constexpr memory_scope scope =
      Space == access::address_space::local_space ? memory_scope::work_group : memory_scope::device;
  // Relaxed by default, as SYCL 1.2.1 has it; each call may ask for another order.
  using ref = atomic_ref<T, memory_order::relaxed, scope, Space>;
  template <typename U> using if_integral = std::enable_if_t<!std::is_floating_point_v<U>, int>;

public:
  // pointerT may be any scalar type of T's size (SYCL 1.2.1 §4.13.2): the object is read as T.
  template <typename PointerT, access::decorated Decorated>
  TESSERA_HOST_DEVICE atomic(multi_ptr<PointerT, Space, Decorated> ptr)
      : object_(reinterpret_cast<T*>(ptr.get())) {
    static_assert(sizeof(PointerT) == sizeof(T), "a sycl::atomic's pointer is to a type of T's size");
  }

  TESSERA_HOST_DEVICE void store(T operand, memory_order order = memory_order::relaxed) const {
    ref(*object_).store(operand, order);
  }
  TESSERA_HOST_DEVICE T load(memory_order order = memory_order::relaxed) const { return ref(*object_).load(order); }
  TESSERA_HOST_DEVICE T exchange(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*object_).exchange(operand, order);
  }
  TESSERA_HOST_DEVICE bool compare_exchange_strong(T& expected, T desired, memory_order success = memory_order::relaxed,
                                                   memory_order failure = memory_order::relaxed) const {
    return ref(*object_).compare_exchange_strong(expected, desired, success, failure);
  }

  template <typename U = T, if_integral<U> = 0>
  TESSERA_HOST_DEVICE T fetch_add(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*object_).fetch_add(operand, order);
  }
  template <typename U = T, if_integral<U> = 0>
  TESSERA_HOST_DEVICE T fetch_sub(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*object_).fetch_sub(operand, order);
  }
  template <typename U = T, if_integral<U> = 0>
  TESSERA_HOST_DEVICE T fetch_and(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*object_).fetch_and(operand, order);
  }
  template <typename U = T, if_integral<U> = 0>
  TESSERA_HOST_DEVICE T fetch_or(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*object_).fetch_or(operand, order);
  }
  template <typename U = T, if_integral<U> = 0>
  TESSERA_HOST_DEVICE T fetch_xor(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*object_).fetch_xor(operand, order);
  }
  template <typename U = T, if_integral<U> = 0>
  TESSERA_HOST_DEVICE T fetch_min(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*object_).fetch_min(operand, order);
  }
  template <typename U = T, if_integral<U> = 0>
  TESSERA_HOST_DEVICE T fetch_max(T operand, memory_order order = memory_order::relaxed) const {
    return ref(*object_).fetch_max(operand, order);
  }

private:
  T* object_;
};

// The free functions take the atomic by value, as SYCL 1.2.1 declares them: it is a pointer.
template <typename T, access::address_space S>
TESSERA_HOST_DEVICE T atomic_load(atomic<T, S> object, memory_order order = memory_order::relaxed) {
  return object.load(order);
}
template <typename T, access::address_space S>
TESSERA_HOST_DEVICE void atomic_store(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  object.store(operand, order);
}
template <typename T, access::address_space S>
TESSERA_HOST_DEVICE T atomic_exchange(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  return object.exchange(operand, order);
}
template <typename T, access::address_space S>
TESSERA_HOST_DEVICE bool atomic_compare_exchange_strong(atomic<T, S> object, T& expected, T desired,
                                                        memory_order success = memory_order::relaxed,
                                                        memory_order failure = memory_order::relaxed) {
  return object.compare_exchange_strong(expected, desired, success, failure);
}
template <typename T, access::address_space S>
TESSERA_HOST_DEVICE T atomic_fetch_add(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  return object.fetch_add(operand, order);
}
template <typename T, access::address_space S>
TESSERA_HOST_DEVICE T atomic_fetch_sub(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  return object.fetch_sub(operand, order);
}
template <typename T, access::address_space S>
TESSERA_HOST_DEVICE T atomic_fetch_and(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  return object.fetch_and(operand, order);
}
template <typename T, access::address_space S>
TESSERA_HOST_DEVICE T atomic_fetch_or(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  return object.fetch_or(operand, order);
}
template <typename T, access::address_space S>
TESSERA_HOST_DEVICE T atomic_fetch_xor(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  return object.fetch_xor(operand, order);
}
template <typename T, access::address_space S>
TESSERA_HOST_DEVICE T atomic_fetch_min(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  return object.fetch_min(operand, order);
}
template <typename T, access::address_space S>
TESSERA_HOST_DEVICE T atomic_fetch_max(atomic<T, S> object, T operand, memory_order order = memory_order::relaxed) {
  return object.fetch_max(operand, order);
}

} // namespace sycl

namespace tessera::memory {
// An accessor element in the deprecated atomic mode: the sycl::atomic of it (a subscript chain's
// Wrap, tessera/memory/subscript.hpp).
template <sycl::access::address_space Space>
struct as_legacy_atomic {
  template <typename T>
  TESSERA_HOST_DEVICE sycl::atomic<T, Space> operator()(T& e) const {
    return sycl::atomic<T, Space>(sycl::multi_ptr<T, Space>(&e));
  }
};
} // namespace tessera::memory
