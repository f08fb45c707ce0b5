// Figure 14-19: a reduction exploiting locality: each work-group reduces its values with
// reduce_over_group and only the group leader adds the group's sum atomically.
#pragma once
#include "common.hpp"

namespace figures {

inline result run_fig14_19(sycl::queue& q, std::size_t N) {
  using namespace sycl;
  constexpr std::size_t B = 64; // work-group size
  N = (N + B - 1) / B * B;
  int* data = malloc_shared<int>(N, q);
  int* sum = malloc_shared<int>(1, q);
  const std::vector<int> values = small_values<int>(N, 1419);
  std::copy(values.begin(), values.end(), data);
  *sum = 0;

  const auto t0 = clock::now();
  // --- Figure 14-19 ---
  q.parallel_for(nd_range<1>{N, B}, [=](nd_item<1> it) {
     int i = it.get_global_id(0);
     auto grp = it.get_group();
     int group_sum = reduce_over_group(grp, data[i], plus<>());
     if (grp.leader()) {
       atomic_ref<int, memory_order::relaxed,
                  memory_scope::system,
                  access::address_space::global_space>(*sum) += group_sum;
     }
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
