#pragma once
#include <iterator>
#include <type_traits>

#include "sycl/functional.hpp"
#include "sycl/known_identity.hpp"
#include "tessera/group/combine.hpp"
#include "tessera/group/group_traits.hpp"
#include "tessera/backend/cuda/group_ops.hpp"

// SYCL 2020 §4.17.3-4.17.4: group functions and algorithms, for work-groups and sub-groups. Every
// one is a single meeting at the backend's rendezvous; the trailing call_site argument is filled
// in by the compiler so that mismatched calls can be reported where they are.
namespace sycl {

template <typename G> struct is_group : std::false_type {};
template <int D> struct is_group<group<D>> : std::true_type {};
template <> struct is_group<sub_group> : std::true_type {};
template <typename G> inline constexpr bool is_group_v = is_group<G>::value;

namespace detail {
using site_t = tessera::group::call_site;
using op_t = tessera::group::collective_op;
template <typename G> using if_group = std::enable_if_t<is_group_v<std::decay_t<G>>, int>;
template <typename G> using traits = tessera::group::traits<G>;

template <typename G>
std::uint32_t checked_id(const G& g, std::uint64_t id, const char* what) {
  if (id >= traits<G>::size(g))
    throw exception(errc::invalid, std::string(what) + ": local id " + std::to_string(id) +
                                       " is outside the group of " + std::to_string(traits<G>::size(g)));
  return static_cast<std::uint32_t>(id);
}
} // namespace detail

template <typename G, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T group_broadcast(G g, T x, typename G::linear_id_type src = 0, detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::broadcast(g, x, src);
#else
  const auto id = detail::checked_id(g, src, "group_broadcast");
  return tessera::group::meet<T>(g, detail::op_t::broadcast, s, id, &tessera::group::broadcast_from<T>::complete, x);
#endif
}
template <typename G, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T group_broadcast(G g, T x, typename G::id_type src, detail::site_t s = detail::site_t::here()) {
  return group_broadcast(g, x, static_cast<typename G::linear_id_type>(detail::traits<G>::linear(g, src)), s);
}

template <typename G, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE bool any_of_group(G g, bool pred, detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::vote_any(g, pred);
#else
  return tessera::group::meet<bool>(g, detail::op_t::any_of, s, 0, &tessera::group::vote_any::complete, pred);
#endif
}
template <typename G, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE bool all_of_group(G g, bool pred, detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::vote_all(g, pred);
#else
  return tessera::group::meet<bool>(g, detail::op_t::all_of, s, 0, &tessera::group::vote_all::complete, pred);
#endif
}
template <typename G, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE bool none_of_group(G g, bool pred, detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return !tessera::cuda::vote_any(g, pred);
#else
  return !tessera::group::meet<bool>(g, detail::op_t::none_of, s, 0, &tessera::group::vote_any::complete, pred);
#endif
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
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::shift_left(g, x, delta);
#else
  return tessera::group::meet<T>(g, detail::op_t::shift_left, s, delta, &tessera::group::shift_left_by<T>::complete, x);
#endif
}
template <typename G, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T shift_group_right(G g, T x, typename G::linear_id_type delta = 1, detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::shift_right(g, x, delta);
#else
  return tessera::group::meet<T>(g, detail::op_t::shift_right, s, delta, &tessera::group::shift_right_by<T>::complete, x);
#endif
}
template <typename G, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T permute_group_by_xor(G g, T x, typename G::linear_id_type mask, detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::permute_xor(g, x, mask);
#else
  return tessera::group::meet<T>(g, detail::op_t::permute_xor, s, mask, &tessera::group::permute_by_xor<T>::complete, x);
#endif
}
template <typename G, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T select_from_group(G g, T x, typename G::id_type remote, detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::select(g, x, tessera::detail::linearize(remote, g.get_local_range()));
#else
  const tessera::group::selected<T> in{x, detail::traits<G>::linear(g, remote)};
  return tessera::group::meet<T>(g, detail::op_t::select, s, 0, &tessera::group::select_from<T>::complete, in);
#endif
}

template <typename G, typename T, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T reduce_over_group(G g, T x, Op, detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::reduce(g, x, Op{});
#else
  return tessera::group::meet<T>(g, detail::op_t::reduce, s, 0, &tessera::group::reduce_with<T, Op>::complete, x);
#endif
}
template <typename G, typename V, typename T, typename Op, detail::if_group<G> = 0,
          typename = std::enable_if_t<std::is_invocable_v<Op, T, V>>>
TESSERA_HOST_DEVICE T reduce_over_group(G g, V x, T init, Op op, detail::site_t s = detail::site_t::here()) {
  return op(init, reduce_over_group(g, static_cast<T>(x), op, s));
}
template <typename G, typename T, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T inclusive_scan_over_group(G g, T x, Op, detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::inclusive_scan(g, x, Op{});
#else
  return tessera::group::meet<T>(g, detail::op_t::inclusive_scan, s, 0,
                                 &tessera::group::inclusive_scan_with<T, Op>::complete, x);
#endif
}
template <typename G, typename V, typename T, typename Op, detail::if_group<G> = 0,
          typename = std::enable_if_t<std::is_invocable_v<Op, T, V>>>
TESSERA_HOST_DEVICE T inclusive_scan_over_group(G g, V x, Op op, T init, detail::site_t s = detail::site_t::here()) {
  return op(init, inclusive_scan_over_group(g, static_cast<T>(x), op, s));
}
template <typename G, typename T, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T exclusive_scan_over_group(G g, T x, Op, detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::exclusive_scan(g, x, Op{});
#else
  return tessera::group::meet<T>(g, detail::op_t::exclusive_scan, s, 0,
                                 &tessera::group::exclusive_scan_with<T, Op>::complete, x);
#endif
}
template <typename G, typename V, typename T, typename Op, detail::if_group<G> = 0,
          typename = std::enable_if_t<std::is_invocable_v<Op, T, V>>>
TESSERA_HOST_DEVICE T exclusive_scan_over_group(G g, V x, T init, Op op, detail::site_t s = detail::site_t::here()) {
  return op(init, exclusive_scan_over_group(g, static_cast<T>(x), op, s));
}

// --- joint algorithms: the whole group works on one range; computed once, seen by all ---
namespace detail {
template <typename R, typename G, typename F>
R joint(const G& g, const site_t& s, F f) {
  return tessera::group::meet<R>(g, op_t::joint, s, 0, &tessera::group::joint_with<F>::complete, f);
}
} // namespace detail

template <typename G, typename Ptr, typename T, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE T joint_reduce(G g, Ptr first, Ptr last, T init, Op op, detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return op(init, tessera::cuda::joint_fold(g, first, last, T(known_identity<Op, T>::value), op));
#else
  return detail::joint<T>(g, s, [=] {
    T acc = init;
    for (Ptr p = first; p != last; ++p) acc = op(acc, *p);
    return acc;
  });
#endif
}
template <typename G, typename Ptr, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE auto joint_reduce(G g, Ptr first, Ptr last, Op op, detail::site_t s = detail::site_t::here()) {
  using T = typename std::iterator_traits<Ptr>::value_type;
  return joint_reduce(g, first, last, T(known_identity<Op, T>::value), op, s);
}
template <typename G, typename InPtr, typename OutPtr, typename Op, typename T, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE OutPtr joint_inclusive_scan(G g, InPtr first, InPtr last, OutPtr result, Op op, T init,
                            detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::joint_scan(g, first, last, result, init, op, true);
#else
  return detail::joint<OutPtr>(g, s, [=] {
    T acc = init;
    OutPtr o = result;
    for (InPtr p = first; p != last; ++p, ++o) *o = acc = op(acc, *p);
    return o;
  });
#endif
}
template <typename G, typename InPtr, typename OutPtr, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE OutPtr joint_inclusive_scan(G g, InPtr first, InPtr last, OutPtr result, Op op, detail::site_t s = detail::site_t::here()) {
  using T = typename std::iterator_traits<InPtr>::value_type;
  return joint_inclusive_scan(g, first, last, result, op, T(known_identity<Op, T>::value), s);
}
template <typename G, typename InPtr, typename OutPtr, typename T, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE OutPtr joint_exclusive_scan(G g, InPtr first, InPtr last, OutPtr result, T init, Op op,
                            detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::joint_scan(g, first, last, result, init, op, false);
#else
  return detail::joint<OutPtr>(g, s, [=] {
    T acc = init;
    OutPtr o = result;
    for (InPtr p = first; p != last; ++p, ++o) {
      const T x = *p; // in-place scans read before they write
      *o = acc;
      acc = op(acc, x);
    }
    return o;
  });
#endif
}
template <typename G, typename InPtr, typename OutPtr, typename Op, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE OutPtr joint_exclusive_scan(G g, InPtr first, InPtr last, OutPtr result, Op op, detail::site_t s = detail::site_t::here()) {
  using T = typename std::iterator_traits<InPtr>::value_type;
  return joint_exclusive_scan(g, first, last, result, T(known_identity<Op, T>::value), op, s);
}
template <typename G, typename Ptr, typename P, detail::if_group<G> = 0>
TESSERA_HOST_DEVICE bool joint_any_of(G g, Ptr first, Ptr last, P pred, detail::site_t s = detail::site_t::here()) {
#if TESSERA_DEVICE_PASS
  (void)s;
  return tessera::cuda::joint_some(g, first, last, pred);
#else
  return detail::joint<bool>(g, s, [=] { return std::any_of(first, last, pred); });
#endif
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
