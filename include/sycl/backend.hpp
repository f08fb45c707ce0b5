#pragma once
#include <ostream>

#include "tessera/runtime/device_impl.hpp"

namespace sycl {

// SYCL 2020 §4.1, with DPC++'s names: Tessera's CPU device reports itself as DPC++'s native-CPU
// backend (kernels compiled as host code, as Tessera's are) and its GPUs as the CUDA backend.
// The other backends exist so that programs that ask for them compile; no device has them.
// `cuda` is the Khronos SYCL CUDA backend's name for the same backend (the SYCL-CTS's cuda_interop
// tests use it), an alias of ext_oneapi_cuda as it was in DPC++: one value, so a switch names one
// of the two.
enum class backend {
  opencl,
  ext_oneapi_level_zero,
  ext_oneapi_cuda,
  ext_oneapi_hip,
  ext_oneapi_native_cpu,
  all,
  cuda = ext_oneapi_cuda
};

inline std::ostream& operator<<(std::ostream& out, backend b) {
  switch (b) {
  case backend::opencl: return out << "opencl";
  case backend::ext_oneapi_level_zero: return out << "ext_oneapi_level_zero";
  case backend::ext_oneapi_cuda: return out << "ext_oneapi_cuda";
  case backend::ext_oneapi_hip: return out << "ext_oneapi_hip";
  case backend::ext_oneapi_native_cpu: return out << "ext_oneapi_native_cpu";
  case backend::all: return out << "all";
  }
  return out;
}

namespace detail {
inline backend backend_of(tessera::runtime::device_kind k) {
  return k == tessera::runtime::device_kind::cpu ? backend::ext_oneapi_native_cpu : backend::ext_oneapi_cuda;
}
} // namespace detail

} // namespace sycl
