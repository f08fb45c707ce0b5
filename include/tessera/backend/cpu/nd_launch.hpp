#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <typeinfo>
#include <type_traits>
#include <utility>
#include "tessera/backend/cpu/compiled_group.hpp"
#include "tessera/glue/item_context.hpp"
#include "tessera/memory/local_binding.hpp"
#if defined(TESSERA_CHECK)
#include "tessera/memory/access_check.hpp"
#endif

namespace tessera::cpu {

// The type-erased face of one nd_range launch, seen by the runtime's group scheduler
// (src/cpu/nd_executor.cpp). Every call is per chunk of groups or per work-item in fiber mode;
// the per-item loop of a barrier-free group stays inside the kernel's own instantiation.
class nd_launch_base {
public:
  virtual ~nd_launch_base() = default;

  // A copy of the kernel whose local accessors point into `arena`: one per worker and chunk, so
  // local memory belongs to the group executing on that worker.
  virtual void* bind(char* arena) const = 0;
  virtual void unbind(void* kernel) const = 0;
  virtual void run_item(void* kernel, group_exec& g, std::size_t group, std::uint32_t local) const = 0;
  // All items in order on the calling fiber; returns early once `stop` is set, which happens when
  // an item must wait at a collective and the group switches to one fiber per item.
  virtual void run_loop(void* kernel, group_exec& g, std::size_t group, const bool& stop) const = 0;
  // "work-item (i,j) of work-group (g,h)", for error messages.
  virtual std::string describe(std::size_t group, std::uint32_t local) const = 0;
  // "work-group (g,h)".
  virtual std::string describe_group(std::size_t group) const = 0;
  // Remembers, for every later launch of the same kernel, that its groups need fibers.
  virtual void learn_needs_fibers() const = 0;
  // Every item of the group through `compiled`, the CBS pass's whole-group function.
  virtual void run_compiled(void* kernel, group_exec& g, std::size_t group) const = 0;

  // The kernel's whole-group function, where clang compiled it with the CBS pass; else null.
  tessera_cbs_group_fn compiled = nullptr;

  std::size_t group_count = 0;
  // A pointer to the kernel's name (its lambda's type when it has none), for reports; null: not known.
  const std::type_info* kernel_name = nullptr;
  std::uint32_t group_size = 0;
  std::uint32_t sub_group_size = 0;
  std::size_t local_bytes = 0;
  // Set once a group met a collective: later groups start with one fiber per item at once.
  mutable std::atomic<bool> needs_fibers{false};
};

// A kernel that runs the items of a one-dimensional group itself (a reduction keeps its
// accumulators in registers across the loop); run_items(n, context_of, stop) has run_loop's contract.
template <typename Kernel, typename = void>
struct runs_items : std::false_type {};
template <typename Kernel>
struct runs_items<Kernel, std::void_t<decltype(std::declval<const Kernel&>().run_items(
                              std::uint32_t{}, std::declval<glue::item_context<1> (*)(std::uint32_t)>(),
                              std::declval<const bool&>()))>> : std::true_type {};

template <typename Kernel, typename = void>
struct has_chunk_end : std::false_type {};
template <typename Kernel>
struct has_chunk_end<Kernel, std::void_t<decltype(std::declval<Kernel&>().chunk_end())>> : std::true_type {};

template <int D, typename Kernel>
class nd_launch final : public nd_launch_base {
public:
  nd_launch(const glue::nd_geometry<D>& geo, const Kernel& k) : geo_(geo), kernel_(k) {
    group_count = geo.groups.size();
    group_size = static_cast<std::uint32_t>(geo.local.size());
    sub_group_size = geo.sub_group_size;
    needs_fibers.store(kernel_needs_fibers.load(std::memory_order_relaxed), std::memory_order_relaxed);
#if defined(TESSERA_CHECK)
    // Before any of its groups starts: a root-group launch gives each group a checker state then.
    check::checked_items.store(true, std::memory_order_relaxed);
#endif
#if defined(TESSERA_CBS)
    if constexpr (has_chunk_end<Kernel>::value)
      compiled = whole_group<&cbs_item_of_writing_kernel>();
    else
      compiled = whole_group<&cbs_item>();
#endif
  }

  void* bind(char* arena) const override {
    memory::local_binding_scope scope(arena);
    return new Kernel(kernel_);
  }
  // A kernel copy may hold what its chunk of groups produced, such as a reduction's partial result,
  // which it hands over in chunk_end().
  void unbind(void* kernel) const override {
    auto* k = static_cast<Kernel*>(kernel);
    if constexpr (has_chunk_end<Kernel>::value) k->chunk_end();
    delete k;
  }

  void run_item(void* kernel, group_exec& g, std::size_t group, std::uint32_t local) const override {
    const auto gid = detail::delinearize(group, geo_.groups);
    invoke(*static_cast<const Kernel*>(kernel), g, gid, detail::delinearize(local, geo_.local), local, group);
  }

  void run_loop(void* kernel, group_exec& g, std::size_t group, const bool& stop) const override {
    const Kernel& k = *static_cast<const Kernel*>(kernel);
    const auto gid = detail::delinearize(group, geo_.groups);
    const auto& L = geo_.local;
    std::uint32_t lin = 0;
    if constexpr (D == 1 && runs_items<Kernel>::value
#if defined(TESSERA_CHECK)
                  && false // item by item, so that each is checked
#endif
    ) {
      k.run_items(static_cast<std::uint32_t>(L[0]),
                  [&](std::uint32_t i) { return glue::item_context<1>{&geo_, &g, gid, sycl::id<1>(i), i}; }, stop);
    } else if constexpr (D == 1) {
      for (std::size_t i = 0; i < L[0]; ++i)
        if (invoke(k, g, gid, sycl::id<1>(i), lin++, group), stop) return;
    } else if constexpr (D == 2) {
      for (std::size_t i = 0; i < L[0]; ++i)
        for (std::size_t j = 0; j < L[1]; ++j)
          if (invoke(k, g, gid, sycl::id<2>(i, j), lin++, group), stop) return;
    } else {
      for (std::size_t i = 0; i < L[0]; ++i)
        for (std::size_t j = 0; j < L[1]; ++j)
          for (std::size_t l = 0; l < L[2]; ++l)
            if (invoke(k, g, gid, sycl::id<3>(i, j, l), lin++, group), stop) return;
    }
  }

  void run_compiled(void* kernel, group_exec& g, std::size_t group) const override {
    const auto gid = detail::delinearize(group, geo_.groups);
    std::size_t local[D];
    for (int d = 0; d < D; ++d) local[d] = geo_.local[d];
#if defined(TESSERA_CHECK)
    check::item_state items{this, group, 0, group_size, sub_group_size, local_bytes};
    check::enter_compiled_group(items);
    try {
      compiled(kernel, &geo_, &g, &gid, local);
    } catch (...) {
      check::abandon_item();
      throw;
    }
    check::leave_compiled_group();
#else
    compiled(kernel, &geo_, &g, &gid, local);
#endif
  }

  std::string describe(std::size_t group, std::uint32_t local) const override {
    return "work-item " + to_string(detail::delinearize(local, geo_.local)) + " of " + describe_group(group);
  }
  std::string describe_group(std::size_t group) const override {
    return "work-group " + to_string(detail::delinearize(group, geo_.groups));
  }

  void learn_needs_fibers() const override {
    needs_fibers.store(true, std::memory_order_relaxed);
    kernel_needs_fibers.store(true, std::memory_order_relaxed);
  }

private:
  static std::string to_string(const sycl::id<D>& i) {
    std::string s = "(";
    for (int d = 0; d < D; ++d) s += (d ? "," : "") + std::to_string(i[d]);
    return s + ")";
  }

  static inline std::atomic<bool> kernel_needs_fibers{false};

  void invoke(const Kernel& k, group_exec& g, const sycl::id<D>& gid, const sycl::id<D>& lid, std::uint32_t lin,
              [[maybe_unused]] std::size_t group) const {
#if defined(TESSERA_CHECK)
    check::item_state item{this, group, lin, group_size, sub_group_size, local_bytes};
    check::enter_item(item);
    try {
      k(glue::item_context<D>{&geo_, &g, gid, lid, lin});
    } catch (...) {
      check::abandon_item(); // the checker must not keep `item`, which is about to go
      throw;
    }
    check::leave_item(item);
#else
    k(glue::item_context<D>{&geo_, &g, gid, lid, lin});
#endif
  }

#if defined(TESSERA_CBS)
  // The pass's whole-group function of `item`; where its work-items may reach a sub-group
  // collective on different paths, only for launches whose work-group is one sub-group (a
  // group-wide cut is then the sub-group's). A template argument: the pass finds `item` as a
  // constant argument of the requests, before inlining.
  template <tessera_cbs_group_fn item>
  tessera_cbs_group_fn whole_group() const {
    constexpr std::size_t kernel = sizeof(Kernel), geometry = sizeof(glue::nd_geometry<D>), group = sizeof(sycl::id<D>);
    if (tessera_cbs_group_fn whole = tessera_cbs_whole_group(item, D, kernel, geometry, group)) return whole;
    return group_size <= sub_group_size ? tessera_cbs_one_sub_group(item, D, kernel, geometry, group) : nullptr;
  }

  // One work-item, for the CBS pass to turn into the whole group (compiled_group.hpp). Nothing
  // else reads the kernel copy, the geometry or the group id while a group runs: `restrict` lets
  // the compiled loops keep what the kernel reads from them out of the loops.
  static void cbs_item(const void* __restrict kernel, const void* __restrict geometry, void* exec,
                       const void* __restrict group, const std::size_t* local_range) {
    cbs_item_of_writing_kernel(kernel, geometry, exec, group, local_range);
  }
  // A kernel that writes into its own copy (a reduction's partial results, handed over in
  // chunk_end) must not be `restrict`: the compiled loops then kept the items' updates of one
  // shared lane apart and stored a value from before the barrier again after it (a contribution
  // counted twice: Reduction.NdRange1DBarrierInOneGroupAfterLoopGroups).
  [[gnu::always_inline]] static void cbs_item_of_writing_kernel(const void* kernel, const void* __restrict geometry,
                                                                void* exec, const void* __restrict group,
                                                                const std::size_t* /*local_range: the pass's loops*/) {
    sycl::id<D> lid;
    for (int d = 0; d < D; ++d) lid[d] = tessera_cbs_local_id(d);
    (*static_cast<const Kernel*>(kernel))(glue::item_context<D>{static_cast<const glue::nd_geometry<D>*>(geometry),
                                                               static_cast<group_exec*>(exec),
                                                               *static_cast<const sycl::id<D>*>(group), lid,
                                                               tessera_cbs_local_linear_id()});
  }
#endif

  glue::nd_geometry<D> geo_;
  Kernel kernel_;
};

// Runs every group of the launch on the thread pool; `done` is called once, with the first error.
void execute(std::shared_ptr<nd_launch_base> launch, std::function<void(std::exception_ptr)> done);

} // namespace tessera::cpu
