#pragma once
// The OpenMP versions of tessera-cbs-bench's kernels, the same algorithms (cbs_openmp.cpp):
// compiled by this build's own compiler, with its own OpenMP runtime.
namespace cbs_bench {

// Figure 9-8's tiling: one iteration of (m, n0) is one work-group (a row m, columns n0..n0+15).
void omp_tiled_matmul(const float* A, const float* B, float* C, int M, int N, int K);
// One tree reduction per group of `group` ints in a local array: sums[g] = sum of x[g*group ..].
void omp_tree_sums(const int* x, int* sums, long groups, int group);
// Figures 14-20 to 14-22's inclusive scan of n ints: Hillis-Steele scans of blocks of `block`
// (one work-group each), the same scan of the G = n / block totals (G <= 1024), then the carries.
void omp_three_kernel_scan(const int* in, int* out, int* totals, long n, int block);

} // namespace cbs_bench
