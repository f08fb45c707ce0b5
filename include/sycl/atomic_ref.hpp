#pragma once
// SYCL 2020 §4.15.3: atomic_ref, atomic operations on an object that is not itself atomic.
#include <sycl/access.hpp>
#include <sycl/atomic_fence.hpp>
#include <sycl/memory_enums.hpp>
#include <tessera/detail/macros.hpp>
#include <cstddef>
#include <type_traits>
#if defined(__CUDA_ARCH__)
#include <cuda/atomic>
#endif

// The primitives below share one signature on both sides, so atomic_ref itself never asks which
// side it is compiled for.
namespace tessera::detail {

#if defined(__CUDA_ARCH__)

template <typename T>
inline constexpr bool always_lock_free = cuda::atomic_ref<T>::is_always_lock_free;

// cuda::atomic_ref takes its scope as a template argument while SYCL passes it at run time.
template <typename T, typename Op>
TESSERA_HOST_DEVICE auto with_cuda_ref(T* object, sycl::memory_scope scope, Op op) {
  switch (to_cuda(scope)) {
  case cuda::thread_scope_system: return op(cuda::atomic_ref<T, cuda::thread_scope_system>(*object));
  case cuda::thread_scope_device: return op(cuda::atomic_ref<T, cuda::thread_scope_device>(*object));
  default: return op(cuda::atomic_ref<T, cuda::thread_scope_block>(*object));
  }
}

template <typename T>
TESSERA_HOST_DEVICE T atomic_load(T* object, sycl::memory_order order, sycl::memory_scope scope) {
  return with_cuda_ref(object, scope, [=](auto ref) { return ref.load(to_cuda(read_half(order))); });
}

template <typename T>
TESSERA_HOST_DEVICE void atomic_store(T* object, T value, sycl::memory_order order, sycl::memory_scope scope) {
  with_cuda_ref(object, scope, [=](auto ref) { ref.store(value, to_cuda(write_half(order))); });
}

template <typename T>
TESSERA_HOST_DEVICE T atomic_exchange(T* object, T value, sycl::memory_order order, sycl::memory_scope scope) {
  return with_cuda_ref(object, scope, [=](auto ref) { return ref.exchange(value, to_cuda(order)); });
}

template <bool Weak, typename T>
TESSERA_HOST_DEVICE bool atomic_compare_exchange(T* object, T& expected, T desired, sycl::memory_order success,
                                                 sycl::memory_order failure, sycl::memory_scope scope) {
  return with_cuda_ref(object, scope, [&](auto ref) {
    const auto on_success = to_cuda(success);
    const auto on_failure = to_cuda(read_half(failure));
    if constexpr (Weak)
      return ref.compare_exchange_weak(expected, desired, on_success, on_failure);
    else
      return ref.compare_exchange_strong(expected, desired, on_success, on_failure);
  });
}

// libcu++ covers every fetch operation for every type SYCL allows, floating point and pointers
// included, with the hardware instruction where one exists.
template <typename T, typename Operand>
TESSERA_HOST_DEVICE T atomic_fetch_add(T* object, Operand operand, sycl::memory_order order, sycl::memory_scope scope) {
  return with_cuda_ref(object, scope, [=](auto ref) { return ref.fetch_add(operand, to_cuda(order)); });
}

template <typename T, typename Operand>
TESSERA_HOST_DEVICE T atomic_fetch_sub(T* object, Operand operand, sycl::memory_order order, sycl::memory_scope scope) {
  return with_cuda_ref(object, scope, [=](auto ref) { return ref.fetch_sub(operand, to_cuda(order)); });
}

template <typename T, typename Operand>
TESSERA_HOST_DEVICE T atomic_fetch_and(T* object, Operand operand, sycl::memory_order order, sycl::memory_scope scope) {
  return with_cuda_ref(object, scope, [=](auto ref) { return ref.fetch_and(operand, to_cuda(order)); });
}

template <typename T, typename Operand>
TESSERA_HOST_DEVICE T atomic_fetch_or(T* object, Operand operand, sycl::memory_order order, sycl::memory_scope scope) {
  return with_cuda_ref(object, scope, [=](auto ref) { return ref.fetch_or(operand, to_cuda(order)); });
}

template <typename T, typename Operand>
TESSERA_HOST_DEVICE T atomic_fetch_xor(T* object, Operand operand, sycl::memory_order order, sycl::memory_scope scope) {
  return with_cuda_ref(object, scope, [=](auto ref) { return ref.fetch_xor(operand, to_cuda(order)); });
}

template <typename T, typename Operand>
TESSERA_HOST_DEVICE T atomic_fetch_min(T* object, Operand operand, sycl::memory_order order, sycl::memory_scope scope) {
  return with_cuda_ref(object, scope, [=](auto ref) { return ref.fetch_min(operand, to_cuda(order)); });
}

template <typename T, typename Operand>
TESSERA_HOST_DEVICE T atomic_fetch_max(T* object, Operand operand, sycl::memory_order order, sycl::memory_scope scope) {
  return with_cuda_ref(object, scope, [=](auto ref) { return ref.fetch_max(operand, to_cuda(order)); });
}

#else

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

#endif

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

  TESSERA_HOST_DEVICE explicit atomic_ref_base(T& object) noexcept : object_(&object) {}
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

template <typename T, sycl::memory_order DefaultOrder, sycl::memory_scope DefaultScope>
class atomic_ref_integral : public atomic_ref_base<T, DefaultOrder, DefaultScope> {
  using base = atomic_ref_base<T, DefaultOrder, DefaultScope>;

public:
  using difference_type = T;
  using base::default_read_modify_write_order;
  using base::default_scope;
  using base::operator=;

  TESSERA_HOST_DEVICE explicit atomic_ref_integral(T& object) noexcept : base(object) {}

  TESSERA_HOST_DEVICE T fetch_add(T operand, sycl::memory_order order = default_read_modify_write_order,
                                  sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_fetch_add(this->object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T fetch_sub(T operand, sycl::memory_order order = default_read_modify_write_order,
                                  sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_fetch_sub(this->object_, operand, order, scope);
  }

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

  TESSERA_HOST_DEVICE T fetch_min(T operand, sycl::memory_order order = default_read_modify_write_order,
                                  sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_fetch_min(this->object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T fetch_max(T operand, sycl::memory_order order = default_read_modify_write_order,
                                  sycl::memory_scope scope = default_scope) const noexcept {
    return atomic_fetch_max(this->object_, operand, order, scope);
  }

  TESSERA_HOST_DEVICE T operator++(int) const noexcept { return fetch_add(1); }
  TESSERA_HOST_DEVICE T operator--(int) const noexcept { return fetch_sub(1); }
  TESSERA_HOST_DEVICE T operator++() const noexcept { return fetch_add(1) + T(1); }
  TESSERA_HOST_DEVICE T operator--() const noexcept { return fetch_sub(1) - T(1); }
  TESSERA_HOST_DEVICE T operator+=(T operand) const noexcept { return fetch_add(operand) + operand; }
  TESSERA_HOST_DEVICE T operator-=(T operand) const noexcept { return fetch_sub(operand) - operand; }
  TESSERA_HOST_DEVICE T operator&=(T operand) const noexcept { return fetch_and(operand) & operand; }
  TESSERA_HOST_DEVICE T operator|=(T operand) const noexcept { return fetch_or(operand) | operand; }
  TESSERA_HOST_DEVICE T operator^=(T operand) const noexcept { return fetch_xor(operand) ^ operand; }
};

template <typename T, sycl::memory_order DefaultOrder, sycl::memory_scope DefaultScope>
class atomic_ref_floating : public atomic_ref_base<T, DefaultOrder, DefaultScope> {
  using base = atomic_ref_base<T, DefaultOrder, DefaultScope>;

public:
  using difference_type = T;
  using base::default_read_modify_write_order;
  using base::default_scope;
  using base::operator=;

  TESSERA_HOST_DEVICE explicit atomic_ref_floating(T& object) noexcept : base(object) {}

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

template <typename T, sycl::memory_order DefaultOrder, sycl::memory_scope DefaultScope>
using atomic_ref_arithmetic = std::conditional_t<std::is_floating_point_v<T>,
                                                 atomic_ref_floating<T, DefaultOrder, DefaultScope>,
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
