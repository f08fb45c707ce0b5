// tessera-cbs-scan-phases: where figures 14-20..14-22's three-kernel scan spends its time
// (tessera-cbs-bench's row c), each launch timed alone: phase 1 (1024 groups of 128, 15 barriers
// each), phase 2 (one group of 1024 items), phase 3 (1024 groups, no barrier), the three in turn
// as the bench times them, and two empty nd_range launches of the same shapes (a launch's fixed
// cost: waking the pool and waiting for its event). Kernels compiled by clang 19 with the CBS pass.
//
// Usage: tessera-cbs-scan-phases [reps]   (default 200; best and median of each, in microseconds)
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "figures/fig14_20.hpp"

namespace {

// Best and median of `reps` runs of f, in microseconds.
template <typename F>
void report(const char* what, int reps, F&& f) {
  std::vector<double> t(reps);
  f(); // warm-up
  for (auto& s : t) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    s = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  }
  std::sort(t.begin(), t.end());
  std::printf("| %-44s | %9.1f | %9.1f |\n", what, t.front(), t[t.size() / 2]);
}

} // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 200;
  sycl::queue q{sycl::cpu_selector_v};
  constexpr std::size_t L = figures::scan_items_per_group, G = 1024, N = L * G;
  int32_t* in = sycl::malloc_shared<int32_t>(N, q);
  int32_t* out = sycl::malloc_shared<int32_t>(N, q);
  int32_t* tmp = sycl::malloc_shared<int32_t>(G, q);
  for (std::size_t i = 0; i < N; ++i) in[i] = static_cast<int32_t>(i % 7) - 3;
  std::printf("| launch (2^17 ints, %zu groups of %zu) | best us | median us |\n|---|---|---|\n", G, L);
  report("phase 1: block scans (fig 14-20)", reps, [&] { figures::scan_blocks(q, in, out, tmp, N).wait(); });
  report("phase 2: one group of 1024 (fig 14-21)", reps, [&] { figures::scan_totals(q, tmp, G).wait(); });
  report("phase 3: carries (fig 14-22)", reps, [&] { figures::scan_carry(q, out, tmp, N).wait(); });
  report("the three in turn", reps, [&] {
    figures::scan_blocks(q, in, out, tmp, N).wait();
    figures::scan_totals(q, tmp, G).wait();
    figures::scan_carry(q, out, tmp, N).wait();
  });
  report("empty nd_range, 1024 groups of 128", reps,
         [&] { q.parallel_for(sycl::nd_range<1>(N, L), [=](sycl::nd_item<1>) {}).wait(); });
  report("empty nd_range, one group of 1024", reps,
         [&] { q.parallel_for(sycl::nd_range<1>(G, G), [=](sycl::nd_item<1>) {}).wait(); });
  // The scan's result, so that a wrong kernel shows here too.
  int32_t running = 0;
  for (std::size_t i = 0; i < N; ++i)
    if (out[i] != (running += in[i])) {
      std::fprintf(stderr, "wrong sum at %zu\n", i);
      return 1;
    }
  sycl::free(tmp, q);
  sycl::free(out, q);
  sycl::free(in, q);
  return 0;
}
