#pragma once
#include <type_traits>

#include "sycl/info.hpp"

namespace sycl {

namespace detail {
// What device::has answers for every device of both backends (src/runtime/devices.cpp), whichever
// devices the program finds when it runs: aspects no device has, and aspects every device has.
constexpr bool no_device_has(aspect a) {
  switch (a) {
  case aspect::accelerator:
  case aspect::custom:
  case aspect::emulated:
  case aspect::image:
  case aspect::ext_intel_legacy_image:
  case aspect::ext_intel_gpu_eu_count:
  case aspect::ext_intel_gpu_eu_simd_width:
  case aspect::ext_intel_gpu_slices:
  case aspect::ext_intel_gpu_subslices_per_slice:
  case aspect::ext_intel_gpu_eu_count_per_subslice:
  case aspect::ext_intel_gpu_hw_threads_per_eu:
  case aspect::ext_intel_mem_channel: return true;
  default: return false;
  }
}
constexpr bool every_device_has(aspect a) {
  switch (a) {
  case aspect::fp16:
  case aspect::fp64:
  case aspect::atomic64:
  case aspect::online_compiler:
  case aspect::online_linker:
  case aspect::queue_profiling:
  case aspect::usm_device_allocations:
  case aspect::usm_host_allocations:
  case aspect::usm_shared_allocations: return true;
  // Not a GPU on PCIe: its atomics and the host's are not atomic with each other (devices.cpp).
  default: return false;
  }
}
} // namespace detail

// SYCL 2020 §4.6.4.3: whether some device (any_device_has) or every device (all_devices_have)
// that a kernel of this program may run on has the aspect. Tessera compiles every kernel for
// every device, so these are the aspects that some or all of its devices may have.
template <aspect A> struct any_device_has : std::bool_constant<!detail::no_device_has(A)> {};
template <aspect A> struct all_devices_have : std::bool_constant<detail::every_device_has(A)> {};
template <aspect A> inline constexpr bool any_device_has_v = any_device_has<A>::value;
template <aspect A> inline constexpr bool all_devices_have_v = all_devices_have<A>::value;

} // namespace sycl
