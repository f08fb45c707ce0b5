// C++ AMP (seed 001) on Tessera: the article's tile-averaging sample with each of the four
// tile_barrier waits, the classic tiled matrix multiply and a tiled reduction, written as C++ AMP
// programs were, on the accelerator of the given queue's device.
#pragma once
#include <amp.h>

#include <numeric>

#include "common.hpp"

namespace figures {

namespace amp_samples {
using namespace concurrency;

enum class wait { plain, all, global, tile_static_memory };

template <int SAMPLESIZE, int MATRIXSIZE>
std::vector<float> sampling(const accelerator_view& av, wait w) {
  // The article's SamplingExample, with the wait chosen at run time.
  std::vector<float> rawData;
  for (int i = 0; i < MATRIXSIZE * MATRIXSIZE; i++) rawData.push_back((float)i);
  extent<2> dataExtent(MATRIXSIZE, MATRIXSIZE);
  array_view<float, 2> matrix(dataExtent, rawData);

  std::vector<float> outputData;
  int outputSize = MATRIXSIZE / SAMPLESIZE;
  for (int j = 0; j < outputSize * outputSize; j++) outputData.push_back((float)0);
  extent<2> outputExtent(MATRIXSIZE / SAMPLESIZE, MATRIXSIZE / SAMPLESIZE);
  array<float, 2> averages(outputExtent, outputData.begin(), outputData.end(), av);

  parallel_for_each(av, matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
                    [=, &averages](tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp) {
                      tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
                      tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];
                      switch (w) {
                      case wait::plain: t_idx.barrier.wait(); break;
                      case wait::all: t_idx.barrier.wait_with_all_memory_fence(); break;
                      case wait::global: t_idx.barrier.wait_with_global_memory_fence(); break;
                      case wait::tile_static_memory: t_idx.barrier.wait_with_tile_static_memory_fence(); break;
                      }
                      if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
                        for (int trow = 0; trow < SAMPLESIZE; trow++)
                          for (int tcol = 0; tcol < SAMPLESIZE; tcol++)
                            averages(t_idx.tile[0], t_idx.tile[1]) += tileValues[trow][tcol];
                        averages(t_idx.tile[0], t_idx.tile[1]) /= (float)(SAMPLESIZE * SAMPLESIZE);
                      }
                    });
  outputData = averages;
  return outputData;
}

// The tile averages of an n x n matrix holding 0, 1, 2, ... row by row.
inline std::vector<float> sampling_reference(int s, int n) {
  std::vector<float> ref;
  for (int tr = 0; tr < n / s; ++tr)
    for (int tc = 0; tc < n / s; ++tc) {
      double sum = 0;
      for (int r = 0; r < s; ++r)
        for (int c = 0; c < s; ++c) sum += (tr * s + r) * n + tc * s + c;
      ref.push_back(float(sum / (s * s)));
    }
  return ref;
}

// C = A * B with TS x TS tiles of A and B in tile_static memory: the classic C++ AMP sample.
// A is M x W, B is W x N; the kernel only issues (tessera-amp-bench times it alone).
template <int TS>
void tiled_matmul(const accelerator_view& av, const array_view<const float, 2>& a,
                  const array_view<const float, 2>& b, const array_view<float, 2>& c, int W) {
  parallel_for_each(av, c.extent.tile<TS, TS>(), [=](tiled_index<TS, TS> t_idx) restrict(amp) {
    int row = t_idx.local[0];
    int col = t_idx.local[1];
    float sum = 0.0f;
    for (int i = 0; i < W; i += TS) {
      tile_static float sA[TS][TS];
      tile_static float sB[TS][TS];
      sA[row][col] = a(t_idx.global[0], col + i);
      sB[row][col] = b(row + i, t_idx.global[1]);
      t_idx.barrier.wait();
      for (int k = 0; k < TS; k++) sum += sA[row][k] * sB[k][col];
      t_idx.barrier.wait();
    }
    c[t_idx.global] = sum;
  });
}

template <int TS>
void matmul(const accelerator_view& av, const std::vector<float>& vA, const std::vector<float>& vB,
            std::vector<float>& vC, int M, int N, int W) {
  array_view<const float, 2> a(M, W, vA), b(W, N, vB);
  array_view<float, 2> c(M, N, vC);
  c.discard_data();
  tiled_matmul<TS>(av, a, b, c, W);
  c.synchronize();
}

// The sum of n ints: each tile reduces TS of them in tile_static memory (a tree, one wait per
// level), tile sums go to an array_view the host adds up.
template <int TS>
long long reduce(const accelerator_view& av, const std::vector<int>& data) {
  const int tiles = int(data.size()) / TS;
  array_view<const int, 1> in(int(data.size()), data);
  std::vector<int> partial(tiles);
  array_view<int, 1> sums(tiles, partial);
  sums.discard_data();
  parallel_for_each(av, in.extent.tile<TS>(), [=](tiled_index<TS> t) restrict(amp) {
    tile_static int s[TS];
    const int l = t.local[0];
    s[l] = in[t.global];
    t.barrier.wait_with_tile_static_memory_fence();
    for (int stride = TS / 2; stride > 0; stride /= 2) {
      if (l < stride) s[l] += s[l + stride];
      t.barrier.wait_with_tile_static_memory_fence();
    }
    if (l == 0) sums[t.tile[0]] = s[0];
  });
  sums.synchronize();
  return std::accumulate(partial.begin(), partial.end(), 0LL);
}
} // namespace amp_samples

inline concurrency::accelerator_view amp_view(sycl::queue& q) {
  return concurrency::accelerator(q.get_device()).get_default_view();
}

// Both sample sizes of the article with all four waits; `size` is the matrix size (multiple of 4).
inline result run_amp_sampling(sycl::queue& q, std::size_t size) {
  using amp_samples::wait;
  const auto av = amp_view(q);
  result r{true};
  const auto t0 = clock::now();
  for (wait w : {wait::plain, wait::all, wait::global, wait::tile_static_memory}) {
    r.ok &= amp_samples::sampling<2, 8>(av, w) == amp_samples::sampling_reference(2, 8);
    r.ok &= amp_samples::sampling<4, 8>(av, w) == amp_samples::sampling_reference(4, 8);
  }
  r.seconds = seconds_since(t0);
  (void)size;
  return r;
}

inline result run_amp_matmul(sycl::queue& q, std::size_t n) {
  const auto av = amp_view(q);
  const auto a = real_values<float>(n * n, 3), b = real_values<float>(n * n, 4);
  std::vector<float> c(n * n);
  result r;
  r.seconds = 1e30;
  for (int run = 0; run < 2; ++run) {
    const auto t0 = clock::now();
    amp_samples::matmul<16>(av, a, b, c, int(n), int(n), int(n));
    r.seconds = std::min(r.seconds, seconds_since(t0));
  }
  r.ok = matmul_matches(c, matmul_reference(a, b, n, n, n), n);
  r.gflops = 2.0 * n * n * n / r.seconds * 1e-9;
  return r;
}

inline result run_amp_reduction(sycl::queue& q, std::size_t n) {
  const auto data = small_values<int>(n / 256 * 256, 5);
  const auto t0 = clock::now();
  const long long sum = amp_samples::reduce<256>(amp_view(q), data);
  result r;
  r.seconds = seconds_since(t0);
  r.ok = sum == std::accumulate(data.begin(), data.end(), 0LL);
  return r;
}

} // namespace figures
