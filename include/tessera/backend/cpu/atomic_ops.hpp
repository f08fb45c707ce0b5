#pragma once
// The atomic primitives of host code (GCC's __atomic builtins, which clang shares), behind the
// one signature that tessera/glue/atomic_ops.hpp gives atomic_ref and atomic_fence on every backend.
#include <sycl/memory_enums.hpp>
#include <tessera/detail/atomic_orders.hpp>
#include <tessera/detail/macros.hpp>
#include <type_traits>

namespace tessera::detail {

template <int Order>
using builtin_order = std::integral_constant<int, Order>;

// GCC silently treats a non-constant order given to an __atomic builtin as seq_cst, so every
// builtin call must see a literal: these helpers hand `f` the order as a type, one case per order
// the operation can legally take.
template <typename F>
TESSERA_HOST_DEVICE decltype(auto) with_builtin_order(sycl::memory_order order, F&& f) {
  switch (order) {
  case sycl::memory_order::relaxed: return f(builtin_order<__ATOMIC_RELAXED>{});
  case sycl::memory_order::acquire: return f(builtin_order<__ATOMIC_ACQUIRE>{});
  case sycl::memory_order::release: return f(builtin_order<__ATOMIC_RELEASE>{});
  case sycl::memory_order::acq_rel: return f(builtin_order<__ATOMIC_ACQ_REL>{});
  default: return f(builtin_order<__ATOMIC_SEQ_CST>{});
  }
}

template <typename F>
TESSERA_HOST_DEVICE decltype(auto) with_builtin_read_order(sycl::memory_order order, F&& f) {
  switch (read_half(order)) {
  case sycl::memory_order::relaxed: return f(builtin_order<__ATOMIC_RELAXED>{});
  case sycl::memory_order::acquire: return f(builtin_order<__ATOMIC_ACQUIRE>{});
  default: return f(builtin_order<__ATOMIC_SEQ_CST>{});
  }
}

template <typename F>
TESSERA_HOST_DEVICE decltype(auto) with_builtin_write_order(sycl::memory_order order, F&& f) {
  switch (write_half(order)) {
  case sycl::memory_order::relaxed: return f(builtin_order<__ATOMIC_RELAXED>{});
  case sycl::memory_order::release: return f(builtin_order<__ATOMIC_RELEASE>{});
  default: return f(builtin_order<__ATOMIC_SEQ_CST>{});
  }
}


// Host threads share one coherent memory, so no scope needs less than a full thread fence.
TESSERA_HOST_DEVICE inline void thread_fence(sycl::memory_order order, sycl::memory_scope) {
  with_builtin_order(order, [](auto builtin) { __atomic_thread_fence(decltype(builtin)::value); });
}


// Host threads share one coherent memory, so a narrower scope never permits a cheaper
// instruction: the host primitives ignore it.

template <typename T>
inline constexpr bool always_lock_free = __atomic_always_lock_free(sizeof(T), nullptr);

// The generic (not _n) builtins work on the object's bytes, so one code path serves integers,
// pointers and floating point alike, and compare-exchange compares bit patterns.
template <typename T>
TESSERA_HOST_DEVICE T atomic_load(T* object, sycl::memory_order order, sycl::memory_scope) {
  return with_builtin_read_order(order, [object](auto builtin) {
    T result;
    __atomic_load(object, &result, decltype(builtin)::value);
    return result;
  });
}

template <typename T>
TESSERA_HOST_DEVICE void atomic_store(T* object, T value, sycl::memory_order order, sycl::memory_scope) {
  with_builtin_write_order(order, [object, &value](auto builtin) { __atomic_store(object, &value, decltype(builtin)::value); });
}

template <typename T>
TESSERA_HOST_DEVICE T atomic_exchange(T* object, T value, sycl::memory_order order, sycl::memory_scope) {
  return with_builtin_order(order, [object, &value](auto builtin) {
    T previous;
    __atomic_exchange(object, &value, &previous, decltype(builtin)::value);
    return previous;
  });
}

template <bool Weak, typename T>
TESSERA_HOST_DEVICE bool atomic_compare_exchange(T* object, T& expected, T desired, sycl::memory_order success,
                                                 sycl::memory_order failure, sycl::memory_scope) {
  return with_builtin_order(success, [&](auto on_success) {
    return with_builtin_read_order(failure, [&](auto on_failure) {
      // GCC rejects a failure order stronger than the success order (allowed since C++17);
      // strengthening the success order to match keeps every guarantee that was asked for.
      constexpr int s = decltype(on_success)::value, f = decltype(on_failure)::value;
      return __atomic_compare_exchange(object, &expected, &desired, Weak, s < f ? f : s, f);
    });
  });
}

// Replaces the value with next(value) atomically and returns the value it replaced. A failed
// attempt only retries, so it needs no ordering of its own.
template <typename T, typename Next>
TESSERA_HOST_DEVICE T atomic_update(T* object, sycl::memory_order order, Next next) {
  T expected = atomic_load(object, sycl::memory_order::relaxed, sycl::memory_scope::system);
  while (!atomic_compare_exchange<true>(object, expected, next(expected), order, sycl::memory_order::relaxed,
                                        sycl::memory_scope::system)) {
  }
  return expected;
}

// The builtins do not scale pointer arithmetic by the pointee's size, so it is done here.
template <typename T, typename Operand>
TESSERA_HOST_DEVICE auto builtin_operand(Operand operand) {
  if constexpr (std::is_pointer_v<T>)
    return operand * static_cast<std::ptrdiff_t>(sizeof(std::remove_pointer_t<T>));
  else
    return operand;
}

template <typename T, typename Operand>
TESSERA_HOST_DEVICE T atomic_fetch_add(T* object, Operand operand, sycl::memory_order order, sycl::memory_scope) {
  if constexpr (std::is_floating_point_v<T>)
    return atomic_update(object, order, [operand](T old) { return old + operand; });
  else
    return with_builtin_order(order, [object, operand](auto builtin) {
      return __atomic_fetch_add(object, builtin_operand<T>(operand), decltype(builtin)::value);
    });
}

template <typename T, typename Operand>
TESSERA_HOST_DEVICE T atomic_fetch_sub(T* object, Operand operand, sycl::memory_order order, sycl::memory_scope) {
  if constexpr (std::is_floating_point_v<T>)
    return atomic_update(object, order, [operand](T old) { return old - operand; });
  else
    return with_builtin_order(order, [object, operand](auto builtin) {
      return __atomic_fetch_sub(object, builtin_operand<T>(operand), decltype(builtin)::value);
    });
}

template <typename T>
TESSERA_HOST_DEVICE T atomic_fetch_and(T* object, T operand, sycl::memory_order order, sycl::memory_scope) {
  return with_builtin_order(order, [object, operand](auto builtin) {
    return __atomic_fetch_and(object, operand, decltype(builtin)::value);
  });
}

template <typename T>
TESSERA_HOST_DEVICE T atomic_fetch_or(T* object, T operand, sycl::memory_order order, sycl::memory_scope) {
  return with_builtin_order(order, [object, operand](auto builtin) {
    return __atomic_fetch_or(object, operand, decltype(builtin)::value);
  });
}

template <typename T>
TESSERA_HOST_DEVICE T atomic_fetch_xor(T* object, T operand, sycl::memory_order order, sycl::memory_scope) {
  return with_builtin_order(order, [object, operand](auto builtin) {
    return __atomic_fetch_xor(object, operand, decltype(builtin)::value);
  });
}

template <typename T>
TESSERA_HOST_DEVICE T atomic_fetch_min(T* object, T operand, sycl::memory_order order, sycl::memory_scope) {
  return atomic_update(object, order, [operand](T old) { return operand < old ? operand : old; });
}

template <typename T>
TESSERA_HOST_DEVICE T atomic_fetch_max(T* object, T operand, sycl::memory_order order, sycl::memory_scope) {
  return atomic_update(object, order, [operand](T old) { return old < operand ? operand : old; });
}

} // namespace tessera::detail
