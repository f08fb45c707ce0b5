#pragma once
// How SYCL memory orders split between the two halves of an operation; shared by every
// backend's atomic primitives so that atomic_ref and atomic_fence agree exactly.
#include <sycl/memory_enums.hpp>
#include <tessera/detail/macros.hpp>

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

} // namespace tessera::detail
