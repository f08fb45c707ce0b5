// Figure 14-12: a user-defined reduction: the minimum value of a vector and its position,
// reducing std::pair<float, int> with sycl::minimum (lexicographic order) and an explicit
// identity.
#pragma once
#include "common.hpp"

#include <limits>
#include <random>
#include <utility>

namespace figures {

// --- Figure 14-12 (the alias) ---
template <typename T, typename I>
using minloc = sycl::minimum<std::pair<T, I>>;

inline result run_fig14_12(sycl::queue& q, std::size_t N) {
  using namespace sycl;
  // --- Figure 14-12 (main, with N a parameter instead of constexpr 16) ---
  float* data = malloc_shared<float>(N, q);
  std::pair<float, int>* res = malloc_shared<std::pair<float, int>>(1, q);
  std::generate(data, data + N, std::mt19937{});

  std::pair<float, int> identity = {
      std::numeric_limits<float>::max(),
      std::numeric_limits<int>::min()};
  *res = identity;

  auto red = sycl::reduction(res, identity, minloc<float, int>());

  const auto t0 = clock::now();
  q.submit([&](handler& h) {
     h.parallel_for(
         range<1>{N},
         red,
         [=](id<1> i, auto& res) {
           std::pair<float, int> partial = {data[i], i};
           res.combine(partial);
         });
   }).wait_and_throw();
  // --- end of figure ---
  result r;
  r.seconds = seconds_since(t0);

  // Sequential reference: the lexicographically smallest (value, index) pair.
  std::pair<float, int> expect = identity;
  for (std::size_t i = 0; i < N; ++i) expect = std::min(expect, std::pair<float, int>{data[i], static_cast<int>(i)});
  r.ok = *res == expect;
  if (!r.ok)
    std::fprintf(stderr, "minimum value = %g at %d, expected %g at %d\n", res->first, res->second, expect.first,
                 expect.second);
  free(res, q);
  free(data, q);
  return r;
}

} // namespace figures
