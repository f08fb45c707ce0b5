// tessera-root-barrier-bench: the cost of one barrier across every work-group of a launch
// (sycl_ext_oneapi_root_group's group_barrier(root_group), issue 11 / seed 002), in microseconds.
//
// CPU (always): a use_root_sync kernel whose work-items do nothing but K root barriers, on the
//   worker pool, for work-groups of 1 and 64 items, one work-group per worker and four; vs K
//   `#pragma omp barrier` in an OpenMP team of as many threads as the pool has workers; and, for
//   scale, K work-group barriers of an ordinary nd_range launch of the same shape (the cost of
//   switching the items' fibers, which the root barrier pays too).
// GPU (when compiled as CUDA and a GPU is present): work-groups of 32 (one warp), 1, 2, 4, 8 and 16
//   per SM and as many per SM as fit (full occupancy), K barriers of each of: Tessera's root-group barrier,
//   cooperative_groups' grid.sync() in a plain CUDA cooperative kernel, and the seed's three
//   hand-made barriers (examples/figures/seed002.hpp) written in SYCL, and the design issue 11
//   suggests (a generation flag that the last arrival publishes), also in SYCL.
// Each figure is (t(2K) - t(K)) / K, with t the best of `reps` runs, so that the launch and the wait
// are not counted.
//
// Usage: tessera-root-barrier-bench [--quick] [--reps N] [--cpu-only]
// Exit status: 1 when a launch fails, else 0 (also with no GPU).
#include <sycl/sycl.hpp>

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>

#include "figures/seed002.hpp"

#if defined(__CUDA__)
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#endif

namespace {
namespace syclex = sycl::ext::oneapi::experimental;
namespace s2 = figures::seed002;
using clock_type = std::chrono::steady_clock;

double seconds(const std::function<void()>& f) {
  const auto t0 = clock_type::now();
  f();
  return std::chrono::duration<double>(clock_type::now() - t0).count();
}

// Microseconds per barrier of `run(k)`, which performs k barriers.
double us_per_barrier(const std::function<void(std::size_t)>& run, std::size_t k, int reps) {
  run(k); // warm-up: stacks, the kernel's first launch
  double once = 1e30, twice = 1e30;
  for (int r = 0; r < reps; ++r) {
    once = std::min(once, seconds([&] { run(k); }));
    twice = std::min(twice, seconds([&] { run(2 * k); }));
  }
  return std::max(twice - once, 0.0) / double(k) * 1e6;
}

template <typename Barrier> class barrier_loop;

// K barriers of `b` in every work-item of `groups` work-groups of `local`; `state` (the hand-made
// barriers' counters and flags) is zeroed first.
template <typename Barrier>
void barrier_kernel(sycl::queue& q, std::size_t groups, std::size_t local, std::size_t k, Barrier b,
                    void* state = nullptr) {
  if (state) q.memset(state, 0, std::max<std::size_t>(s2::scratch_bytes(groups), 256)).wait();
  q.parallel_for<barrier_loop<Barrier>>(sycl::nd_range<1>(groups * local, local),
                                        syclex::properties{syclex::use_root_sync}, [=](sycl::nd_item<1> it) {
                                          Barrier mine = b;
                                          for (std::size_t j = 0; j < k; ++j) mine(it);
                                        })
      .wait();
}

class work_group_loop;

// For scale: K work-group barriers in an ordinary nd_range launch (what the items' fibers cost).
void work_group_barrier_kernel(sycl::queue& q, std::size_t groups, std::size_t local, std::size_t k) {
  q.parallel_for<work_group_loop>(sycl::nd_range<1>(groups * local, local), [=](sycl::nd_item<1> it) {
     for (std::size_t j = 0; j < k; ++j) sycl::group_barrier(it.get_group());
   }).wait();
}

void print_row(const char* what, std::size_t groups, std::size_t local, double us) {
  std::printf("  %-34s %6zu x %-5zu %9.3f us\n", what, groups, local, us);
}

void cpu_section(int reps, bool quick) {
  sycl::queue q{sycl::cpu_selector_v};
  const auto workers = static_cast<std::size_t>(q.get_device().get_info<sycl::info::device::max_compute_units>());
  const std::size_t k = quick ? 200 : 5000;
  std::printf("CPU: %s, %zu workers; per barrier (work-groups x items)\n",
              q.get_device().get_info<sycl::info::device::name>().c_str(), workers);
  double omp = 1e30;
  omp_set_num_threads(static_cast<int>(workers));
  auto omp_run = [](std::size_t n) {
#pragma omp parallel
    for (std::size_t j = 0; j < n; ++j) {
#pragma omp barrier
    }
  };
  omp = us_per_barrier(omp_run, k, reps);
  print_row("OpenMP barrier (threads x 1)", workers, 1, omp);
  for (std::size_t per_worker : {1, 4})
    for (std::size_t local : {1, 64}) {
      const std::size_t groups = workers * per_worker;
      const double us = us_per_barrier(
          [&](std::size_t n) { barrier_kernel(q, groups, local, n, s2::root_group_barrier{}); }, k, reps);
      print_row("root-group barrier (Tessera)", groups, local, us);
      if (local == 1) continue;
      const double wg = us_per_barrier(
          [&](std::size_t n) { work_group_barrier_kernel(q, groups, local, n); }, k, reps);
      print_row("  for scale: work-group barrier", groups, local, wg);
    }
}

#if defined(__CUDA__)
// The design issue 11 suggests, for comparison with Tessera's flat counter: arrivals on one line,
// the last arrival publishes a generation on another, which the other groups' leaders poll.
struct last_arrival_flag {
  unsigned* count;      // line 0
  unsigned* generation; // another line
  unsigned epoch = 0;
  SYCL_EXTERNAL void operator()(const sycl::nd_item<1>& it) {
    sycl::group_barrier(it.get_group());
    ++epoch;
    if (it.get_local_id(0) == 0) {
      s2::flag_ref c(*count), g(*generation);
      const auto groups = static_cast<unsigned>(it.get_group_range(0));
      if (c.fetch_add(1u) + 1 == epoch * groups) g.store(epoch, sycl::memory_order::release);
      else
        while (g.load(sycl::memory_order::acquire) != epoch) {
        }
    }
    sycl::group_barrier(it.get_group());
  }
};

__global__ void grid_sync_loop(std::size_t k) {
  auto grid = cooperative_groups::this_grid();
  for (std::size_t j = 0; j < k; ++j) grid.sync();
}

void grid_sync_run(std::size_t groups, std::size_t local, std::size_t k) {
  void* args[] = {&k};
  if (cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(grid_sync_loop), dim3(unsigned(groups)),
                                  dim3(unsigned(local)), args, 0, nullptr) != cudaSuccess ||
      cudaDeviceSynchronize() != cudaSuccess)
    throw std::runtime_error("grid.sync kernel failed");
}

std::size_t grid_sync_blocks_per_sm(std::size_t local) {
  int n = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, grid_sync_loop, int(local), 0);
  return std::size_t(n);
}

template <typename Barrier>
std::size_t full_groups(sycl::queue& q, std::size_t local) {
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  return bundle.get_kernel<barrier_loop<Barrier>>()
      .template ext_oneapi_get_info<syclex::info::kernel_queue_specific::max_num_work_groups>(q, sycl::range<1>(local),
                                                                                            0);
}

template <typename Barrier>
void gpu_row(sycl::queue& q, const char* what, std::size_t groups, std::size_t local, std::size_t k, int reps,
             Barrier b, void* state) {
  const double us = us_per_barrier([&](std::size_t n) { barrier_kernel(q, groups, local, n, b, state); }, k, reps);
  print_row(what, groups, local, us);
}

void gpu_section(int reps, bool quick) {
  sycl::device gpu;
  bool found = false;
  for (const auto& d : sycl::device::get_devices())
    if (d.is_gpu() && !found) gpu = d, found = true;
  if (!found) {
    std::printf("GPU: none found\n");
    return;
  }
  sycl::queue q{gpu};
  const auto sms = static_cast<std::size_t>(gpu.get_info<sycl::info::device::max_compute_units>());
  constexpr std::size_t local = 32;
  const std::size_t per_sm_full = full_groups<s2::root_group_barrier>(q, local) / sms;
  const std::size_t scratch_bytes = std::max<std::size_t>(s2::scratch_bytes(sms * per_sm_full), 256);
  void* scratch = sycl::malloc_device(scratch_bytes, q);
  std::printf("GPU: %s, %zu SMs; per barrier (work-groups x items); grid.sync fits %zu blocks of %zu per SM\n",
              gpu.get_info<sycl::info::device::name>().c_str(), sms, grid_sync_blocks_per_sm(local), local);
  for (std::size_t per_sm : {std::size_t{1}, std::size_t{2}, std::size_t{4}, std::size_t{8}, std::size_t{16},
                             per_sm_full}) {
    if (per_sm > per_sm_full) continue;
    const std::size_t groups = sms * per_sm;
    const std::size_t k = quick ? 200 : per_sm <= 2 ? 20000 : 2000;
    std::printf(" %zu work-group(s) of %zu per SM\n", per_sm, local);
    gpu_row(q, "root-group barrier (Tessera)", groups, local, k, reps, s2::root_group_barrier{}, nullptr);
    const double cg = us_per_barrier([&](std::size_t n) { grid_sync_run(groups, local, n); }, k, reps);
    print_row("cooperative_groups grid.sync()", groups, local, cg);
    auto* counter = static_cast<unsigned long long*>(scratch);
    // Method 1 makes every work-item's atomic meet at one address: a tenth of the barriers
    // (us_per_barrier divides by the count it was given).
    gpu_row(q, "seed method 1: global counter", groups, local, std::max<std::size_t>(k / 10, 10), reps,
            s2::global_counter{counter}, scratch);
    gpu_row(q, "seed method 2: group leaders", groups, local, k, reps, s2::group_leaders{counter}, scratch);
    gpu_row(q, "seed method 3: group flags", groups, local, k, reps, s2::group_flags{static_cast<unsigned*>(scratch)},
            scratch);
    auto* words = static_cast<unsigned*>(scratch);
    gpu_row(q, "flag set by the last arrival", groups, local, k, reps, last_arrival_flag{words, words + 32}, scratch);
  }
  sycl::free(scratch, q);
}
#endif

} // namespace

int main(int argc, char** argv) {
  int reps = 5;
  bool quick = false, cpu_only = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true, reps = 1;
    else if (!std::strcmp(argv[i], "--cpu-only")) cpu_only = true;
    else if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) reps = std::atoi(argv[++i]);
  }
  try {
    cpu_section(reps, quick);
#if defined(__CUDA__)
    if (!cpu_only) gpu_section(reps, quick);
#else
    (void)cpu_only;
#endif
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
