#include <cuda_runtime_api.h>
#include <mutex>
#include <unordered_map>

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

const void* symbol_address(const runtime::device_impl& d, const void* symbol) {
  set_device(d);
  void* p = nullptr;
  if (cudaGetSymbolAddress(&p, symbol) == cudaSuccess) return p;
  cudaGetLastError(); // not registered: the caller reports it; the device stays usable
  return nullptr;
}

namespace {
struct scratch_block {
  void* p = nullptr;
  std::size_t bytes = 0;
};
std::mutex scratch_mutex;
std::unordered_map<stream, scratch_block>& scratch_blocks() {
  static auto* m = new std::unordered_map<stream, scratch_block>; // outlives static queues
  return *m;
}
struct states_block {
  void* p = nullptr;
  std::size_t bytes = 0;
  unsigned epoch = 0;
};
std::unordered_map<stream, states_block>& states_blocks() {
  static auto* m = new std::unordered_map<stream, states_block>; // outlives static queues
  return *m;
}
std::unordered_map<stream, void*>& result_slots() {
  static auto* m = new std::unordered_map<stream, void*>; // outlives static queues
  return *m;
}
} // namespace

// One block per stream, kept: an allocation per reduction, even a stream-ordered one, cost a
// reduction of 2^28 ints a quarter of its speed on an H100 (docs/performance.md). Commands on a
// stream run in order, so one block serves them all; it only grows.
void* scratch(stream s, std::size_t bytes) {
  std::lock_guard lock(scratch_mutex);
  scratch_block& b = scratch_blocks()[s];
  if (b.bytes >= bytes) return b.p;
  const auto cs = static_cast<cudaStream_t>(s);
  if (b.p) throw_if_error(cudaFreeAsync(b.p, cs), "freeing scratch");
  b = {};
  throw_if_error(cudaMallocAsync(&b.p, bytes, cs), "allocating reduction scratch");
  b.bytes = bytes;
  return b.p;
}

// Pinned host memory that kernels write through the mapping (unified addressing: one pointer for
// both): a small result read on the host right after a synchronisation needs no copy command, and
// a copy into pageable memory cost a 2^20 reduction 2.5 us of its 21 (performance.md).
void* result_slot(stream s) {
  std::lock_guard lock(scratch_mutex);
  void*& p = result_slots()[s];
  if (!p) throw_if_error(cudaHostAlloc(&p, result_slot_bytes, cudaHostAllocMapped | cudaHostAllocPortable),
                         "allocating a result slot");
  return p;
}

// A cudaMemsetAsync of the states before each scan cost a 2^20 scan ~1.5 us of ~9 on an H100
// (docs/performance.md); now the block is cleared when it grows and once every max_epoch scans.
scan_states_block scan_states(stream s, std::size_t bytes, unsigned max_epoch) {
  std::lock_guard lock(scratch_mutex);
  states_block& b = states_blocks()[s];
  const auto cs = static_cast<cudaStream_t>(s);
  if (b.bytes < bytes) {
    if (b.p) throw_if_error(cudaFreeAsync(b.p, cs), "freeing scan states");
    b = {};
    throw_if_error(cudaMallocAsync(&b.p, bytes, cs), "allocating scan states");
    b.bytes = bytes;
  }
  if (b.epoch == 0 || b.epoch >= max_epoch) {
    throw_if_error(cudaMemsetAsync(b.p, 0, b.bytes, cs), "clearing scan states");
    b.epoch = 0;
  }
  return {b.p, ++b.epoch};
}

void release_scratch(stream s) {
  std::lock_guard lock(scratch_mutex);
  if (auto st = states_blocks().find(s); st != states_blocks().end()) {
    cudaFreeAsync(st->second.p, static_cast<cudaStream_t>(s));
    states_blocks().erase(st);
  }
  if (auto slot = result_slots().find(s); slot != result_slots().end()) {
    cudaFreeHost(slot->second);
    result_slots().erase(slot);
  }
  auto it = scratch_blocks().find(s);
  if (it == scratch_blocks().end()) return;
  cudaFreeAsync(it->second.p, static_cast<cudaStream_t>(s));
  scratch_blocks().erase(it);
}

void fill_bytes(stream s, void* p, int value, std::size_t bytes) {
  throw_if_error(cudaMemsetAsync(p, value, bytes, static_cast<cudaStream_t>(s)), "memset");
}

} // namespace tessera::cuda
