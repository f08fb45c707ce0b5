#include <cuda_runtime_api.h>

#include "tessera/backend/cuda/runtime.hpp"

namespace tessera::cuda {

// Exhaustion gives nullptr, as SYCL's malloc functions report it; the failed call's error is
// cleared so that the device stays usable.
void* usm_alloc(const runtime::device_impl& d, std::size_t bytes, sycl::usm::alloc kind) {
  set_device(d);
  void* p = nullptr;
  cudaError_t e = cudaSuccess;
  switch (kind) {
  case sycl::usm::alloc::device: e = cudaMalloc(&p, bytes); break;
  case sycl::usm::alloc::host: e = cudaMallocHost(&p, bytes); break;
  case sycl::usm::alloc::shared: {
    // Managed memory may oversubscribe the card; never ask for more than it has free.
    std::size_t free = 0, total = 0;
    cudaMemGetInfo(&free, &total);
    if (bytes > free) return nullptr;
    e = cudaMallocManaged(&p, bytes);
    break;
  }
  default: return nullptr;
  }
  if (e != cudaSuccess) {
    cudaGetLastError();
    return nullptr;
  }
  return p;
}

void usm_free(void* p, sycl::usm::alloc kind) {
  if (kind == sycl::usm::alloc::host) cudaFreeHost(p);
  else cudaFree(p);
}

void copy(stream s, void* dest, const void* src, std::size_t bytes) {
  throw_if_error(cudaMemcpyAsync(dest, src, bytes, cudaMemcpyDefault, static_cast<cudaStream_t>(s)), "memcpy");
}

void* stream_alloc(stream s, std::size_t bytes) {
  void* p = nullptr;
  throw_if_error(cudaMallocAsync(&p, bytes, static_cast<cudaStream_t>(s)), "allocating reduction scratch");
  return p;
}

void stream_free(stream s, void* p) { throw_if_error(cudaFreeAsync(p, static_cast<cudaStream_t>(s)), "freeing scratch"); }

void fill_bytes(stream s, void* p, int value, std::size_t bytes) {
  throw_if_error(cudaMemsetAsync(p, value, bytes, static_cast<cudaStream_t>(s)), "memset");
}

} // namespace tessera::cuda
