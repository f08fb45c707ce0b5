#pragma once
#include "sycl/functional.hpp"
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
// The function objects of the same extension, which DPC++ still provides and programs still pass
// to the SYCL 2020 algorithms: SYCL 2020's own, so that known_identity knows them.
template <typename T = void> using plus = ::sycl::plus<T>;
template <typename T = void> using multiplies = ::sycl::multiplies<T>;
template <typename T = void> using bit_and = ::sycl::bit_and<T>;
template <typename T = void> using bit_or = ::sycl::bit_or<T>;
template <typename T = void> using bit_xor = ::sycl::bit_xor<T>;
template <typename T = void> using minimum = ::sycl::minimum<T>;
template <typename T = void> using maximum = ::sycl::maximum<T>;
} // namespace ext::oneapi
} // namespace sycl

#undef TESSERA_LEGACY_GROUP_ALGORITHMS
