#pragma once
#include "sycl/group.hpp"
#include "tessera/backend/cpu/local_arena.hpp"
#include "tessera/backend/cpu/range_launch.hpp"
#include "tessera/memory/local_binding.hpp"

namespace tessera::cpu {

// A hierarchical kernel needs no fibers: the work-group-scope body runs once per group on a pool
// worker, and each parallel_for_work_item inside it is a loop that ends before the next
// statement, which is all the implicit barrier between scopes has to guarantee. With local
// accessors, each chunk runs a copy of the kernel made while the worker's local memory is bound,
// as nd_range kernels do; the group on the worker has it to itself.
template <int D, typename K>
void launch_hierarchical(const glue::nd_geometry<D>& geo, std::size_t local_bytes, const K& k, runtime::completion done,
                         const std::type_info* name = nullptr) {
  if (geo.groups.size() == 0) return done(nullptr);
  execute_chunks(
      geo.groups.size(),
      named_chunks(name, [geo, local_bytes, k](std::size_t first, std::size_t last) {
        const auto run = [&](const K& kernel) {
          for (std::size_t g = first; g < last; ++g)
            detail::invoke(kernel, sycl::group<D>(glue::item_context<D>{&geo, nullptr, detail::delinearize(g, geo.groups), sycl::id<D>{}, 0}));
        };
        if (local_bytes == 0) return run(k);
        const K bound = [&] {
          memory::local_binding_scope scope(local_arena::for_this_thread());
          return k;
        }();
        run(bound);
      }),
      std::move(done));
}

} // namespace tessera::cpu
