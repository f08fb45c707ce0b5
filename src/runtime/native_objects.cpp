#include "tessera/runtime/native_objects.hpp"

#include <string>

#include "sycl/context.hpp"
#include "sycl/exception.hpp"
#if defined(TESSERA_WITH_CUDA)
#include "tessera/backend/cuda/runtime.hpp"
#endif

namespace tessera::runtime {

void* primary_context(const device_impl& gpu) {
#if defined(TESSERA_WITH_CUDA)
  return cuda::primary_context(gpu);
#else
  (void)gpu;
  throw sycl::exception(sycl::errc::feature_not_supported, "this Tessera was built without its CUDA backend");
#endif
}

const device_impl& gpu_of_ordinal(int cu_device, const char* function) {
  for (const device_impl* d : all_devices())
    if (d->kind == device_kind::gpu && !d->parent && d->ordinal == cu_device) return *d;
  throw sycl::exception(sycl::errc::invalid,
                        std::string(function) + ": no GPU has the CUDA device number " + std::to_string(cu_device));
}

const device_impl& gpu_of_context(void* cu_context, const char* function) {
  if (!cu_context) throw sycl::exception(sycl::errc::invalid, std::string(function) + ": the CUcontext is null");
#if defined(TESSERA_WITH_CUDA)
  return gpu_of_ordinal(cuda::device_of_context(cu_context), function);
#else
  throw sycl::exception(sycl::errc::invalid, std::string(function) + ": no GPU (this Tessera was built without its CUDA backend)");
#endif
}

} // namespace tessera::runtime

namespace tessera::runtime {

// The context's own backend object where it was made from one (make_context), else, as DPC++'s
// CUDA backend answers, the primary context of its first device: the one Tessera's work runs in.
std::vector<void*> native_contexts(const sycl::context& c) {
  if (c.native_) return {c.native_};
  return {primary_context(c.get_devices().front().impl())};
}

// Tessera's work on the context's GPU still runs in the GPU's primary context, as every queue's:
// memory that the adopted context allocated is reachable there only where CUDA makes it so
// (unified addressing across contexts is not promised).
sycl::context adopt_context(void* cu_context, const sycl::async_handler& h) {
  const device_impl& gpu = gpu_of_context(cu_context, "make_context");
  sycl::context c(sycl::device(&gpu), h);
  c.native_ = cu_context;
  return c;
}

} // namespace tessera::runtime
