#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime_api.h>

#include <map>
#include <mutex>
#include <string>

#include "sycl/exception.hpp"
#include "tessera/backend/cuda/runtime.hpp"

// The SYCL CUDA backend's native objects. Contexts are the driver API's: the runtime API has no
// call that names one, so the few driver functions needed are looked up through the runtime
// (libtessera does not link libcuda, so that a CUDA build still loads where no driver is).
namespace tessera::cuda {

namespace {
// Each function is asked for at the CUDA version of the signature its pointer type gives
// (cudaTypedefs.h's PFN_<name>_v<version>): asked for at CUDA_VERSION, a name gets its newest
// signature, and CUDA 13's cuCtxGetDevice takes the context as a second argument.
template <typename F>
F driver_function(const char* name, unsigned version) {
  void* f = nullptr;
  cudaDriverEntryPointQueryResult found{};
  if (cudaGetDriverEntryPointByVersion(name, &f, version, cudaEnableDefault, &found) != cudaSuccess ||
      found != cudaDriverEntryPointSuccess || !f)
    throw sycl::exception(sycl::errc::runtime, std::string("the CUDA driver has no ") + name);
  return reinterpret_cast<F>(f);
}

void check_driver(CUresult r, const char* what) {
  if (r != CUDA_SUCCESS)
    throw sycl::exception(sycl::errc::invalid, std::string(what) + ": CUDA driver error " + std::to_string(r));
}

[[noreturn]] void refused(cudaError_t e, const char* what) {
  cudaGetLastError();
  throw sycl::exception(sycl::errc::invalid, std::string(what) + ": " + cudaGetErrorName(e));
}
} // namespace

int device_of_stream(stream s) {
  int dev = -1;
  if (const cudaError_t e = cudaStreamGetDevice(static_cast<cudaStream_t>(s), &dev); e != cudaSuccess)
    refused(e, "the GPU of a CUstream");
  return dev;
}

int device_of_context(void* cu_context) {
  static const auto device = driver_function<PFN_cuCtxGetDevice_v13000>("cuCtxGetDevice", 13000);
  CUdevice dev = -1;
  check_driver(device(&dev, static_cast<CUcontext>(cu_context)), "the GPU of a CUcontext");
  return dev;
}

// Retained once per GPU, as DPC++'s CUDA backend keeps it: for the life of the program.
void* primary_context(const runtime::device_impl& d) {
  static const auto retain = driver_function<PFN_cuDevicePrimaryCtxRetain_v7000>("cuDevicePrimaryCtxRetain", 7000);
  static std::mutex mutex;
  static std::map<int, CUcontext> retained;
  std::lock_guard lock(mutex);
  CUcontext& ctx = retained[d.ordinal];
  if (!ctx) check_driver(retain(&ctx, d.ordinal), "the primary context of a GPU");
  return ctx;
}

void* record_event(const runtime::device_impl& d, stream s) {
  make_current(d);
  cudaEvent_t ev = nullptr;
  throw_if_error(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming), "creating a CUDA event");
  if (const cudaError_t e = cudaEventRecord(ev, static_cast<cudaStream_t>(s)); e != cudaSuccess) {
    cudaEventDestroy(ev);
    throw_if_error(e, "recording a CUDA event");
  }
  return ev;
}

void destroy_event(void* cu_event) { cudaEventDestroy(static_cast<cudaEvent_t>(cu_event)); }

bool event_done(void* cu_event) {
  const cudaError_t e = cudaEventQuery(static_cast<cudaEvent_t>(cu_event));
  if (e == cudaErrorNotReady) return false;
  if (e != cudaSuccess) refused(e, "a CUevent");
  return true;
}

void wait_event(void* cu_event) {
  throw_if_error(cudaEventSynchronize(static_cast<cudaEvent_t>(cu_event)), "waiting for a CUevent");
}

} // namespace tessera::cuda
