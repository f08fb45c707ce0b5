// Figure 9-10: the tiled matrix multiplication of figure 9-8 written as a hierarchical kernel.
// tileA and the loop over kk are at work-group scope; the two parallel_for_work_item loops
// are separated by the implicit work-group barriers, and the result is accumulated in
// matrixC in global memory (which therefore starts at zero).
#pragma once
#include "matmul_harness.hpp"

namespace figures {

template <typename T>
result fig9_10_matmul_hierarchical(sycl::queue& q, std::size_t M, std::size_t N, std::size_t K,
                                   int timed_runs = 2) {
  using namespace sycl;
  if (N % 16 != 0 || K % 16 != 0)
    throw std::invalid_argument("fig9_10: N and K must be multiples of the tile size (16)");
  return time_matmul<T>(q, M, N, K, timed_runs, 5, c_update::accumulate,
                        [&](buffer<T, 2>& bufA, buffer<T, 2>& bufB, buffer<T, 2>& bufC) {
    q.submit([&](handler& h) {
      accessor matrixA{bufA, h, read_only};
      accessor matrixB{bufB, h, read_only};
      accessor matrixC{bufC, h};

      // --- Figure 9-10 ---
      const int tileSize = 16;
      range group_size{1, tileSize};
      range num_groups{M, N / tileSize};

      h.parallel_for_work_group(num_groups, group_size, [=](group<2> group) {
        // Because this array is declared at work-group scope
        // it is in local memory
        T tileA[16];

        for (int kk = 0; kk < K; kk += tileSize) {
          // A barrier may be inserted between scopes here
          // automatically, unless the compiler can prove it is
          // not required

          // Load the matrix tile from matrix A
          group.parallel_for_work_item([&](h_item<2> item) {
            int m = item.get_global_id()[0];
            int i = item.get_local_id()[1];
            tileA[i] = matrixA[m][kk + i];
          });

          // A barrier gets inserted here automatically, so all
          // work items have a consistent view of memory

          group.parallel_for_work_item([&](h_item<2> item) {
            int m = item.get_global_id()[0];
            int n = item.get_global_id()[1];
            for (int k = 0; k < tileSize; k++)
              matrixC[m][n] += tileA[k] * matrixB[kk + k][n];
          });

          // A barrier gets inserted here automatically, too
        }
      });
      // --- end of figure ---
    });
  });
}

inline result run_fig9_10_float(sycl::queue& q, std::size_t n) {
  return fig9_10_matmul_hierarchical<float>(q, n, n, n);
}
inline result run_fig9_10_int(sycl::queue& q, std::size_t n) { return fig9_10_matmul_hierarchical<int>(q, n, n, n); }

} // namespace figures
