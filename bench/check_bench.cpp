// tessera-check-bench: what check mode (docs/checks.md, issue 30) costs on barrier kernels:
//   a) figure 9-8's tiled matmul, 256^3 floats (work-groups of 16, two barriers per tile step),
//      the book's code;
//   b) a tree reduction in local memory, 2^20 ints in groups of 256 (8 barriers each).
// This program runs them unchecked; the same source compiled with TESSERA_CHECK
// (tessera-check-bench-checked, beside it) runs them checked when this one starts it with
// --child, and prints its times for this one's table. Both are compiled with the CBS pass where
// the build has it. Best of `reps` wall times and, apart, of the process's CPU times (on a
// machine shared with other work the CPU time is the steadier); goal (issue 30): checked <= 20x
// unchecked.
//
// Usage: tessera-check-bench [--quick]   (--quick: small sizes, one run each)
// Not built by default: ninja -C build tessera-check-bench tessera-check-bench-checked
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstring>
#include <ctime>
#include <numeric>
#include <string>
#include <vector>

#include <limits.h>
#include <unistd.h>

#include "best_of.hpp"
#include "figures/fig9_8.hpp"
#include "tree_sums.hpp"

namespace {

bool all_ok = true;

struct times {
  double wall = 1e30, cpu = 1e30; // seconds
};

times matmul(sycl::queue& q, std::size_t n, int reps) {
  const figures::result r = figures::fig9_8_matmul_local_tiled<float>(q, n, n, n, reps);
  all_ok &= r.ok;
  return {r.seconds, r.cpu_seconds};
}

times tree_reduction(sycl::queue& q, std::size_t n, int reps) {
  constexpr std::size_t group = 256;
  int* x = sycl::malloc_shared<int>(n, q);
  int* sums = sycl::malloc_shared<int>(n / group, q);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<int>(i % 13);
  times t;
  t.wall = best_of(reps, [&] {
    const std::clock_t cpu0 = std::clock();
    tree_sums<group>(q, x, sums, n).wait_and_throw();
    t.cpu = std::min(t.cpu, double(std::clock() - cpu0) / CLOCKS_PER_SEC);
  });
  for (std::size_t g = 0; g < n / group; ++g)
    all_ok &= sums[g] == std::accumulate(x + g * group, x + (g + 1) * group, 0);
  sycl::free(x, q);
  sycl::free(sums, q);
  return t;
}

// The checked twin's times, from its output; false where it did not run.
bool run_checked(bool quick, times& mm, times& tree) {
  char self[PATH_MAX] = {};
  if (readlink("/proc/self/exe", self, sizeof self - 1) <= 0) return false;
  std::string cmd = self;
  cmd += "-checked --child";
  if (quick) cmd += " --quick";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return false;
  const int got = std::fscanf(p, "%lf %lf %lf %lf", &mm.wall, &mm.cpu, &tree.wall, &tree.cpu);
  return pclose(p) == 0 && got == 4;
}

} // namespace

int main(int argc, char** argv) {
  bool quick = false, child = false;
  for (int i = 1; i < argc; ++i) {
    quick |= std::strcmp(argv[i], "--quick") == 0;
    child |= std::strcmp(argv[i], "--child") == 0;
  }
  const std::size_t n = quick ? 64 : 256, elements = quick ? std::size_t(1) << 14 : std::size_t(1) << 20;
#if defined(TESSERA_CHECK)
  const int reps = quick ? 1 : 3;
#else
  const int reps = quick ? 1 : 10;
#endif
  sycl::queue q(sycl::cpu_selector_v);
  matmul(q, 32, 1); // warm-up
  const times mm = matmul(q, n, reps), tree = tree_reduction(q, elements, reps);
  if (!all_ok) {
    std::fprintf(stderr, "wrong results\n");
    return 1;
  }
  if (child) {
    std::printf("%.9f %.9f %.9f %.9f\n", mm.wall, mm.cpu, tree.wall, tree.cpu);
    return 0;
  }
#if defined(TESSERA_CHECK)
  std::fprintf(stderr, "run tessera-check-bench, which starts this program\n");
  return 1;
#else
  times checked_mm, checked_tree;
  if (!run_checked(quick, checked_mm, checked_tree)) {
    std::fprintf(stderr, "tessera-check-bench-checked (beside this program) did not run\n");
    return 1;
  }
  std::printf("| kernel | unchecked ms, wall / CPU | checked ms, wall / CPU | checked / unchecked, wall / CPU "
              "(goal <= 20x) |\n|---|---|---|---|\n");
  const auto row = [](const std::string& kernel, times u, times c) {
    std::printf("| %s | %.3f / %.3f | %.3f / %.3f | %.1fx / %.1fx |\n", kernel.c_str(), u.wall * 1e3, u.cpu * 1e3,
                c.wall * 1e3, c.cpu * 1e3, c.wall / u.wall, c.cpu / u.cpu);
  };
  row("fig 9-8 tiled matmul " + std::to_string(n) + "^3 float", mm, checked_mm);
  row("tree reduction, 2^" + std::to_string(__builtin_ctzll(elements)) + " ints, groups of 256", tree, checked_tree);
  return 0;
#endif
}
