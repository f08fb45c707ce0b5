#pragma once
#include "tessera/runtime/device_impl.hpp"

// The CUDA backend's native objects as the SYCL surface hands them out and adopts them
// (sycl/interop.hpp, sycl/interop_handle.hpp: the Khronos SYCL CUDA backend's interop), as opaque
// pointers so that no CUDA header is needed. In a Tessera built without its CUDA backend there is
// no GPU, so no object reaches them but through make_*, which find no GPU to adopt for.
namespace tessera::runtime {

// The GPU's primary CUcontext, the one Tessera's work on it runs in (the CUDA runtime's).
void* primary_context(const device_impl& gpu);
// The GPU whose CUDA device number is `cu_device`; errc::invalid if none is.
const device_impl& gpu_of_ordinal(int cu_device, const char* function);
// The GPU a CUcontext belongs to; errc::invalid for a null or unusable one.
const device_impl& gpu_of_context(void* cu_context, const char* function);

} // namespace tessera::runtime
