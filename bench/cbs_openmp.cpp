#include "cbs_openmp.hpp"

namespace cbs_bench {

void omp_tiled_matmul(const float* A, const float* B, float* C, int M, int N, int K) {
  constexpr int tile_size = 16;
#pragma omp parallel for collapse(2) schedule(static)
  for (int m = 0; m < M; ++m)
    for (int n0 = 0; n0 < N; n0 += tile_size) {
      float sum[tile_size] = {};
      float tileA[tile_size];
      for (int kk = 0; kk < K; kk += tile_size) {
        for (int i = 0; i < tile_size; ++i) tileA[i] = A[m * K + kk + i];
        for (int k = 0; k < tile_size; ++k)
#pragma omp simd
          for (int i = 0; i < tile_size; ++i) sum[i] += tileA[k] * B[(kk + k) * N + n0 + i];
      }
      for (int i = 0; i < tile_size; ++i) C[m * N + n0 + i] = sum[i];
    }
}

void omp_tree_sums(const int* x, int* sums, long groups, int group) {
#pragma omp parallel for schedule(static)
  for (long g = 0; g < groups; ++g) {
    int tile[1024];
    for (int l = 0; l < group; ++l) tile[l] = x[g * group + l];
    for (int half = group / 2; half > 0; half /= 2)
#pragma omp simd
      for (int l = 0; l < half; ++l) tile[l] += tile[l + half];
    sums[g] = tile[0];
  }
}

namespace {
// One work-group's scan in local memory: log2(n) steps, each reading every item's update before
// any item adds its own (the kernel's two barriers per step).
void hillis_steele(const int* in, int* out, int n) {
  int local[1024], update[1024];
  for (int l = 0; l < n; ++l) local[l] = in[l];
  for (int stride = 1; stride < n; stride *= 2) {
#pragma omp simd
    for (int l = 0; l < n; ++l) update[l] = l >= stride ? local[l - stride] : 0;
#pragma omp simd
    for (int l = 0; l < n; ++l) local[l] += update[l];
  }
  for (int l = 0; l < n; ++l) out[l] = local[l];
}
} // namespace

void omp_three_kernel_scan(const int* in, int* out, int* totals, long n, int block) {
  const long groups = n / block;
#pragma omp parallel for schedule(static)
  for (long g = 0; g < groups; ++g) {
    hillis_steele(in + g * block, out + g * block, block);
    totals[g] = out[g * block + block - 1];
  }
  hillis_steele(totals, totals, static_cast<int>(groups));
#pragma omp parallel for schedule(static)
  for (long g = 1; g < groups; ++g)
    for (int l = 0; l < block; ++l) out[g * block + l] += totals[g - 1];
}

} // namespace cbs_bench
