#pragma once
#include <cstddef>
#include <vector>

#include "tessera/backend/cpu/host_blocks.hpp"
#include "tessera/backend/cpu/host_sort.hpp"

namespace tessera::cpu {

// The pattern set the algorithm library (tessera/ext/dpl) is written in, on the CPU: the
// blocked patterns on the worker pool, or, for a sequential policy, on the calling thread.
// Functors take indices into the algorithm's range.
struct algorithm_patterns {
  bool parallel = true;

  template <typename F>
  void for_each_index(std::size_t n, const F& f) const {
    blocked_for(n, [&](std::size_t first, std::size_t last) {
      for (std::size_t i = first; i < last; ++i) f(i);
    }, parallel);
  }
  // write(i, read(i)) (the GPU's pattern batches the reads; here it is one loop).
  template <typename Read, typename Write>
  void map(std::size_t n, const Read& read, const Write& write) const {
    for_each_index(n, [&](std::size_t i) { write(i, read(i)); });
  }
  // f(first, last) over pieces of [0, n) (a merge finds its inputs once per piece).
  template <typename F>
  void for_each_piece(std::size_t n, const F& f) const {
    blocked_for(n, f, parallel);
  }
  template <typename T, typename Map, typename Op>
  T reduce(std::size_t n, T init, const Map& map, const Op& op) const {
    return blocked_reduce(n, init, map, op, parallel);
  }
  template <typename T, typename Map, typename Op, typename Write>
  void scan(std::size_t n, const Map& map, const Op& op, const T* init, bool inclusive, const Write& write) const {
    blocked_scan(n, map, op, init, inclusive, write, parallel);
  }
  template <typename Pred, typename Selected>
  std::size_t pack(std::size_t n, const Pred& pred, const Selected& selected) const {
    return blocked_partition(n, pred, selected, static_cast<const Selected*>(nullptr), parallel);
  }
  template <typename Pred, typename Selected, typename Rejected>
  std::size_t partition(std::size_t n, const Pred& pred, const Selected& selected, const Rejected& rejected) const {
    return blocked_partition(n, pred, selected, &rejected, parallel);
  }
  template <typename Pred>
  std::size_t find_first(std::size_t n, const Pred& pred) const {
    return blocked_find_first(n, pred, parallel);
  }
  template <typename T, typename Comp>
  void sort(T* data, std::size_t n, const Comp& comp, bool stable) const {
    parallel_sort(data, n, comp, stable, parallel);
  }
  // Scratch memory for n elements, where the patterns run.
  template <typename T>
  std::vector<T> temporary(std::size_t n) const {
    return std::vector<T>(n);
  }
};

} // namespace tessera::cpu
