#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <typeinfo>
#include <vector>

#include "sycl/usm_enums.hpp"
#include "tessera/backend/cuda/check_report.hpp"
#include "tessera/runtime/command_group.hpp"
#include "tessera/runtime/device_impl.hpp"
#include "tessera/runtime/kernel_registry.hpp"
#include "tessera/runtime/timeline.hpp"

// The CUDA backend's compiled half (src/cuda/), in plain C++ so that the generic runtime can call
// it without CUDA headers. Kernel launches live in launch.hpp, which only CUDA translation units see.
namespace tessera::cuda {

using stream = void*; // a cudaStream_t

// Every GPU the driver reports; empty without a driver or a GPU.
std::vector<runtime::device_impl> discover();

// Receives, on a runtime thread, each error of the work on a stream, once, before that work
// is seen to complete.
using error_sink = std::function<void(std::exception_ptr)>;
struct stream_and_timeline {
  stream s;
  // Completes the work enqueued on `s`; its continuations run on a runtime thread, never on
  // CUDA's callback thread (which may not call CUDA).
  std::shared_ptr<runtime::timeline> timeline;
};
stream_and_timeline create_stream(const runtime::device_impl& d, error_sink on_error);
// After its timeline was closed.
void destroy_stream(stream s);

// The SYCL CUDA backend's interop (src/cuda/cuda_interop.cpp, runtime/native_objects.hpp).
// A stream made elsewhere (sycl::make_queue): Tessera's work goes onto it, and release_stream,
// after its timeline was closed, gives back what Tessera kept for it, leaving the stream.
stream_and_timeline adopt_stream(const runtime::device_impl& d, stream s, error_sink on_error);
void release_stream(stream s);
// The CUDA device number of a stream's GPU, of a CUcontext's; errc::invalid where CUDA refuses.
int device_of_stream(stream s);
int device_of_context(void* cu_context);
// The GPU's primary context (retained once, for the life of the program).
void* primary_context(const runtime::device_impl& d);
// A CUevent recorded on `s` now, for get_native; destroy_event after the stream is synchronised.
void* record_event(const runtime::device_impl& d, stream s);
void destroy_event(void* cu_event);
// Whether a CUevent has completed (errc::invalid for one CUDA does not know), and waiting for it.
bool event_done(void* cu_event);
void wait_event(void* cu_event);
void throw_if_error(int cuda_error, const char* what);

void* usm_alloc(const runtime::device_impl& d, std::size_t bytes, sycl::usm::alloc kind);
void usm_free(void* p, sycl::usm::alloc kind);
void copy(stream s, void* dest, const void* src, std::size_t bytes);
// The address on `d` of a __device__ variable whose host shadow is `symbol` (a device_global of a
// CUDA translation unit); null where no loaded module registered it.
const void* symbol_address(const runtime::device_impl& d, const void* symbol);
void fill_bytes(stream s, void* p, int value, std::size_t bytes);
void synchronize(stream s);
// Device memory for the commands of one stream, reused by each (they run in order on it).
void* scratch(stream s, std::size_t bytes);
// result_slot_bytes of pinned host memory for the commands of one stream to leave a result in:
// kernels write it at the same address the host reads it at, once the stream is synchronised.
inline constexpr std::size_t result_slot_bytes = 256;
void* result_slot(stream s);
// Device memory for the tile states of a stream's single-pass scans (lookback_scan.hpp): zeroed
// when allocated and then only by the scans themselves, so that a scan needs no clearing command
// first. Each call gives the next epoch (1 to max_epoch; the block is zeroed again before the
// count restarts): a state left by an earlier scan carries an older epoch than the current one.
struct scan_states_block {
  void* p;
  unsigned epoch;
};
scan_states_block scan_states(stream s, std::size_t bytes, unsigned max_epoch);
// Gives back a stream's scratch block, result slot and scan states.
void release_scratch(stream s);
void set_device(const runtime::device_impl& d);
// A kernel launched on the stream of a GPU other than the calling thread's current one fails,
// and a command may be launched by any thread (the one completing its last dependency, which may
// be another GPU's). Only a program with streams on more than one GPU needs its launches to
// make their GPU current; one with a single GPU never pays for it.
// Peer access between two GPUs (sycl_ext_oneapi_peer_access; src/cuda/cuda_peer_access.cpp):
// whether `d` can reach `peer`'s memory (and update it atomically, with `atomics`), and turning
// that access on or off.
bool can_access_peer(const runtime::device_impl& d, const runtime::device_impl& peer, bool atomics);
void set_peer_access(const runtime::device_impl& d, const runtime::device_impl& peer, bool on);
extern std::atomic<bool> streams_on_several_gpus;
inline bool several_gpus() { return streams_on_several_gpus.load(std::memory_order_relaxed); }
void make_current(const runtime::device_impl& d);

// use_root_sync kernels compiled for a kernel name (for work-groups of whole warps, and not), and
// how many of their work-groups can be resident at once on `d` (src/cuda/cuda_root_sync.cpp).
void register_root_kernel(const runtime::kernel_record* k, const void* whole_warps, const void* partial_warps);
std::size_t max_root_groups(const runtime::device_impl& d, const runtime::kernel_record* k, std::size_t group_size,
                            std::size_t local_bytes);

// Host pages that kernels may reach at their host addresses (runtime/host_sharing.hpp).
void map_host_pages(const void* p, std::size_t bytes);
void unmap_host_pages(const void* p, std::size_t bytes);

// The barrier check (TESSERA_CHECK=1, barrier_check.hpp; src/cuda/cuda_barrier_check.cpp): whether
// nd_range kernels launch checked; where a checked launch of `kernel` on `s` reports; and, once
// the stream's work so far has completed, the errc::kernel error of the report it left, if any.
bool checking();
// What a launch asks: the answer kept in the calling program, without a call into the library.
inline bool check_enabled() {
  static const bool on = checking();
  return on;
}
check_target check_target_of(stream s, const std::type_info* kernel);
std::exception_ptr take_check_failure(stream s);
void release_check_target(stream s);

// Profiling: a timing event recorded on `s` now (nullptr if CUDA refused), and, once it has
// completed, its time on the host's steady clock in nanoseconds.
void* timing_mark(const runtime::device_impl& d, stream s);
std::uint64_t mark_ns(void* mark);
void release_mark(void* mark);

} // namespace tessera::cuda
