#pragma once
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <typeinfo>

#include "sycl/id.hpp"
#include "sycl/nd_item.hpp"
#include "tessera/detail/kernel_invoke.hpp"
#include "tessera/glue/item_context.hpp"

// What the handler hands the glue: one description per kind of kernel command, with everything a
// backend needs to launch it (geometry, local memory, reductions, the kernel object). Checks of
// the user's input happen in the handler, before a command is described; a backend adds only its
// own limits. A new launch kind is a new description here and one entry point per backend.
namespace tessera::glue {

template <typename K>
struct single_task {
  static constexpr const char* what = "single_task";
  K kernel;
  const std::type_info* name = nullptr; // as nd_range_kernel's
};

template <int D, bool WithOffset, typename K>
struct range_kernel {
  static constexpr const char* what = "parallel_for(range)";
  sycl::range<D> range;
  sycl::id<D> offset;
  K kernel;
  const std::type_info* name = nullptr; // as nd_range_kernel's
};

// The nd_range kernel as backends call it: with each work-item's context.
template <int D, typename K>
struct nd_item_kernel {
  K k;
  TESSERA_HOST_DEVICE void operator()(const item_context<D>& c) const { detail::invoke(k, sycl::nd_item<D>(c)); }
};

template <int D, typename K>
struct nd_range_kernel {
  static constexpr const char* what = "parallel_for(nd_range)";
  nd_geometry<D> geometry;
  std::size_t local_bytes;
  // The sub-group size the kernel asked for (sycl::ext::oneapi::experimental::sub_group_size), or 0.
  std::uint32_t requested_sub_group;
  // The kernel's name (its lambda's type when it has none) for reports; a name may be incomplete.
  const std::type_info* name;
  nd_item_kernel<D, K> kernel;
};

// An nd_range kernel launched with use_root_sync: all its work-groups run at once, so that they can
// meet at the root-group barrier. `Name` is the kernel's name (its lambda's type when it has none),
// under which a backend records what the co-resident limit query needs.
template <typename Name, int D, typename K>
struct root_sync_kernel {
  static constexpr const char* what = "parallel_for(nd_range) with use_root_sync";
  nd_range_kernel<D, K> nd;
};

// Kernels with reductions: `Vars` is a tuple of tessera::detail::reduction_var.
template <int D, typename K, typename Vars>
struct range_reduction {
  static constexpr const char* what = "a reduction";
  sycl::range<D> range;
  K kernel;
  Vars vars;
};

template <int D, typename K, typename Vars>
struct nd_range_reduction {
  static constexpr const char* what = "a reduction";
  nd_geometry<D> geometry;
  std::size_t local_bytes;
  K kernel;
  Vars vars;
};

template <int D, typename K>
struct hierarchical_kernel {
  static constexpr const char* what = "parallel_for_work_group";
  nd_geometry<D> geometry;
  std::size_t local_bytes;
  K kernel;
  const std::type_info* name = nullptr; // as nd_range_kernel's
};

} // namespace tessera::glue
