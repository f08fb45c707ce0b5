#pragma once
#include <cstddef>
#include <functional>
#include <utility>

#include "tessera/ext/dpl/run.hpp"

// The reduce family: one value from the whole range (sums, counts, extremes), and the searches
// that reduce to "the first position where".
namespace tessera::dpl {

// An element's value with its position, so that extremes can say where they are.
template <typename T>
struct located {
  T value;
  std::size_t at;
};

// The first position of the least element under comp (ties: the earlier one).
template <typename T, typename Comp>
struct first_least {
  Comp comp;
  TESSERA_HOST_DEVICE located<T> operator()(const located<T>& a, const located<T>& b) const {
    if (comp(b.value, a.value)) return b;
    if (comp(a.value, b.value)) return a;
    return a.at <= b.at ? a : b;
  }
};
// The last position of the greatest element under comp (ties: the later one, as minmax_element).
template <typename T, typename Comp>
struct last_greatest {
  Comp comp;
  TESSERA_HOST_DEVICE located<T> operator()(const located<T>& a, const located<T>& b) const {
    if (comp(a.value, b.value)) return b;
    if (comp(b.value, a.value)) return a;
    return a.at >= b.at ? a : b;
  }
};
// The first position of the greatest element (ties: the earlier one, as max_element).
template <typename T, typename Comp>
struct first_greatest {
  Comp comp;
  TESSERA_HOST_DEVICE located<T> operator()(const located<T>& a, const located<T>& b) const {
    if (comp(a.value, b.value)) return b;
    if (comp(b.value, a.value)) return a;
    return a.at <= b.at ? a : b;
  }
};

template <typename Policy, typename It, typename Op>
std::size_t locate(Policy&& policy, It first, It last, Op op) {
  const std::size_t n = size_of(first, last);
  if (n == 0) return 0;
  return run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    using T = value_t<It>;
    const auto at = [=](std::size_t i) { return located<T>{in[i], i}; };
    return exec.reduce(n - 1, at(0), [=](std::size_t i) { return at(i + 1); }, op).at;
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
    return exec.reduce(n, init, [=](std::size_t i) -> T { return in[i]; }, op);
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
  return first + tessera::dpl::locate(policy, first, last, tessera::dpl::first_least<tessera::dpl::value_t<It>, Comp>{comp});
}
template <typename Policy, typename It>
tessera::dpl::enable_if_policy<Policy, It> min_element(Policy&& policy, It first, It last) {
  return oneapi::dpl::min_element(policy, first, last, std::less<>());
}
template <typename Policy, typename It, typename Comp>
tessera::dpl::enable_if_policy<Policy, It> max_element(Policy&& policy, It first, It last, Comp comp) {
  return first +
         tessera::dpl::locate(policy, first, last, tessera::dpl::first_greatest<tessera::dpl::value_t<It>, Comp>{comp});
}
template <typename Policy, typename It>
tessera::dpl::enable_if_policy<Policy, It> max_element(Policy&& policy, It first, It last) {
  return oneapi::dpl::max_element(policy, first, last, std::less<>());
}

// Both extremes in one pass: the first least and the last greatest element, as std::minmax_element.
template <typename Policy, typename It, typename Comp>
tessera::dpl::enable_if_policy<Policy, std::pair<It, It>> minmax_element(Policy&& policy, It first, It last, Comp comp) {
  const std::size_t n = tessera::dpl::size_of(first, last);
  if (n == 0) return {first, first};
  using T = tessera::dpl::value_t<It>;
  using L = tessera::dpl::located<T>;
  struct both {
    L lo, hi;
  };
  const tessera::dpl::first_least<T, Comp> lo{comp};
  const tessera::dpl::last_greatest<T, Comp> hi{comp};
  const both r = tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto in = tessera::dpl::bind(first, session, n);
    const auto at = [=](std::size_t i) { return both{L{in[i], i}, L{in[i], i}}; };
    return exec.reduce(n - 1, at(0), [=](std::size_t i) { return at(i + 1); },
                       [=](const both& a, const both& b) { return both{lo(a.lo, b.lo), hi(a.hi, b.hi)}; });
  });
  return {first + r.lo.at, first + r.hi.at};
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
