#pragma once
#include <cstddef>
#include <functional>

#include "tessera/detail/merge_path.hpp"
#include "tessera/ext/dpl/run.hpp"

// Searches in sorted ranges: merge, and oneDPL's vectorised binary searches (one search per
// value of a second range).
namespace tessera::dpl {

// The first position in sorted[0, n) whose element is not before x (upper: is after x).
template <typename It, typename T, typename Comp>
TESSERA_HOST_DEVICE std::size_t bound(It sorted, std::size_t n, const T& x, const Comp& comp, bool upper) {
  std::size_t lo = 0, hi = n;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    const bool go_right = upper ? !comp(x, sorted[mid]) : comp(sorted[mid], x);
    if (go_right) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

template <typename Policy, typename It, typename ValueIt, typename Out, typename Result>
Out search_each(Policy&& policy, It first, It last, ValueIt values_first, ValueIt values_last, Out result,
                Result result_of) {
  const std::size_t n = size_of(first, last), m = size_of(values_first, values_last);
  run(policy, [&](const auto& exec, auto& session) {
    auto sorted = tessera::dpl::bind(first, session, n);
    auto values = tessera::dpl::bind(values_first, session, m);
    auto out = tessera::dpl::bind(result, session, m);
    exec.for_each_index(m, [=](std::size_t i) { out[i] = result_of(sorted, n, values[i]); });
  });
  return result + m;
}

} // namespace tessera::dpl

namespace oneapi::dpl {

// Each piece of the output finds where its inputs start on the merge path, then merges serially.
template <typename Policy, typename In1, typename In2, typename Out, typename Comp>
tessera::dpl::enable_if_policy<Policy, Out> merge(Policy&& policy, In1 first1, In1 last1, In2 first2, In2 last2,
                                                  Out result, Comp comp) {
  const std::size_t na = tessera::dpl::size_of(first1, last1), nb = tessera::dpl::size_of(first2, last2);
  tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto a = tessera::dpl::bind(first1, session, na);
    auto b = tessera::dpl::bind(first2, session, nb);
    auto out = tessera::dpl::bind(result, session, na + nb);
    exec.for_each_piece(na + nb, [=](std::size_t d0, std::size_t d1) {
      std::size_t i = tessera::detail::co_rank(d0, a, na, b, nb, comp);
      std::size_t j = d0 - i;
      for (std::size_t d = d0; d < d1; ++d)
        if (j < nb && (i == na || comp(b[j], a[i]))) out[d] = b[j++];
        else out[d] = a[i++];
    });
  });
  return result + (na + nb);
}
template <typename Policy, typename In1, typename In2, typename Out>
tessera::dpl::enable_if_policy<Policy, Out> merge(Policy&& policy, In1 first1, In1 last1, In2 first2, In2 last2,
                                                  Out result) {
  return oneapi::dpl::merge(policy, first1, last1, first2, last2, result, std::less<>());
}

template <typename Policy, typename It, typename ValueIt, typename Out, typename Comp>
tessera::dpl::enable_if_policy<Policy, Out> lower_bound(Policy&& policy, It first, It last, ValueIt values_first,
                                                        ValueIt values_last, Out result, Comp comp) {
  return tessera::dpl::search_each(policy, first, last, values_first, values_last, result,
                                   [=](auto sorted, std::size_t n, const auto& x) {
                                     return tessera::dpl::bound(sorted, n, x, comp, false);
                                   });
}
template <typename Policy, typename It, typename ValueIt, typename Out>
tessera::dpl::enable_if_policy<Policy, Out> lower_bound(Policy&& policy, It first, It last, ValueIt values_first,
                                                        ValueIt values_last, Out result) {
  return oneapi::dpl::lower_bound(policy, first, last, values_first, values_last, result, std::less<>());
}
template <typename Policy, typename It, typename ValueIt, typename Out, typename Comp>
tessera::dpl::enable_if_policy<Policy, Out> upper_bound(Policy&& policy, It first, It last, ValueIt values_first,
                                                        ValueIt values_last, Out result, Comp comp) {
  return tessera::dpl::search_each(policy, first, last, values_first, values_last, result,
                                   [=](auto sorted, std::size_t n, const auto& x) {
                                     return tessera::dpl::bound(sorted, n, x, comp, true);
                                   });
}
template <typename Policy, typename It, typename ValueIt, typename Out>
tessera::dpl::enable_if_policy<Policy, Out> upper_bound(Policy&& policy, It first, It last, ValueIt values_first,
                                                        ValueIt values_last, Out result) {
  return oneapi::dpl::upper_bound(policy, first, last, values_first, values_last, result, std::less<>());
}
template <typename Policy, typename It, typename ValueIt, typename Out, typename Comp>
tessera::dpl::enable_if_policy<Policy, Out> binary_search(Policy&& policy, It first, It last, ValueIt values_first,
                                                          ValueIt values_last, Out result, Comp comp) {
  return tessera::dpl::search_each(policy, first, last, values_first, values_last, result,
                                   [=](auto sorted, std::size_t n, const auto& x) {
                                     const std::size_t at = tessera::dpl::bound(sorted, n, x, comp, false);
                                     return at < n && !comp(x, sorted[at]);
                                   });
}
template <typename Policy, typename It, typename ValueIt, typename Out>
tessera::dpl::enable_if_policy<Policy, Out> binary_search(Policy&& policy, It first, It last, ValueIt values_first,
                                                          ValueIt values_last, Out result) {
  return oneapi::dpl::binary_search(policy, first, last, values_first, values_last, result, std::less<>());
}

} // namespace oneapi::dpl
