// Figure 14-13: the same set of reductions written three ways: std::reduce inside a basic
// kernel (one work-item per reduction), sycl::joint_reduce (one work-group per reduction,
// reading from memory) and sycl::reduce_over_group (one work-group per reduction, one value
// per work-item). All three outputs are checked against a sequential reference.
#pragma once
#include "common.hpp"

#include <numeric>

namespace figures {

// size = number of reductions; each reduces elements_per_reduction ints.
inline result run_fig14_13(sycl::queue& q, std::size_t number_of_reductions) {
  using namespace sycl;
  constexpr std::size_t elements_per_reduction = 64;
  const std::size_t N = number_of_reductions * elements_per_reduction;
  int* input = malloc_shared<int>(N, q);
  int* output1 = malloc_shared<int>(number_of_reductions, q);
  int* output2 = malloc_shared<int>(number_of_reductions, q);
  int* output3 = malloc_shared<int>(number_of_reductions, q);
  const std::vector<int> values = small_values<int>(N, 1413);
  std::copy(values.begin(), values.end(), input);
  std::fill(output1, output1 + number_of_reductions, -12345);
  std::fill(output2, output2 + number_of_reductions, -12345);
  std::fill(output3, output3 + number_of_reductions, -12345);

  const auto t0 = clock::now();
  // --- Figure 14-13 ---
  // std::reduce
  // Each work-item reduces over a given input range
  q.parallel_for(number_of_reductions, [=](size_t i) {
     output1[i] = std::reduce(
         input + i * elements_per_reduction,
         input + (i + 1) * elements_per_reduction);
   }).wait();

  // sycl::joint_reduce
  // Each work-group reduces over a given input range
  // The elements are automatically distributed over
  // work-items in the group
  q.parallel_for(nd_range<1>{number_of_reductions * elements_per_reduction, elements_per_reduction},
                 [=](nd_item<1> it) {
                   auto g = it.get_group();
                   int sum = joint_reduce(
                       g,
                       input + g.get_group_id() * elements_per_reduction,
                       input + (g.get_group_id() + 1) * elements_per_reduction,
                       plus<>());
                   if (g.leader()) {
                     output2[g.get_group_id()] = sum;
                   }
                 }).wait();

  // sycl::reduce_over_group
  // Each work-group reduces over data held in work-item
  // private memory. Each work-item is responsible for
  // loading and contributing one value
  q.parallel_for(
       nd_range<1>{number_of_reductions * elements_per_reduction, elements_per_reduction},
       [=](nd_item<1> it) {
         auto g = it.get_group();
         int x = input[g.get_group_id() * elements_per_reduction + g.get_local_id()];
         int sum = reduce_over_group(g, x, plus<>());
         if (g.leader()) {
           output3[g.get_group_id()] = sum;
         }
       }).wait();
  // --- end of figure ---
  q.wait_and_throw();
  result r;
  r.seconds = seconds_since(t0);

  r.ok = true;
  const char* names[3] = {"std::reduce", "joint_reduce", "reduce_over_group"};
  int* outputs[3] = {output1, output2, output3};
  for (std::size_t i = 0; i < number_of_reductions && r.ok; ++i) {
    int expect = 0;
    for (std::size_t e = 0; e < elements_per_reduction; ++e) expect += values[i * elements_per_reduction + e];
    for (int v = 0; v < 3; ++v)
      if (outputs[v][i] != expect) {
        std::fprintf(stderr, "%s: reduction %zu = %d, expected %d\n", names[v], i, outputs[v][i], expect);
        r.ok = false;
      }
  }
  free(output3, q);
  free(output2, q);
  free(output1, q);
  free(input, q);
  return r;
}

} // namespace figures
