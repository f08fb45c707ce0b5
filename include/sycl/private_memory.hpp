#pragma once
#include <cstddef>

#include "sycl/group.hpp"

namespace sycl {

// SYCL 2020 §4.10.7.3: one T per physical work-item of a hierarchical work-group, declared at
// work-group scope so that it outlives each parallel_for_work_item. On the CPU the group runs on
// one thread, so it is an array indexed by the physical local id.
template <typename T, int D = 1>
class private_memory {
public:
  // Plain new/delete, which CUDA also provides on the device, where a group runs on one thread too.
  TESSERA_HOST_DEVICE explicit private_memory(const group<D>& g)
      : values_(new T[g.get_local_linear_range()]), local_(g.get_local_range()) {}
  TESSERA_HOST_DEVICE ~private_memory() { delete[] values_; }
  private_memory(const private_memory&) = delete;
  private_memory& operator=(const private_memory&) = delete;

  TESSERA_HOST_DEVICE T& operator()(const h_item<D>& it) {
    return values_[tessera::detail::linearize(it.get_physical_local_id(), local_)];
  }

private:
  T* values_;
  range<D> local_;
};

} // namespace sycl
