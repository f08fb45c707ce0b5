// tessera-fiber-bench: what a work-group barrier costs on fibers, the CPU path of barrier kernels
// that the CBS pass does not compile (a g++ build without clang 19, code out of the pass's sight).
// Groups of L items (64, 256, 1024) of 2^16 ints, with 1 and with 9 barriers; the difference over
// 8 x 2^16 is the cost of one barrier for one item, the 1-barrier run's time per item what starting
// and ending an item adds. Times are the process's CPU time, the least of `reps` launches: on a
// shared machine, wall time measures the other programs.
//
// Usage: TESSERA_NUM_THREADS=1 tessera-fiber-bench [reps]   (default 100)
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "tessera/backend/cpu/compiled_group.hpp"

namespace {

double cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The least CPU time of `reps` launches of `barriers` barriers in groups of `group` items.
double least_time(sycl::queue& q, int* x, std::size_t n, std::size_t group, int barriers, int reps) {
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    const double t0 = cpu_seconds();
    q.submit([&](sycl::handler& h) {
       sycl::local_accessor<int> tile(group, h);
       h.parallel_for(sycl::nd_range<1>{n, group}, [=](sycl::nd_item<1> it) {
         const std::size_t l = it.get_local_id(0);
         tile[l] = x[it.get_global_id(0)];
         for (int b = 0; b < barriers; ++b) {
           it.barrier();
           tile[l ^ 1] += 1;
         }
         x[it.get_global_id(0)] = tile[l];
       });
     }).wait();
    best = std::min(best, cpu_seconds() - t0);
  }
  return best;
}

} // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::max(1, std::atoi(argv[1])) : 100;
  constexpr std::size_t n = std::size_t(1) << 16;
  tessera::cpu::enable_compiled_groups(false); // fibers, whichever compiler built the kernels
  sycl::queue q{sycl::cpu_selector_v};
  int* x = sycl::malloc_shared<int>(n, q);
  std::fill(x, x + n, 1);
  std::printf("| work-group size | ns per item per barrier | ns per item, start + 1 barrier |\n|---|---|---|\n");
  for (std::size_t group : {64, 256, 1024}) {
    least_time(q, x, n, group, 9, 1); // warm-up: the workers' stacks
    const double one = least_time(q, x, n, group, 1, reps), nine = least_time(q, x, n, group, 9, reps);
    std::printf("| %zu | %.1f | %.1f |\n", group, (nine - one) * 1e9 / (8.0 * n), one * 1e9 / n);
  }
  sycl::free(x, q);
  return 0;
}
