#pragma once
#include <cstddef>
#include <functional>
#include <type_traits>

#include "tessera/ext/dpl/access.hpp"
#include "tessera/ext/dpl/run.hpp"

// The scan family: every output is the combination of all inputs up to it (inclusive) or
// before it (exclusive). The output may be the input range itself.
namespace tessera::dpl {

struct identity_map {
  template <typename T> TESSERA_HOST_DEVICE T&& operator()(T&& x) const { return static_cast<T&&>(x); }
};

// What the scan reads: the input as it is (a plain array is handed over as such, for the
// patterns' wide loads), or its map.
template <typename T, typename In, typename Map>
auto scan_reader(In in, Map map) {
  if constexpr (std::is_same_v<Map, identity_map>)
    return read_as<T>(in);
  else
    return [=](std::size_t i) -> T { return map(in[i]); };
}

template <typename T, typename Policy, typename In, typename Out, typename Op, typename Map>
Out scan(Policy&& policy, In first, In last, Out result, Op op, Map map, const T* init, bool inclusive) {
  const std::size_t n = size_of(first, last);
  run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    auto out = tessera::dpl::bind(result, session, n);
    exec.scan(n, scan_reader<T>(in, map), op, init, inclusive, write_as<T>(out));
  });
  return result + n;
}

// What a scan without init accumulates in: the mapped input's type, as std::inclusive_scan's.
template <typename In, typename Map>
using mapped_t = std::decay_t<std::invoke_result_t<const Map&, typename std::iterator_traits<In>::reference>>;

} // namespace tessera::dpl

namespace oneapi::dpl {

template <typename Policy, typename In, typename Out, typename Op, typename T>
tessera::dpl::enable_if_policy<Policy, Out> inclusive_scan(Policy&& policy, In first, In last, Out result, Op op,
                                                           T init) {
  return tessera::dpl::scan<T>(policy, first, last, result, op, tessera::dpl::identity_map{}, &init, true);
}
template <typename Policy, typename In, typename Out, typename Op>
tessera::dpl::enable_if_policy<Policy, Out> inclusive_scan(Policy&& policy, In first, In last, Out result, Op op) {
  using T = tessera::dpl::value_t<In>;
  return tessera::dpl::scan<T>(policy, first, last, result, op, tessera::dpl::identity_map{},
                               static_cast<const T*>(nullptr), true);
}
template <typename Policy, typename In, typename Out>
tessera::dpl::enable_if_policy<Policy, Out> inclusive_scan(Policy&& policy, In first, In last, Out result) {
  return oneapi::dpl::inclusive_scan(policy, first, last, result, std::plus<>());
}

template <typename Policy, typename In, typename Out, typename T, typename Op>
tessera::dpl::enable_if_policy<Policy, Out> exclusive_scan(Policy&& policy, In first, In last, Out result, T init,
                                                           Op op) {
  return tessera::dpl::scan<T>(policy, first, last, result, op, tessera::dpl::identity_map{}, &init, false);
}
template <typename Policy, typename In, typename Out, typename T>
tessera::dpl::enable_if_policy<Policy, Out> exclusive_scan(Policy&& policy, In first, In last, Out result, T init) {
  return oneapi::dpl::exclusive_scan(policy, first, last, result, init, std::plus<>());
}

template <typename Policy, typename In, typename Out, typename Op, typename Map, typename T>
tessera::dpl::enable_if_policy<Policy, Out> transform_inclusive_scan(Policy&& policy, In first, In last, Out result,
                                                                     Op op, Map map, T init) {
  return tessera::dpl::scan<T>(policy, first, last, result, op, map, &init, true);
}
template <typename Policy, typename In, typename Out, typename Op, typename Map>
tessera::dpl::enable_if_policy<Policy, Out> transform_inclusive_scan(Policy&& policy, In first, In last, Out result,
                                                                     Op op, Map map) {
  using T = tessera::dpl::mapped_t<In, Map>;
  return tessera::dpl::scan<T>(policy, first, last, result, op, map, static_cast<const T*>(nullptr), true);
}

template <typename Policy, typename In, typename Out, typename T, typename Op, typename Map>
tessera::dpl::enable_if_policy<Policy, Out> transform_exclusive_scan(Policy&& policy, In first, In last, Out result,
                                                                     T init, Op op, Map map) {
  return tessera::dpl::scan<T>(policy, first, last, result, op, map, &init, false);
}

} // namespace oneapi::dpl
