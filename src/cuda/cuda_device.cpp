#include <cuda_runtime_api.h>

#include "tessera/backend/cuda/runtime.hpp"

namespace tessera::cuda {

namespace {
int attribute(cudaDeviceAttr a, int dev) {
  int v = 0;
  cudaDeviceGetAttribute(&v, a, dev);
  return v;
}

runtime::device_impl describe(int dev) {
  cudaDeviceProp p{};
  cudaGetDeviceProperties(&p, dev);
  runtime::device_impl d;
  d.kind = runtime::device_kind::gpu;
  d.name = p.name;
  d.vendor = "NVIDIA Corporation";
  int driver = 0;
  cudaDriverGetVersion(&driver);
  d.driver_version = std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10);
  d.version = std::to_string(p.major) + "." + std::to_string(p.minor);
  d.max_compute_units = static_cast<std::uint32_t>(p.multiProcessorCount);
  d.max_work_group_size = static_cast<std::size_t>(p.maxThreadsPerBlock);
  // SYCL's last dimension is CUDA's x.
  d.max_work_item_sizes[0] = static_cast<std::size_t>(p.maxThreadsDim[2]);
  d.max_work_item_sizes[1] = static_cast<std::size_t>(p.maxThreadsDim[1]);
  d.max_work_item_sizes[2] = static_cast<std::size_t>(p.maxThreadsDim[0]);
  // What a kernel may ask for: launches above 48 KiB raise the kernel's limit themselves.
  d.local_mem_size = p.sharedMemPerBlockOptin;
  d.global_mem_size = p.totalGlobalMem;
  d.max_clock_frequency = static_cast<std::uint32_t>(attribute(cudaDevAttrClockRate, dev) / 1000);
  d.sub_group_sizes = {32};
  d.default_sub_group_size = 32;
  d.max_num_sub_groups = static_cast<std::uint32_t>(p.maxThreadsPerBlock / 32);
  d.global_mem_cache_size = static_cast<std::size_t>(p.l2CacheSize);
  d.ordinal = dev;
  return d;
}
} // namespace

std::vector<runtime::device_impl> discover() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError(); // no driver or no GPU: not an error for a CPU-only run
    return {};
  }
  std::vector<runtime::device_impl> out;
  for (int dev = 0; dev < count; ++dev) out.push_back(describe(dev));
  return out;
}

void set_device(const runtime::device_impl& d) { cudaSetDevice(d.ordinal); }

} // namespace tessera::cuda
