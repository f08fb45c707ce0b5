#pragma once
#include <cstddef>
#include <functional>
#include <utility>

#include "tessera/ext/dpl/access.hpp"
#include "tessera/ext/dpl/run.hpp"

// The reduce family: one value from the whole range (sums, counts, extremes), and the searches
// that reduce to "the first position where".
namespace tessera::dpl {

// The extremes are found in two passes: the extreme value by a plain reduction (a loop the
// compiler vectorises into min/max instructions), then its position by a search that stops at the
// first match. One pass over (value, position) pairs took 1.6x OpenMP's time on the CPU.
template <typename Comp>
struct lesser {
  Comp comp;
  template <typename T> TESSERA_HOST_DEVICE T operator()(const T& a, const T& b) const { return comp(b, a) ? b : a; }
};
template <typename Comp>
struct greater_of {
  Comp comp;
  template <typename T> TESSERA_HOST_DEVICE T operator()(const T& a, const T& b) const { return comp(a, b) ? b : a; }
};
// Neither before the other: equal as far as comp can tell.
template <typename Comp>
struct equivalent {
  Comp comp;
  template <typename T, typename U> TESSERA_HOST_DEVICE bool operator()(const T& a, const U& b) const {
    return !comp(a, b) && !comp(b, a);
  }
};

// Both extremes' values under comp over [0, n) of a bound sequence (n > 0).
template <typename T>
struct extremes {
  T lo, hi;
};

template <typename Exec, typename In, typename Comp>
auto extreme_values(const Exec& exec, In in, std::size_t n, Comp comp) {
  using T = std::decay_t<decltype(in[0])>;
  using E = extremes<T>;
  const lesser<Comp> lo{comp};
  const greater_of<Comp> hi{comp};
  const T x0 = in[0];
  return exec.reduce(n - 1, E{x0, x0}, [=](std::size_t i) { const T x = in[i + 1]; return E{x, x}; },
                     [=](const E& a, const E& b) { return E{lo(a.lo, b.lo), hi(a.hi, b.hi)}; });
}

// The first position of the least (greatest: `greatest`) element.
template <typename Policy, typename It, typename Comp>
std::size_t first_extreme(Policy&& policy, It first, It last, Comp comp, bool greatest) {
  const std::size_t n = size_of(first, last);
  if (n == 0) return 0;
  return run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    using T = value_t<It>;
    const T x0 = in[0];
    const T m = greatest ? exec.reduce(n - 1, x0, [=](std::size_t i) -> T { return in[i + 1]; }, greater_of<Comp>{comp})
                         : exec.reduce(n - 1, x0, [=](std::size_t i) -> T { return in[i + 1]; }, lesser<Comp>{comp});
    const equivalent<Comp> same{comp};
    return exec.find_first(n, [=](std::size_t i) { return same(in[i], m); });
  });
}

template <typename Policy, typename It, typename Pred>
std::size_t first_where(Policy&& policy, It first, It last, Pred pred) {
  const std::size_t n = size_of(first, last);
  return run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    return exec.find_first(n, [=](std::size_t i) { return static_cast<bool>(pred(in[i])); });
  });
}

} // namespace tessera::dpl

namespace oneapi::dpl {

template <typename Policy, typename It, typename T, typename Op>
tessera::dpl::enable_if_policy<Policy, T> reduce(Policy&& policy, It first, It last, T init, Op op) {
  const std::size_t n = tessera::dpl::size_of(first, last);
  return tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    return exec.reduce(n, init, tessera::dpl::read_as<T>(in), op);
  });
}
template <typename Policy, typename It, typename T>
tessera::dpl::enable_if_policy<Policy, T> reduce(Policy&& policy, It first, It last, T init) {
  return oneapi::dpl::reduce(policy, first, last, init, std::plus<>());
}
template <typename Policy, typename It>
tessera::dpl::enable_if_policy<Policy, tessera::dpl::value_t<It>> reduce(Policy&& policy, It first, It last) {
  return oneapi::dpl::reduce(policy, first, last, tessera::dpl::value_t<It>{}, std::plus<>());
}

template <typename Policy, typename It, typename T, typename Reduce, typename Transform>
tessera::dpl::enable_if_policy<Policy, T> transform_reduce(Policy&& policy, It first, It last, T init, Reduce red,
                                                           Transform tr) {
  const std::size_t n = tessera::dpl::size_of(first, last);
  return tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    return exec.reduce(n, init, [=](std::size_t i) -> T { return tr(in[i]); }, red);
  });
}
template <typename Policy, typename It1, typename It2, typename T, typename Reduce, typename Transform>
tessera::dpl::enable_if_policy<Policy, T> transform_reduce(Policy&& policy, It1 first1, It1 last1, It2 first2, T init,
                                                           Reduce red, Transform tr) {
  const std::size_t n = tessera::dpl::size_of(first1, last1);
  return tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto a = tessera::dpl::bind(first1, session, n);
    auto b = tessera::dpl::bind(first2, session, n);
    return exec.reduce(n, init, [=](std::size_t i) -> T { return tr(a[i], b[i]); }, red);
  });
}
template <typename Policy, typename It1, typename It2, typename T>
tessera::dpl::enable_if_policy<Policy, T> transform_reduce(Policy&& policy, It1 first1, It1 last1, It2 first2, T init) {
  return oneapi::dpl::transform_reduce(policy, first1, last1, first2, init, std::plus<>(), std::multiplies<>());
}

template <typename Policy, typename It, typename Pred>
tessera::dpl::enable_if_policy<Policy, tessera::dpl::difference_t<It>> count_if(Policy&& policy, It first, It last,
                                                                               Pred pred) {
  using D = tessera::dpl::difference_t<It>;
  return oneapi::dpl::transform_reduce(policy, first, last, D(0), std::plus<D>(),
                                       [=](const auto& x) { return pred(x) ? D(1) : D(0); });
}
template <typename Policy, typename It, typename T>
tessera::dpl::enable_if_policy<Policy, tessera::dpl::difference_t<It>> count(Policy&& policy, It first, It last,
                                                                            const T& value) {
  return oneapi::dpl::count_if(policy, first, last, [value](const auto& x) { return x == value; });
}

template <typename Policy, typename It, typename Comp>
tessera::dpl::enable_if_policy<Policy, It> min_element(Policy&& policy, It first, It last, Comp comp) {
  return first + tessera::dpl::first_extreme(policy, first, last, comp, false);
}
template <typename Policy, typename It>
tessera::dpl::enable_if_policy<Policy, It> min_element(Policy&& policy, It first, It last) {
  return oneapi::dpl::min_element(policy, first, last, std::less<>());
}
template <typename Policy, typename It, typename Comp>
tessera::dpl::enable_if_policy<Policy, It> max_element(Policy&& policy, It first, It last, Comp comp) {
  return first + tessera::dpl::first_extreme(policy, first, last, comp, true);
}
template <typename Policy, typename It>
tessera::dpl::enable_if_policy<Policy, It> max_element(Policy&& policy, It first, It last) {
  return oneapi::dpl::max_element(policy, first, last, std::less<>());
}

// The first least and the last greatest element, as std::minmax_element: both values in one
// reduction, then a search for each (the greatest from the back).
template <typename Policy, typename It, typename Comp>
tessera::dpl::enable_if_policy<Policy, std::pair<It, It>> minmax_element(Policy&& policy, It first, It last, Comp comp) {
  const std::size_t n = tessera::dpl::size_of(first, last);
  if (n == 0) return {first, first};
  const auto at = tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    const auto e = tessera::dpl::extreme_values(exec, in, n, comp);
    const auto lo = e.lo, hi = e.hi;
    const tessera::dpl::equivalent<Comp> same{comp};
    const std::size_t least = exec.find_first(n, [=](std::size_t i) { return same(in[i], lo); });
    const std::size_t from_back = exec.find_first(n, [=](std::size_t i) { return same(in[n - 1 - i], hi); });
    return std::pair<std::size_t, std::size_t>(least, n - 1 - from_back);
  });
  return {first + at.first, first + at.second};
}
template <typename Policy, typename It>
tessera::dpl::enable_if_policy<Policy, std::pair<It, It>> minmax_element(Policy&& policy, It first, It last) {
  return oneapi::dpl::minmax_element(policy, first, last, std::less<>());
}

template <typename Policy, typename It, typename Pred>
tessera::dpl::enable_if_policy<Policy, It> find_if(Policy&& policy, It first, It last, Pred pred) {
  return first + tessera::dpl::first_where(policy, first, last, pred);
}
template <typename Policy, typename It, typename Pred>
tessera::dpl::enable_if_policy<Policy, It> find_if_not(Policy&& policy, It first, It last, Pred pred) {
  return first + tessera::dpl::first_where(policy, first, last, [=](const auto& x) { return !pred(x); });
}
template <typename Policy, typename It, typename T>
tessera::dpl::enable_if_policy<Policy, It> find(Policy&& policy, It first, It last, const T& value) {
  return first + tessera::dpl::first_where(policy, first, last, [value](const auto& x) { return x == value; });
}

template <typename Policy, typename It, typename Pred>
tessera::dpl::enable_if_policy<Policy, bool> any_of(Policy&& policy, It first, It last, Pred pred) {
  return tessera::dpl::first_where(policy, first, last, pred) != tessera::dpl::size_of(first, last);
}
template <typename Policy, typename It, typename Pred>
tessera::dpl::enable_if_policy<Policy, bool> none_of(Policy&& policy, It first, It last, Pred pred) {
  return !oneapi::dpl::any_of(policy, first, last, pred);
}
template <typename Policy, typename It, typename Pred>
tessera::dpl::enable_if_policy<Policy, bool> all_of(Policy&& policy, It first, It last, Pred pred) {
  return !oneapi::dpl::any_of(policy, first, last, [=](const auto& x) { return !pred(x); });
}

template <typename Policy, typename It1, typename It2, typename Pred>
tessera::dpl::enable_if_policy<Policy, bool> equal(Policy&& policy, It1 first1, It1 last1, It2 first2, Pred pred) {
  const std::size_t n = tessera::dpl::size_of(first1, last1);
  return tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto a = tessera::dpl::bind(first1, session, n);
    auto b = tessera::dpl::bind(first2, session, n);
    return exec.find_first(n, [=](std::size_t i) { return !pred(a[i], b[i]); }) == n;
  });
}
template <typename Policy, typename It1, typename It2>
tessera::dpl::enable_if_policy<Policy, bool> equal(Policy&& policy, It1 first1, It1 last1, It2 first2) {
  return oneapi::dpl::equal(policy, first1, last1, first2, std::equal_to<>());
}
template <typename Policy, typename It1, typename It2, typename Pred>
tessera::dpl::enable_if_policy<Policy, bool> equal(Policy&& policy, It1 first1, It1 last1, It2 first2, It2 last2,
                                                   Pred pred) {
  return tessera::dpl::size_of(first1, last1) == tessera::dpl::size_of(first2, last2) &&
         oneapi::dpl::equal(policy, first1, last1, first2, pred);
}
template <typename Policy, typename It1, typename It2>
tessera::dpl::enable_if_policy<Policy, bool> equal(Policy&& policy, It1 first1, It1 last1, It2 first2, It2 last2) {
  return oneapi::dpl::equal(policy, first1, last1, first2, last2, std::equal_to<>());
}

} // namespace oneapi::dpl
