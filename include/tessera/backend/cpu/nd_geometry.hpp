#pragma once
#include <cstdint>
#include "sycl/id.hpp"

namespace tessera::cpu {

class group_exec;

// The shape of one nd_range launch, shared read-only by all its work-items.
template <int D>
struct nd_geometry {
  sycl::range<D> global;
  sycl::range<D> local;
  sycl::range<D> groups;
  sycl::id<D> offset;
  std::uint32_t sub_group_size;
};

// What a work-item of an nd_range kernel knows about itself on the CPU backend.
template <int D>
struct item_context {
  const nd_geometry<D>* geo;
  group_exec* exec;
  sycl::id<D> group;
  sycl::id<D> local;
  std::uint32_t local_linear;
};

} // namespace tessera::cpu
