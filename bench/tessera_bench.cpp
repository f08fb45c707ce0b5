// tessera-bench: Tessera's CPU backend against OpenMP on the same machine, in one run.
//
//   a) STREAM triad a[i] = b[i] + s*c[i] over 2^25 doubles (USM, parallel_for(range<1>))
//      vs `#pragma omp parallel for simd`: best of 10, GB/s, ratio Tessera/OpenMP.
//   b) Figure 9-8 tiled matmul (nd_range, tile 16, two barriers per tile, 512^3 floats) vs the
//      same tiling in OpenMP (parallel over rows x column blocks): time, ratio.
//   c) cost of one work-group barrier per work-item (256-item groups, K = 100 barriers
//      in a loop, minus the same kernel without barriers), in ns.
//   d) empty kernel launch latency (q.parallel_for + wait), in microseconds.
//
// Usage: tessera-bench [--quick]   (--quick: small sizes, a smoke run for CTest)
#include <sycl/sycl.hpp>

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "figures/fig9_8.hpp" // the book's kernel, shared with examples/

namespace {

using clock_type = std::chrono::steady_clock;

double now_s() { return std::chrono::duration<double>(clock_type::now().time_since_epoch()).count(); }

template <typename F>
double best_of(int reps, F&& f) {
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    const double t0 = now_s();
    f();
    best = std::min(best, now_s() - t0);
  }
  return best;
}

template <typename F>
double median_of(int reps, F&& f) {
  std::vector<double> t(reps);
  for (int r = 0; r < reps; ++r) {
    const double t0 = now_s();
    f();
    t[r] = now_s() - t0;
  }
  std::sort(t.begin(), t.end());
  return t[reps / 2];
}

struct row {
  std::string metric, unit;
  double tessera, openmp; // openmp < 0: no OpenMP counterpart
  std::string target;
  bool higher_is_better;
};

std::vector<row> rows;
bool all_checks_ok = true;

// ---------------------------------------------------------------------------------------
// a) STREAM triad
// ---------------------------------------------------------------------------------------
void bench_triad(sycl::queue& q, std::size_t n, int reps) {
  double* a = sycl::malloc_shared<double>(n, q);
  double* b = sycl::malloc_shared<double>(n, q);
  double* c = sycl::malloc_shared<double>(n, q);
  const double s = 3.0;
  // First touch in parallel, as STREAM does.
#pragma omp parallel for simd
  for (std::size_t i = 0; i < n; ++i) a[i] = 0.0, b[i] = 1.0, c[i] = 2.0;

  auto tessera_triad = [&] {
    q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = b[i] + s * c[i]; }).wait();
  };
  auto omp_triad = [&] {
#pragma omp parallel for simd
    for (std::size_t i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
  };
  // Warm up both, then interleave the timed runs so that both see the same machine state.
  tessera_triad();
  omp_triad();
  double t_tes = 1e30, t_omp = 1e30;
  for (int r = 0; r < reps; ++r) {
    t_tes = std::min(t_tes, best_of(1, tessera_triad));
    t_omp = std::min(t_omp, best_of(1, omp_triad));
  }
  tessera_triad();
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != 7.0) {
      std::fprintf(stderr, "triad: wrong result at %zu: %g\n", i, a[i]);
      all_checks_ok = false;
      break;
    }
  const double bytes = 3.0 * sizeof(double) * double(n);
  rows.push_back({"STREAM triad, 2^" + std::to_string(__builtin_ctzll(n)) + " doubles", "GB/s", bytes / t_tes * 1e-9,
                  bytes / t_omp * 1e-9, ">= 0.95x OpenMP", true});
  sycl::free(a, q);
  sycl::free(b, q);
  sycl::free(c, q);
}

// ---------------------------------------------------------------------------------------
// b) Figure 9-8 tiled matmul vs the same tiling in OpenMP
// ---------------------------------------------------------------------------------------
void omp_tiled_matmul(const float* A, const float* B, float* C, int M, int N, int K) {
  constexpr int tile_size = 16;
  // One iteration of (m, n0) is one work-group of figure 9-8: a row m, columns n0..n0+15.
#pragma omp parallel for collapse(2) schedule(static)
  for (int m = 0; m < M; ++m)
    for (int n0 = 0; n0 < N; n0 += tile_size) {
      float sum[tile_size] = {};
      float tileA[tile_size];
      for (int kk = 0; kk < K; kk += tile_size) {
        for (int i = 0; i < tile_size; ++i) tileA[i] = A[m * K + kk + i]; // load the tile
        for (int k = 0; k < tile_size; ++k)
#pragma omp simd
          for (int i = 0; i < tile_size; ++i) sum[i] += tileA[k] * B[(kk + k) * N + n0 + i];
      }
      for (int i = 0; i < tile_size; ++i) C[m * N + n0 + i] = sum[i];
    }
}

void bench_matmul(sycl::queue& q, std::size_t n, int reps) {
  // Tessera: the figure's own code (buffers + accessors, checked against a reference).
  figures::fig9_8_matmul_local_tiled<float>(q, 64, 64, 64, 1); // warm-up (fiber stacks, pool)
  const figures::result r = figures::fig9_8_matmul_local_tiled<float>(q, n, n, n, reps);
  if (!r.ok) all_checks_ok = false;

  std::vector<float> A = figures::real_values<float>(n * n, 3), B = figures::real_values<float>(n * n, 4),
                     C(n * n);
  const int N = static_cast<int>(n);
  omp_tiled_matmul(A.data(), B.data(), C.data(), N, N, N); // warm-up
  const double t_omp = best_of(reps, [&] { omp_tiled_matmul(A.data(), B.data(), C.data(), N, N, N); });
  if (!figures::matmul_matches(C, figures::matmul_reference(A, B, n, n, n), n)) all_checks_ok = false;

  const std::string what = "fig 9-8 tiled matmul " + std::to_string(n) + "^3 float";
  rows.push_back({what + ", time", "ms", r.seconds * 1e3, t_omp * 1e3, "<= 10x OpenMP time", false});
  const double flops = 2.0 * double(n) * n * n;
  rows.push_back({what, "GFLOP/s", flops / r.seconds * 1e-9, flops / t_omp * 1e-9, "", true});
}

// ---------------------------------------------------------------------------------------
// c) barrier cost
// ---------------------------------------------------------------------------------------
template <bool WithBarrier>
double barrier_kernel_time(sycl::queue& q, std::size_t items, int K, int reps, float* out) {
  constexpr std::size_t group = 256;
  auto run = [&] {
    q.submit([&](sycl::handler& h) {
       h.parallel_for(sycl::nd_range<1>{{items}, {group}}, [=](sycl::nd_item<1> it) {
         const std::size_t g = it.get_global_id(0);
         float x = static_cast<float>(g);
         for (int k = 0; k < K; ++k) {
           x = x * 0.5f + 1.0f;
           if constexpr (WithBarrier) it.barrier();
         }
         out[g] = x;
       });
     }).wait();
  };
  run(); // warm-up
  return best_of(reps, run);
}

void bench_barrier(sycl::queue& q, std::size_t items, int K, int reps) {
  float* out = sycl::malloc_shared<float>(items, q);
  const double t0 = barrier_kernel_time<false>(q, items, K, reps, out);
  const double t1 = barrier_kernel_time<true>(q, items, K, reps, out);
  const double ns = (t1 - t0) / (double(items) * K) * 1e9;
  rows.push_back({"barrier, 256-item groups, wall time per item-barrier", "ns", ns, -1, "", false});
  // OpenMP counterpart for scale: one `#pragma omp barrier` across the team, per thread.
  const int omp_K = K * 100;
  const double t_omp = best_of(reps, [&] {
#pragma omp parallel
    for (int k = 0; k < omp_K; ++k) {
#pragma omp barrier
    }
  });
  rows.push_back({"  (reference: one `omp barrier` of the whole team)", "ns", -1, t_omp / omp_K * 1e9, "", false});
  sycl::free(out, q);
}

// ---------------------------------------------------------------------------------------
// d) empty kernel launch latency
// ---------------------------------------------------------------------------------------
void bench_launch(sycl::queue& q, int reps) {
  auto empty_range = [&] { q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) {}).wait(); };
  auto empty_nd = [&] {
    q.parallel_for(sycl::nd_range<1>{{1}, {1}}, [=](sycl::nd_item<1>) {}).wait();
  };
  // An empty `omp parallel` can be elided by the compiler; touching a volatile keeps the fork/join.
  static volatile int sink = 0;
  auto empty_omp = [&] {
#pragma omp parallel
    { sink = omp_get_thread_num(); }
  };
  for (int i = 0; i < 100; ++i) empty_range(), empty_nd(), empty_omp();
  const double t_range = median_of(reps, empty_range);
  const double t_nd = median_of(reps, empty_nd);
  const double t_omp = median_of(reps, empty_omp);
  rows.push_back({"empty parallel_for(range<1>(1)) + wait, median", "us", t_range * 1e6, t_omp * 1e6,
                  "(OpenMP: empty parallel region)", false});
  rows.push_back({"empty parallel_for(nd_range<1>{1,1}) + wait, median", "us", t_nd * 1e6, t_omp * 1e6, "",
                  false});
}

void print_table() {
  std::printf("\n| %-56s | %-7s | %10s | %10s | %8s | %-20s |\n", "metric", "unit", "Tessera", "OpenMP",
              "ratio", "target");
  std::printf("|%s|%s|%s|%s|%s|%s|\n", std::string(58, '-').c_str(), std::string(9, '-').c_str(),
              std::string(12, '-').c_str(), std::string(12, '-').c_str(), std::string(10, '-').c_str(),
              std::string(22, '-').c_str());
  for (const auto& r : rows) {
    char t[32] = "-", o[32] = "-", ratio[32] = "-";
    if (r.tessera >= 0) std::snprintf(t, sizeof t, "%.3f", r.tessera);
    if (r.openmp >= 0) std::snprintf(o, sizeof o, "%.3f", r.openmp);
    // ratio: Tessera / OpenMP of the measured quantity (GB/s, GFLOP/s, ms or us).
    if (r.tessera >= 0 && r.openmp > 0) std::snprintf(ratio, sizeof ratio, "%.3fx", r.tessera / r.openmp);
    std::printf("| %-56s | %-7s | %10s | %10s | %8s | %-20s |\n", r.metric.c_str(), r.unit.c_str(), t, o, ratio,
                r.target.c_str());
  }
}

} // namespace

int main(int argc, char** argv) {
  bool quick = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) quick = true;
    else {
      std::fprintf(stderr, "usage: %s [--quick]\n", argv[0]);
      return 2;
    }
  }
  try {
    sycl::queue q;
    std::printf("tessera-bench%s\ndevice: %s\nOpenMP threads: %d, TESSERA_NUM_THREADS: %s\n", quick ? " --quick" : "",
                q.get_device().get_info<sycl::info::device::name>().c_str(), omp_get_max_threads(),
                std::getenv("TESSERA_NUM_THREADS") ? std::getenv("TESSERA_NUM_THREADS") : "(unset: all cores)");
    std::fflush(stdout);

    bench_triad(q, quick ? (std::size_t(1) << 20) : (std::size_t(1) << 25), quick ? 2 : 10);
    bench_matmul(q, quick ? 64 : 512, quick ? 1 : 3);
    bench_barrier(q, quick ? 1024 : 256 * 64, quick ? 10 : 100, quick ? 1 : 5);
    bench_launch(q, quick ? 50 : 2000);
    print_table();
    std::printf("\nchecks: %s\n", all_checks_ok ? "PASS" : "FAIL");
    return all_checks_ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "exception: %s\n", e.what());
    return 1;
  }
}
