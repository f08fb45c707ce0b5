#pragma once
#include <cstdint>

// DPC++'s sycl_ext_oneapi_peer_access: what device::ext_oneapi_can_access_peer asks about.
namespace sycl::ext::oneapi {
enum class peer_access : std::int32_t {
  access_supported = 0x0,  // kernels on one device may read and write the other's device USM
  atomics_supported = 0x1, // ... and update it atomically (at memory_scope::system)
};
} // namespace sycl::ext::oneapi
