// What the book's matrix-multiply figures (9-4, 9-8, 9-10, 9-14) share around their kernels: the
// inputs (from seeds of the figure's own), buffers over them, the best of `timed_runs` timed
// runs of the figure's submissions, and the check against the sequential product.
#pragma once
#include <algorithm>
#include <ctime>

#include "common.hpp"

namespace figures {

// Whether the figure's kernel adds into C (fig 9-10), which then starts each run at zero,
// untimed, or writes each element once.
enum class c_update { write, accumulate };

// `submit(bufA, bufB, bufC)` submits the figure's kernel; A is M x K, B is K x N, C is M x N.
template <typename T, typename Submit>
result time_matmul(sycl::queue& q, std::size_t M, std::size_t N, std::size_t K, int timed_runs,
                   std::uint32_t seed, c_update update, Submit submit) {
  using namespace sycl;
  const auto values = [](std::size_t n, std::uint32_t s) {
    return std::is_integral_v<T> ? small_values<T>(n, s) : real_values<T>(n, s);
  };
  std::vector<T> a = values(M * K, seed), b = values(K * N, seed + 1);
  std::vector<T> c(M * N, T(0));

  result r;
  r.seconds = r.cpu_seconds = 1e30;
  {
    buffer<T, 2> bufA{a.data(), range<2>{M, K}};
    buffer<T, 2> bufB{b.data(), range<2>{K, N}};
    buffer<T, 2> bufC{c.data(), range<2>{M, N}};
    for (int run = 0; run < timed_runs; ++run) {
      if (update == c_update::accumulate) {
        q.submit([&](handler& h) { h.fill(accessor{bufC, h, write_only, no_init}, T(0)); });
        q.wait_and_throw();
      }
      const auto t0 = clock::now();
      const std::clock_t cpu0 = std::clock();
      submit(bufA, bufB, bufC);
      q.wait_and_throw();
      r.seconds = std::min(r.seconds, seconds_since(t0));
      r.cpu_seconds = std::min(r.cpu_seconds, double(std::clock() - cpu0) / CLOCKS_PER_SEC);
    }
  }
  r.ok = matmul_matches(c, matmul_reference(a, b, M, N, K), K);
  if (!std::is_integral_v<T>) r.gflops = 2.0 * M * N * K / r.seconds * 1e-9;
  return r;
}

} // namespace figures
