// tessera-bench: Tessera's CPU backend against OpenMP on the same machine, in one run.
//
//   a) STREAM triad a[i] = b[i] + s*c[i] over 2^25 doubles (USM, parallel_for(range<1>))
//      vs `#pragma omp parallel for simd`: best of 10, GB/s, ratio Tessera/OpenMP.
//   b) Figure 9-8 tiled matmul (nd_range, tile 16, two barriers per tile, 512^3 floats) vs the
//      same tiling in OpenMP (parallel over rows x column blocks): time, ratio.
//   c) cost per work-item of one work-group barrier, one sub-group group_broadcast and one
//      work-group reduce_over_group (256-item groups, K = 100 operations in a loop, minus the
//      same kernel without them, and for the collectives also minus the K-barrier kernel), in ns.
//   d) empty kernel launch latency (q.parallel_for + wait), in microseconds.
//   e) sycl::reduction (plus) over 2^26 doubles in USM, range and nd_range forms, vs
//      `#pragma omp parallel for reduction(+:s)`: best of 10, GB/s, ratio.
//   f) figure 9-4 (naive range kernel) and figure 9-14 (sub-group broadcast tiled, tile 16)
//      matmuls vs the same loop nests in OpenMP: time, GFLOP/s, ratio.
//   g) command throughput: 8 host threads submit 10,000 small chained command groups (kernels,
//      memcpys and host tasks over buffers and USM, tests/load_test.cpp's load) to one shared
//      queue, then to a queue each: commands per second, best of 5.
//
// Usage: tessera-bench [--quick] [--fig9-14-size N]
//   --quick: small sizes, a smoke run for CTest; --fig9-14-size: matmul size of f) for fig 9-14
//   (default 256: one broadcast per multiply-add makes 512^3 take ~9 s per run).
#include <sycl/sycl.hpp>

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "best_of.hpp"
#include "openmp_idle.hpp"

#include "command_load.hpp"
#include "figures/fig9_4.hpp" // the book's kernels, shared with examples/
#include "figures/fig9_8.hpp"

namespace {

using clock_type = std::chrono::steady_clock;

double now_s() { return std::chrono::duration<double>(clock_type::now().time_since_epoch()).count(); }

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
    let_openmp_team_sleep();
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
// e) sycl::reduction vs omp reduction
// ---------------------------------------------------------------------------------------
void bench_reduction(sycl::queue& q, std::size_t n, int reps) {
  double* x = sycl::malloc_shared<double>(n, q);
  double* sum = sycl::malloc_shared<double>(1, q);
#pragma omp parallel for simd
  for (std::size_t i = 0; i < n; ++i) x[i] = double(i & 7); // exact sum in double
  const double expected = double(n / 8) * 28.0;

  auto tessera_range = [&] {
    *sum = 0.0;
    q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<>()),
                   [=](sycl::id<1> i, auto& s) { s += x[i]; })
        .wait();
  };
  auto tessera_nd = [&] {
    *sum = 0.0;
    q.parallel_for(sycl::nd_range<1>{{n}, {256}}, sycl::reduction(sum, sycl::plus<>()),
                   [=](sycl::nd_item<1> it, auto& s) { s += x[it.get_global_id(0)]; })
        .wait();
  };
  double omp_sum = 0.0;
  auto omp_reduce = [&] {
    double s = 0.0;
#pragma omp parallel for simd reduction(+ : s)
    for (std::size_t i = 0; i < n; ++i) s += x[i];
    omp_sum = s;
  };
  tessera_range();
  if (*sum != expected) {
    std::fprintf(stderr, "reduction(range): got %.17g, expected %.17g\n", *sum, expected);
    all_checks_ok = false;
  }
  tessera_nd();
  if (*sum != expected) {
    std::fprintf(stderr, "reduction(nd_range): got %.17g, expected %.17g\n", *sum, expected);
    all_checks_ok = false;
  }
  omp_reduce();
  if (omp_sum != expected) {
    std::fprintf(stderr, "omp reduction: got %.17g, expected %.17g\n", omp_sum, expected);
    all_checks_ok = false;
  }
  // Interleaved, as for the triad.
  double t_range = 1e30, t_nd = 1e30, t_omp = 1e30;
  for (int r = 0; r < reps; ++r) {
    t_range = std::min(t_range, best_of(1, tessera_range));
    t_omp = std::min(t_omp, best_of(1, omp_reduce));
    let_openmp_team_sleep();
    t_nd = std::min(t_nd, best_of(1, tessera_nd));
  }
  const double bytes = sizeof(double) * double(n);
  const std::string what = "reduction(plus), 2^" + std::to_string(__builtin_ctzll(n)) + " doubles";
  rows.push_back({what + ", range<1>", "GB/s", bytes / t_range * 1e-9, bytes / t_omp * 1e-9, ">= 0.95x OpenMP",
                  true});
  rows.push_back({what + ", nd_range<1> wg 256", "GB/s", bytes / t_nd * 1e-9, bytes / t_omp * 1e-9,
                  ">= 0.95x OpenMP", true});
  sycl::free(x, q);
  sycl::free(sum, q);
}

// ---------------------------------------------------------------------------------------
// f) figure 9-4 naive and figure 9-14 sub-group matmuls vs the same loop nests in OpenMP
// ---------------------------------------------------------------------------------------
void omp_naive_matmul(const float* A, const float* B, float* C, int M, int N, int K) {
  // Figure 9-4's work-item body, one iteration per work-item (m, n).
#pragma omp parallel for collapse(2) schedule(static)
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      float sum = 0;
      for (int k = 0; k < K; ++k) sum += A[m * K + k] * B[k * N + n];
      C[m * N + n] = sum;
    }
}

constexpr int fig9_14_tile = 16; // work-group {1, 16}: one sub-group of 16 (default sub-group size 32)

void omp_subgroup_matmul(const float* A, const float* B, float* C, int M, int N, int K) {
  // Figure 9-14's loop nest without the broadcast: one iteration of (m, n0) is one work-group
  // (= one sub-group); the broadcast of work-item k's tile element is the read A[m][kk + k].
#pragma omp parallel for collapse(2) schedule(static)
  for (int m = 0; m < M; ++m)
    for (int n0 = 0; n0 < N; n0 += fig9_14_tile) {
      float sum[fig9_14_tile] = {};
      for (int kk = 0; kk < K; kk += fig9_14_tile)
        for (int k = 0; k < fig9_14_tile; ++k) {
          const float a = A[m * K + kk + k];
#pragma omp simd
          for (int i = 0; i < fig9_14_tile; ++i) sum[i] += a * B[(kk + k) * N + n0 + i];
        }
      for (int i = 0; i < fig9_14_tile; ++i) C[m * N + n0 + i] = sum[i];
    }
}

// The book's figure 9-14 kernel (group_broadcast spelling of SYCL 2020), buffers and accessors
// as in the figure, tile size 16 instead of the listing's 4. Returns the best time of `reps`.
double fig9_14_tessera(sycl::queue& q, std::vector<float>& a, std::vector<float>& b, std::vector<float>& c,
                       std::size_t M, std::size_t N, std::size_t K, int reps) {
  using namespace sycl;
  using T = float;
  double best = 1e30;
  {
    buffer<T, 2> bufA{a.data(), range<2>{M, K}};
    buffer<T, 2> bufB{b.data(), range<2>{K, N}};
    buffer<T, 2> bufC{c.data(), range<2>{M, N}};
    for (int run = 0; run < reps; ++run) {
      const double t0 = now_s();
      q.submit([&](handler& h) {
        accessor matrixA{bufA, h, read_only};
        accessor matrixB{bufB, h, read_only};
        accessor matrixC{bufC, h, write_only};
        static const int tileSize = fig9_14_tile;
        h.parallel_for(nd_range<2>{{M, N}, {1, tileSize}}, [=](nd_item<2> item) {
          auto sg = item.get_sub_group();
          int m = item.get_global_id()[0];
          int n = item.get_global_id()[1];
          int i = item.get_local_id()[1];
          T sum = 0;
          for (int_fast64_t kk = 0; kk < K; kk += tileSize) {
            T tileA = matrixA[m][kk + i];
            for (int k = 0; k < tileSize; k++) sum += group_broadcast(sg, tileA, k) * matrixB[kk + k][n];
          }
          matrixC[m][n] = sum;
        });
      });
      q.wait_and_throw();
      best = std::min(best, now_s() - t0);
    }
  }
  return best;
}

void add_matmul_rows(const std::string& what, std::size_t n, double t_tes, double t_omp) {
  rows.push_back({what + ", time", "ms", t_tes * 1e3, t_omp * 1e3, "", false});
  const double flops = 2.0 * double(n) * n * n;
  rows.push_back({what, "GFLOP/s", flops / t_tes * 1e-9, flops / t_omp * 1e-9, "", true});
}

void bench_matmul_naive(sycl::queue& q, std::size_t n, int reps) {
  figures::fig9_4_matmul_naive<float>(q, 64, 64, 64, 1); // warm-up
  const figures::result r = figures::fig9_4_matmul_naive<float>(q, n, n, n, reps);
  if (!r.ok) all_checks_ok = false;
  std::vector<float> A = figures::real_values<float>(n * n, 1), B = figures::real_values<float>(n * n, 2),
                     C(n * n);
  const int N = static_cast<int>(n);
  omp_naive_matmul(A.data(), B.data(), C.data(), N, N, N);
  const double t_omp = best_of(reps, [&] { omp_naive_matmul(A.data(), B.data(), C.data(), N, N, N); });
  if (!figures::matmul_matches(C, figures::matmul_reference(A, B, n, n, n), n)) all_checks_ok = false;
  add_matmul_rows("fig 9-4 naive matmul " + std::to_string(n) + "^3 float", n, r.seconds, t_omp);
}

void bench_matmul_subgroup(sycl::queue& q, std::size_t n, int reps) {
  std::vector<float> A = figures::real_values<float>(n * n, 7), B = figures::real_values<float>(n * n, 8),
                     C(n * n), Co(n * n);
  {
    std::vector<float> a(64 * 64, 1.f), b(64 * 64, 1.f), c(64 * 64);
    fig9_14_tessera(q, a, b, c, 64, 64, 64, 1); // warm-up
  }
  const double t_tes = fig9_14_tessera(q, A, B, C, n, n, n, reps);
  const auto ref = figures::matmul_reference(A, B, n, n, n);
  if (!figures::matmul_matches(C, ref, n)) all_checks_ok = false;
  const int N = static_cast<int>(n);
  omp_subgroup_matmul(A.data(), B.data(), Co.data(), N, N, N);
  const double t_omp = best_of(reps, [&] { omp_subgroup_matmul(A.data(), B.data(), Co.data(), N, N, N); });
  if (!figures::matmul_matches(Co, ref, n)) all_checks_ok = false;
  add_matmul_rows("fig 9-14 sub-group matmul " + std::to_string(n) + "^3 float", n, t_tes, t_omp);
}

// ---------------------------------------------------------------------------------------
// c) cost of a barrier, a sub-group broadcast and a work-group reduce, per work-item
// ---------------------------------------------------------------------------------------
enum class group_op { none, barrier, sg_broadcast, wg_reduce };

template <group_op Op>
double group_op_kernel_time(sycl::queue& q, std::size_t items, int K, int reps, float* out) {
  constexpr std::size_t group = 256;
  auto run = [&] {
    q.submit([&](sycl::handler& h) {
       h.parallel_for(sycl::nd_range<1>{{items}, {group}}, [=](sycl::nd_item<1> it) {
         const std::size_t g = it.get_global_id(0);
         float x = static_cast<float>(g);
         for (int k = 0; k < K; ++k) {
           if constexpr (Op == group_op::barrier) it.barrier();
           if constexpr (Op == group_op::sg_broadcast) {
             auto sg = it.get_sub_group();
             x = sycl::group_broadcast(sg, x, static_cast<std::uint32_t>(k) % sg.get_local_linear_range());
           }
           if constexpr (Op == group_op::wg_reduce)
             x = sycl::reduce_over_group(it.get_group(), x, sycl::plus<>()) * (1.0f / group);
           x = x * 0.5f + 1.0f;
         }
         out[g] = x;
       });
     }).wait();
  };
  run(); // warm-up
  return best_of(reps, run);
}

void bench_group_ops(sycl::queue& q, std::size_t items, int K, int reps) {
  float* out = sycl::malloc_shared<float>(items, q);
  const double t_none = group_op_kernel_time<group_op::none>(q, items, K, reps, out);
  const double t_bar = group_op_kernel_time<group_op::barrier>(q, items, K, reps, out);
  const double t_bc = group_op_kernel_time<group_op::sg_broadcast>(q, items, K, reps, out);
  const double t_red = group_op_kernel_time<group_op::wg_reduce>(q, items, K, reps, out);
  const double per = 1e9 / (double(items) * K);
  rows.push_back({"barrier, 256-item wg: (K ops - none)/(items*K)", "ns", (t_bar - t_none) * per, -1, "", false});
  rows.push_back({"sub-group broadcast (sg 32): (K ops - none)/(items*K)", "ns", (t_bc - t_none) * per, -1, "",
                  false});
  rows.push_back({"  same, minus the K-barrier kernel: (K ops - K bar)/..", "ns", (t_bc - t_bar) * per, -1, "",
                  false});
  rows.push_back({"reduce_over_group, 256-item wg: (K ops - none)/..", "ns", (t_red - t_none) * per, -1, "", false});
  rows.push_back({"  same, minus the K-barrier kernel: (K ops - K bar)/..", "ns", (t_red - t_bar) * per, -1, "",
                  false});
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

// ---------------------------------------------------------------------------------------
// g) command throughput from many host threads
// ---------------------------------------------------------------------------------------
void bench_commands(int commands, int reps) {
  for (const bool per_thread : {false, true}) {
    double best = 0;
    for (int r = 0; r < reps; ++r) {
      const auto o = tessera_load::run(8, commands, per_thread);
      if (!o.mismatch.empty()) {
        std::fprintf(stderr, "command load: %s\n", o.mismatch.c_str());
        all_checks_ok = false;
      }
      best = std::max(best, o.commands / o.seconds);
    }
    rows.push_back({per_thread ? "commands/s, 8 threads, a queue each" : "commands/s, 8 threads, one shared queue",
                    "cmd/s", best, -1, "", true});
  }
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
  bound_openmp_spin();
  bool quick = false;
  // Figure 9-14 does one sub-group broadcast per multiply-add (n^3 in all): at 512^3 that is
  // ~9 s per run on 2 vCPUs, so the default run uses 256^3 (use --fig9-14-size 512 to compare).
  std::size_t matmul_sg_n = 256;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) quick = true;
    else if (std::strcmp(argv[i], "--fig9-14-size") == 0 && i + 1 < argc &&
             std::strtoull(argv[i + 1], nullptr, 10) % 16 == 0 && std::strtoull(argv[i + 1], nullptr, 10) > 0)
      matmul_sg_n = std::strtoull(argv[++i], nullptr, 10);
    else {
      std::fprintf(stderr, "usage: %s [--quick] [--fig9-14-size N (multiple of 16, default 256)]\n", argv[0]);
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
    bench_reduction(q, quick ? (std::size_t(1) << 20) : (std::size_t(1) << 26), quick ? 2 : 10);
    bench_matmul_naive(q, quick ? 64 : 512, quick ? 1 : 3);
    bench_matmul(q, quick ? 64 : 512, quick ? 1 : 3);
    bench_matmul_subgroup(q, quick ? 64 : matmul_sg_n, quick ? 1 : 3);
    bench_group_ops(q, quick ? 1024 : 256 * 64, quick ? 10 : 100, quick ? 1 : 5);
    bench_launch(q, quick ? 50 : 2000);
    bench_commands(quick ? 1000 : 10000, quick ? 1 : 5);
    print_table();
    std::printf("\nchecks: %s\n", all_checks_ok ? "PASS" : "FAIL");
    return all_checks_ok ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "exception: %s\n", e.what());
    return 1;
  }
}
