#include <cuda_runtime_api.h>
#include <cxxabi.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>

#include "sycl/exception.hpp"
#include "tessera/backend/cuda/runtime.hpp"
#include "tessera/group/collective_op.hpp"

// The host's half of the GPU barrier check (include/tessera/backend/cuda/barrier_check.hpp): the
// switch, each stream's report slot, and the report turned into the CPU backend's message.
namespace tessera::cuda {

namespace {
struct check_slot {
  unsigned* claimed = nullptr; // device memory
  check_report* report = nullptr; // pinned host memory, mapped
};
std::mutex slots_mutex;
std::unordered_map<stream, check_slot>& slots() {
  static auto* m = new std::unordered_map<stream, check_slot>; // outlives static queues
  return *m;
}

std::string kernel_name(const void* kernel) {
  if (!kernel) return "";
  const char* mangled = static_cast<const std::type_info*>(kernel)->name();
  int status = 0;
  char* d = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string name = status == 0 && d ? d : mangled;
  std::free(d);
  if (!name.empty() && name.back() == '*') name.pop_back();
  return name;
}

// SYCL's order: the last dimension is CUDA's x.
std::string ids(const std::uint32_t (&xyz)[3], unsigned dimensions) {
  std::string s = "(";
  for (unsigned d = 0; d < dimensions; ++d) s += (d ? "," : "") + std::to_string(xyz[dimensions - 1 - d]);
  return s + ")";
}

std::string who(const check_report& r, const check_arrival& a) {
  return "work-item " + ids(a.local, r.dimensions) + " of work-group " + ids(r.group, r.dimensions);
}

std::string what(const check_arrival& a) {
  return std::string("work-group ") + group::to_string(static_cast<group::collective_op>(a.op)) + " at " + a.file +
         ":" + std::to_string(a.line);
}

// The CPU backend's words (src/cpu/group_exec.cpp), and the kernel.
std::string message(const check_report& r) {
  std::string m = r.other.op == returned_op
                      ? what(r.first) + " is reached by " + who(r, r.first) + ", but " + who(r, r.other) +
                            " returned without reaching it"
                      : "work-items meet at different collectives: " + who(r, r.other) + " calls " + what(r.other) +
                            " while " + who(r, r.first) + " waits at " + what(r.first);
  const std::string kernel = kernel_name(r.kernel);
  return kernel.empty() ? m : m + " (kernel " + kernel + ")";
}
} // namespace

// Read once: a checked launch is a different kernel, chosen at each launch.
bool checking() {
  static const bool on = [] {
    const char* v = std::getenv("TESSERA_CHECK");
    return v && *v && std::strcmp(v, "0") != 0;
  }();
  return on;
}

check_target check_target_of(stream s, const std::type_info* kernel) {
  std::lock_guard lock(slots_mutex);
  check_slot& slot = slots()[s];
  if (!slot.report) {
    const auto cs = static_cast<cudaStream_t>(s);
    void* claimed = nullptr;
    void* report = nullptr;
    throw_if_error(cudaMallocAsync(&claimed, sizeof(unsigned), cs), "allocating the barrier check's flag");
    throw_if_error(cudaMemsetAsync(claimed, 0, sizeof(unsigned), cs), "clearing the barrier check's flag");
    throw_if_error(cudaHostAlloc(&report, sizeof(check_report), cudaHostAllocMapped | cudaHostAllocPortable),
                   "allocating the barrier check's report");
    std::memset(report, 0, sizeof(check_report));
    slot = {static_cast<unsigned*>(claimed), static_cast<check_report*>(report)};
  }
  return {slot.claimed, slot.report, kernel};
}

// The flag is cleared behind the stream's later commands: of kernels already enqueued, only the
// first whose work-items part is reported.
std::exception_ptr take_check_failure(stream s) {
  check_report r;
  {
    std::lock_guard lock(slots_mutex);
    const auto it = slots().find(s);
    if (it == slots().end() || !it->second.report->ready) return nullptr;
    r = *it->second.report;
    it->second.report->ready = 0;
    cudaMemsetAsync(it->second.claimed, 0, sizeof(unsigned), static_cast<cudaStream_t>(s));
  }
  return std::make_exception_ptr(sycl::exception(sycl::errc::kernel, message(r)));
}

void release_check_target(stream s) {
  std::lock_guard lock(slots_mutex);
  const auto it = slots().find(s);
  if (it == slots().end()) return;
  cudaFreeAsync(it->second.claimed, static_cast<cudaStream_t>(s));
  cudaFreeHost(it->second.report);
  slots().erase(it);
}

} // namespace tessera::cuda
