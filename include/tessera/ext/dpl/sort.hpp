#pragma once
#include <cstddef>
#include <functional>
#include <type_traits>
#include <utility>

#include "tessera/ext/dpl/run.hpp"

// The sort family. Contiguous ranges are sorted where they are; others (zip or permutation
// iterators) are copied into scratch memory, sorted there and copied back.
namespace tessera::dpl {

template <typename Policy, typename It, typename Comp>
void sort(Policy&& policy, It first, It last, Comp comp, bool stable) {
  const std::size_t n = size_of(first, last);
  run(policy, [&](const auto& exec, auto& session) {
    auto seq = tessera::dpl::bind(first, session, n);
    using T = value_t<It>;
    if constexpr (std::is_pointer_v<decltype(seq)>) {
      exec.sort(seq, n, comp, stable);
    } else {
      auto scratch = exec.template temporary<T>(n);
      auto* tmp = scratch.data();
      exec.for_each_index(n, [=](std::size_t i) { tmp[i] = seq[i]; });
      exec.sort(tmp, n, comp, stable);
      exec.for_each_index(n, [=](std::size_t i) { seq[i] = tmp[i]; });
    }
  });
}

// A key with the position of its value, so that values follow their keys.
template <typename K>
struct keyed {
  K key;
  std::size_t from;
};
template <typename K, typename Comp>
struct by_key {
  Comp comp;
  TESSERA_HOST_DEVICE bool operator()(const keyed<K>& a, const keyed<K>& b) const { return comp(a.key, b.key); }
};

} // namespace tessera::dpl

namespace oneapi::dpl {

template <typename Policy, typename It, typename Comp>
tessera::dpl::enable_if_policy<Policy> sort(Policy&& policy, It first, It last, Comp comp) {
  tessera::dpl::sort(policy, first, last, comp, false);
}
template <typename Policy, typename It>
tessera::dpl::enable_if_policy<Policy> sort(Policy&& policy, It first, It last) {
  tessera::dpl::sort(policy, first, last, std::less<>(), false);
}
template <typename Policy, typename It, typename Comp>
tessera::dpl::enable_if_policy<Policy> stable_sort(Policy&& policy, It first, It last, Comp comp) {
  tessera::dpl::sort(policy, first, last, comp, true);
}
template <typename Policy, typename It>
tessera::dpl::enable_if_policy<Policy> stable_sort(Policy&& policy, It first, It last) {
  tessera::dpl::sort(policy, first, last, std::less<>(), true);
}

// oneDPL's extension: sorts the keys and puts the values in the keys' new order (stably).
template <typename Policy, typename KeyIt, typename ValueIt, typename Comp>
tessera::dpl::enable_if_policy<Policy> sort_by_key(Policy&& policy, KeyIt keys_first, KeyIt keys_last,
                                                   ValueIt values_first, Comp comp) {
  const std::size_t n = tessera::dpl::size_of(keys_first, keys_last);
  using K = tessera::dpl::value_t<KeyIt>;
  using V = tessera::dpl::value_t<ValueIt>;
  using E = tessera::dpl::keyed<K>;
  tessera::dpl::run(policy, [&](const auto& exec, auto& session) {
    auto keys = tessera::dpl::bind(keys_first, session, n);
    auto values = tessera::dpl::bind(values_first, session, n);
    auto entries = exec.template temporary<E>(n);
    auto old_values = exec.template temporary<V>(n);
    E* e = entries.data();
    V* v = old_values.data();
    exec.for_each_index(n, [=](std::size_t i) {
      e[i] = E{keys[i], i};
      v[i] = values[i];
    });
    exec.sort(e, n, tessera::dpl::by_key<K, Comp>{comp}, true);
    exec.for_each_index(n, [=](std::size_t i) {
      keys[i] = e[i].key;
      values[i] = v[e[i].from];
    });
  });
}
template <typename Policy, typename KeyIt, typename ValueIt>
tessera::dpl::enable_if_policy<Policy> sort_by_key(Policy&& policy, KeyIt keys_first, KeyIt keys_last,
                                                   ValueIt values_first) {
  oneapi::dpl::sort_by_key(policy, keys_first, keys_last, values_first, std::less<>());
}
template <typename Policy, typename KeyIt, typename ValueIt, typename... Comp>
tessera::dpl::enable_if_policy<Policy> stable_sort_by_key(Policy&& policy, KeyIt keys_first, KeyIt keys_last,
                                                          ValueIt values_first, Comp... comp) {
  oneapi::dpl::sort_by_key(policy, keys_first, keys_last, values_first, comp...);
}

} // namespace oneapi::dpl
