#pragma once
// The benchmarks' tree reduction in local memory (tessera-cbs-bench, tessera-check-bench,
// tessera-barrier-check-bench): each work-group of Group items sums its elements of x by halving
// the active items after each barrier, log2(Group) barriers, and writes its sum to
// sums[group id]. Group is a constant so that the halving loop compiles as it did in each bench.
#include <sycl/sycl.hpp>

#include <cstddef>

template <std::size_t Group, typename T>
sycl::event tree_sums(sycl::queue& q, const T* x, T* sums, std::size_t n) {
  return q.submit([&](sycl::handler& h) {
    sycl::local_accessor<T> tile(Group, h);
    h.parallel_for(sycl::nd_range<1>{n, Group}, [=](sycl::nd_item<1> it) {
      const std::size_t l = it.get_local_id(0);
      tile[l] = x[it.get_global_id(0)];
      for (std::size_t half = Group / 2; half > 0; half /= 2) {
        sycl::group_barrier(it.get_group());
        if (l < half) tile[l] += tile[l + half];
      }
      if (l == 0) sums[it.get_group(0)] = tile[0];
    });
  });
}
