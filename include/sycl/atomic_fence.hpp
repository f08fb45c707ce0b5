#pragma once
// SYCL 2020 §4.15.1: atomic_fence.
#include <sycl/memory_enums.hpp>
#include <tessera/glue/atomic_ops.hpp>

namespace sycl {

TESSERA_HOST_DEVICE inline void atomic_fence(memory_order order, memory_scope scope) {
  tessera::detail::thread_fence(order, scope);
}

} // namespace sycl
