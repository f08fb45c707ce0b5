#pragma once
#include "sycl/group_algorithms.hpp"

// Spellings from before SYCL 2020 that the seeds and older DPC++ code use: `intel::broadcast`,
// `ONEAPI::reduce`, `exclusive_scan(g, ...)`. They forward to the SYCL 2020 names; kept in their
// own namespaces so that they never compete with standard overloads.
#define TESSERA_LEGACY_GROUP_ALGORITHMS                                                               \
  template <typename G, typename T, typename... A>                                                    \
  TESSERA_HOST_DEVICE auto broadcast(G g, T x, A... a) { return ::sycl::group_broadcast(g, x, a...); } \
  template <typename G, typename... A> TESSERA_HOST_DEVICE bool any_of(G g, A... a) {                 \
    return ::sycl::any_of_group(g, a...);                                                             \
  }                                                                                                   \
  template <typename G, typename... A> TESSERA_HOST_DEVICE bool all_of(G g, A... a) {                 \
    return ::sycl::all_of_group(g, a...);                                                             \
  }                                                                                                   \
  template <typename G, typename... A> TESSERA_HOST_DEVICE bool none_of(G g, A... a) {                \
    return ::sycl::none_of_group(g, a...);                                                            \
  }                                                                                                   \
  template <typename G, typename... A> TESSERA_HOST_DEVICE auto reduce(G g, A... a) {                 \
    return ::sycl::reduce_over_group(g, a...);                                                        \
  }                                                                                                   \
  template <typename G, typename... A> TESSERA_HOST_DEVICE auto exclusive_scan(G g, A... a) {         \
    return ::sycl::exclusive_scan_over_group(g, a...);                                                \
  }                                                                                                   \
  template <typename G, typename... A> TESSERA_HOST_DEVICE auto inclusive_scan(G g, A... a) {         \
    return ::sycl::inclusive_scan_over_group(g, a...);                                                \
  }

namespace sycl {
namespace intel {
TESSERA_LEGACY_GROUP_ALGORITHMS
} // namespace intel
namespace ONEAPI {
TESSERA_LEGACY_GROUP_ALGORITHMS
} // namespace ONEAPI
namespace ext::oneapi {
TESSERA_LEGACY_GROUP_ALGORITHMS
} // namespace ext::oneapi
} // namespace sycl

#undef TESSERA_LEGACY_GROUP_ALGORITHMS
