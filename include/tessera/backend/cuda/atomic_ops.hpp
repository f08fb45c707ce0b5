#pragma once
// The atomic primitives of CUDA device code (libcu++), behind the one signature that
// tessera/glue/atomic_ops.hpp gives atomic_ref and atomic_fence on every backend.
#include <cuda/atomic>
#include <sycl/memory_enums.hpp>
#include <tessera/detail/atomic_orders.hpp>
#include <tessera/detail/macros.hpp>

namespace tessera::detail {

TESSERA_HOST_DEVICE constexpr ::cuda::std::memory_order to_cuda(sycl::memory_order order) {
  switch (order) {
  case sycl::memory_order::relaxed: return ::cuda::std::memory_order_relaxed;
  case sycl::memory_order::acquire: return ::cuda::std::memory_order_acquire;
  case sycl::memory_order::release: return ::cuda::std::memory_order_release;
  case sycl::memory_order::acq_rel: return ::cuda::std::memory_order_acq_rel;
  default: return ::cuda::std::memory_order_seq_cst;
  }
}

// A sub-group and a single work-item both live inside one block, and CUDA has no narrower scope
// that still orders memory, so they share the work-group's block scope.
TESSERA_HOST_DEVICE constexpr ::cuda::thread_scope to_cuda(sycl::memory_scope scope) {
  switch (scope) {
  case sycl::memory_scope::system: return ::cuda::thread_scope_system;
  case sycl::memory_scope::device: return ::cuda::thread_scope_device;
  default: return ::cuda::thread_scope_block;
  }
}


TESSERA_HOST_DEVICE inline void thread_fence(sycl::memory_order order, sycl::memory_scope scope) {
  ::cuda::atomic_thread_fence(to_cuda(order), to_cuda(scope));
}


template <typename T>
inline constexpr bool always_lock_free = ::cuda::atomic_ref<T>::is_always_lock_free;

// ::cuda::atomic_ref takes its scope as a template argument while SYCL passes it at run time.
template <typename T, typename Op>
TESSERA_HOST_DEVICE auto with_cuda_ref(T* object, sycl::memory_scope scope, Op op) {
  switch (to_cuda(scope)) {
  case ::cuda::thread_scope_system: return op(::cuda::atomic_ref<T, ::cuda::thread_scope_system>(*object));
  case ::cuda::thread_scope_device: return op(::cuda::atomic_ref<T, ::cuda::thread_scope_device>(*object));
  default: return op(::cuda::atomic_ref<T, ::cuda::thread_scope_block>(*object));
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

} // namespace tessera::detail
