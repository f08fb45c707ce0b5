// Figure 9-4: the matrix multiplication kernel of chapter 4, a basic
// parallel_for(range{M, N}) over buffers. Each work-item computes one element of C.
#pragma once
#include "matmul_harness.hpp"

namespace figures {

template <typename T>
result fig9_4_matmul_naive(sycl::queue& q, std::size_t M, std::size_t N, std::size_t K, int timed_runs = 2) {
  using namespace sycl;
  return time_matmul<T>(q, M, N, K, timed_runs, 1, c_update::write,
                        [&](buffer<T, 2>& bufA, buffer<T, 2>& bufB, buffer<T, 2>& bufC) {
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
  });
}

// Square problem of the given size.
inline result run_fig9_4_float(sycl::queue& q, std::size_t n) { return fig9_4_matmul_naive<float>(q, n, n, n); }
inline result run_fig9_4_int(sycl::queue& q, std::size_t n) { return fig9_4_matmul_naive<int>(q, n, n, n); }

} // namespace figures
