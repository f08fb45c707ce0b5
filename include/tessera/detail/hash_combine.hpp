#pragma once
// One hash of several values, for the std::hash specialisations of SYCL's classes with common
// reference semantics (SYCL 2020 §4.5.2) whose identity is more than one pointer.
#include <cstddef>
#include <functional>

namespace tessera::detail {

template <typename... A>
std::size_t hash_of(const A&... a) {
  std::size_t seed = 0;
  // boost::hash_combine's mixing: the golden ratio's bits and two shifts spread each value.
  ((seed ^= std::hash<A>{}(a) + 0x9e3779b97f4a7c15ull + (seed << 6) + (seed >> 2)), ...);
  return seed;
}

}  // namespace tessera::detail
