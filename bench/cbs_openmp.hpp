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
// Figure 14-24's neighbour list: for each particle i (xyz: 3 floats each), the j != i within
// `cutoff`, in order, packed by blocks of 8 j (the sub-group's loop) into neighbors[i * capacity ..];
// their number in num_neighbors[i].
void omp_pack_neighbours(const float* xyz, int* neighbors, unsigned* num_neighbors, int n, float cutoff, int capacity);
// Figure 14-26's Mandelbrot: each row of the image a queue of pixels, 8 lanes iterating at once,
// converged lanes refilled in order from the queue (the sub-group's unpack); image[j * nx + i]
// gets pixel (i, j)'s count.
struct mandelbrot_image {
  unsigned nx, ny, max_iterations;
  float x0, y0, dx, dy;
};
void omp_mandelbrot_unpack(const mandelbrot_image& m, unsigned* image);

} // namespace cbs_bench
