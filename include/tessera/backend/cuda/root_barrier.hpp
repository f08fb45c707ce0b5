#pragma once
#include <cstddef>
#include <cstdio>

#include "tessera/glue/item_context.hpp"
#include "tessera/group/call_site.hpp"

// The GPU's root-group barrier, for cooperative launches (all blocks resident). Once its block has
// met (__syncthreads), each block's first thread arrives with one acq_rel atomic add and, unless
// the value it returns says it arrived last, polls with acquire loads until the count completes
// this barrier (blocks × barriers so far: the counters only grow during a launch, so nothing is
// reset between barriers; 2^64 arrivals do not overflow). Up to tree_above blocks that flat
// counter is the fastest design measured (docs/design.md); beyond it the blocks queue at one line,
// and a two-level tree takes over: blocks arrive at their subgroup's counter (tree_fan blocks, each
// subgroup on lines of its own), the last of each subgroup arrives at the root counter, waits for
// the other subgroups' last arrivals and publishes a generation that its subgroup polls.
namespace tessera::cuda {

// Measured on an H100 with groups of one warp: the flat counter's cost grows by 2 ns a block
// (2.3 µs at 1056 blocks, 4.4 at 2112), the tree's stays near 3 µs (2.9, 3.1, 3.3 at 4224).
inline constexpr unsigned long long tree_above = 1408;
inline constexpr unsigned long long tree_fan = 32;

// One counter or flag alone on a 128-byte line, so that polls of one do not queue behind the
// atomics on another.
struct alignas(128) root_line {
  unsigned long long value;
};
struct root_subgroup {
  root_line arrived;
  root_line generation;
};
// In device memory, zeroed before each launch: the root counter, then, for a tree, a subgroup
// per tree_fan blocks.
struct root_sync_state {
  root_line arrived;
};
inline std::size_t root_sync_bytes(std::size_t blocks) {
  const std::size_t subgroups = blocks > tree_above ? (blocks + tree_fan - 1) / tree_fan : 0;
  return sizeof(root_sync_state) + subgroups * sizeof(root_subgroup);
}

// Per block, in shared memory: the launch's state and how many barriers the block has met,
// which only the block's first thread reads and writes.
struct root_block {
  root_sync_state* state;
  unsigned long long epoch;
};

__device__ inline void arrive_release(unsigned long long* p) {
  asm volatile("red.release.gpu.global.add.u64 [%0], 1;" ::"l"(p) : "memory");
}
// Returns the count before this arrival.
__device__ inline unsigned long long arrive_acq_rel(unsigned long long* p) {
  unsigned long long v;
  asm volatile("atom.acq_rel.gpu.global.add.u64 %0, [%1], 1;" : "=l"(v) : "l"(p) : "memory");
  return v;
}
__device__ inline void wait_for(const unsigned long long* p, unsigned long long target) {
  for (;;) {
    unsigned long long v;
    asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
    if (v >= target) return;
  }
}
// Polls queue at the counter's L2 slice with the arrivals still to come, and each arrival there
// takes about 2 ns: a block that has many to wait for sleeps a quarter of a nanosecond for each
// first. Measured on the H100 (groups of 32): 1.42 -> 1.20 µs at 4 blocks per SM, 2.19 -> 1.67 at
// 8, and +0.01 µs at one block per SM, where only the first few arrivals sleep at all.
__device__ inline void back_off(unsigned long long missing) {
  if (missing >= 128) asm volatile("nanosleep.u32 %0;" ::"r"(static_cast<unsigned>(missing / 4)));
}
__device__ inline void publish(unsigned long long* p, unsigned long long v) {
  asm volatile("st.release.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}

__device__ inline unsigned long long block_count() {
  return static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z;
}
__device__ inline unsigned long long block_rank() {
  return blockIdx.x + static_cast<unsigned long long>(gridDim.x) * (blockIdx.y + gridDim.y * blockIdx.z);
}

// The subgroup's last arrival (its atomic acquired the others' releases) passes them on to the
// root with a release; its generation store releases what it acquired there to its subgroup.
__device__ inline void meet_through_tree(root_block& b, unsigned long long blocks) {
  const unsigned long long s = block_rank() / tree_fan;
  const unsigned long long subgroups = (blocks + tree_fan - 1) / tree_fan;
  const unsigned long long members = blocks - s * tree_fan < tree_fan ? blocks - s * tree_fan : tree_fan;
  root_subgroup& mine = reinterpret_cast<root_subgroup*>(b.state + 1)[s];
  if (arrive_acq_rel(&mine.arrived.value) + 1 == b.epoch * members) {
    arrive_release(&b.state->arrived.value);
    wait_for(&b.state->arrived.value, b.epoch * subgroups);
    publish(&mine.generation.value, b.epoch);
  } else {
    wait_for(&mine.generation.value, b.epoch);
  }
}

// The block's first thread, between two __syncthreads (which make the block's writes its own and
// its acquisitions the block's).
__device__ inline void meet_other_blocks(root_block& b, bool system_scope) {
  const unsigned long long blocks = block_count();
  ++b.epoch;
  if (system_scope) __threadfence_system();
  if (blocks > tree_above) return meet_through_tree(b, blocks);
  unsigned long long* arrived = &b.state->arrived.value;
  const unsigned long long target = b.epoch * blocks;
  const unsigned long long missing = target - (arrive_acq_rel(arrived) + 1);
  if (missing == 0) return;
  back_off(missing);
  wait_for(arrived, target);
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
