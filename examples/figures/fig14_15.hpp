// Figure 14-15: the map pattern as a basic parallel_for: the square root of every element.
#pragma once
#include "common.hpp"

namespace figures {

inline result run_fig14_15(sycl::queue& q, std::size_t N) {
  using namespace sycl;
  float* input = malloc_shared<float>(N, q);
  float* output = malloc_shared<float>(N, q);
  for (std::size_t i = 0; i < N; ++i) input[i] = static_cast<float>(i) * 0.25f;
  std::fill(output, output + N, -1.0f);

  const auto t0 = clock::now();
  // --- Figure 14-15 ---
  // Compute the square root of each input value
  q.parallel_for(N, [=](id<1> i) {
     output[i] = sqrt(input[i]);
   }).wait();
  // --- end of figure ---
  q.wait_and_throw();
  result r;
  r.seconds = seconds_since(t0);

  // sqrt is correctly rounded, but allow one ulp in case the kernel's sqrt is not std::sqrt.
  r.ok = true;
  for (std::size_t i = 0; i < N && r.ok; ++i) {
    const float expect = std::sqrt(static_cast<float>(i) * 0.25f);
    if (std::fabs(output[i] - expect) > 1.2e-7f * expect) {
      std::fprintf(stderr, "mismatch at %zu: got %.9g, expected %.9g\n", i, output[i], expect);
      r.ok = false;
    }
  }
  free(output, q);
  free(input, q);
  return r;
}

} // namespace figures
