#pragma once
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>

#include "tessera/ext/dpl/policy.hpp"
#include "tessera/glue/algorithm_patterns.hpp"

namespace tessera::dpl {

// Runs an algorithm's body(patterns, session) where its policy says: a device policy's queue,
// or the host. Algorithms are blocking, as oneDPL's are: their results are in place on return.
template <typename Policy, typename Body>
decltype(auto) run(Policy&& policy, Body&& body) {
  using P = std::decay_t<Policy>;
  if constexpr (policy_traits<P>::device)
    return glue::on_queue(policy.queue(), std::forward<Body>(body));
  else
    return glue::on_host(!policy_traits<P>::sequential, std::forward<Body>(body));
}

template <typename It>
using value_t = typename std::iterator_traits<It>::value_type;
template <typename It>
using difference_t = typename std::iterator_traits<It>::difference_type;

template <typename It>
std::size_t size_of(It first, It last) {
  const auto n = last - first;
  return n > 0 ? static_cast<std::size_t>(n) : 0;
}

} // namespace tessera::dpl
