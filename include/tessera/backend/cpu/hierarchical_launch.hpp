#pragma once
#include "sycl/group.hpp"
#include "tessera/backend/cpu/local_arena.hpp"
#include "tessera/backend/cpu/range_launch.hpp"
#include "tessera/memory/local_binding.hpp"
#if defined(TESSERA_CHECK)
#include <string>
#include "tessera/memory/access_check.hpp"
#endif

namespace tessera::cpu {

#if defined(TESSERA_CHECK)
// Check mode's names of a hierarchical launch's work-items: the physical ones, which run the
// logical items mapped to them one after another.
template <int D>
class hierarchical_names final : public check::launch_names {
public:
  hierarchical_names(const glue::nd_geometry<D>& geo, const std::type_info* name) : geo_(geo) { kernel_name = name; }
  std::string describe(std::size_t group, std::uint32_t local) const override {
    return "work-item " + text(detail::delinearize(local, geo_.local)) + " of work-group " +
           text(detail::delinearize(group, geo_.groups));
  }

private:
  static std::string text(const sycl::id<D>& i) {
    std::string s = "(";
    for (int d = 0; d < D; ++d) s += (d ? "," : "") + std::to_string(i[d]);
    return s + ")";
  }
  const glue::nd_geometry<D>& geo_;
};
#endif

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
      named_chunks(name, [geo, local_bytes, k, name](std::size_t first, std::size_t last) {
#if defined(TESSERA_CHECK)
        const hierarchical_names<D> names(geo, name);
#else
        (void)name;
#endif
        const auto run = [&](const K& kernel) {
          for (std::size_t g = first; g < last; ++g) {
#if defined(TESSERA_CHECK)
            check::enter_group(names, g, local_bytes);
#endif
            detail::invoke(kernel, sycl::group<D>(glue::item_context<D>{&geo, nullptr, detail::delinearize(g, geo.groups), sycl::id<D>{}, 0}));
#if defined(TESSERA_CHECK)
            check::leave_group();
#endif
          }
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
