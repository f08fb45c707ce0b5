#pragma once
#include <iterator>
#include <type_traits>

#include "sycl/functional.hpp"
#include "sycl/known_identity.hpp"
#include "tessera/group/group_traits.hpp"
#include "tessera/glue/group_ops.hpp"

// SYCL 2020 §4.17.3-4.17.4: group functions and algorithms, for work-groups and sub-groups. Each
// is one call of the backend's operation set (tessera/glue/group_ops.hpp); the trailing call_site
// argument is filled in by the compiler so that mismatched calls can be reported where they are.
namespace sycl {

template <typename G> struct is_group : std::false_type {};
template <int D> struct is_group<group<D>> : std::true_type {};
template <> struct is_group<sub_group> : std::true_type {};
template <typename G> inline constexpr bool is_group_v = is_group<G>::value;

namespace detail {
using site_t = tessera::group::call_site;
template <typename G> using if_group = std::enable_if_t<is_group_v<std::decay_t<G>>, int>;
template <typename G> using traits = tessera::group::traits<G>;
} // namespace detail

template <typename G, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T group_broadcast(G g, T x, typename G::linear_id_type src = 0, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::broadcast(g, x, src, s);
}
template <typename G, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T group_broadcast(G g, T x, typename G::id_type src, detail::site_t s = detail::site_t::here()) {
  return group_broadcast(g, x, static_cast<typename G::linear_id_type>(detail::traits<G>::linear(g, src)), s);
}

template <typename G, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE bool any_of_group(G g, bool pred, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::any(g, pred, s);
}
template <typename G, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE bool all_of_group(G g, bool pred, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::all(g, pred, s);
}
template <typename G, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE bool none_of_group(G g, bool pred, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::none(g, pred, s);
}
template <typename G, typename T, typename P, detail::if_group<G> = 0, typename = std::enable_if_t<std::is_invocable_v<P, T>>>
TESSERA_HOST_DEVICE bool any_of_group(G g, T x, P pred, detail::site_t s = detail::site_t::here()) {
  return any_of_group(g, static_cast<bool>(pred(x)), s);
}
template <typename G, typename T, typename P, detail::if_group<G> = 0, typename = std::enable_if_t<std::is_invocable_v<P, T>>>
TESSERA_HOST_DEVICE bool all_of_group(G g, T x, P pred, detail::site_t s = detail::site_t::here()) {
  return all_of_group(g, static_cast<bool>(pred(x)), s);
}
template <typename G, typename T, typename P, detail::if_group<G> = 0, typename = std::enable_if_t<std::is_invocable_v<P, T>>>
TESSERA_HOST_DEVICE bool none_of_group(G g, T x, P pred, detail::site_t s = detail::site_t::here()) {
  return none_of_group(g, static_cast<bool>(pred(x)), s);
}

template <typename G, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T shift_group_left(G g, T x, typename G::linear_id_type delta = 1, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::shift_left(g, x, delta, s);
}
template <typename G, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T shift_group_right(G g, T x, typename G::linear_id_type delta = 1, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::shift_right(g, x, delta, s);
}
template <typename G, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T permute_group_by_xor(G g, T x, typename G::linear_id_type mask, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::permute_xor(g, x, mask, s);
}
template <typename G, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T select_from_group(G g, T x, typename G::id_type remote, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::select(g, x, detail::traits<G>::linear(g, remote), s);
}

template <typename G, typename T, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T reduce_over_group(G g, T x, Op, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::reduce(g, x, Op{}, s);
}
template <typename G, typename V, typename T, typename Op, detail::if_group<G> = 0,
          typename = std::enable_if_t<std::is_invocable_v<Op, T, V>>>
TESSERA_HOST_DEVICE T reduce_over_group(G g, V x, T init, Op op, detail::site_t s = detail::site_t::here()) {
  return op(init, reduce_over_group(g, static_cast<T>(x), op, s));
}
template <typename G, typename T, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T inclusive_scan_over_group(G g, T x, Op, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::inclusive_scan(g, x, Op{}, s);
}
template <typename G, typename V, typename T, typename Op, detail::if_group<G> = 0,
          typename = std::enable_if_t<std::is_invocable_v<Op, T, V>>>
TESSERA_HOST_DEVICE T inclusive_scan_over_group(G g, V x, Op op, T init, detail::site_t s = detail::site_t::here()) {
  return op(init, inclusive_scan_over_group(g, static_cast<T>(x), op, s));
}
template <typename G, typename T, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T exclusive_scan_over_group(G g, T x, Op, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::exclusive_scan(g, x, Op{}, s);
}
template <typename G, typename V, typename T, typename Op, detail::if_group<G> = 0,
          typename = std::enable_if_t<std::is_invocable_v<Op, T, V>>>
TESSERA_HOST_DEVICE T exclusive_scan_over_group(G g, V x, T init, Op op, detail::site_t s = detail::site_t::here()) {
  return op(init, exclusive_scan_over_group(g, static_cast<T>(x), op, s));
}

// --- joint algorithms: the whole group works on one range; computed once, seen by all ---
template <typename G, typename Ptr, typename T, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T joint_reduce(G g, Ptr first, Ptr last, T init, Op op, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::joint_reduce(g, first, last, init, op, s);
}
template <typename G, typename Ptr, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE auto joint_reduce(G g, Ptr first, Ptr last, Op op, detail::site_t s = detail::site_t::here()) {
  using T = typename std::iterator_traits<Ptr>::value_type;
  return joint_reduce(g, first, last, T(known_identity<Op, T>::value), op, s);
}
template <typename G, typename InPtr, typename OutPtr, typename Op, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE OutPtr joint_inclusive_scan(G g, InPtr first, InPtr last, OutPtr result, Op op, T init,
                            detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::joint_scan(g, first, last, result, init, op, true, s);
}
template <typename G, typename InPtr, typename OutPtr, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE OutPtr joint_inclusive_scan(G g, InPtr first, InPtr last, OutPtr result, Op op, detail::site_t s = detail::site_t::here()) {
  // §4.17.4.12: a scan without init accumulates in the output's type (binary_op's result), which
  // may be wider than the input's: char in, unsigned long long out.
  using T = typename std::iterator_traits<OutPtr>::value_type;
  return joint_inclusive_scan(g, first, last, result, op, T(known_identity<Op, T>::value), s);
}
template <typename G, typename InPtr, typename OutPtr, typename T, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE OutPtr joint_exclusive_scan(G g, InPtr first, InPtr last, OutPtr result, T init, Op op,
                            detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::joint_scan(g, first, last, result, init, op, false, s);
}
template <typename G, typename InPtr, typename OutPtr, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE OutPtr joint_exclusive_scan(G g, InPtr first, InPtr last, OutPtr result, Op op, detail::site_t s = detail::site_t::here()) {
  using T = typename std::iterator_traits<OutPtr>::value_type; // as joint_inclusive_scan
  return joint_exclusive_scan(g, first, last, result, T(known_identity<Op, T>::value), op, s);
}
template <typename G, typename Ptr, typename P, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE bool joint_any_of(G g, Ptr first, Ptr last, P pred, detail::site_t s = detail::site_t::here()) {
  return tessera::glue::ops::joint_any(g, first, last, pred, s);
}
template <typename G, typename Ptr, typename P, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE bool joint_none_of(G g, Ptr first, Ptr last, P pred, detail::site_t s = detail::site_t::here()) {
  return !joint_any_of(g, first, last, pred, s);
}
template <typename G, typename Ptr, typename P, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE bool joint_all_of(G g, Ptr first, Ptr last, P pred, detail::site_t s = detail::site_t::here()) {
  return !joint_any_of(
      g, first, last, [pred](const auto& x) { return !pred(x); }, s);
}

// --- the sub-group member spellings of SYCL 1.2.1 / DPC++ that the seeds use ---
template <typename T> TESSERA_HOST_DEVICE T sub_group::shuffle(T x, id<1> src, tessera::group::call_site s) const {
  return select_from_group(*this, x, src, s);
}
template <typename T> TESSERA_HOST_DEVICE T sub_group::shuffle_down(T x, std::uint32_t d, tessera::group::call_site s) const {
  return shift_group_left(*this, x, d, s);
}
template <typename T> TESSERA_HOST_DEVICE T sub_group::shuffle_up(T x, std::uint32_t d, tessera::group::call_site s) const {
  return shift_group_right(*this, x, d, s);
}
template <typename T> TESSERA_HOST_DEVICE T sub_group::shuffle_xor(T x, id<1> mask, tessera::group::call_site s) const {
  return permute_group_by_xor(*this, x, static_cast<std::uint32_t>(mask[0]), s);
}
template <typename T> TESSERA_HOST_DEVICE T sub_group::broadcast(T x, id<1> src, tessera::group::call_site s) const {
  return group_broadcast(*this, x, static_cast<std::uint32_t>(src[0]), s);
}

} // namespace sycl
