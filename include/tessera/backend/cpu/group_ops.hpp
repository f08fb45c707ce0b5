#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "sycl/exception.hpp"
#include "tessera/backend/cpu/collective_results.hpp"
#include "tessera/backend/cpu/compiled_group.hpp"
#include "tessera/backend/cpu/rendezvous.hpp"
#include "tessera/group/group_traits.hpp"

// The group algorithms on the CPU backend: each is one meeting at the rendezvous, where the last
// member to arrive computes every member's result (collective_results.hpp). The CUDA backend's
// group_ops.hpp has the same names and signatures; tessera/glue/group_ops.hpp picks one.
namespace tessera::cpu::ops {

using group::call_site;
using group::collective_op;

// One collective: hand `in` to the rendezvous, get this item's result back, through the C symbols
// that the CBS pass cuts kernels at (compiled_group.hpp), like the barrier.
template <typename R, typename G, typename In>
R meet(const G& g, collective_op op, const call_site& site, std::uint64_t param, complete_fn fn, const In& in) {
  using traits = group::traits<G>;
  R out{};
  if constexpr (traits::where == group::scope::work_group)
    tessera_cpu_work_group_collective(traits::exec(g), traits::member(g), static_cast<int>(op), site.file, site.line,
                                      param, fn, &in, &out);
  else
    tessera_cpu_sub_group_collective(traits::exec(g), traits::member(g), static_cast<int>(op), site.file, site.line,
                                     param, fn, &in, &out, g.first_member());
  return out;
}

[[noreturn, gnu::noinline, gnu::cold]] inline void throw_outside_group(std::uint64_t id, std::uint32_t size,
                                                                        const char* what) {
  throw sycl::exception(sycl::errc::invalid, std::string(what) + ": local id " + std::to_string(id) +
                                                 " is outside the group of " + std::to_string(size));
}

// The throw out of line, so that the check inlines to a compare and the CBS pass sees the
// collective's source id as the kernel computed it (a uniform id lets it forward a sub-group
// broadcast: compiler/cbs/forwarded_collectives.cpp).
template <typename G>
std::uint64_t checked_id(const G& g, std::uint64_t id, const char* what) {
  const auto size = group::traits<G>::size(g);
  if (id >= size) throw_outside_group(id, size, what);
  return id;
}

template <typename G, typename T>
T broadcast(const G& g, const T& x, std::size_t src, const call_site& s) {
  return meet<T>(g, collective_op::broadcast, s, checked_id(g, src, "group_broadcast"), &broadcast_from<T>::complete, x);
}

template <typename G> bool any(const G& g, bool p, const call_site& s) {
  return meet<bool>(g, collective_op::any_of, s, 0, &vote_any::complete, p);
}
template <typename G> bool all(const G& g, bool p, const call_site& s) {
  return meet<bool>(g, collective_op::all_of, s, 0, &vote_all::complete, p);
}
// Its own operation, so that items at any_of_group and at none_of_group are reported as mismatched.
template <typename G> bool none(const G& g, bool p, const call_site& s) {
  return !meet<bool>(g, collective_op::none_of, s, 0, &vote_any::complete, p);
}

template <typename G, typename T> T shift_left(const G& g, const T& x, std::size_t d, const call_site& s) {
  return meet<T>(g, collective_op::shift_left, s, d, &shift_left_by<T>::complete, x);
}
template <typename G, typename T> T shift_right(const G& g, const T& x, std::size_t d, const call_site& s) {
  return meet<T>(g, collective_op::shift_right, s, d, &shift_right_by<T>::complete, x);
}
template <typename G, typename T> T permute_xor(const G& g, const T& x, std::size_t mask, const call_site& s) {
  return meet<T>(g, collective_op::permute_xor, s, mask, &permute_by_xor<T>::complete, x);
}
template <typename G, typename T> T select(const G& g, const T& x, std::size_t remote, const call_site& s) {
  return meet<T>(g, collective_op::select, s, 0, &select_from<T>::complete, selected<T>{x, remote});
}

template <typename G, typename T, typename Op> T reduce(const G& g, const T& x, Op, const call_site& s) {
  return meet<T>(g, collective_op::reduce, s, 0, &reduce_with<T, Op>::complete, x);
}
template <typename G, typename T, typename Op> T inclusive_scan(const G& g, const T& x, Op, const call_site& s) {
  return meet<T>(g, collective_op::inclusive_scan, s, 0, &inclusive_scan_with<T, Op>::complete, x);
}
template <typename G, typename T, typename Op> T exclusive_scan(const G& g, const T& x, Op, const call_site& s) {
  return meet<T>(g, collective_op::exclusive_scan, s, 0, &exclusive_scan_with<T, Op>::complete, x);
}

// Joint algorithms: the whole group works on one range, which the last member to arrive walks
// once for all.
template <typename R, typename G, typename F> R joint(const G& g, const call_site& s, F f) {
  return meet<R>(g, collective_op::joint, s, 0, &joint_with<F>::complete, f);
}
template <typename G, typename Ptr, typename T, typename Op>
T joint_reduce(const G& g, Ptr first, Ptr last, T init, Op op, const call_site& s) {
  return joint<T>(g, s, [=] {
    T acc = init;
    for (Ptr p = first; p != last; ++p) acc = op(acc, *p);
    return acc;
  });
}
template <typename G, typename InPtr, typename OutPtr, typename T, typename Op>
OutPtr joint_scan(const G& g, InPtr first, InPtr last, OutPtr result, T init, Op op, bool inclusive,
                  const call_site& s) {
  return joint<OutPtr>(g, s, [=] {
    T acc = init;
    OutPtr o = result;
    for (InPtr p = first; p != last; ++p, ++o) {
      const T x = *p; // in-place scans read before they write
      if (inclusive) *o = acc = op(acc, x);
      else *o = acc, acc = op(acc, x);
    }
    return o;
  });
}
template <typename G, typename Ptr, typename P>
bool joint_any(const G& g, Ptr first, Ptr last, P pred, const call_site& s) {
  return joint<bool>(g, s, [=] { return std::any_of(first, last, pred); });
}

} // namespace tessera::cpu::ops
