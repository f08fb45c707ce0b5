// Figure 9-4: the matrix multiplication kernel of chapter 4, a basic
// parallel_for(range{M, N}) over buffers. Each work-item computes one element of C.
#pragma once
#include "common.hpp"

namespace figures {

template <typename T>
result fig9_4_matmul_naive(sycl::queue& q, std::size_t M, std::size_t N, std::size_t K, int timed_runs = 2) {
  using namespace sycl;
  std::vector<T> a = std::is_integral_v<T> ? small_values<T>(M * K, 1) : real_values<T>(M * K, 1);
  std::vector<T> b = std::is_integral_v<T> ? small_values<T>(K * N, 2) : real_values<T>(K * N, 2);
  std::vector<T> c(M * N, T(0));

  result r;
  r.seconds = 1e30;
  {
    buffer<T, 2> bufA{a.data(), range<2>{M, K}};
    buffer<T, 2> bufB{b.data(), range<2>{K, N}};
    buffer<T, 2> bufC{c.data(), range<2>{M, N}};
    for (int run = 0; run < timed_runs; ++run) {
      const auto t0 = clock::now();
      q.submit([&](handler& h) {
        accessor matrixA{bufA, h, read_only};
        accessor matrixB{bufB, h, read_only};
        accessor matrixC{bufC, h, write_only};

        // --- Figure 9-4 ---
        h.parallel_for(range{M, N}, [=](id<2> id) {
          int m = id[0];
          int n = id[1];

          T sum = 0;
          for (int k = 0; k < K; k++)
            sum += matrixA[m][k] * matrixB[k][n];

          matrixC[m][n] = sum;
        });
        // --- end of figure ---
      });
      q.wait_and_throw();
      const double s = seconds_since(t0);
      if (s < r.seconds) r.seconds = s;
    }
  } // buffers write C back to the host here
  r.ok = matmul_matches(c, matmul_reference(a, b, M, N, K), K);
  if (!std::is_integral_v<T>) r.gflops = 2.0 * M * N * K / r.seconds * 1e-9;
  return r;
}

// Square problem of the given size.
inline result run_fig9_4_float(sycl::queue& q, std::size_t n) { return fig9_4_matmul_naive<float>(q, n, n, n); }
inline result run_fig9_4_int(sycl::queue& q, std::size_t n) { return fig9_4_matmul_naive<int>(q, n, n, n); }

} // namespace figures
