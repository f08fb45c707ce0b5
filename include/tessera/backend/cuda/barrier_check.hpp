#pragma once
#include <cstdint>

#include "tessera/backend/cuda/check_report.hpp"
#include "tessera/glue/item_context.hpp"
#include "tessera/group/call_site.hpp"
#include "tessera/group/collective_op.hpp"

// The GPU's barrier check (TESSERA_CHECK=1): an nd_range kernel launched checked (launch.hpp) meets
// here at each work-group barrier and collective, where __syncthreads alone would let the group go
// on without an item that returned (an exited thread no longer counts) or mix two barriers. As on
// the CPU (src/cpu/group_exec.cpp), a work-group barrier or collective that an item reaches after
// another item of its group returned, or while another waits at a different one, is an error: the
// group's first such meeting is written to the stream's check_report with the kernel, the file and
// line of each place and the items, the group's items end, and the host raises errc::kernel once
// the kernel has completed (src/cuda/cuda_barrier_check.cpp).
namespace tessera::cuda {

// Per work-group, in shared memory. Each meeting's first arrival claims a place slot and writes
// where it is; meetings alternate between two slots, so that one is cleared for the next meeting
// while the items read the other.
struct block_check {
  struct place {
    unsigned claimed;
    unsigned op;
    unsigned line;
    unsigned item; // local linear id
    const char* file;
  } slot[2];
  unsigned returned;       // items that returned from the kernel
  unsigned first_returned; // the local linear id of the first
};

// Per work-item. A checked kernel's item_context points to it, as the backend's work-group state
// (item_context::exec, null in unchecked kernels, whose barriers are __syncthreads alone).
struct item_check {
  block_check* block;
  check_target target;
  unsigned round;
  unsigned dimensions;
};

__device__ inline item_check* checked(glue::group_state* exec) { return reinterpret_cast<item_check*>(exec); }
__device__ inline glue::group_state* as_group_state(item_check* c) { return reinterpret_cast<glue::group_state*>(c); }

__device__ inline unsigned linear_thread() { return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z); }

__device__ inline bool same_file(const char* a, const char* b) {
  if (a == b) return true;
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}

__device__ inline void write_arrival(check_arrival& a, const block_check::place& p) {
  a.op = p.op;
  a.line = p.line;
  a.local[0] = p.item % blockDim.x;
  a.local[1] = p.item / blockDim.x % blockDim.y;
  a.local[2] = p.item / (blockDim.x * blockDim.y);
  unsigned n = 0;
  if (p.file)
    for (; p.file[n] && n + 1 < sizeof a.file; ++n) a.file[n] = p.file[n];
  a.file[n] = '\0';
}

// The first group of the launch (and of the stream, until the host has read it) to part writes the
// report; the kernel's completion makes it visible to the host.
__device__ inline void report(const item_check& c, const block_check::place& first, const block_check::place& other) {
  if (atomicCAS(c.target.claimed, 0u, 1u) != 0u) return;
  check_report& r = *c.target.report;
  r.dimensions = c.dimensions;
  r.kernel = c.target.kernel;
  r.group[0] = blockIdx.x, r.group[1] = blockIdx.y, r.group[2] = blockIdx.z;
  write_arrival(r.first, first);
  write_arrival(r.other, other);
  __threadfence_system();
  r.ready = 1;
}

// The meeting's barriers. Not __syncthreads and __syncthreads_or, whose bar.sync and bar.red are
// PTX's .aligned forms, which every thread of a warp must reach together: at a meeting that finds
// items at different places, a warp's items come from different call sites, diverged, which only
// the unaligned forms allow (sm_70 and later).
__device__ inline void sync_diverged() { asm volatile("barrier.sync 0;" ::: "memory"); }
__device__ inline bool any_diverged(bool p) {
  unsigned any;
  asm volatile("{\n\t.reg .pred p, q;\n\tsetp.ne.u32 p, %1, 0;\n\tbarrier.red.or.pred q, 0, p;\n\tselp.u32 %0, 1, 0, q;\n\t}"
               : "=r"(any)
               : "r"(static_cast<unsigned>(p))
               : "memory");
  return any != 0;
}

// Every item of the group that has not returned meets here once per barrier or collective; it
// returns once all are at the same place (and then, as after __syncthreads, sees what the others
// wrote before it). Otherwise every item of the group ends here (PTX exit), after one has reported.
// One function for every meeting, so that all of them pass the same barrier instructions.
__device__ __noinline__ inline void meet(item_check& c, unsigned op, const char* file, unsigned line) {
  block_check::place& first = c.block->slot[c.round & 1];
  block_check::place& next = c.block->slot[(c.round + 1) & 1];
  ++c.round;
  const block_check::place mine{1, op, line, linear_thread(), file};
  if (atomicCAS(&first.claimed, 0u, 1u) == 0u) first = mine;
  sync_diverged();
  // An item that returned counted itself before it exited, and the barrier above waited for it.
  const bool returned = c.block->returned != 0;
  const bool elsewhere = first.op != op || first.line != line || !same_file(first.file, file);
  // The items have read `next` for the last time one meeting ago, before the barrier above.
  if (mine.item == 0) next.claimed = 0;
  if (!any_diverged(returned || elsewhere)) return;
  if (returned && first.item == mine.item)
    report(c, first, block_check::place{1, returned_op, 0, c.block->first_returned, nullptr});
  else if (!returned && elsewhere)
    report(c, first, mine);
  asm volatile("exit;");
}

// An item that returned from the kernel: its group's later meetings report it.
__device__ inline void leave(item_check& c) {
  if (atomicAdd(&c.block->returned, 1u) == 0u) c.block->first_returned = linear_thread();
  __threadfence_block(); // done before the thread exits, which lets the others' barrier complete
}

template <int D>
__device__ void check_arrival(const glue::item_context<D>& c, group::collective_op op, const group::call_site& site) {
  if (item_check* ic = checked(c.exec)) meet(*ic, static_cast<unsigned>(op), site.file, site.line);
}

} // namespace tessera::cuda
