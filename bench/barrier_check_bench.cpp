// tessera-barrier-check-bench: what TESSERA_CHECK=1 (the GPU's barrier check,
// include/tessera/backend/cuda/barrier_check.hpp) costs, against the same program without it. The
// program runs its measurements twice, in two child processes (the runtime reads TESSERA_CHECK
// once): TESSERA_CHECK=0, then TESSERA_CHECK=1. Each figure is the best of `reps` runs.
//   launch    N back-to-back empty nd_range<1>(256, 256) kernels on an in_order queue, then wait:
//             microseconds per launch
//   tree sum  nd_range<1>(2^24, 256): each group sums its floats in local memory, halving the active
//             items at each of 8 barriers (9 barriers a group): milliseconds per kernel
//   reduce    the same sums through one reduce_over_group per item: milliseconds per kernel
//   barriers  132 x 8 groups of 256 items doing nothing but 256 barriers: nanoseconds per barrier
// And, on the host, the switch's cost per nd_range launch (tessera::cuda::check_enabled()).
//
// Usage: tessera-barrier-check-bench [--reps N] [--launches N]
// Exit status: 1 when a result is wrong or a child fails, else 0 (also with no GPU).
#include <sycl/sycl.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "best_of.hpp"
#include "tree_sums.hpp"

namespace {

struct options {
  int reps = 10;
  int launches = 10000;
};

double launch_us(sycl::queue& q, const options& o) {
  const double s = best_of(o.reps, [&] {
    for (int i = 0; i < o.launches; ++i) q.parallel_for(sycl::nd_range<1>(256, 256), [=](sycl::nd_item<1>) {});
    q.wait();
  });
  return s / o.launches * 1e6;
}

constexpr std::size_t n = std::size_t{1} << 24, group = 256;

// Group sums by a tree of barriers, checked against the sums of i (exact in float below 2^24).
double tree_sum_ms(sycl::queue& q, const float* x, float* sums, const options& o, bool& right) {
  const double s = best_of(o.reps, [&] {
    tree_sums<group>(q, x, sums, n);
    q.wait();
  });
  for (std::size_t g = 0; g < n / group && right; g += 997)
    right = sums[g] == static_cast<float>(group);
  return s * 1e3;
}

double reduce_ms(sycl::queue& q, const float* x, float* sums, const options& o, bool& right) {
  const double s = best_of(o.reps, [&] {
    q.parallel_for(sycl::nd_range<1>(n, group), [=](sycl::nd_item<1> it) {
      const float total = sycl::reduce_over_group(it.get_group(), x[it.get_global_id(0)], sycl::plus<float>());
      if (it.get_local_id(0) == 0) sums[it.get_group(0)] = total;
    });
    q.wait();
  });
  for (std::size_t g = 0; g < n / group && right; g += 997)
    right = sums[g] == static_cast<float>(group);
  return s * 1e3;
}

double barrier_ns(sycl::queue& q, const options& o) {
  constexpr int barriers = 256;
  const std::size_t groups = 132 * 8;
  const double s = best_of(o.reps, [&] {
    q.parallel_for(sycl::nd_range<1>(groups * group, group), [=](sycl::nd_item<1> it) {
      for (int k = 0; k < barriers; ++k) sycl::group_barrier(it.get_group());
    });
    q.wait();
  });
  return s / barriers * 1e9;
}

int measure(const options& o) {
  sycl::queue q{sycl::gpu_selector_v, sycl::property::queue::in_order{}};
  float* x = sycl::malloc_device<float>(n, q);
  float* sums = sycl::malloc_shared<float>(n / group, q);
  q.fill(x, 1.0f, n).wait();
  bool right = true;
  const double launch = launch_us(q, o);
  const double tree = tree_sum_ms(q, x, sums, o, right);
  const double reduce = reduce_ms(q, x, sums, o, right);
  const double barrier = barrier_ns(q, o);
  std::printf("TESSERA_CHECK=%s  launch %.2f us   tree sum %.3f ms   reduce %.3f ms   barrier %.1f ns%s\n",
              std::getenv("TESSERA_CHECK"), launch, tree, reduce, barrier, right ? "" : "   WRONG RESULTS");
  sycl::free(x, q);
  sycl::free(sums, q);
  return right ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
  options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--reps")) o.reps = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--launches")) o.launches = std::atoi(argv[i + 1]);
  }
  int status = 0;
  // Before anything touches CUDA: a child per setting.
  for (const char* setting : {"0", "1"}) {
    const pid_t child = fork();
    if (child == 0) {
      setenv("TESSERA_CHECK", setting, 1);
      if (sycl::device::get_devices(sycl::info::device_type::gpu).empty()) {
        std::printf("tessera-barrier-check-bench: no GPU\n");
        std::fflush(stdout);
        std::_Exit(0);
      }
      const int result = measure(o);
      std::fflush(stdout);
      std::_Exit(result);
    }
    int st = 0;
    waitpid(child, &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) status = 1;
  }
  // The switch on the host: read once, then asked at each nd_range launch.
  constexpr int asks = 100000000;
  int on = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < asks; ++i) {
    on += tessera::cuda::check_enabled();
    asm volatile("" : "+r"(on)); // one question per iteration
  }
  const double ns = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / asks * 1e9;
  std::printf("the switch on the host: %.2f ns per nd_range launch (tessera::cuda::check_enabled(), %s)\n", ns,
              on ? "on" : "off");
  return status;
}
