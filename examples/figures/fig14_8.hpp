// Figure 14-8: a sum expressed with the SYCL reduction library: the kernel body only
// combines into the reducer, the implementation chooses how to reduce.
#pragma once
#include "common.hpp"

namespace figures {

inline result run_fig14_8(sycl::queue& q, std::size_t N) {
  using namespace sycl;
  int* data = malloc_shared<int>(N, q);
  int* sum = malloc_shared<int>(1, q);
  std::vector<int> values = small_values<int>(N, 14);
  std::copy(values.begin(), values.end(), data);
  *sum = 0;

  const auto t0 = clock::now();
  q.submit([&](handler& h) {
     // --- Figure 14-8 ---
     h.parallel_for(
         range<1>{N}, reduction(sum, plus<>()),
         [=](id<1> i, auto& sum) { sum += data[i]; });
     // --- end of figure ---
   }).wait_and_throw();
  result r;
  r.seconds = seconds_since(t0);

  long long expect = 0;
  for (int v : values) expect += v;
  r.ok = *sum == expect;
  if (!r.ok) std::fprintf(stderr, "sum = %d, expected %lld\n", *sum, expect);
  free(sum, q);
  free(data, q);
  return r;
}

} // namespace figures
