#pragma once
// SYCL 2020 §4.15.1: atomic_fence. It also holds the translation of SYCL memory orders and
// scopes into the target's own, which atomic_ref shares so that both agree exactly.
#include <sycl/memory_enums.hpp>
#include <tessera/detail/macros.hpp>
#include <type_traits>
#if defined(__CUDA_ARCH__)
#include <cuda/atomic>
#endif

namespace tessera::detail {

// A load cannot release and a store cannot acquire, so each keeps only the half of an order
// that applies to it, the same rule std::atomic uses for compare_exchange's failure order.
TESSERA_HOST_DEVICE constexpr sycl::memory_order read_half(sycl::memory_order order) {
  switch (order) {
  case sycl::memory_order::release: return sycl::memory_order::relaxed;
  case sycl::memory_order::acq_rel: return sycl::memory_order::acquire;
  default: return order;
  }
}

TESSERA_HOST_DEVICE constexpr sycl::memory_order write_half(sycl::memory_order order) {
  switch (order) {
  case sycl::memory_order::acquire: return sycl::memory_order::relaxed;
  case sycl::memory_order::acq_rel: return sycl::memory_order::release;
  default: return order;
  }
}

#if defined(__CUDA_ARCH__)

TESSERA_HOST_DEVICE constexpr cuda::std::memory_order to_cuda(sycl::memory_order order) {
  switch (order) {
  case sycl::memory_order::relaxed: return cuda::std::memory_order_relaxed;
  case sycl::memory_order::acquire: return cuda::std::memory_order_acquire;
  case sycl::memory_order::release: return cuda::std::memory_order_release;
  case sycl::memory_order::acq_rel: return cuda::std::memory_order_acq_rel;
  default: return cuda::std::memory_order_seq_cst;
  }
}

// A sub-group and a single work-item both live inside one block, and CUDA has no narrower scope
// that still orders memory, so they share the work-group's block scope.
TESSERA_HOST_DEVICE constexpr cuda::thread_scope to_cuda(sycl::memory_scope scope) {
  switch (scope) {
  case sycl::memory_scope::system: return cuda::thread_scope_system;
  case sycl::memory_scope::device: return cuda::thread_scope_device;
  default: return cuda::thread_scope_block;
  }
}

#else

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

#endif

} // namespace tessera::detail

namespace sycl {

TESSERA_HOST_DEVICE inline void atomic_fence(memory_order order, memory_scope scope) {
#if defined(__CUDA_ARCH__)
  cuda::atomic_thread_fence(tessera::detail::to_cuda(order), tessera::detail::to_cuda(scope));
#else
  // Host threads share one coherent memory, so no scope needs less than a full thread fence.
  (void)scope;
  tessera::detail::with_builtin_order(order, [](auto builtin) { __atomic_thread_fence(decltype(builtin)::value); });
#endif
}

} // namespace sycl
