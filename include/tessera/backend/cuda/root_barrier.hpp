#pragma once
#include <cstdio>

#include "tessera/glue/item_context.hpp"
#include "tessera/group/call_site.hpp"

// The GPU's root-group barrier, for cooperative launches (all blocks resident). Block 0's first
// thread is the master: every other block's first thread, once its block has met, adds its
// arrival with one release reduction (fire and forget) to a counter on a cache line of its own and
// polls a generation flag on another line with acquire loads; the master polls the counter until
// every other block has arrived, resets it and publishes the next generation with a release store.
// So arrivals never wait for an atomic's reply, and the waiters' polling never touches the line the
// arrivals update. (cooperative_groups' grid.sync is one counter that arrivals and waiters share.)
namespace tessera::cuda {

// In device memory, zeroed before each launch.
struct root_sync_state {
  alignas(128) unsigned arrived;
  alignas(128) unsigned generation;
};

// Per block, in shared memory: the launch's state and the generation this block last saw, which
// only the block's first thread reads and writes.
struct root_block {
  root_sync_state* state;
  unsigned epoch;
};

__device__ inline void arrive_release(unsigned* p) {
  asm volatile("red.release.gpu.global.add.u32 [%0], 1;" ::"l"(p) : "memory");
}
__device__ inline unsigned load_acquire(const unsigned* p) {
  unsigned v;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
__device__ inline void store_release(unsigned* p, unsigned v) {
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ inline void store_relaxed(unsigned* p, unsigned v) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

// The block's first thread, between two __syncthreads (which make the block's writes its own and
// its acquisitions the block's).
__device__ inline void meet_other_blocks(root_block& b, bool system_scope) {
  root_sync_state* s = b.state;
  const unsigned next = b.epoch + 1;
  if (system_scope) __threadfence_system();
  if (blockIdx.x + blockIdx.y + blockIdx.z == 0) {
    const unsigned others = gridDim.x * gridDim.y * gridDim.z - 1;
    while (load_acquire(&s->arrived) != others) {
    }
    store_relaxed(&s->arrived, 0); // before the release: the next arrivals come after it
    store_release(&s->generation, next);
  } else {
    arrive_release(&s->arrived);
    while (load_acquire(&s->generation) != next) {
    }
  }
  b.epoch = next;
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
