// Figure 9-14: tiled matrix multiplication without local memory or barriers: each work-item
// loads one element of the A tile and the sub-group broadcast collective shares it.
// The listing (first edition) spells the broadcast intel::broadcast(sg, tileA, k); SYCL 2020,
// and the second edition, spell it group_broadcast(sg, tileA, k), which is used here.
// The listing assumes the sub-group is at least tileSize wide: with work-groups of
// {1, tileSize} = {1, 4} and the default sub-group size, each work-group is one sub-group.
#pragma once
#include "matmul_harness.hpp"

namespace figures {

template <typename T>
result fig9_14_matmul_sub_group(sycl::queue& q, std::size_t M, std::size_t N, std::size_t K, int timed_runs = 2) {
  using namespace sycl;
  if (N % 4 != 0 || K % 4 != 0) throw std::invalid_argument("fig9_14: N and K must be multiples of the tile size (4)");
  return time_matmul<T>(q, M, N, K, timed_runs, 7, c_update::write,
                        [&](buffer<T, 2>& bufA, buffer<T, 2>& bufB, buffer<T, 2>& bufC) {
    q.submit([&](handler& h) {
      accessor matrixA{bufA, h, read_only};
      accessor matrixB{bufB, h, read_only};
      accessor matrixC{bufC, h, write_only};

      // --- Figure 9-14 ---
      // Note: This example assumes that the sub-group size is
      // greater than or equal to the tile size!
      static const int tileSize = 4;

      h.parallel_for(
          nd_range<2>{{M, N}, {1, tileSize}}, [=](nd_item<2> item) {
            auto sg = item.get_sub_group();

            // Indices in the global index space:
            int m = item.get_global_id()[0];
            int n = item.get_global_id()[1];

            // Index in the local index space:
            int i = item.get_local_id()[1];

            T sum = 0;
            for (int_fast64_t kk = 0; kk < K; kk += tileSize) {
              // Load the matrix tile from matrix A.
              T tileA = matrixA[m][kk + i];

              // Perform computation by broadcasting from the matrix
              // tile and loading from matrix B in global memory. The loop
              // variable k describes which work-item in the sub-group to
              // broadcast data from.
              for (int k = 0; k < tileSize; k++)
                sum += group_broadcast(sg, tileA, k) * matrixB[kk + k][n];
            }

            // Write the final result to global memory.
            matrixC[m][n] = sum;
          });
      // --- end of figure ---
    });
  });
}

inline result run_fig9_14_float(sycl::queue& q, std::size_t n) { return fig9_14_matmul_sub_group<float>(q, n, n, n); }
inline result run_fig9_14_int(sycl::queue& q, std::size_t n) { return fig9_14_matmul_sub_group<int>(q, n, n, n); }

} // namespace figures
