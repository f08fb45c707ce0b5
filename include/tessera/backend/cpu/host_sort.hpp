#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

#include "tessera/backend/cpu/host_blocks.hpp"
#include "tessera/detail/merge_path.hpp"

// The CPU's parallel sort for the algorithm library: each worker sorts one block, then rounds of
// pairwise merges halve the number of sorted runs; every merge is cut into pieces along its merge
// path so that all workers share even the last round. Stable when `stable` (stable block sorts,
// and merges that take the left run's element on ties).
namespace tessera::cpu {

// One round of parallel_sort: merges runs (0,1), (2,3), ... of `from` into `to`; a last odd run is copied.
template <typename T, typename Comp>
void merge_round(const T* from, T* to, const std::vector<std::size_t>& bounds, const Comp& comp) {
  const std::size_t runs = bounds.size() - 1, pairs = (runs + 1) / 2;
  const std::size_t pieces = std::max<std::size_t>(1, worker_count() / pairs);
  run_blocks(pairs * pieces, [&](std::size_t job) {
    const std::size_t p = job / pieces, piece = job % pieces;
    const std::size_t a0 = bounds[2 * p], a1 = bounds[2 * p + 1];
    const std::size_t b1 = 2 * p + 2 < bounds.size() ? bounds[2 * p + 2] : a1;
    const std::size_t na = a1 - a0, nb = b1 - a1, total = na + nb;
    const std::size_t d0 = piece * total / pieces, d1 = (piece + 1) * total / pieces;
    const std::size_t i0 = tessera::detail::co_rank(d0, from + a0, na, from + a1, nb, comp);
    const std::size_t i1 = tessera::detail::co_rank(d1, from + a0, na, from + a1, nb, comp);
    std::merge(from + a0 + i0, from + a0 + i1, from + a1 + (d0 - i0), from + a1 + (d1 - i1), to + a0 + d0, comp);
  });
}

template <typename T, typename Comp>
void parallel_sort(T* data, std::size_t n, const Comp& comp, bool stable, bool parallel = true) {
  const block_split s(n, parallel);
  if (s.count == 1) {
    if (stable) std::stable_sort(data, data + n, comp);
    else std::sort(data, data + n, comp);
    return;
  }
  std::vector<std::size_t> bounds(s.count + 1);
  for (std::size_t b = 0; b <= s.count; ++b) bounds[b] = s.begin(b);
  s.run([&](std::size_t b) {
    if (stable) std::stable_sort(data + bounds[b], data + bounds[b + 1], comp);
    else std::sort(data + bounds[b], data + bounds[b + 1], comp);
  });
  std::vector<T> scratch(n);
  T* from = data;
  T* to = scratch.data();
  while (bounds.size() > 2) {
    merge_round(from, to, bounds, comp);
    std::vector<std::size_t> merged;
    for (std::size_t i = 0; i < bounds.size(); i += 2) merged.push_back(bounds[i]);
    if (merged.back() != n) merged.push_back(n);
    bounds.swap(merged);
    std::swap(from, to);
  }
  if (from != data) blocked_for(n, [&](std::size_t first, std::size_t last) { std::copy(from + first, from + last, data + first); });
}

} // namespace tessera::cpu
