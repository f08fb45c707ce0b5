#pragma once
#include <cstdio>

#include "tessera/glue/item_context.hpp"
#include "tessera/group/call_site.hpp"

// The GPU's root-group barrier, for cooperative launches (all blocks resident). Once its block has
// met (__syncthreads), each block's first thread adds its arrival to one 64-bit counter with a
// release reduction, which needs no reply, and polls the counter with acquire loads until it
// reaches the count that completes this barrier: blocks × barriers so far, kept in the block's
// shared memory. The counter only grows during a launch, so nothing is reset between barriers and
// the last arrival is the release itself: one trip to L2 and one poll. A generation flag published
// by a master or by the last arrival (the design the issue suggests) costs another store and
// another poll on the way; cooperative_groups' grid.sync() also waits for each atomic's reply
// and fences before it. 2^64 arrivals do not overflow.
namespace tessera::cuda {

// In device memory, zeroed before each launch.
struct root_sync_state {
  alignas(128) unsigned long long arrived;
};

// Per block, in shared memory: the launch's state and the count that completes the block's next
// barrier, which only the block's first thread reads and writes.
struct root_block {
  root_sync_state* state;
  unsigned long long target;
};

__device__ inline void arrive_release(unsigned long long* p) {
  asm volatile("red.release.gpu.global.add.u64 [%0], 1;" ::"l"(p) : "memory");
}
__device__ inline unsigned long long load_acquire(const unsigned long long* p) {
  unsigned long long v;
  asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}

// The block's first thread, between two __syncthreads (which make the block's writes its own and
// its acquisitions the block's).
__device__ inline void meet_other_blocks(root_block& b, bool system_scope) {
  b.target += gridDim.x * gridDim.y * gridDim.z;
  if (system_scope) __threadfence_system();
  arrive_release(&b.state->arrived);
  while (load_acquire(&b.state->arrived) < b.target) {
  }
}

// Without use_root_sync the blocks need not all be resident, and waiting could hang: the first
// work-item of each block says where, and the kernel stops with an error.
__device__ inline void report_unsynchronised(const group::call_site& site) {
  if (threadIdx.x + threadIdx.y + threadIdx.z == 0)
    printf("%s:%u: group_barrier(root_group) in a kernel launched without the property use_root_sync\n", site.file,
           site.line);
  __trap();
}

} // namespace tessera::cuda
