// tessera-cuda-bench: Tessera's CUDA backend against the same work written in plain CUDA, in one
// run on one GPU. Both sides use the same device memory (sycl::malloc_device, which is
// cudaMalloc), are compiled by the same clang in the same translation unit, are warmed up first,
// and are timed alternately, rep by rep, with std::chrono::steady_clock around a batch of
// launches followed by a wait (q.wait() / cudaStreamSynchronize). Median and best of the reps.
//
//   1. Chapter-9 matmuls, float, M = N = K = size (2048 and 4096 by default), results compared
//      (max |Tessera - CUDA|, and both against a sampled double-precision reference):
//      a) fig 9-4: naive q.parallel_for(range<2>{M,N}) vs a __global__ kernel with the same thread
//         mapping (256-thread blocks along a row, x = column, grid.y = row);
//      b) fig 9-8: nd_range<2>{{M,N},{1,T}}, local_accessor tile of A, two barriers per tile,
//         T = 16 (the book) and 32, vs __shared__ tile + __syncthreads in {T,1}-thread blocks;
//      c) fig 9-10: parallel_for_work_group({M,N/16},{1,16}), the A tile at work-group scope, two
//         parallel_for_work_item per tile, C += in global memory, vs __shared__ tile + __syncthreads
//         in 16-thread blocks (both sides zero C first, inside the timing: a memset of M*N floats);
//      d) fig 9-14: nd_range<2>{{M,N},{1,32}}, group_broadcast(sub_group) of the A tile
//         (tile = 32 = the sub-group, i.e. the warp), vs __shfl_sync in 32-thread blocks; and
//         the same with the tile queried in the kernel (sg.get_local_range()), as code written
//         for any sub-group size has it.
//      The SYCL kernels are the figures' code over USM pointers instead of accessors (so that
//      both sides index the same int arithmetic); examples/figures/ fixes tiles 16 and 4.
//   2. Reductions of 1 GiB (every sum checked against the host's; GB/s counts the data's bytes):
//      a) q.parallel_for(range<1>(n), sycl::reduction(sum, sycl::plus<>(), initialize_to_identity),
//         [=](id<1> i, auto& s) { s += x[i]; }) over 2^28 ints (values i & 7) into an int and
//         into a long long, 2^27 doubles, 2^28 floats (+1, -1 alternately) and 2^27 unsigned long
//         longs, each vs cub::DeviceReduce::Reduce with the same accumulator (temporary storage
//         allocated once, outside the timing; batches of 10 back-to-back reductions per rep);
//      b) nd_range<1>{n, 256} over the 2^28 ints, one element per work-item, reduce_over_group +
//         one atomic_ref::fetch_add per work-group (sum zeroed by q.memset first);
//      c) the same kernel with a grid-stride loop over 8 work-groups of 256 per SM; and with that
//         loop unrolled 8 times (8 loads in flight per work-item, the remainder checked);
//      b), c) vs cub::DeviceReduce::Sum and vs the same group + atomic kernel in plain CUDA
//      (cudaMemsetAsync first), in batches of 10 (1 where one takes over 5 ms).
//   3. Host overhead of a launch: N = 10000 back-to-back q.parallel_for(range<1>(1), empty) on an
//      in_order queue, then q.wait(), vs N empty <<<1,1>>> launches on a stream then
//      cudaStreamSynchronize: microseconds per launch and the difference (target <= +0.5 us), the
//      median of the differences of 41 back-to-back pairs (5 with --quick).
//      Also with the default (out-of-order) queue; vs CUDA with a no-op cudaLaunchHostFunc after
//      each launch (how Tessera learns that a command finished); the enqueue-only part; and
//      one launch + wait.
// Pairs whose warm-up shows that 20 reps would take over ~10 s run fewer reps (at least 3). A
// matmul pair runs more reps than asked where 20 would time each side for less than a second
// (matmul_min_s; not with --quick), and its rows also give the median over reps of the ratio of
// the two times of one rep (timed back to back, so that slow drifts of the clock cancel).
//
// Usage: tessera-cuda-bench [--quick] [--sizes 2048,4096] [--reps 20] [--launches 10000] [--only-launches]
//   --quick: 512^3 matmuls, 2^22-int reductions, 1000 launches, 3 reps: a smoke run.
//   --only-launches: section 3 alone.
// Exit status: 0 on success or when no GPU is found; 1 when a result check fails.
//
// Build (clang 19 in CUDA mode; see bench/CMakeLists.txt):
//   clang++-19 -x cuda --cuda-gpu-arch=sm_90 -std=c++20 -O3 -I include -I <cuda>/include/cccl
//     bench/cuda_bench.cpp -L <build> -ltessera -lboost_context -pthread -lcudart
#include <sycl/sycl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#if defined(__CUDA__) || defined(__CUDACC__)
#include <cuda_runtime.h>

#include <cub/cub.cuh>

#include "gpu_compare.hpp"

namespace {

// ---------------------------------------------------------------------------------------------
// Timing and reporting
// ---------------------------------------------------------------------------------------------
using namespace gpu_compare;

struct row {
  std::string section, metric, unit;
  double tessera, peer; // in `unit`
  bool higher_is_better;
  double target; // minimum Tessera/peer speed ratio, or (for launch rows) maximum extra us; <0: none
  std::string note;
};

std::vector<row> rows;

// ---------------------------------------------------------------------------------------------
// 1. Matmuls: plain CUDA kernels (same thread mapping as Tessera's launches: SYCL's last
//    dimension is CUDA's x, so x = column n and y = row m)
// ---------------------------------------------------------------------------------------------
constexpr int naive_block = 256; // Tessera's parallel_for(range) block size

// Twenty reps of a 3-6 ms kernel (2048^3) are 0.1 s of samples a side, whose median moved by up
// to 4 % between runs of one binary: each side of a matmul pair is timed for a second at least.
constexpr double matmul_min_s = 1.0;

// Figure 9-4. Tessera launches range<2>{M,N} as 1-D blocks of 256 consecutive linear ids; with
// N a multiple of 256 that is exactly block (256) x grid (N/256, M).
__global__ void cuda_matmul_naive(const float* A, const float* B, float* C, int N, int K) {
  const int m = blockIdx.y;
  const int n = blockIdx.x * naive_block + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < K; k++) sum += A[m * K + k] * B[k * N + n];
  C[m * N + n] = sum;
}

// Figure 9-8: one row by T columns per block, a __shared__ tile of A, two barriers per tile.
template <int T>
__global__ void cuda_matmul_local_tiled(const float* A, const float* B, float* C, int N, int K) {
  __shared__ float tileA[T];
  const int m = blockIdx.y;
  const int n = blockIdx.x * T + threadIdx.x;
  const int i = threadIdx.x;
  float sum = 0;
  for (int kk = 0; kk < K; kk += T) {
    tileA[i] = A[m * K + kk + i];
    __syncthreads();
    for (int k = 0; k < T; k++) sum += tileA[k] * B[(kk + k) * N + n];
    __syncthreads();
  }
  C[m * N + n] = sum;
}

// Figure 9-14: one row by 32 columns per block = one warp; the A tile is shared by shuffles.
constexpr int sg_tile = 32;
__global__ void cuda_matmul_sub_group(const float* A, const float* B, float* C, int N, int K) {
  const int m = blockIdx.y;
  const int n = blockIdx.x * sg_tile + threadIdx.x;
  const int i = threadIdx.x;
  float sum = 0;
  for (int kk = 0; kk < K; kk += sg_tile) {
    const float tileA = A[m * K + kk + i];
    for (int k = 0; k < sg_tile; k++) sum += __shfl_sync(0xffffffffu, tileA, k) * B[(kk + k) * N + n];
  }
  C[m * N + n] = sum;
}

// Figure 9-10, as a CUDA programmer writes the hierarchical form: a block per work-group (one row
// by 16 columns), the work-group-scope tile in __shared__ memory, a thread per work-item, and
// __syncthreads where the figure has its implicit barriers; C accumulates in global memory, as
// in the figure (so both sides start from a zeroed C).
constexpr int hier_tile = 16;
__global__ void cuda_matmul_hierarchical(const float* A, const float* B, float* C, int N, int K) {
  __shared__ float tileA[hier_tile];
  const int m = blockIdx.y;
  const int n = blockIdx.x * hier_tile + threadIdx.x;
  const int i = threadIdx.x;
  for (int kk = 0; kk < K; kk += hier_tile) {
    tileA[i] = A[m * K + kk + i];
    __syncthreads();
    for (int k = 0; k < hier_tile; k++) C[m * N + n] += tileA[k] * B[(kk + k) * N + n];
    __syncthreads();
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Matmuls: the same figures in SYCL, through Tessera (USM pointers instead of accessors)
// ---------------------------------------------------------------------------------------------
sycl::event sycl_matmul_naive(sycl::queue& q, const float* A, const float* B, float* C, int M, int N, int K) {
  using namespace sycl;
  // --- Figure 9-4 ---
  return q.parallel_for(range<2>(M, N), [=](id<2> idx) {
    const int m = static_cast<int>(idx[0]);
    const int n = static_cast<int>(idx[1]);
    float sum = 0;
    for (int k = 0; k < K; k++) sum += A[m * K + k] * B[k * N + n];
    C[m * N + n] = sum;
  });
}

template <int T>
sycl::event sycl_matmul_local_tiled(sycl::queue& q, const float* A, const float* B, float* C, int M, int N, int K) {
  using namespace sycl;
  return q.submit([&](handler& h) {
    // --- Figure 9-8 ---
    local_accessor<float, 1> tileA{range<1>(T), h};
    h.parallel_for(nd_range<2>{range<2>(M, N), range<2>(1, T)}, [=](nd_item<2> item) {
      const int m = static_cast<int>(item.get_global_id(0));
      const int n = static_cast<int>(item.get_global_id(1));
      const int i = static_cast<int>(item.get_local_id(1));
      float sum = 0;
      for (int kk = 0; kk < K; kk += T) {
        tileA[i] = A[m * K + kk + i];
        item.barrier();
        for (int k = 0; k < T; k++) sum += tileA[k] * B[(kk + k) * N + n];
        item.barrier();
      }
      C[m * N + n] = sum;
    });
  });
}

sycl::event sycl_matmul_hierarchical(sycl::queue& q, const float* A, const float* B, float* C, int M, int N, int K) {
  using namespace sycl;
  return q.submit([&](handler& h) {
    // --- Figure 9-10 ---
    const range<2> num_groups{static_cast<std::size_t>(M), static_cast<std::size_t>(N / hier_tile)};
    const range<2> group_size{1, hier_tile};
    h.parallel_for_work_group(num_groups, group_size, [=](group<2> group) {
      float tileA[hier_tile];
      for (int kk = 0; kk < K; kk += hier_tile) {
        group.parallel_for_work_item([&](h_item<2> item) {
          const int m = static_cast<int>(item.get_global_id()[0]);
          const int i = static_cast<int>(item.get_local_id()[1]);
          tileA[i] = A[m * K + kk + i];
        });
        group.parallel_for_work_item([&](h_item<2> item) {
          const int m = static_cast<int>(item.get_global_id()[0]);
          const int n = static_cast<int>(item.get_global_id()[1]);
          for (int k = 0; k < hier_tile; k++) C[m * N + n] += tileA[k] * B[(kk + k) * N + n];
        });
      }
    });
  });
}

sycl::event sycl_matmul_sub_group(sycl::queue& q, const float* A, const float* B, float* C, int M, int N, int K) {
  using namespace sycl;
  // --- Figure 9-14, with tileSize = 32: each work-group is one sub-group (one warp) ---
  return q.parallel_for(nd_range<2>{range<2>(M, N), range<2>(1, sg_tile)}, [=](nd_item<2> item) {
    auto sg = item.get_sub_group();
    const int m = static_cast<int>(item.get_global_id(0));
    const int n = static_cast<int>(item.get_global_id(1));
    const int i = static_cast<int>(item.get_local_id(1));
    float sum = 0;
    for (int kk = 0; kk < K; kk += sg_tile) {
      const float tileA = A[m * K + kk + i];
      for (int k = 0; k < sg_tile; k++) sum += group_broadcast(sg, tileA, k) * B[(kk + k) * N + n];
    }
    C[m * N + n] = sum;
  });
}

// The same kernel written for any sub-group size, as portable SYCL code is: the tile is the
// sub-group's size, queried in the kernel (32 on the GPU).
sycl::event sycl_matmul_sub_group_queried(sycl::queue& q, const float* A, const float* B, float* C, int M, int N,
                                          int K) {
  using namespace sycl;
  return q.parallel_for(nd_range<2>{range<2>(M, N), range<2>(1, sg_tile)}, [=](nd_item<2> item) {
    auto sg = item.get_sub_group();
    const int tile = static_cast<int>(sg.get_local_range()[0]);
    const int m = static_cast<int>(item.get_global_id(0));
    const int n = static_cast<int>(item.get_global_id(1));
    const int i = static_cast<int>(sg.get_local_id()[0]);
    float sum = 0;
    for (int kk = 0; kk < K; kk += tile) {
      const float tileA = A[m * K + kk + i];
      for (int k = 0; k < tile; k++) sum += group_broadcast(sg, tileA, k) * B[(kk + k) * N + n];
    }
    C[m * N + n] = sum;
  });
}

std::vector<float> random_floats(std::size_t n, std::uint64_t seed) {
  std::vector<float> v(n);
  std::uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
  for (auto& e : v) {
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    e = static_cast<float>((x * 0x2545F4914F6CDD1Dull) >> 40) / float(1 << 24) * 2.0f - 1.0f; // [-1, 1)
  }
  return v;
}

// min_s: each side of a pair is timed for at least this long, in more reps than asked where the
// kernel is short (at 2048^3 one takes 3-6 ms).
void bench_matmuls(sycl::queue& q, cudaStream_t stream, int size, int reps, double min_s) {
  const int M = size, N = size, K = size;
  if (N % naive_block != 0) {
    std::fprintf(stderr, "matmul size %d skipped: it must be a multiple of %d\n", size, naive_block);
    return;
  }
  const std::size_t mk = std::size_t(M) * K, kn = std::size_t(K) * N, mn = std::size_t(M) * N;
  const std::vector<float> a = random_floats(mk, 1), b = random_floats(kn, 2);
  float* A = sycl::malloc_device<float>(mk, q);
  float* B = sycl::malloc_device<float>(kn, q);
  float* Ct = sycl::malloc_device<float>(mn, q); // Tessera's result
  float* Cc = sycl::malloc_device<float>(mn, q); // CUDA's result
  q.memcpy(A, a.data(), mk * sizeof(float));
  q.memcpy(B, b.data(), kn * sizeof(float));
  q.wait();

  // A sample of C in double precision, on the host.
  std::vector<std::pair<int, int>> sample;
  for (int s = 0; s < 64; ++s) sample.emplace_back((s * 977 + 13) % M, (s * 1559 + 7) % N);
  sample.emplace_back(0, 0);
  sample.emplace_back(M - 1, N - 1);
  std::vector<double> ref;
  for (auto [m, n] : sample) {
    double s = 0;
    for (int k = 0; k < K; ++k) s += double(a[std::size_t(m) * K + k]) * double(b[std::size_t(k) * N + n]);
    ref.push_back(s);
  }

  struct kernel {
    std::string name;
    std::function<void()> tessera, cuda;
  };
  const dim3 naive_grid(N / naive_block, M);
  std::vector<kernel> kernels = {
      {"fig 9-4 naive range<2>",
       [&] { sycl_matmul_naive(q, A, B, Ct, M, N, K).wait(); },
       [&] {
         cuda_matmul_naive<<<naive_grid, naive_block, 0, stream>>>(A, B, Cc, N, K);
         check_cuda(cudaStreamSynchronize(stream), "fig 9-4 CUDA kernel");
       }},
      {"fig 9-8 local tile 16",
       [&] { sycl_matmul_local_tiled<16>(q, A, B, Ct, M, N, K).wait(); },
       [&] {
         cuda_matmul_local_tiled<16><<<dim3(N / 16, M), 16, 0, stream>>>(A, B, Cc, N, K);
         check_cuda(cudaStreamSynchronize(stream), "fig 9-8 CUDA kernel");
       }},
      {"fig 9-8 local tile 32",
       [&] { sycl_matmul_local_tiled<32>(q, A, B, Ct, M, N, K).wait(); },
       [&] {
         cuda_matmul_local_tiled<32><<<dim3(N / 32, M), 32, 0, stream>>>(A, B, Cc, N, K);
         check_cuda(cudaStreamSynchronize(stream), "fig 9-8 CUDA kernel");
       }},
      {"fig 9-10 hierarchical, tile 16",
       [&] {
         q.memset(Ct, 0, mn * sizeof(float));
         sycl_matmul_hierarchical(q, A, B, Ct, M, N, K).wait();
       },
       [&] {
         check_cuda(cudaMemsetAsync(Cc, 0, mn * sizeof(float), stream), "memset");
         cuda_matmul_hierarchical<<<dim3(N / hier_tile, M), hier_tile, 0, stream>>>(A, B, Cc, N, K);
         check_cuda(cudaStreamSynchronize(stream), "fig 9-10 CUDA kernel");
       }},
      {"fig 9-14 sub-group tile 32",
       [&] { sycl_matmul_sub_group(q, A, B, Ct, M, N, K).wait(); },
       [&] {
         cuda_matmul_sub_group<<<dim3(N / sg_tile, M), sg_tile, 0, stream>>>(A, B, Cc, N, K);
         check_cuda(cudaStreamSynchronize(stream), "fig 9-14 CUDA kernel");
       }},
      {"fig 9-14 sub-group, queried tile",
       [&] { sycl_matmul_sub_group_queried(q, A, B, Ct, M, N, K).wait(); },
       [&] {
         cuda_matmul_sub_group<<<dim3(N / sg_tile, M), sg_tile, 0, stream>>>(A, B, Cc, N, K);
         check_cuda(cudaStreamSynchronize(stream), "fig 9-14 CUDA kernel");
       }},
  };

  std::vector<float> ct(mn), cc(mn);
  const double flop = 2.0 * M * N * K;
  for (auto& k : kernels) {
    q.memset(Ct, 0, mn * sizeof(float)).wait();
    check_cuda(cudaMemsetAsync(Cc, 0, mn * sizeof(float), stream), "memset");
    const auto c = compare(reps, 1, k.tessera, k.cuda, 10.0, min_s);
    const stats& tt = c.a;
    const stats& tc = c.b;

    // Results: Tessera vs CUDA everywhere, both vs the double reference on the sample.
    q.memcpy(ct.data(), Ct, mn * sizeof(float)).wait();
    check_cuda(cudaMemcpy(cc.data(), Cc, mn * sizeof(float), cudaMemcpyDeviceToHost), "copy C back");
    double diff = 0;
    for (std::size_t i = 0; i < mn; ++i) diff = std::max(diff, double(std::fabs(ct[i] - cc[i])));
    double err = 0;
    for (std::size_t s = 0; s < sample.size(); ++s) {
      const std::size_t at = std::size_t(sample[s].first) * N + sample[s].second;
      err = std::max({err, std::fabs(ct[at] - ref[s]), std::fabs(cc[at] - ref[s])});
    }
    const double tol = 1e-5 * K; // float accumulation of K products of magnitude < 1
    char note[96], paired[64];
    std::snprintf(note, sizeof note, "max|T-C| %.2g, max err vs ref %.2g", diff, err);
    std::snprintf(paired, sizeof paired, "%d reps; median of paired ratios %.3f", c.reps, c.paired_ratio);
    if (!(diff <= tol) || !(err <= tol))
      fail(k.name + " " + std::to_string(size) + "^3: " + note + " (tolerance " + std::to_string(tol) + ")");

    const std::string metric = k.name + ", " + std::to_string(size) + "^3";
    rows.push_back({"matmul", metric + " (median)", "ms", tt.median * 1e3, tc.median * 1e3, false, 0.97, note});
    rows.push_back({"matmul", metric + " (median)", "GFLOP/s", flop / tt.median * 1e-9, flop / tc.median * 1e-9, true,
                    0.97, paired});
    rows.push_back({"matmul", metric + " (best)", "GFLOP/s", flop / tt.best * 1e-9, flop / tc.best * 1e-9, true, -1, ""});
  }
  sycl::free(A, q);
  sycl::free(B, q);
  sycl::free(Ct, q);
  sycl::free(Cc, q);
}

// ---------------------------------------------------------------------------------------------
// 2. Reductions
// ---------------------------------------------------------------------------------------------
constexpr unsigned reduce_wg = 256;

// The nd_range kernel of 2b/2c in plain CUDA: a strided private sum, the block's sum by warp
// shuffles and shared memory (as Tessera's reduce_over_group does), one atomicAdd per block.
// Unroll > 1: while Unroll strides remain, the loads go unrolled and unchecked.
template <unsigned Unroll>
__global__ void cuda_group_atomic_sum(const int* x, int* sum, std::size_t n) {
  const std::size_t stride = std::size_t(gridDim.x) * reduce_wg;
  int v = 0;
  std::size_t i = std::size_t(blockIdx.x) * reduce_wg + threadIdx.x;
  if (Unroll > 1)
    for (; i + (Unroll - 1) * stride < n; i += Unroll * stride) {
#pragma unroll
      for (unsigned u = 0; u < Unroll; ++u) v += x[i + u * stride];
    }
  for (; i < n; i += stride) v += x[i];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  __shared__ int warp_sums[reduce_wg / 32];
  if ((threadIdx.x & 31) == 0) warp_sums[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (unsigned w = 0; w < reduce_wg / 32; ++w) s += warp_sums[w];
    atomicAdd(sum, s);
  }
}

void bench_reductions(sycl::queue& q, cudaStream_t stream, std::size_t n, int reps, int sms) {
  int* x = sycl::malloc_device<int>(n, q);
  int* sum = sycl::malloc_device<int>(1, q);
  int* cub_out = sycl::malloc_device<int>(1, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { x[i] = static_cast<int>(i[0] & 7); }).wait();
  long long host_sum = 0;
  for (std::size_t i = 0; i < n; ++i) host_sum += static_cast<long long>(i & 7);
  if (host_sum > 0x7fffffff) {
    std::fprintf(stderr, "reduction: %zu ints overflow int; skipped\n", n);
    return;
  }

  // cub: ask for the temporary storage once, outside the timing.
  void* temp = nullptr;
  std::size_t temp_bytes = 0;
  check_cuda(cub::DeviceReduce::Sum(temp, temp_bytes, x, cub_out, static_cast<long long>(n), stream), "cub size query");
  check_cuda(cudaMalloc(&temp, temp_bytes), "cub temporary storage");
  auto cub_batch = [&](int batch) {
    for (int b = 0; b < batch; ++b)
      check_cuda(cub::DeviceReduce::Sum(temp, temp_bytes, x, cub_out, static_cast<long long>(n), stream),
                 "cub::DeviceReduce::Sum");
    check_cuda(cudaStreamSynchronize(stream), "cub::DeviceReduce::Sum");
  };

  // reduce_over_group + one atomic per group; `groups` work-groups of 256 stride over the data.
  constexpr std::size_t wg = reduce_wg;
  auto group_atomic = [&](std::size_t groups, auto unroll) {
    return [&q, x, sum, n, groups](int batch) {
      for (int b = 0; b < batch; ++b) {
        q.memset(sum, 0, sizeof(int));
        q.parallel_for(sycl::nd_range<1>{groups * wg, wg}, [=](sycl::nd_item<1> it) {
          constexpr unsigned u_max = decltype(unroll)::value;
          const std::size_t stride = it.get_global_range(0);
          int v = 0;
          std::size_t i = it.get_global_id(0);
          if (u_max > 1)
            for (; i + (u_max - 1) * stride < n; i += u_max * stride) {
#pragma unroll
              for (unsigned u = 0; u < u_max; ++u) v += x[i + u * stride];
            }
          for (; i < n; i += stride) v += x[i];
          const int g = sycl::reduce_over_group(it.get_group(), v, sycl::plus<>());
          if (it.get_local_id(0) == 0)
            sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device,
                             sycl::access::address_space::global_space>(*sum)
                .fetch_add(g);
        });
      }
      q.wait();
    };
  };

  auto read = [&](int* p) {
    int v = 0;
    q.memcpy(&v, p, sizeof(int)).wait();
    return v;
  };
  const double bytes = double(n) * sizeof(int);
  const std::string size = "2^" + std::to_string(__builtin_ctzll(n)) + " ints";
  // The same group + atomic algorithm in plain CUDA, as a second peer for 2b and 2c.
  int* cuda_sum = sycl::malloc_device<int>(1, q);
  auto cuda_group_atomic = [&, x, cuda_sum, n](std::size_t groups, auto unroll) {
    return [&stream, x, cuda_sum, n, groups](int batch) {
      for (int b = 0; b < batch; ++b) {
        check_cuda(cudaMemsetAsync(cuda_sum, 0, sizeof(int), stream), "memset");
        cuda_group_atomic_sum<decltype(unroll)::value>
            <<<static_cast<unsigned>(groups), reduce_wg, 0, stream>>>(x, cuda_sum, n);
      }
      check_cuda(cudaStreamSynchronize(stream), "group + atomic reduction");
    };
  };

  struct variant {
    std::string name;
    std::function<void(int)> run, same_in_cuda;
  };
  const std::size_t one_per_item = (n + wg - 1) / wg, strided = std::size_t(sms) * 8;
  const std::integral_constant<unsigned, 1> one;
  const std::integral_constant<unsigned, 8> eight;
  std::vector<variant> variants = {
      {"nd_range reduce_over_group + atomic, 1 elem/item", group_atomic(one_per_item, one), cuda_group_atomic(one_per_item, one)},
      {"nd_range reduce_over_group + atomic, grid-stride", group_atomic(strided, one), cuda_group_atomic(strided, one)},
      {"nd_range reduce_over_group + atomic, grid-stride x8 unrolled", group_atomic(strided, eight),
       cuda_group_atomic(strided, eight)},
  };
  const int want = static_cast<int>(host_sum);
  auto check = [&](const std::string& what, int got) {
    if (got != want) fail(what + ": sum " + std::to_string(got) + ", host " + std::to_string(want));
    return got == want;
  };
  for (auto& v : variants) {
    // Batches of 10 back-to-back reductions, or single ones where one takes over 5 ms.
    v.run(1);
    const double t0 = now_s();
    v.run(1);
    const int batch = now_s() - t0 < 5e-3 ? 10 : 1;

    const auto c = compare(reps, batch, [&] { v.run(batch); }, [&] { cub_batch(batch); });
    const bool ok_t = check(v.name, read(sum)), ok_c = check("cub::DeviceReduce::Sum", read(cub_out));
    const bool ok = ok_t && ok_c;
    const std::string note = std::string(ok ? "sums = host sum" : "SUM MISMATCH") + "; batch " + std::to_string(batch);
    rows.push_back({"reduction", v.name + ", " + size + " (median)", "GB/s", bytes / c.a.median * 1e-9,
                    bytes / c.b.median * 1e-9, true, 0.95, "vs cub; " + note});
    rows.push_back({"reduction", v.name + ", " + size + " (best)", "GB/s", bytes / c.a.best * 1e-9,
                    bytes / c.b.best * 1e-9, true, -1, "vs cub"});
    const auto same = compare(reps, batch, [&] { v.run(batch); }, [&] { v.same_in_cuda(batch); });
    const bool ok2_t = check(v.name, read(sum)), ok2_c = check(v.name + " (CUDA)", read(cuda_sum));
    const bool ok2 = ok2_t && ok2_c;
    rows.push_back({"reduction", v.name + ", " + size + " (median)", "GB/s", bytes / same.a.median * 1e-9,
                    bytes / same.b.median * 1e-9, true, -1,
                    std::string("vs the same kernel in CUDA; ") + (ok2 ? "sums = host sum" : "SUM MISMATCH")});
  }
  sycl::free(cuda_sum, q);
  check_cuda(cudaFree(temp), "cudaFree");
  sycl::free(x, q);
  sycl::free(sum, q);
  sycl::free(cub_out, q);
}

// 2a. sycl::reduction (range<1>) of Elem into Acc, vs cub::DeviceReduce::Reduce with the same
// accumulator and init. Values i & 7, or for floats +1, -1 alternately (every partial sum in any
// order stays exact, the total is 0).
template <typename Acc, typename Elem>
void bench_typed_reduction(sycl::queue& q, cudaStream_t stream, std::size_t n, int reps, const std::string& what) {
  constexpr bool alternate = std::is_same_v<Elem, float>;
  Elem* x = sycl::malloc_device<Elem>(n, q);
  Acc* sum = sycl::malloc_device<Acc>(1, q);
  Acc* cub_out = sycl::malloc_device<Acc>(1, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     x[i] = alternate ? static_cast<Elem>(i[0] & 1 ? -1 : 1) : static_cast<Elem>(i[0] & 7);
   }).wait();
  const Acc want = alternate ? Acc{0} : static_cast<Acc>(n / 8 * 28);
  void* temp = nullptr;
  std::size_t temp_bytes = 0;
  const auto cub_reduce = [&] {
    return cub::DeviceReduce::Reduce(temp, temp_bytes, x, cub_out, static_cast<long long>(n), cuda::std::plus<>{},
                                     Acc{0}, stream);
  };
  check_cuda(cub_reduce(), "cub size query");
  check_cuda(cudaMalloc(&temp, temp_bytes), "cub temporary storage");
  auto cub_batch = [&](int batch) {
    for (int b = 0; b < batch; ++b) check_cuda(cub_reduce(), "cub::DeviceReduce::Reduce");
    check_cuda(cudaStreamSynchronize(stream), "cub::DeviceReduce::Reduce");
  };
  auto range_reduction = [&](int batch) {
    for (int b = 0; b < batch; ++b)
      q.parallel_for(sycl::range<1>(n),
                     sycl::reduction(sum, sycl::plus<>(), sycl::property::reduction::initialize_to_identity{}),
                     [=](sycl::id<1> i, auto& s) { s += x[i]; });
    q.wait();
  };
  auto read = [&](Acc* p) {
    Acc v{};
    q.memcpy(&v, p, sizeof v).wait();
    return v;
  };
  const int batch = 10;
  const auto c = compare(reps, batch, [&] { range_reduction(batch); }, [&] { cub_batch(batch); });
  const bool ok = read(sum) == want && read(cub_out) == want;
  if (!ok) fail("sycl::reduction, " + what + ": a sum differs from the host's");
  const double bytes = double(n) * sizeof(Elem);
  const std::string size = "2^" + std::to_string(__builtin_ctzll(n));
  const std::string metric = "sycl::reduction, range<1>, " + what + ", " + size;
  rows.push_back({"reduction", metric + " (median)", "GB/s", bytes / c.a.median * 1e-9, bytes / c.b.median * 1e-9,
                  true, 0.95, std::string("vs cub Reduce; ") + (ok ? "sums = host sum" : "SUM MISMATCH") + "; batch 10"});
  rows.push_back({"reduction", metric + " (best)", "GB/s", bytes / c.a.best * 1e-9, bytes / c.b.best * 1e-9, true, -1,
                  "vs cub Reduce"});
  check_cuda(cudaFree(temp), "cudaFree");
  sycl::free(x, q);
  sycl::free(sum, q);
  sycl::free(cub_out, q);
}

// ---------------------------------------------------------------------------------------------
// 3. Launch overhead
// ---------------------------------------------------------------------------------------------
__global__ void cuda_empty() {}

void bench_launches(sycl::queue& in_order, sycl::queue& out_of_order, cudaStream_t stream, int launches, int reps) {
  auto tessera_burst = [launches](sycl::queue& q) {
    return [&q, launches] {
      for (int i = 0; i < launches; ++i) q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) {});
      q.wait();
    };
  };
  auto cuda_burst = [&] {
    for (int i = 0; i < launches; ++i) cuda_empty<<<1, 1, 0, stream>>>();
    check_cuda(cudaStreamSynchronize(stream), "empty launches");
  };
  // Enqueue-only: the host time of the submissions, the wait outside the clock.
  double enq_t = 0, enq_c = 0;
  auto tessera_enqueue = [&] {
    const double t0 = now_s();
    for (int i = 0; i < launches; ++i) in_order.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) {});
    enq_t = std::min(enq_t, now_s() - t0);
    in_order.wait();
  };
  auto cuda_enqueue = [&] {
    const double t0 = now_s();
    for (int i = 0; i < launches; ++i) cuda_empty<<<1, 1, 0, stream>>>();
    enq_c = std::min(enq_c, now_s() - t0);
    check_cuda(cudaStreamSynchronize(stream), "empty launches");
  };
  auto us = [](double s) { return s * 1e6; };

  // The host's speed drifts by more than the difference measured: the verdict is the median of
  // the differences of back-to-back pairs, not the difference of the medians.
  auto paired = [&](const comparison& c) {
    return "median of paired differences " + std::to_string(us(c.paired)).substr(0, 5) + " us over " +
           std::to_string(reps) + " pairs";
  };
  {
    const auto c = compare(reps, launches, tessera_burst(in_order), cuda_burst);
    rows.push_back({"launch", std::to_string(launches) + " empty launches + wait, in_order queue", "us/launch",
                    us(c.b.median + c.paired), us(c.b.median), false, 0.5, paired(c)});
  }
  {
    const auto c = compare(reps, launches, tessera_burst(out_of_order), cuda_burst);
    rows.push_back({"launch", std::to_string(launches) + " empty launches + wait, default queue", "us/launch",
                    us(c.b.median + c.paired), us(c.b.median), false, 0.5, paired(c)});
  }
  {
    // What Tessera's completion tracking costs if each launch is followed by a host function
    // on the stream (cudaLaunchHostFunc): the plain CUDA burst with a no-op host function each.
    auto cuda_hostfunc_burst = [&] {
      for (int i = 0; i < launches; ++i) {
        cuda_empty<<<1, 1, 0, stream>>>();
        check_cuda(cudaLaunchHostFunc(stream, [](void*) {}, nullptr), "cudaLaunchHostFunc");
      }
      check_cuda(cudaStreamSynchronize(stream), "empty launches");
    };
    const auto c = compare(reps, launches, tessera_burst(in_order), cuda_hostfunc_burst);
    rows.push_back({"launch", std::to_string(launches) + " empty launches + wait, in_order queue", "us/launch",
                    us(c.a.median), us(c.b.median), false, -1,
                    "vs CUDA with a no-op cudaLaunchHostFunc after each launch"});
  }
  {
    // Tessera's launch layer alone (grid, kernel, error check), on the peer's stream: what the
    // runtime above it adds is the rest of the first row.
    auto layer_burst = [&] {
      const auto empty = [](sycl::id<1>) {};
      for (int i = 0; i < launches; ++i)
        tessera::cuda::launch_range<1, false>(stream, sycl::range<1>(1), sycl::id<1>(), empty);
      check_cuda(cudaStreamSynchronize(stream), "empty launches");
    };
    const auto c = compare(reps, launches, layer_burst, cuda_burst);
    rows.push_back({"launch", std::to_string(launches) + " empty launches + wait, Tessera's CUDA layer only",
                    "us/launch", us(c.b.median + c.paired), us(c.b.median), false, -1, paired(c)});
  }
  {
    enq_t = enq_c = 1e30;
    compare(reps, launches, tessera_enqueue, cuda_enqueue);
    rows.push_back({"launch", std::to_string(launches) + " empty launches, enqueue only (best), in_order", "us/launch",
                    us(enq_t / launches), us(enq_c / launches), false, -1, "host time of the submissions"});
  }
  {
    const int n = std::max(100, launches / 10);
    const auto c = compare(
        n, 1, [&] { in_order.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) {}).wait(); },
        [&] {
          cuda_empty<<<1, 1, 0, stream>>>();
          check_cuda(cudaStreamSynchronize(stream), "empty launch");
        });
    rows.push_back({"launch", "one empty launch + wait (round trip), in_order", "us", us(c.a.median), us(c.b.median),
                    false, -1, "median of " + std::to_string(n)});
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------
void print_rows() {
  std::printf("\n%-10s %-66s %-10s %12s %12s %9s  %-8s %s\n", "section", "metric", "unit", "Tessera", "CUDA", "ratio",
              "target", "note");
  std::printf("%s\n", std::string(150, '-').c_str());
  for (const auto& r : rows) {
    std::string ratio, target;
    char buf[64];
    if (r.section == "launch") {
      // Extra microseconds per launch: Tessera - CUDA.
      std::snprintf(buf, sizeof buf, "%+.2f us", r.tessera - r.peer);
      ratio = buf;
      if (r.target >= 0) {
        std::snprintf(buf, sizeof buf, "<=+%.1f %s", r.target, r.tessera - r.peer <= r.target ? "ok" : "MISS");
        target = buf;
      }
    } else {
      // Speed ratio Tessera / CUDA (> 1: Tessera faster).
      const double speed = r.higher_is_better ? r.tessera / r.peer : r.peer / r.tessera;
      std::snprintf(buf, sizeof buf, "%.3f", speed);
      ratio = buf;
      if (r.target >= 0) {
        std::snprintf(buf, sizeof buf, ">=%.2f %s", r.target, speed >= r.target ? "ok" : "MISS");
        target = buf;
      }
    }
    std::printf("%-10s %-66s %-10s %12.3f %12.3f %9s  %-8s %s\n", r.section.c_str(), r.metric.c_str(), r.unit.c_str(),
                r.tessera, r.peer, ratio.c_str(), target.c_str(), r.note.c_str());
  }
  std::printf("\nratio: Tessera speed / CUDA speed (matmul, reduction; CUDA = cub for reductions); "
              "launch rows: Tessera - CUDA per launch.\n");
}

std::vector<int> parse_sizes(const char* s) {
  std::vector<int> v;
  for (const char* p = s; *p;) {
    char* end = nullptr;
    const long x = std::strtol(p, &end, 10);
    if (end == p) break;
    if (x > 0) v.push_back(static_cast<int>(x));
    p = *end == ',' ? end + 1 : end;
  }
  return v;
}

} // namespace

int main(int argc, char** argv) {
  bool quick = false;
  std::vector<int> sizes;
  int reps = -1, launches = -1;
  bool only_launches = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--quick") quick = true;
    else if (a == "--sizes" && i + 1 < argc) sizes = parse_sizes(argv[++i]);
    else if (a == "--reps" && i + 1 < argc) reps = std::max(1, std::atoi(argv[++i]));
    else if (a == "--launches" && i + 1 < argc) launches = std::max(1, std::atoi(argv[++i]));
    else if (a == "--only-launches") only_launches = true;
    else {
      std::fprintf(stderr, "usage: %s [--quick] [--sizes 2048,4096] [--reps 20] [--launches 10000] [--only-launches]\n",
                   argv[0]);
      return 2;
    }
  }
  if (sizes.empty()) sizes = quick ? std::vector<int>{512} : std::vector<int>{2048, 4096};
  if (reps < 0) reps = quick ? 3 : 20;
  if (launches < 0) launches = quick ? 1000 : 10000;
  const std::size_t reduce_n = quick ? std::size_t(1) << 22 : std::size_t(1) << 28;

  // No GPU: nothing to compare, and not an error.
  int cuda_devices = 0;
  if (cudaGetDeviceCount(&cuda_devices) != cudaSuccess || cuda_devices == 0) {
    std::printf("tessera-cuda-bench: no CUDA GPU found (cudaGetDeviceCount); nothing to measure.\n");
    return 0;
  }
  sycl::device gpu;
  bool found = false;
  for (const auto& d : sycl::device::get_devices())
    if (d.is_gpu()) {
      gpu = d;
      found = true;
      break;
    }
  if (!found) {
    std::printf("tessera-cuda-bench: Tessera reports no GPU device (is libtessera built with TESSERA_CUDA?); "
                "nothing to measure.\n");
    return 0;
  }

  try {
    sycl::queue q{gpu, sycl::property::queue::in_order{}};
    sycl::queue q_ooo{gpu};
    // Tessera's first GPU device is CUDA device 0 (the runtime sets it before each launch).
    int cuda_dev = 0;
    check_cuda(cudaGetDevice(&cuda_dev), "cudaGetDevice");
    cudaDeviceProp prop{};
    check_cuda(cudaGetDeviceProperties(&prop, cuda_dev), "cudaGetDeviceProperties");
    cudaStream_t stream;
    check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");

    std::printf("tessera-cuda-bench%s\n", quick ? " --quick" : "");
    std::printf("SYCL device : %s (default queue device: %s)\n", gpu.get_info<sycl::info::device::name>().c_str(),
                sycl::queue{}.get_device().get_info<sycl::info::device::name>().c_str());
    std::printf("CUDA device : %d: %s, sm_%d%d, %d SMs, %.1f GiB, %d device(s)\n", cuda_dev, prop.name, prop.major,
                prop.minor, prop.multiProcessorCount, double(prop.totalGlobalMem) / (1 << 30), cuda_devices);
    std::printf("timing      : steady_clock around synchronized batches, warm-up first, %d reps alternating "
                "(matmuls: at least %.1f s a side), median (and best)\n",
                reps, quick ? 0.0 : matmul_min_s);
    std::fflush(stdout);

    for (int s : only_launches ? std::vector<int>{} : sizes) {
      bench_matmuls(q, stream, s, reps, quick ? 0.0 : matmul_min_s);
      std::fprintf(stderr, "  matmuls %d^3 done\n", s);
    }
    if (!only_launches) {
      bench_typed_reduction<int, int>(q, stream, reduce_n, reps, "int sum of ints");
      bench_typed_reduction<long long, int>(q, stream, reduce_n, reps, "long long sum of ints");
      bench_typed_reduction<double, double>(q, stream, reduce_n / 2, reps, "double sum of doubles");
      bench_typed_reduction<float, float>(q, stream, reduce_n, reps, "float sum of floats");
      bench_typed_reduction<unsigned long long, unsigned long long>(q, stream, reduce_n / 2, reps,
                                                                    "unsigned long long sum");
      bench_reductions(q, stream, reduce_n, reps, prop.multiProcessorCount);
      std::fprintf(stderr, "  reductions done\n");
    }
    bench_launches(q, q_ooo, stream, launches, quick ? 5 : 41);
    std::fprintf(stderr, "  launches done\n");

    print_rows();
    check_cuda(cudaStreamDestroy(stream), "cudaStreamDestroy");
  } catch (const sycl::exception& e) {
    std::fprintf(stderr, "SYCL exception: %s\n", e.what());
    return 1;
  }
  return checks_status();
}

#else // not compiled as CUDA

int main() {
  std::printf("tessera-cuda-bench: built without CUDA (compile this file as CUDA: clang++ -x cuda, "
              "or add_sycl_to_target(... CUDA ...)); nothing to measure.\n");
  return 0;
}

#endif
