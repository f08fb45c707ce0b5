#pragma once
#include <cstddef>
#include <memory>

#include "sycl/group.hpp"

namespace sycl {

// SYCL 2020 §4.10.7.3: one T per physical work-item of a hierarchical work-group, declared at
// work-group scope so that it outlives each parallel_for_work_item. On the CPU the group runs on
// one thread, so it is an array indexed by the physical local id.
template <typename T, int D = 1>
class private_memory {
public:
  explicit private_memory(const group<D>& g) : values_(new T[g.get_local_linear_range()]), local_(g.get_local_range()) {}

  T& operator()(const h_item<D>& it) {
    return values_[tessera::detail::linearize(it.get_physical_local_id(), local_)];
  }

private:
  std::unique_ptr<T[]> values_;
  range<D> local_;
};

} // namespace sycl
