// tessera-ch14-cuda-bench: the seed's chapter-14 pattern kernels through Tessera's CUDA backend
// against CUDA twins written the way a CUDA programmer would, in one run on one GPU. As in
// tessera-cuda-bench (see gpu_compare.hpp): same translation unit and clang, same device memory
// (sycl::malloc_device), warm-up, alternating timed reps, median and best, results checked
// (Tessera against CUDA, exactly, and against the host on a sample), ratios printed.
//
// The SYCL kernels are the figures' code (examples/figures/fig14_*.hpp): the scan, pack and unpack
// kernels are called from there; map, stencils and sums, which the figures write over buffer
// accessors (the book's form), are transcribed here over USM pointers, which is what accessors
// reduce to on the GPU; local memory stays a local_accessor. Each CUDA twin has the SYCL launch's thread mapping (range<1>/range<2>: blocks
// of 256 consecutive linear ids, last dimension = x), so the two differ only in what the code
// compiles to:
//   fig 14-15 map          out[i] = sqrt(in[i]), n floats
//   fig 14-16 stencil      5-point average over an s x s interior (s*s ~ n), one-cell halo
//   fig 14-17 local        the same with 4x4 work-groups staging a 6x6 tile in local memory
//   fig 14-18 atomic       sum of n ints, one relaxed atomic_ref add per work-item (atomicAdd)
//   fig 14-19 group        work-groups of 64, reduce_over_group + one atomic per group
//                          (twin: __shfl_down_sync + __shared__ + atomicAdd)
//   fig 14-20..22 scan     the three kernels (L = 128): a local Hillis-Steele scan per group, one
//                          group scanning the groups' totals, the carry added back. Phase 2 fits
//                          one work-group only up to 1024 totals, so above 128K elements the
//                          totals are scanned by the same three kernels again (recursively);
//                          both sides run the same levels.
//   fig 14-24 pack         neighbour lists by sub-group pack, work-groups of 8, p particles
//                          (p^2 pairs; twin: __ballot_sync + __popc)
//   fig 14-26 unpack       load-balanced Mandelbrot, one sub-group of 8 per row, w x 3w/4
//                          pixels (twin: __any_sync, __ballot_sync + __popc)
// Timed: one launch (memsets included for the atomic sums, all levels for the scan), in batches
// of 10 when one takes under 5 ms.
//
// Usage: tessera-ch14-cuda-bench [--quick] [--n 268435456] [--particles 16384] [--width 16384] [--reps 10]
//   defaults: 2^28 elements (map, stencils, sums, scan), 2^14 particles (2^28 pairs),
//   a 16384 x 12288 image; --quick: 2^20 elements, 1024 particles, 1024-wide image, 3 reps.
// Exit status: 0 on success or when no GPU is found; 1 when a result check fails.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#if defined(__CUDA__) || defined(__CUDACC__)
// The figures' own kernels (scan, pack, unpack) and the Mandelbrot helpers both sides share.
#include "figures/fig14_20.hpp"
#include "figures/fig14_24.hpp"
#include "figures/fig14_26.hpp"
#include "gpu_compare.hpp"

namespace {

using namespace gpu_compare;

struct row {
  std::string kernel, size;
  comparison c;
  double bytes; // memory traffic of one run, for GB/s (0: not a bandwidth kernel)
  std::string note;
};
std::vector<row> rows;

// Times one Tessera run against one CUDA run; each callable enqueues one run.
void time_pair(sycl::queue& q, cudaStream_t stream, int reps, const std::string& kernel, const std::string& size,
               double bytes, const std::function<void()>& tessera, const std::function<void()>& cuda,
               const std::string& note = "") {
  const double t0 = now_s();
  tessera();
  q.wait();
  const int batch = now_s() - t0 < 5e-3 ? 10 : 1;
  auto c = compare(
      reps, batch,
      [&] {
        for (int b = 0; b < batch; ++b) tessera();
        q.wait();
      },
      [&] {
        for (int b = 0; b < batch; ++b) cuda();
        check_cuda(cudaStreamSynchronize(stream), kernel.c_str());
      },
      5.0);
  rows.push_back({kernel, size, c, bytes, note});
}

template <typename T> std::vector<T> to_host(const T* p, std::size_t n) {
  std::vector<T> v(n);
  check_cuda(cudaMemcpy(v.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost), "copy back");
  return v;
}

// Values the host can recompute at any index.
float float_at(std::size_t i) { return float((i * 2654435761u >> 8) & 1023) * (1.0f / 1024); }
int int_at(std::size_t i) { return static_cast<int>(i & 7); }

template <typename T, typename F> T* device_values(sycl::queue& q, std::size_t n, F f) {
  std::vector<T> h(n);
  for (std::size_t i = 0; i < n; ++i) h[i] = f(i);
  T* d = sycl::malloc_device<T>(n, q);
  q.memcpy(d, h.data(), n * sizeof(T)).wait();
  return d;
}

std::size_t mismatches(const std::vector<float>& a, const std::vector<float>& b) {
  std::size_t bad = 0;
  for (std::size_t i = 0; i < a.size(); ++i) bad += !(a[i] == b[i]);
  return bad;
}

// ---------------------------------------------------------------------------------------------
// Figure 14-15: map
// ---------------------------------------------------------------------------------------------
__global__ void cuda_map(const float* input, float* output, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) output[i] = sqrtf(input[i]);
}

void bench_map(sycl::queue& q, cudaStream_t stream, std::size_t N, int reps) {
  using namespace sycl;
  float* input = device_values<float>(q, N, float_at);
  float* out_t = malloc_device<float>(N, q);
  float* out_c = malloc_device<float>(N, q);
  time_pair(
      q, stream, reps, "fig 14-15 map sqrt", std::to_string(N), 8.0 * N,
      [&] {
        float* output = out_t;
        // --- Figure 14-15 ---
        q.parallel_for(N, [=](id<1> i) { output[i] = sqrt(input[i]); });
      },
      [&] { cuda_map<<<(N + 255) / 256, 256, 0, stream>>>(input, out_c, static_cast<int>(N)); });
  const auto t = to_host(out_t, N), c = to_host(out_c, N);
  if (const auto bad = mismatches(t, c)) fail("map: " + std::to_string(bad) + " elements differ from CUDA's");
  for (std::size_t i = 0; i < N; i += 4099)
    if (std::fabs(t[i] - std::sqrt(float_at(i))) > 1.2e-7f * std::sqrt(float_at(i))) fail("map: wrong sqrt");
  free(input, q), free(out_t, q), free(out_c, q);
}

// ---------------------------------------------------------------------------------------------
// Figures 14-16 and 14-17: stencils over an s x s interior with a one-cell halo (w = s + 2)
// ---------------------------------------------------------------------------------------------
__global__ void cuda_stencil(const float* input, float* output, int s, int w) {
  const int i = blockIdx.y + 1;
  const int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  if (j > s) return;
  output[i * w + j] =
      (input[i * w + j] + input[(i - 1) * w + j] + input[i * w + j + 1] + input[(i + 1) * w + j] + input[i * w + j - 1]) /
      5.0f;
}

constexpr int B = 4; // figure 14-17's work-group side

__global__ void cuda_stencil_local(const float* input, float* output, int w) {
  __shared__ float tile[B + 2][B + 2];
  for (int ti = threadIdx.y; ti < B + 2; ti += B)
    for (int tj = threadIdx.x; tj < B + 2; tj += B) tile[ti][tj] = input[(ti + B * blockIdx.y) * w + tj + B * blockIdx.x];
  __syncthreads();
  const int ti = threadIdx.y + 1, tj = threadIdx.x + 1;
  const int gi = blockIdx.y * B + ti, gj = blockIdx.x * B + tj;
  output[gi * w + gj] = (tile[ti][tj] + tile[ti - 1][tj] + tile[ti][tj + 1] + tile[ti + 1][tj] + tile[ti][tj - 1]) / 5.0f;
}

sycl::event sycl_stencil(sycl::queue& q, const float* input, float* output, std::size_t s, int w) {
  using namespace sycl;
  range<2> stencil_range{s, s};
  // --- Figure 14-16 (input[i][j] is input[i * w + j]) ---
  return q.parallel_for(stencil_range, [=](id<2> idx) {
    int i = idx[0] + 1;
    int j = idx[1] + 1;

    float self = input[i * w + j];
    float north = input[(i - 1) * w + j];
    float east = input[i * w + j + 1];
    float south = input[(i + 1) * w + j];
    float west = input[i * w + j - 1];

    output[i * w + j] = (self + north + east + south + west) / 5.0f;
  });
}

sycl::event sycl_stencil_local(sycl::queue& q, const float* input, float* output, std::size_t s, int w) {
  using namespace sycl;
  range<2> stencil_range{s, s};
  // --- Figure 14-17 (input[i][j] is input[i * w + j]) ---
  return q.submit([&](handler& h) {
    range<2> local_range(B, B);
    range<2> tile_size = local_range + range<2>(2, 2); // Includes boundary cells
    auto tile = local_accessor<float, 2>(tile_size, h);
    h.parallel_for(nd_range<2>(stencil_range, local_range), [=](nd_item<2> it) {
      // Load this tile into work-group local memory
      id<2> lid = it.get_local_id();
      range<2> lrange = it.get_local_range();
      for (int ti = lid[0]; ti < B + 2; ti += lrange[0]) {
        int gi = ti + B * it.get_group(0);
        for (int tj = lid[1]; tj < B + 2; tj += lrange[1]) {
          int gj = tj + B * it.get_group(1);
          tile[ti][tj] = input[gi * w + gj];
        }
      }
      group_barrier(it.get_group());

      // Compute the stencil using values from local memory
      int gi = it.get_global_id(0) + 1;
      int gj = it.get_global_id(1) + 1;

      int ti = it.get_local_id(0) + 1;
      int tj = it.get_local_id(1) + 1;

      float self = tile[ti][tj];
      float north = tile[ti - 1][tj];
      float east = tile[ti][tj + 1];
      float south = tile[ti + 1][tj];
      float west = tile[ti][tj - 1];

      output[gi * w + gj] = (self + north + east + south + west) / 5.0f;
    });
  });
}

void check_stencil(const std::string& name, const float* out_t, const float* out_c, std::size_t s) {
  const std::size_t w = s + 2;
  const auto t = to_host(out_t, w * w), c = to_host(out_c, w * w);
  if (const auto bad = mismatches(t, c)) fail(name + ": " + std::to_string(bad) + " cells differ from CUDA's");
  for (std::size_t i = 1; i <= s; i += 997) // sampled rows against the host
    for (std::size_t j = 1; j <= s; ++j) {
      const float expect = (float_at(i * w + j) + float_at((i - 1) * w + j) + float_at(i * w + j + 1) +
                            float_at((i + 1) * w + j) + float_at(i * w + j - 1)) /
                           5.0f;
      if (std::fabs(t[i * w + j] - expect) > 1e-6f) {
        fail(name + ": wrong value at (" + std::to_string(i) + "," + std::to_string(j) + ")");
        return;
      }
    }
}

void bench_stencils(sycl::queue& q, cudaStream_t stream, std::size_t N, int reps) {
  std::size_t s = 256;
  while ((2 * s) * (2 * s) <= N) s *= 2; // a power of two: a multiple of 256 and of B
  const std::size_t w = s + 2;
  float* input = device_values<float>(q, w * w, float_at);
  float* out_t = sycl::malloc_device<float>(w * w, q);
  float* out_c = sycl::malloc_device<float>(w * w, q);
  const std::string size = std::to_string(s) + "^2";
  const int wi = static_cast<int>(w), si = static_cast<int>(s);
  time_pair(
      q, stream, reps, "fig 14-16 stencil", size, 8.0 * s * s, [&] { sycl_stencil(q, input, out_t, s, wi); },
      [&] { cuda_stencil<<<dim3(s / 256, s), 256, 0, stream>>>(input, out_c, si, wi); });
  check_stencil("stencil", out_t, out_c, s);
  time_pair(
      q, stream, reps, "fig 14-17 stencil, local tiles", size, 8.0 * s * s,
      [&] { sycl_stencil_local(q, input, out_t, s, wi); },
      [&] { cuda_stencil_local<<<dim3(s / B, s / B), dim3(B, B), 0, stream>>>(input, out_c, wi); });
  check_stencil("local stencil", out_t, out_c, s);
  sycl::free(input, q), sycl::free(out_t, q), sycl::free(out_c, q);
}

// ---------------------------------------------------------------------------------------------
// Figures 14-18 and 14-19: sums of ints by atomics
// ---------------------------------------------------------------------------------------------
__global__ void cuda_atomic_sum(const int* data, int* sum, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(sum, data[i]);
}

constexpr int group_size = 64; // figure 14-19's B

__global__ void cuda_group_sum(const int* data, int* sum) {
  int v = data[blockIdx.x * group_size + threadIdx.x];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  __shared__ int warp_sums[group_size / 32];
  if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(sum, warp_sums[0] + warp_sums[1]);
}

void bench_sums(sycl::queue& q, cudaStream_t stream, std::size_t N, int reps) {
  using namespace sycl;
  N = N / group_size * group_size;
  int* data = device_values<int>(q, N, int_at);
  int* sum_t = malloc_device<int>(1, q);
  int* sum_c = malloc_device<int>(1, q);
  long long expect = 0;
  for (std::size_t i = 0; i < N; ++i) expect += int_at(i);
  auto check = [&](const std::string& name) {
    const int t = to_host(sum_t, 1)[0], c = to_host(sum_c, 1)[0];
    if (t != expect || c != expect)
      fail(name + ": Tessera " + std::to_string(t) + ", CUDA " + std::to_string(c) + ", expected " + std::to_string(expect));
  };
  const int n = static_cast<int>(N);
  time_pair(
      q, stream, reps, "fig 14-18 sum, atomic per item", std::to_string(N), 4.0 * N,
      [&] {
        q.memset(sum_t, 0, sizeof(int));
        int* sum = sum_t;
        // --- Figure 14-18 ---
        q.parallel_for(N, [=](id<1> i) {
          atomic_ref<int, memory_order::relaxed, memory_scope::system, access::address_space::global_space>(*sum) +=
              data[i];
        });
      },
      [&] {
        check_cuda(cudaMemsetAsync(sum_c, 0, sizeof(int), stream), "memset");
        cuda_atomic_sum<<<(n + 255) / 256, 256, 0, stream>>>(data, sum_c, n);
      });
  check("atomic sum");
  time_pair(
      q, stream, reps, "fig 14-19 sum, reduce_over_group + atomic", std::to_string(N), 4.0 * N,
      [&] {
        q.memset(sum_t, 0, sizeof(int));
        int* sum = sum_t;
        // --- Figure 14-19 ---
        q.parallel_for(nd_range<1>{N, group_size}, [=](nd_item<1> it) {
          int i = it.get_global_id(0);
          auto grp = it.get_group();
          int group_sum = reduce_over_group(grp, data[i], plus<>());
          if (grp.leader()) {
            atomic_ref<int, memory_order::relaxed, memory_scope::system, access::address_space::global_space>(*sum) +=
                group_sum;
          }
        });
      },
      [&] {
        check_cuda(cudaMemsetAsync(sum_c, 0, sizeof(int), stream), "memset");
        cuda_group_sum<<<n / group_size, group_size, 0, stream>>>(data, sum_c);
      });
  check("group sum");
  free(data, q), free(sum_t, q), free(sum_c, q);
}

// ---------------------------------------------------------------------------------------------
// Figures 14-20, 14-21, 14-22: the three-kernel scan
// ---------------------------------------------------------------------------------------------
constexpr int L = figures::scan_items_per_group; // items per work-group of phases 1 and 3
constexpr int max_phase2 = 1024; // totals one work-group of phase 2 scans

// Phase 1: a Hillis-Steele scan of each block in shared memory; the block's total to tmp.
__global__ void cuda_scan_blocks(const int* input, int* output, int* tmp) {
  __shared__ int local[L];
  const int li = threadIdx.x, i = blockIdx.x * L + li;
  local[li] = input[i];
  __syncthreads();
  for (int stride = 1; stride < L; stride *= 2) {
    const int update = li >= stride ? local[li - stride] : 0;
    __syncthreads();
    local[li] += update;
    __syncthreads();
  }
  output[i] = local[li];
  if (li == L - 1) tmp[blockIdx.x] = local[li];
}

// Phase 2: the same scan over the G totals, in one block of G threads.
__global__ void cuda_scan_totals(int* tmp) {
  extern __shared__ int totals[];
  const int i = threadIdx.x;
  totals[i] = tmp[i];
  __syncthreads();
  for (int stride = 1; stride < static_cast<int>(blockDim.x); stride *= 2) {
    const int update = i >= stride ? totals[i - stride] : 0;
    __syncthreads();
    totals[i] += update;
    __syncthreads();
  }
  tmp[i] = totals[i];
}

// Phase 3: the preceding blocks' total added to every element.
__global__ void cuda_scan_carry(int* output, const int* tmp) {
  if (blockIdx.x > 0) output[blockIdx.x * L + threadIdx.x] += tmp[blockIdx.x - 1];
}

// The levels of the scan: level k scans sizes[k] elements into out[k] (in place above level 0)
// with tmps[k] receiving its blocks' totals, which level k+1 scans; the last level's totals
// (at most 1024) are scanned by phase 2.
struct scan_plan {
  std::vector<std::size_t> sizes;
  std::vector<int*> tmps;
};

scan_plan plan_scan(sycl::queue& q, std::size_t N) {
  scan_plan p;
  for (std::size_t n = N;; n /= L) {
    p.sizes.push_back(n);
    p.tmps.push_back(sycl::malloc_device<int>(n / L, q));
    if (n / L <= max_phase2) break;
  }
  return p;
}

template <typename Blocks, typename Totals, typename Carry>
void run_scan(const scan_plan& p, const int* input, int* output, Blocks blocks, Totals totals, Carry carry) {
  const std::size_t levels = p.sizes.size();
  for (std::size_t k = 0; k < levels; ++k)
    blocks(k == 0 ? input : p.tmps[k - 1], k == 0 ? output : p.tmps[k - 1], p.tmps[k], p.sizes[k]);
  totals(p.tmps.back(), p.sizes.back() / L);
  for (std::size_t k = levels; k-- > 0;) carry(k == 0 ? output : p.tmps[k - 1], p.tmps[k], p.sizes[k]);
}

void bench_scan(sycl::queue& q, cudaStream_t stream, std::size_t N, int reps) {
  std::size_t n = L * 2;
  while (2 * n <= N) n *= 2; // L x a power of two
  int* input = device_values<int>(q, n, int_at);
  int* out_t = sycl::malloc_device<int>(n, q);
  int* out_c = sycl::malloc_device<int>(n, q);
  const scan_plan plan = plan_scan(q, n);
  time_pair(
      q, stream, reps, "fig 14-20..22 scan, 3 kernels", std::to_string(n), 16.0 * n,
      [&] {
        run_scan(
            plan, input, out_t, [&](const int* in, int* out, int* tmp, std::size_t m) { figures::scan_blocks(q, in, out, tmp, m); },
            [&](int* tmp, std::size_t G) { figures::scan_totals(q, tmp, G); },
            [&](int* out, const int* tmp, std::size_t m) { figures::scan_carry(q, out, tmp, m); });
      },
      [&] {
        run_scan(
            plan, input, out_c,
            [&](const int* in, int* out, int* tmp, std::size_t m) {
              cuda_scan_blocks<<<m / L, L, 0, stream>>>(in, out, tmp);
            },
            [&](int* tmp, std::size_t G) { cuda_scan_totals<<<1, G, G * sizeof(int), stream>>>(tmp); },
            [&](int* out, const int* tmp, std::size_t m) { cuda_scan_carry<<<m / L, L, 0, stream>>>(out, tmp); });
      },
      std::to_string(plan.sizes.size()) + " level(s)");
  const auto t = to_host(out_t, n), c = to_host(out_c, n);
  int running = 0;
  for (std::size_t i = 0; i < n; ++i) {
    running += int_at(i);
    if (t[i] != running || c[i] != running) {
      fail("scan at " + std::to_string(i) + ": Tessera " + std::to_string(t[i]) + ", CUDA " + std::to_string(c[i]) +
           ", expected " + std::to_string(running));
      break;
    }
  }
  for (int* tmp : plan.tmps) sycl::free(tmp, q);
  sycl::free(input, q), sycl::free(out_t, q), sycl::free(out_c, q);
}

// ---------------------------------------------------------------------------------------------
// Figure 14-24: neighbour lists by sub-group pack. Positions are multiples of 1/256, so every
// squared distance is exact in float and both sides draw the same lists.
// ---------------------------------------------------------------------------------------------
constexpr float CUTOFF = 0.1f;
constexpr std::size_t MAX_K = figures::neighbour_list_capacity;
constexpr int pack_width = 8; // the figure's sub-group (work-group) size

struct alignas(16) particle {
  float x, y, z, w; // the layout of sycl::float3
};
static_assert(sizeof(particle) == sizeof(sycl::float3));

__global__ void cuda_neighbours(const particle* position, int* neighbors, uint32_t* num_neighbors, int N) {
  const unsigned all = (1u << pack_width) - 1, lane = threadIdx.x;
  const int i = blockIdx.x;
  const particle p = position[i];
  uint32_t k = 0;
  for (int j = lane; j < N; j += pack_width) {
    const float dx = p.x - position[j].x, dy = p.y - position[j].y, dz = p.z - position[j].z;
    const bool pack = i != j && sqrtf(dx * dx + dy * dy + dz * dz) <= CUTOFF;
    const unsigned packed = __ballot_sync(all, pack);
    if (pack) neighbors[i * MAX_K + k + __popc(packed & ((1u << lane) - 1))] = j;
    k += __popc(packed);
  }
  if (lane == 0) num_neighbors[i] = k;
}

void bench_pack(sycl::queue& q, cudaStream_t stream, std::size_t N, int reps) {
  using namespace sycl;
  N = (N + 7) / 8 * 8;
  std::vector<float3> h(N);
  for (std::size_t p = 0; p < N; ++p) // a hash of p, in 256ths of the unit cube
    h[p] = float3(float((p * 2654435761u >> 4) & 255), float((p * 40503u >> 3) & 255), float((p * 97u + (p >> 8)) & 255)) *
           (1.0f / 256);
  float3* position = malloc_device<float3>(N, q);
  q.memcpy(position, h.data(), N * sizeof(float3)).wait();
  int* nb_t = malloc_device<int>(N * MAX_K, q);
  int* nb_c = malloc_device<int>(N * MAX_K, q);
  uint32_t* num_t = malloc_device<uint32_t>(N, q);
  uint32_t* num_c = malloc_device<uint32_t>(N, q);
  q.memset(nb_t, 0xff, N * MAX_K * sizeof(int));
  q.memset(nb_c, 0xff, N * MAX_K * sizeof(int)).wait();
  time_pair(
      q, stream, reps, "fig 14-24 sub-group pack (neighbour list)", std::to_string(N) + "^2 pairs", 0,
      [&] { figures::pack_neighbours(q, position, nb_t, num_t, N, CUTOFF); },
      [&] {
        cuda_neighbours<<<N, pack_width, 0, stream>>>(reinterpret_cast<const particle*>(position), nb_c, num_c,
                                                       static_cast<int>(N));
      });
  const auto nt = to_host(num_t, N), nc = to_host(num_c, N);
  const auto lt = to_host(nb_t, N * MAX_K), lc = to_host(nb_c, N * MAX_K);
  if (nt != nc || lt != lc) fail("pack: Tessera's neighbour lists differ from CUDA's");
  for (std::size_t i = 0; i < N; i += 251) { // sampled particles against the host
    uint32_t count = 0;
    for (std::size_t j = 0; j < N; ++j) {
      const float3 d = h[i] - h[j];
      count += i != j && std::sqrt(d.x() * d.x() + d.y() * d.y() + d.z() * d.z()) <= CUTOFF;
    }
    if (count != nt[i] || count > MAX_K) {
      fail("pack: particle " + std::to_string(i) + " has " + std::to_string(nt[i]) + " neighbours, expected " +
           std::to_string(count));
      break;
    }
  }
  free(position, q), free(nb_t, q), free(nb_c, q), free(num_t, q), free(num_c, q);
}

// ---------------------------------------------------------------------------------------------
// Figure 14-26: the load-balanced Mandelbrot (reset() and next_iteration() from the example)
// ---------------------------------------------------------------------------------------------
__global__ void cuda_mandelbrot(figures::mandelbrot_parameters params, uint32_t* mandelbrot) {
  const unsigned all = (1u << pack_width) - 1, lane = threadIdx.x;
  const uint32_t j = blockIdx.x, Nx = params.Nx;
  uint32_t iq = 0;
  uint32_t i = iq + lane;
  iq += pack_width;
  uint32_t count = 0;
  float cr = 0, ci = 0, zr = 0, zi = 0;
  if (i < Nx) figures::reset(params, i, j, count, cr, ci, zr, zi);
  while (__any_sync(all, i < Nx)) {
    const bool converged = figures::next_iteration(params, i, j, count, cr, ci, zr, zi, mandelbrot);
    const unsigned done = __ballot_sync(all, converged);
    if (done) {
      if (converged) {
        i = iq + __popc(done & ((1u << lane) - 1));
        figures::reset(params, i, j, count, cr, ci, zr, zi);
      }
      iq += __popc(done);
    }
  }
}

void bench_unpack(sycl::queue& q, cudaStream_t stream, std::size_t width, int reps) {
  using namespace sycl;
  const figures::mandelbrot_parameters params = figures::mandelbrot_image(width);
  const uint32_t Nx = params.Nx, Ny = params.Ny;
  const std::size_t pixels = std::size_t(Nx) * Ny;
  uint32_t* img_t = malloc_device<uint32_t>(pixels, q);
  uint32_t* img_c = malloc_device<uint32_t>(pixels, q);
  time_pair(
      q, stream, reps, "fig 14-26 sub-group unpack (Mandelbrot)", std::to_string(Nx) + "x" + std::to_string(Ny), 0,
      [&] { figures::mandelbrot_unpack(q, params, img_t); },
      [&] { cuda_mandelbrot<<<Ny, pack_width, 0, stream>>>(params, img_c); });
  const auto t = to_host(img_t, pixels), c = to_host(img_c, pixels);
  if (t != c) fail("unpack: Tessera's image differs from CUDA's");
  // The host samples rows. The device contracts z^2 + c into fused multiply-adds, which the host
  // does not, so a pixel on a knife edge may escape one iteration apart: a few may differ.
  std::vector<uint32_t> row(Nx);
  std::size_t sampled = 0, differ = 0;
  for (uint32_t j = 0; j < Ny; j += 97) {
    for (uint32_t i = 0; i < Nx; ++i) {
      uint32_t count;
      float cr, ci, zr, zi;
      figures::reset(params, i, j, count, cr, ci, zr, zi);
      // Row j's counts go to row[i]: next_iteration uses its j only to place the count.
      while (!figures::next_iteration(params, i, 0, count, cr, ci, zr, zi, row.data())) {
      }
    }
    for (uint32_t i = 0; i < Nx; ++i) differ += row[i] != t[std::size_t(j) * Nx + i];
    sampled += Nx;
  }
  if (differ * 100 > sampled)
    fail("unpack: " + std::to_string(differ) + " of " + std::to_string(sampled) + " sampled pixels differ from the host's");
  free(img_t, q), free(img_c, q);
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------
void print_rows() {
  std::printf("\n%-44s %-18s %10s %10s %8s %8s %9s  %-9s %s\n", "kernel", "size", "Tessera ms", "CUDA ms", "ratio",
              "best", "T GB/s", "target", "note");
  std::printf("%s\n", std::string(140, '-').c_str());
  for (const auto& r : rows) {
    const double ratio = r.c.b.median / r.c.a.median, best = r.c.b.best / r.c.a.best;
    char gbs[32] = "";
    if (r.bytes > 0) std::snprintf(gbs, sizeof gbs, "%.0f", r.bytes / r.c.a.median * 1e-9);
    std::printf("%-44s %-18s %10.3f %10.3f %8.3f %8.3f %9s  >=0.97 %-2s %s\n", r.kernel.c_str(), r.size.c_str(),
                r.c.a.median * 1e3, r.c.b.median * 1e3, ratio, best, gbs, ratio >= 0.97 ? "ok" : "MISS", r.note.c_str());
  }
  std::printf("\nratio: CUDA median time / Tessera median time (> 1: Tessera faster); best: the same of the best reps.\n");
}

} // namespace

int main(int argc, char** argv) {
  bool quick = false;
  long long n = -1, particles = -1, width = -1;
  int reps = -1;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--quick") quick = true;
    else if (a == "--n" && i + 1 < argc) n = std::atoll(argv[++i]);
    else if (a == "--particles" && i + 1 < argc) particles = std::atoll(argv[++i]);
    else if (a == "--width" && i + 1 < argc) width = std::atoll(argv[++i]);
    else if (a == "--reps" && i + 1 < argc) reps = std::max(1, std::atoi(argv[++i]));
    else {
      std::fprintf(stderr, "usage: %s [--quick] [--n 268435456] [--particles 16384] [--width 16384] [--reps 10]\n",
                   argv[0]);
      return 2;
    }
  }
  if (n <= 0) n = quick ? 1 << 20 : 1 << 28;
  if (particles <= 0) particles = quick ? 1024 : 16384;
  if (width <= 0) width = quick ? 1024 : 16384;
  if (reps < 0) reps = quick ? 3 : 10;
  if (n > (1ll << 30)) {
    std::fprintf(stderr, "--n above 2^30: the kernels index in int\n");
    return 2;
  }

  int cuda_devices = 0;
  if (cudaGetDeviceCount(&cuda_devices) != cudaSuccess || cuda_devices == 0) {
    std::printf("tessera-ch14-cuda-bench: no CUDA GPU found; nothing to measure.\n");
    return 0;
  }
  const auto gpus = sycl::device::get_devices(sycl::info::device_type::gpu);
  if (gpus.empty()) {
    std::printf("tessera-ch14-cuda-bench: Tessera reports no GPU device; nothing to measure.\n");
    return 0;
  }
  try {
    sycl::queue q{gpus.front(), sycl::property::queue::in_order{}};
    cudaStream_t stream;
    check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate");
    std::printf("tessera-ch14-cuda-bench%s: %s, n = %lld, %lld particles, image width %lld, %d reps alternating, "
                "median (and best)\n",
                quick ? " --quick" : "", gpus.front().get_info<sycl::info::device::name>().c_str(), n, particles,
                width, reps);
    std::fflush(stdout);
    bench_map(q, stream, n, reps);
    bench_stencils(q, stream, n, reps);
    bench_sums(q, stream, n, reps);
    bench_scan(q, stream, n, reps);
    bench_pack(q, stream, particles, reps);
    bench_unpack(q, stream, width, reps);
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
  std::printf("tessera-ch14-cuda-bench: built without CUDA (compile this file as CUDA); nothing to measure.\n");
  return 0;
}

#endif
