// tessera-cbs-bench: nd_range kernels with barriers compiled by the CBS pass (compiler/cbs/)
// against the same kernels on fibers (the pass's output switched off) and the same algorithms in
// OpenMP, in one process on the CPU:
//   a) figure 9-8 tiled matmul, 512^3 floats (tile 16, two barriers per tile step), the book's code;
//   b) tree reduction in local memory: groups of 256 ints, 8 barriers each, 2^22 ints;
//   c) figures 14-20 to 14-22's three-kernel inclusive scan of 2^17 ints (blocks of 128, 14
//      barriers per group), the book's code;
//   d) figure 9-14's matmul, 256^3 floats: tiles of A shared by sub-group broadcasts (work-groups
//      of 4, 256 broadcasts per item); OpenMP's peer is a)'s tiling, one row of A shared by the
//      columns of a tile;
//   e) figure 14-24's neighbour list of 1024 particles, packed by sub-group scans (work-groups of
//      8, one sub-group each: compiled only for such groups), the book's code;
//   f) figure 14-26's Mandelbrot of 256 x 192 pixels, each row's pixels refilled into 8 lanes by a
//      sub-group unpack (work-groups of 8), the book's code.
// Best of `reps` runs each; the ratios are to OpenMP's time. Goals (issue 14): a) <= 2.0x, b) <= 4x,
// c) to f) <= 3x.
//
// Usage: tessera-cbs-bench [--quick]   (--quick: small sizes, a smoke run for CTest)
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "best_of.hpp"
#include "cbs_openmp.hpp"
#include "figures/fig14_20.hpp"
#include "figures/fig14_24.hpp"
#include "figures/fig14_26.hpp"
#include "figures/fig9_14.hpp"
#include "figures/fig9_8.hpp"
#include "tessera/backend/cpu/compiled_group.hpp"
#include "tree_sums.hpp"

namespace {

bool all_ok = true;

void report(const char* what, double compiled, double fibers, double omp, double goal) {
  std::printf("| %-40s | %10.2f | %10.2f | %10.2f | %7.2fx | %7.2fx | <= %.1fx |\n", what, compiled * 1e3, fibers * 1e3,
              omp * 1e3, compiled / omp, fibers / omp, goal);
}

// Runs `f` with the whole-group functions on, then off; checks that the first run was compiled.
template <typename F>
std::pair<double, double> compiled_and_fibers(F&& f) {
  const std::size_t before = tessera::cpu::compiled_launches();
  const double compiled = f();
  if (tessera::cpu::compiled_launches() == before) {
    std::fprintf(stderr, "the kernel did not run compiled (was the CBS pass loaded?)\n");
    all_ok = false;
  }
  tessera::cpu::enable_compiled_groups(false);
  const double fibers = f();
  tessera::cpu::enable_compiled_groups(true);
  return {compiled, fibers};
}

void bench_matmul(sycl::queue& q, std::size_t n, int reps) {
  figures::fig9_8_matmul_local_tiled<float>(q, 64, 64, 64, 1); // warm-up
  auto [compiled, fibers] = compiled_and_fibers([&] {
    const figures::result r = figures::fig9_8_matmul_local_tiled<float>(q, n, n, n, reps);
    all_ok &= r.ok;
    return r.seconds;
  });
  std::vector<float> A = figures::real_values<float>(n * n, 3), B = figures::real_values<float>(n * n, 4), C(n * n);
  const int N = static_cast<int>(n);
  const double omp = best_of(reps, [&] { cbs_bench::omp_tiled_matmul(A.data(), B.data(), C.data(), N, N, N); });
  all_ok &= figures::matmul_matches(C, figures::matmul_reference(A, B, n, n, n), n);
  report(("fig 9-8 tiled matmul " + std::to_string(n) + "^3 float").c_str(), compiled, fibers, omp, 2.0);
}

void bench_tree_reduction(sycl::queue& q, std::size_t n, int reps) {
  constexpr std::size_t group = 256;
  int* x = sycl::malloc_shared<int>(n, q);
  int* sums = sycl::malloc_shared<int>(n / group, q);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<int>(i % 13);
  auto tessera_sums = [&] { tree_sums<group>(q, x, sums, n).wait(); };
  const std::vector<int> expected = [&] {
    std::vector<int> e(n / group);
    for (std::size_t g = 0; g < e.size(); ++g) e[g] = std::accumulate(x + g * group, x + (g + 1) * group, 0);
    return e;
  }();
  auto check = [&](const char* who) {
    if (!std::equal(expected.begin(), expected.end(), sums)) {
      std::fprintf(stderr, "tree reduction (%s): wrong sums\n", who);
      all_ok = false;
    }
    std::fill(sums, sums + n / group, 0);
  };
  tessera_sums();
  auto [compiled, fibers] = compiled_and_fibers([&] {
    const double t = best_of(reps, tessera_sums);
    check("Tessera");
    return t;
  });
  const double omp = best_of(reps, [&] { cbs_bench::omp_tree_sums(x, sums, long(n / group), int(group)); });
  check("OpenMP");
  report(("tree reduction, 2^" + std::to_string(__builtin_ctzll(n)) + " ints, groups of 256").c_str(), compiled,
         fibers, omp, 4.0);
  sycl::free(x, q);
  sycl::free(sums, q);
}

void bench_scan(sycl::queue& q, std::size_t n, int reps) {
  figures::run_fig14_20(q, 1024); // warm-up
  auto [compiled, fibers] = compiled_and_fibers([&] {
    double best = 1e30;
    for (int r = 0; r < reps; ++r) {
      const figures::result res = figures::run_fig14_20(q, n);
      all_ok &= res.ok;
      best = std::min(best, res.seconds);
    }
    return best;
  });
  constexpr int block = static_cast<int>(figures::scan_items_per_group);
  std::vector<int> in(n), out(n), totals(n / block);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<int>(i % 7) - 3;
  const double omp = best_of(reps, [&] {
    cbs_bench::omp_three_kernel_scan(in.data(), out.data(), totals.data(), long(n), block);
  });
  std::vector<int> expected(n);
  std::inclusive_scan(in.begin(), in.end(), expected.begin());
  if (out != expected) {
    std::fprintf(stderr, "three-kernel scan (OpenMP): wrong sums\n");
    all_ok = false;
  }
  report(("3-kernel scan (fig 14-20), 2^" + std::to_string(__builtin_ctzll(n)) + " ints").c_str(), compiled, fibers,
         omp, 3.0);
}

void bench_sub_group_matmul(sycl::queue& q, std::size_t n, int reps) {
  figures::fig9_14_matmul_sub_group<float>(q, 16, 16, 16, 1); // warm-up
  auto [compiled, fibers] = compiled_and_fibers([&] {
    const figures::result r = figures::fig9_14_matmul_sub_group<float>(q, n, n, n, reps);
    all_ok &= r.ok;
    return r.seconds;
  });
  std::vector<float> A = figures::real_values<float>(n * n, 7), B = figures::real_values<float>(n * n, 8), C(n * n);
  const int N = static_cast<int>(n);
  const double omp = best_of(reps, [&] { cbs_bench::omp_tiled_matmul(A.data(), B.data(), C.data(), N, N, N); });
  all_ok &= figures::matmul_matches(C, figures::matmul_reference(A, B, n, n, n), n);
  report(("fig 9-14 sub-group matmul " + std::to_string(n) + "^3 float").c_str(), compiled, fibers, omp, 3.0);
}

void bench_pack(sycl::queue& q, std::size_t n, int reps) {
  constexpr float cutoff = 0.25f;
  constexpr int capacity = static_cast<int>(figures::neighbour_list_capacity);
  sycl::float3* position = sycl::malloc_shared<sycl::float3>(n, q);
  int* neighbors = sycl::malloc_shared<int>(n * capacity, q);
  uint32_t* num_neighbors = sycl::malloc_shared<uint32_t>(n, q);
  const std::vector<float> coords = figures::real_values<float>(3 * n, 1424);
  std::vector<float> xyz(3 * n);
  for (std::size_t i = 0; i < 3 * n; ++i) xyz[i] = 0.5f * (coords[i] + 1);
  for (std::size_t p = 0; p < n; ++p) position[p] = sycl::float3(xyz[3 * p], xyz[3 * p + 1], xyz[3 * p + 2]);
  std::vector<int> omp_neighbors(n * capacity, -1);
  std::vector<unsigned> omp_counts(n);
  const double omp = best_of(reps, [&] {
    cbs_bench::omp_pack_neighbours(xyz.data(), omp_neighbors.data(), omp_counts.data(), int(n), cutoff, capacity);
  });
  auto check = [&](const char* who) {
    for (std::size_t i = 0; i < n; ++i)
      if (omp_counts[i] != num_neighbors[i] ||
          !std::equal(neighbors + i * capacity, neighbors + i * capacity + num_neighbors[i], &omp_neighbors[i * capacity])) {
        std::fprintf(stderr, "fig 14-24 pack (%s): particle %zu's list differs from OpenMP's\n", who, i);
        all_ok = false;
        break;
      }
    std::fill(num_neighbors, num_neighbors + n, 0u);
  };
  figures::pack_neighbours(q, position, neighbors, num_neighbors, 64, cutoff).wait(); // warm-up
  auto [compiled, fibers] = compiled_and_fibers([&] {
    const double t = best_of(reps, [&] { figures::pack_neighbours(q, position, neighbors, num_neighbors, n, cutoff).wait(); });
    check(tessera::cpu::compiled_groups_enabled() ? "compiled" : "fibers");
    return t;
  });
  report(("fig 14-24 pack, " + std::to_string(n) + " particles").c_str(), compiled, fibers, omp, 3.0);
  sycl::free(num_neighbors, q);
  sycl::free(neighbors, q);
  sycl::free(position, q);
}

void bench_unpack(sycl::queue& q, std::size_t width, int reps) {
  const figures::mandelbrot_parameters p = figures::mandelbrot_image(width);
  uint32_t* image = sycl::malloc_shared<uint32_t>(std::size_t(p.Nx) * p.Ny, q);
  std::vector<unsigned> omp_image(std::size_t(p.Nx) * p.Ny);
  const cbs_bench::mandelbrot_image m{p.Nx, p.Ny, p.max_iterations, p.x0, p.y0, p.dx, p.dy};
  const double omp = best_of(reps, [&] { cbs_bench::omp_mandelbrot_unpack(m, omp_image.data()); });
  figures::mandelbrot_unpack(q, figures::mandelbrot_image(64), image).wait(); // warm-up
  auto [compiled, fibers] = compiled_and_fibers([&] {
    const double t = best_of(reps, [&] { figures::mandelbrot_unpack(q, p, image).wait(); });
    if (!std::equal(omp_image.begin(), omp_image.end(), image)) {
      std::fprintf(stderr, "fig 14-26 unpack (%s): the image differs from OpenMP's\n",
                   tessera::cpu::compiled_groups_enabled() ? "compiled" : "fibers");
      all_ok = false;
    }
    std::fill(image, image + omp_image.size(), 0u);
    return t;
  });
  report(("fig 14-26 unpack, Mandelbrot " + std::to_string(p.Nx) + "x" + std::to_string(p.Ny)).c_str(), compiled,
         fibers, omp, 3.0);
  sycl::free(image, q);
}

} // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  sycl::queue q{sycl::cpu_selector_v};
  std::printf("| %-40s | %10s | %10s | %10s | %8s | %8s | %-7s |\n", "kernel (best of runs, ms)", "compiled", "fibers",
              "OpenMP", "compiled", "fibers", "goal");
  std::printf("|%s|%s|%s|%s|%s|%s|%s|\n", std::string(42, '-').c_str(), std::string(12, '-').c_str(),
              std::string(12, '-').c_str(), std::string(12, '-').c_str(), std::string(10, '-').c_str(),
              std::string(10, '-').c_str(), std::string(9, '-').c_str());
  bench_matmul(q, quick ? 64 : 512, quick ? 1 : 5);
  bench_tree_reduction(q, quick ? std::size_t(1) << 14 : std::size_t(1) << 22, quick ? 1 : 10);
  bench_scan(q, quick ? std::size_t(1) << 12 : std::size_t(1) << 17, quick ? 1 : 10);
  bench_sub_group_matmul(q, quick ? 32 : 256, quick ? 1 : 3);
  bench_pack(q, quick ? 128 : 1024, quick ? 1 : 5);
  bench_unpack(q, quick ? 64 : 256, quick ? 1 : 5);
  if (!all_ok) std::fprintf(stderr, "tessera-cbs-bench: some results were wrong\n");
  return all_ok ? 0 : 1;
}
