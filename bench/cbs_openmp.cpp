#include "cbs_openmp.hpp"

#include <cmath>

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

void omp_pack_neighbours(const float* xyz, int* neighbors, unsigned* num_neighbors, int n, float cutoff, int capacity) {
  constexpr int lanes = 8;
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; ++i) {
    const float xi = xyz[3 * i], yi = xyz[3 * i + 1], zi = xyz[3 * i + 2];
    int k = 0;
    for (int j0 = 0; j0 < n; j0 += lanes) {
      bool pack[lanes];
#pragma omp simd
      for (int l = 0; l < lanes; ++l) {
        const int j = j0 + l;
        const float dx = xi - xyz[3 * j], dy = yi - xyz[3 * j + 1], dz = zi - xyz[3 * j + 2];
        pack[l] = j < n && j != i && std::sqrt(dx * dx + dy * dy + dz * dz) <= cutoff;
      }
      for (int l = 0; l < lanes; ++l)
        if (pack[l]) neighbors[i * capacity + k++] = j0 + l;
    }
    num_neighbors[i] = static_cast<unsigned>(k);
  }
}

namespace {
// One row's lanes of figure 14-26: the pixel each iterates and its state.
struct mandelbrot_lanes {
  static constexpr unsigned width = 8;
  unsigned i[width], count[width];
  float cr[width], ci[width], zr[width], zi[width];
};

void reset_lane(const mandelbrot_image& m, mandelbrot_lanes& s, unsigned l, unsigned j) {
  s.count[l] = 0;
  s.cr[l] = m.x0 + s.i[l] * m.dx;
  s.ci[l] = m.y0 + j * m.dy;
  s.zr[l] = s.zi[l] = 0.0f;
}

void mandelbrot_row(const mandelbrot_image& m, unsigned j, unsigned* image) {
  constexpr unsigned W = mandelbrot_lanes::width;
  mandelbrot_lanes s;
  unsigned iq = W;
  for (unsigned l = 0; l < W; ++l) {
    s.i[l] = l;
    if (l < m.nx) reset_lane(m, s, l, j);
  }
  for (;;) {
    bool any = false;
    for (unsigned l = 0; l < W; ++l) any |= s.i[l] < m.nx;
    if (!any) return;
    bool converged[W];
#pragma omp simd
    for (unsigned l = 0; l < W; ++l) {
      converged[l] = false;
      if (s.i[l] < m.nx) {
        const float next_zr = s.zr[l] * s.zr[l] - s.zi[l] * s.zi[l];
        const float next_zi = 2 * s.zr[l] * s.zi[l];
        s.zr[l] = next_zr + s.cr[l];
        s.zi[l] = next_zi + s.ci[l];
        s.count[l]++;
        converged[l] = s.count[l] >= m.max_iterations || s.zr[l] * s.zr[l] + s.zi[l] * s.zi[l] >= 4.0f;
      }
    }
    // The unpack: the k-th converged lane takes the queue's k-th next pixel.
    for (unsigned l = 0; l < W; ++l)
      if (converged[l]) {
        image[j * m.nx + s.i[l]] = s.count[l];
        s.i[l] = iq++;
        reset_lane(m, s, l, j);
      }
  }
}
} // namespace

void omp_mandelbrot_unpack(const mandelbrot_image& m, unsigned* image) {
  // Rows inside the set cost more than those outside: handed out to threads as they finish.
#pragma omp parallel for schedule(dynamic, 4)
  for (unsigned j = 0; j < m.ny; ++j) mandelbrot_row(m, j, image);
}

} // namespace cbs_bench
