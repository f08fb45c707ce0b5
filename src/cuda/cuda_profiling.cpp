#include <chrono>
#include <cuda_runtime_api.h>
#include <mutex>
#include <unordered_map>

#include "tessera/backend/cuda/runtime.hpp"

// Profiling timestamps from the GPU's own clock: a timing event on each side of a command,
// placed on the host's steady clock through a reference event recorded on an idle stream of the
// same device, whose completion the host sees within a few microseconds.
namespace tessera::cuda {

namespace {
struct mark {
  cudaEvent_t ev;
  int device;
};

std::uint64_t host_ns() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

struct reference {
  cudaStream_t idle = nullptr;
  cudaEvent_t ev = nullptr;
  std::uint64_t ns = 0;

  void take(int device) {
    cudaSetDevice(device);
    if (!idle) {
      cudaStreamCreateWithFlags(&idle, cudaStreamNonBlocking);
      cudaEventCreate(&ev);
    }
    cudaEventRecord(ev, idle);
    cudaEventSynchronize(ev);
    ns = host_ns();
  }
};

std::mutex references_mutex;
std::unordered_map<int, reference>& references() {
  static auto* r = new std::unordered_map<int, reference>;
  return *r;
}

// cudaEventElapsedTime answers in float milliseconds: beyond a second from the reference its
// resolution drops below ~0.1 us, so a mark that far away gets a fresh reference.
double ms_since_reference(reference& ref, const mark& m) {
  float ms = 0;
  if (!ref.ev || cudaEventElapsedTime(&ms, ref.ev, m.ev) != cudaSuccess || ms > 1000.f || ms < -1000.f) {
    cudaGetLastError();
    ref.take(m.device);
    if (cudaEventElapsedTime(&ms, ref.ev, m.ev) != cudaSuccess) cudaGetLastError();
  }
  return ms;
}
} // namespace

void* timing_mark(const runtime::device_impl& d, stream s) {
  auto* m = new mark{nullptr, d.ordinal};
  if (cudaEventCreate(&m->ev) != cudaSuccess || cudaEventRecord(m->ev, static_cast<cudaStream_t>(s)) != cudaSuccess) {
    cudaGetLastError();
    release_mark(m);
    return nullptr;
  }
  return m;
}

std::uint64_t mark_ns(void* p) {
  auto* m = static_cast<mark*>(p);
  cudaEventSynchronize(m->ev);
  std::lock_guard lock(references_mutex);
  reference& ref = references()[m->device];
  const double ms = ms_since_reference(ref, *m);
  return static_cast<std::uint64_t>(static_cast<double>(ref.ns) + ms * 1e6);
}

void release_mark(void* p) {
  auto* m = static_cast<mark*>(p);
  if (!m) return;
  if (m->ev) cudaEventDestroy(m->ev);
  delete m;
}

} // namespace tessera::cuda
