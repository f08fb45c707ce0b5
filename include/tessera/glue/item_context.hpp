#pragma once
#include <cstdint>
#include "sycl/id.hpp"

namespace tessera::cpu {
class group_exec;
}

namespace tessera::glue {

// The backend's own state of the work-group an item belongs to: the CPU backend's rendezvous.
// Null on the GPU, where the hardware holds it, except in a kernel launched under TESSERA_CHECK,
// where it points to the item's cuda::item_check (backend/cuda/barrier_check.hpp).
using group_state = cpu::group_exec;

// The shape of one nd_range launch, shared read-only by all its work-items.
template <int D>
struct nd_geometry {
  sycl::range<D> global;
  sycl::range<D> local;
  sycl::range<D> groups;
  sycl::id<D> offset;
  std::uint32_t sub_group_size;
  // Every sub-group is whole (the work-group size is a multiple of the sub-group size): a GPU
  // kernel specialised for it knows this, and the sub-group's size, at compile time.
  bool full_sub_groups = false;
  // The work-group is one partial sub-group (a GPU work-group smaller than a warp): a kernel
  // specialised for it takes the sub-group's lanes from the launch's shape alone.
  bool one_sub_group = false;
  // A use_root_sync launch's barrier state, which the backend owns (the CPU's root_barrier, a
  // GPU's counters in device memory); null in other launches, whose root barrier is reported.
  void* root_sync = nullptr;
  // A hierarchical kernel whose physical work-items each run on a thread of their own (a GPU
  // kernel the compiler lowered); otherwise one thread runs the whole group.
  bool item_threads = false;
};

// What a work-item of an nd_range or hierarchical kernel knows about itself, on every backend:
// nd_item, group and sub_group are views of it.
template <int D>
struct item_context {
  const nd_geometry<D>* geo;
  group_state* exec;
  sycl::id<D> group;
  sycl::id<D> local;
  std::uint32_t local_linear;
};

} // namespace tessera::glue
