#include <cuda_runtime_api.h>

#include <algorithm>
#include <mutex>
#include <unordered_map>

#include "tessera/backend/cuda/runtime.hpp"

// The co-resident limit of use_root_sync launches on a GPU: blocks per multiprocessor (CUDA's
// occupancy of the kernel itself, when a CUDA translation unit compiled it for this name) times
// the multiprocessors, as cudaLaunchCooperativeKernel allows.
namespace tessera::cuda {

namespace {
struct root_kernels {
  const void* whole_warps;
  const void* partial_warps;
};
std::mutex registry_mutex;
std::unordered_map<const runtime::kernel_record*, root_kernels>& registry() {
  static auto* m = new std::unordered_map<const runtime::kernel_record*, root_kernels>; // used before main
  return *m;
}

const void* registered(const runtime::kernel_record* k, bool whole_warps) {
  std::lock_guard lock(registry_mutex);
  const auto it = registry().find(k);
  if (it == registry().end()) return nullptr;
  return whole_warps ? it->second.whole_warps : it->second.partial_warps;
}

int attribute(cudaDeviceAttr a, int dev) {
  int v = 0;
  cudaDeviceGetAttribute(&v, a, dev);
  return v;
}

// A kernel compiled elsewhere (or not for the GPU): what threads, blocks and shared memory per
// multiprocessor allow, ignoring registers.
int estimated_blocks_per_sm(int dev, std::size_t group_size, std::size_t local_bytes) {
  const auto warps = (group_size + 31) / 32;
  const auto by_threads = static_cast<std::size_t>(attribute(cudaDevAttrMaxThreadsPerMultiProcessor, dev)) / (warps * 32);
  const auto by_blocks = static_cast<std::size_t>(attribute(cudaDevAttrMaxBlocksPerMultiprocessor, dev));
  const auto shared = static_cast<std::size_t>(attribute(cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev));
  const auto by_shared = local_bytes ? shared / local_bytes : by_blocks;
  return static_cast<int>(std::min({by_threads, by_blocks, by_shared}));
}
} // namespace

void register_root_kernel(const runtime::kernel_record* k, const void* whole_warps, const void* partial_warps) {
  std::lock_guard lock(registry_mutex);
  registry()[k] = {whole_warps, partial_warps};
}

std::size_t max_root_groups(const runtime::device_impl& d, const runtime::kernel_record* k, std::size_t group_size,
                            std::size_t local_bytes) {
  set_device(d);
  int per_sm = 0;
  if (const void* kernel = k ? registered(k, group_size % 32 == 0) : nullptr) {
    if (local_bytes > 48 * 1024)
      throw_if_error(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(local_bytes)),
                     "raising the kernel's shared memory limit");
    throw_if_error(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, static_cast<int>(group_size),
                                                                 local_bytes),
                   "querying the kernel's occupancy");
  } else {
    per_sm = estimated_blocks_per_sm(d.ordinal, group_size, local_bytes);
  }
  return static_cast<std::size_t>(per_sm) * d.max_compute_units;
}

} // namespace tessera::cuda
