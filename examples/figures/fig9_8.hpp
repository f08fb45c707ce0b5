// Figure 9-8: tiled matrix multiplication with an nd_range<2> parallel_for, work-groups of
// one row by tile_size columns, a local_accessor tile of A, and two barriers per tile.
#pragma once
#include "matmul_harness.hpp"

namespace figures {

// The book's listing declares `local_accessor<int> tileA`; its sample code is generic in T
// (`local_accessor<T>`), which is what is used here so that the float run is not truncated.
// With T = int this is the printed listing character for character.
template <typename T>
result fig9_8_matmul_local_tiled(sycl::queue& q, std::size_t M, std::size_t N, std::size_t K, int timed_runs = 2) {
  using namespace sycl;
  constexpr int tile_size_check = 16;
  if (N % tile_size_check != 0 || K % tile_size_check != 0)
    throw std::invalid_argument("fig9_8: N and K must be multiples of the tile size (16)");
  return time_matmul<T>(q, M, N, K, timed_runs, 3, c_update::write,
                        [&](buffer<T, 2>& bufA, buffer<T, 2>& bufB, buffer<T, 2>& bufC) {
    q.submit([&](handler& h) {
      // --- Figure 9-8 ---
      // Traditional accessors, representing matrices in global memory:
      accessor matrixA{bufA, h};
      accessor matrixB{bufB, h};
      accessor matrixC{bufC, h};

      // Local accessor, for one matrix tile:
      constexpr int tile_size = 16;
      local_accessor<T> tileA{tile_size, h};

      h.parallel_for(
          nd_range<2>{{M, N}, {1, tile_size}}, [=](nd_item<2> item) {
            // Indices in the global index space:
            int m = item.get_global_id()[0];
            int n = item.get_global_id()[1];

            // Index in the local index space:
            int i = item.get_local_id()[1];

            T sum = 0;
            for (int kk = 0; kk < K; kk += tile_size) {
              // Load the matrix tile from matrix A, and synchronize
              // to ensure all work-items have a consistent view
              // of the matrix tile in local memory.
              tileA[i] = matrixA[m][kk + i];
              item.barrier();

              // Perform computation using the local memory tile, and
              // matrix B in global memory.
              for (int k = 0; k < tile_size; k++)
                sum += tileA[k] * matrixB[kk + k][n];

              // After computation, synchronize again, to ensure all
              // reads from the local memory tile are complete.
              item.barrier();
            }

            // Write the final result to global memory.
            matrixC[m][n] = sum;
          });
      // --- end of figure ---
    });
  });
}

inline result run_fig9_8_float(sycl::queue& q, std::size_t n) {
  return fig9_8_matmul_local_tiled<float>(q, n, n, n);
}
inline result run_fig9_8_int(sycl::queue& q, std::size_t n) { return fig9_8_matmul_local_tiled<int>(q, n, n, n); }

} // namespace figures
