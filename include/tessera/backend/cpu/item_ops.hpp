#pragma once
#include <cstddef>
#include <cstdint>

#include "tessera/backend/cpu/rendezvous.hpp"
#include "tessera/backend/cpu/compiled_group.hpp"
#include "tessera/glue/item_context.hpp"
#include "tessera/memory/local_binding.hpp"

// What a work-item does on the CPU backend without naming its group's class: barriers, fences,
// range queries, local memory and reducer updates. The CUDA backend's item_ops.hpp has the same
// names and signatures; tessera/glue/device_ops.hpp picks one of them.
namespace tessera::cpu {
// The block of group_local_memory's call site `site` in the group of `exec` (src/cpu/group_memory.cpp).
void* group_local_block(group_exec* exec, const void* site, std::size_t bytes, std::size_t align,
                        const group::call_site& where);
} // namespace tessera::cpu

namespace tessera::cpu::ops {

// Host code reads a buffer through its host copy, which on the CPU is its only copy.
inline constexpr bool in_host_code = true;

// Every barrier is a full work-group barrier: the rendezvous orders all memory. It goes through
// the C symbol that the CBS pass splits kernels at (compiled_group.hpp).
template <int D>
void work_group_barrier(const glue::item_context<D>& c, const group::call_site& site) {
  tessera_cpu_work_group_barrier(c.exec, c.local_linear, site.file, site.line);
}
inline void sub_group_barrier(glue::group_state* exec, std::uint32_t member, std::uint32_t /*lanes*/,
                              const group::call_site& site) {
  tessera_cpu_sub_group_collective(exec, member, static_cast<int>(group::collective_op::barrier), site.file, site.line,
                                   0, nullptr, nullptr, nullptr, 0); // `first` is read by no barrier
}
// The root barrier meets at the work-group's rendezvous first; the group's last item then meets
// the other groups (src/cpu/root_launch.cpp). Launches without use_root_sync report it there. The
// workers' atomics order all memory, at every scope.
template <int D>
void root_barrier(const glue::item_context<D>& c, bool /*system_scope*/, const group::call_site& site) {
  rendezvous(*c.exec, group::scope::work_group, c.local_linear,
             collective_call{group::collective_op::root_barrier, site, 0, nullptr}, nullptr, nullptr);
}
inline void memory_fence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

template <int D>
std::size_t group_range(const glue::item_context<D>& c, int d) {
  return c.geo->groups[d];
}
template <int D>
std::size_t local_range(const glue::item_context<D>& c, int d) {
  return c.geo->local[d];
}

// A local accessor's pointer was resolved when its worker's copy of the kernel was made.
template <typename T, std::size_t Alignment>
T* local_memory(T* bound, std::size_t /*offset*/) {
  return bound;
}
// Copying a local accessor while a worker binds its kernel points it into that worker's arena;
// any other copy is the handler's, of a kernel that captures it.
template <typename T>
T* bind_local(T* bound, std::size_t offset) {
  char* arena = memory::local_arena_binding;
  if (arena) return reinterpret_cast<T*>(arena + offset);
  if (bool* captured = memory::local_capture_flag) *captured = true;
  return bound;
}

// group_local_memory: each group's blocks are found by the address of a variable of the call site's
// own, in both of the ways a group runs (fibers, or the CBS pass's loops, where the pass sees an
// ordinary call per item).
template <typename Site, typename T>
inline constexpr char local_memory_site_key = 0;
template <typename Site, typename T, int D>
T* group_local_memory(const glue::item_context<D>& c, const group::call_site& where) {
  return static_cast<T*>(group_local_block(c.exec, &local_memory_site_key<Site, T>, sizeof(T), alignof(T), where));
}

// A CPU reducer's accumulator belongs to one worker: it is never shared.
template <typename T, typename Op>
void combine(T* acc, const T& partial, const Op& op, bool /*shared*/) {
  *acc = op(*acc, partial);
}

} // namespace tessera::cpu::ops
