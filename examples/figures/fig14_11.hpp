// Figure 14-11: an array reduction over a span computes a histogram; the reducer's
// operator[] gives the reducer of one bin.
#pragma once
#include "common.hpp"

namespace figures {

inline result run_fig14_11(sycl::queue& q, std::size_t N) {
  using namespace sycl;
  constexpr std::size_t B = 16;
  int* histogram = malloc_shared<int>(B, q);
  std::fill(histogram, histogram + B, 0);

  const auto t0 = clock::now();
  q.submit([&](handler& h) {
     // --- Figure 14-11 ---
     h.parallel_for(
         range{N},
         reduction(span<int, 16>(histogram, 16), plus<>()),
         [=](id<1> i, auto& histogram) {
           histogram[i % B]++;
         });
     // --- end of figure ---
   }).wait_and_throw();
  result r;
  r.seconds = seconds_since(t0);

  r.ok = true;
  for (std::size_t b = 0; b < B; ++b) {
    const long long expect = static_cast<long long>(N / B + (b < N % B ? 1 : 0));
    if (histogram[b] != expect) {
      std::fprintf(stderr, "bin %zu = %d, expected %lld\n", b, histogram[b], expect);
      r.ok = false;
    }
  }
  free(histogram, q);
  return r;
}

} // namespace figures
