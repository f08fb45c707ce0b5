#pragma once
#include "sycl/group.hpp"
#include "tessera/backend/cpu/range_launch.hpp"

namespace tessera::cpu {

// A hierarchical kernel needs no fibers: the work-group-scope body runs once per group on a pool
// worker, and each parallel_for_work_item inside it is a loop that ends before the next
// statement, which is all the implicit barrier between scopes has to guarantee.
template <int D, typename K>
void launch_hierarchical(const glue::nd_geometry<D>& geo, const K& k, runtime::completion done) {
  if (geo.groups.size() == 0) return done(nullptr);
  execute_chunks(
      geo.groups.size(),
      [geo, k](std::size_t first, std::size_t last) {
        for (std::size_t g = first; g < last; ++g)
          detail::invoke(k, sycl::group<D>(glue::item_context<D>{&geo, nullptr, detail::delinearize(g, geo.groups), sycl::id<D>{}, 0}));
      },
      std::move(done));
}

} // namespace tessera::cpu
