// Figure 14-18: a naive reduction: every work-item of a basic parallel_for adds its element
// to the sum with a relaxed atomic_ref.
#pragma once
#include "common.hpp"

namespace figures {

inline result run_fig14_18(sycl::queue& q, std::size_t N) {
  using namespace sycl;
  int* data = malloc_shared<int>(N, q);
  int* sum = malloc_shared<int>(1, q);
  const std::vector<int> values = small_values<int>(N, 1418);
  std::copy(values.begin(), values.end(), data);
  *sum = 0;

  const auto t0 = clock::now();
  // --- Figure 14-18 ---
  q.parallel_for(N, [=](id<1> i) {
     atomic_ref<int, memory_order::relaxed,
                memory_scope::system,
                access::address_space::global_space>(*sum) += data[i];
   }).wait();
  // --- end of figure ---
  q.wait_and_throw();
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
