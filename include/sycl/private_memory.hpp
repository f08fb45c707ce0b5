#pragma once
#include <cstddef>

#include "sycl/group.hpp"

namespace sycl {

// SYCL 2020 §4.10.7.3: one T per physical work-item of a hierarchical work-group, declared at
// work-group scope so that it outlives each parallel_for_work_item. Where one thread runs the
// whole group (the CPU, and GPU kernels the compiler did not lower), it is an array indexed by
// the physical local id; where each physical item has a thread of its own, the compiler keeps
// this object per thread (compiler/hierarchical_threads.cpp), and the item's value is `own_`.
template <typename T, int D = 1>
class private_memory {
public:
  // Plain new/delete, which CUDA also provides on the device.
  TESSERA_HOST_DEVICE explicit private_memory(const group<D>& g)
      : values_(g.context().geo->item_threads ? nullptr : new T[g.get_local_linear_range()]),
        local_(g.get_local_range()) {}
  TESSERA_HOST_DEVICE ~private_memory() { delete[] values_; }
  private_memory(const private_memory&) = delete;
  private_memory& operator=(const private_memory&) = delete;

  TESSERA_HOST_DEVICE T& operator()(const h_item<D>& it) {
    return values_ ? values_[tessera::detail::linearize(it.get_physical_local_id(), local_)] : own_;
  }

private:
  T* values_;
  range<D> local_;
  T own_{};
};

} // namespace sycl
