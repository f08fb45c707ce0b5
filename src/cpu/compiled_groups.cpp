// The runtime's half of compiled_group.hpp: what the CBS pass's whole-group functions call, and
// the answers that hold where the pass did not run.
#include "tessera/backend/cpu/compiled_group.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#include "cpu/compiled_groups.hpp"
#include "cpu/group_exec.hpp"

namespace tessera::cpu {

namespace {
std::atomic<bool>& compiled_groups_flag() {
  static std::atomic<bool> on{[] {
    const char* v = std::getenv("TESSERA_CBS");
    return !(v && std::strcmp(v, "0") == 0);
  }()};
  return on;
}
std::atomic<std::size_t> launches{0};
std::atomic<std::size_t> fibered{0};
} // namespace

void count_compiled_launch() { launches.fetch_add(1, std::memory_order_relaxed); }
std::size_t compiled_launches() { return launches.load(std::memory_order_relaxed); }
void count_fiber_launch() { fibered.fetch_add(1, std::memory_order_relaxed); }
std::size_t fiber_launches() { return fibered.load(std::memory_order_relaxed); }

bool compiled_groups_enabled() { return compiled_groups_flag().load(std::memory_order_relaxed); }
void enable_compiled_groups(bool on) { compiled_groups_flag().store(on, std::memory_order_relaxed); }

} // namespace tessera::cpu

extern "C" {

// Without the pass no kernel has a whole-group function.
tessera_cbs_group_fn tessera_cbs_whole_group(tessera_cbs_group_fn, int, std::size_t, std::size_t, std::size_t) noexcept { return nullptr; }
tessera_cbs_group_fn tessera_cbs_one_sub_group(tessera_cbs_group_fn, int, std::size_t, std::size_t, std::size_t) noexcept { return nullptr; }

// Only item functions call these, and only the pass's rewrites of them run.
std::size_t tessera_cbs_local_id(int) noexcept { std::abort(); }
std::uint32_t tessera_cbs_local_linear_id() noexcept { std::abort(); }

void tessera_cpu_work_group_barrier(void* exec, std::uint32_t local_linear, const char* file, unsigned line) {
  using namespace tessera;
  cpu::rendezvous(*static_cast<cpu::group_exec*>(exec), group::scope::work_group, local_linear,
                  cpu::collective_call{group::collective_op::barrier, group::call_site{file, line}, 0, nullptr},
                  nullptr, nullptr);
}

void tessera_cpu_work_group_collective(void* exec, std::uint32_t local_linear, int op, const char* file,
                                       unsigned line, std::uint64_t param, tessera::cpu::complete_fn complete,
                                       const void* in, void* out) {
  using namespace tessera;
  cpu::rendezvous(*static_cast<cpu::group_exec*>(exec), group::scope::work_group, local_linear,
                  cpu::collective_call{static_cast<group::collective_op>(op), group::call_site{file, line}, param,
                                       complete},
                  in, out);
}

void tessera_cpu_sub_group_collective(void* exec, std::uint32_t local_linear, int op, const char* file,
                                      unsigned line, std::uint64_t param, tessera::cpu::complete_fn complete,
                                      const void* in, void* out, std::uint32_t /*first*/) {
  using namespace tessera;
  cpu::rendezvous(*static_cast<cpu::group_exec*>(exec), group::scope::sub_group, local_linear,
                  cpu::collective_call{static_cast<group::collective_op>(op), group::call_site{file, line}, param,
                                       complete},
                  in, out);
}

void tessera_cbs_combine(void* exec, int scope, int op, const char* file, unsigned line,
                         tessera::cpu::complete_fn complete, const tessera_cbs_arrival* items) {
  using namespace tessera;
  static_cast<cpu::group_exec*>(exec)->combine(
      static_cast<group::scope>(scope),
      cpu::collective_call{static_cast<group::collective_op>(op), group::call_site{file, line}, 0, complete}, items);
}

void* tessera_cbs_scratch(std::size_t bytes) noexcept {
  constexpr std::size_t alignment = 64;
  struct deleter {
    void operator()(char* p) const { ::operator delete[](p, std::align_val_t{alignment}); }
  };
  thread_local std::unique_ptr<char[], deleter> buffer;
  thread_local std::size_t size = 0;
  if (bytes > size) {
    buffer.reset(static_cast<char*>(::operator new[](bytes, std::align_val_t{alignment})));
    size = bytes;
  }
  return buffer.get();
}

void tessera_cbs_divergent(void* exec, const std::uint8_t* exits, const tessera_cbs_exit* sites) {
  static_cast<tessera::cpu::group_exec*>(exec)->report_divergent(exits, sites);
}

} // extern "C"
