#pragma once
#include <cstddef>

#include "tessera/detail/macros.hpp"

namespace tessera::detail {

// How many of the first d outputs of the stable merge of a[0, na) and b[0, nb) come from a (the
// merge takes a's element on ties). Lets each piece of a merge, or each output element, find its
// inputs on its own.
template <typename A, typename B, typename Comp>
TESSERA_HOST_DEVICE std::size_t co_rank(std::size_t d, A a, std::size_t na, B b, std::size_t nb, const Comp& comp) {
  std::size_t lo = d > nb ? d - nb : 0, hi = d < na ? d : na;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (!comp(b[d - mid - 1], a[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

} // namespace tessera::detail
