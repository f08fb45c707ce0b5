// tessera-amp-bench: what the C++ AMP layer costs over SYCL. The same algorithm, a 16x16 tiled
// matrix multiply with both tiles in work-group memory and two barriers per tile step, written once
// in C++ AMP (array_view, tile_static, tile_barrier::wait) and once in SYCL (USM, local_accessor,
// group_barrier), run alternately on the default device; the data stays on the device between runs.
// Prints the median time of each and the ratio AMP/SYCL (goal: <= 1.02).
//
// Usage: tessera-amp-bench [size]   (a multiple of 16; default 2048 on a GPU, 256 on the CPU)
#include <amp.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "figures/amp_tiles.hpp" // the AMP kernel, shared with examples/

namespace {
using namespace concurrency;
constexpr int TS = 16;

double seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

void amp_step(const accelerator_view& av, const array_view<const float, 2>& a, const array_view<const float, 2>& b,
              const array_view<float, 2>& c, int n) {
  figures::amp_samples::tiled_matmul<TS>(av, a, b, c, n);
  av.wait();
}

void sycl_step(sycl::queue& q, const float* a, const float* b, float* c, int n) {
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<float, 2> sA({TS, TS}, h), sB({TS, TS}, h);
     h.parallel_for(sycl::nd_range<2>({std::size_t(n), std::size_t(n)}, {TS, TS}), [=](sycl::nd_item<2> it) {
       const int row = int(it.get_local_id(0)), col = int(it.get_local_id(1));
       const int gr = int(it.get_global_id(0)), gc = int(it.get_global_id(1));
       float sum = 0.0f;
       for (int i = 0; i < n; i += TS) {
         sA[row][col] = a[gr * n + col + i];
         sB[row][col] = b[(row + i) * n + gc];
         sycl::group_barrier(it.get_group());
         for (int k = 0; k < TS; k++) sum += sA[row][k] * sB[k][col];
         sycl::group_barrier(it.get_group());
       }
       c[gr * n + gc] = sum;
     });
   }).wait();
}
} // namespace

int main(int argc, char** argv) {
  sycl::queue q;
  const bool gpu = q.get_device().is_gpu();
  const int n = argc > 1 ? std::atoi(argv[1]) : gpu ? 2048 : 256;
  const int runs = gpu ? 21 : 5;
  std::vector<float> ha(std::size_t(n) * n), hb(ha.size()), hc(ha.size()), hc2(ha.size());
  for (std::size_t i = 0; i < ha.size(); ++i) ha[i] = float(i % 7) - 3, hb[i] = float(i % 5) - 2;

  const accelerator_view av = accelerator(q.get_device()).get_default_view();
  array_view<const float, 2> a(n, n, ha), b(n, n, hb);
  array_view<float, 2> c(n, n, hc);
  c.discard_data();
  float* da = sycl::malloc_device<float>(ha.size(), q);
  float* db = sycl::malloc_device<float>(ha.size(), q);
  float* dc = sycl::malloc_device<float>(ha.size(), q);
  q.memcpy(da, ha.data(), ha.size() * sizeof(float));
  q.memcpy(db, hb.data(), hb.size() * sizeof(float)).wait();

  amp_step(av, a, b, c, n); // warm-up: copies the views to the device once
  sycl_step(q, da, db, dc, n);
  std::vector<double> t_amp, t_sycl;
  for (int r = 0; r < runs; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    amp_step(av, a, b, c, n);
    t_amp.push_back(seconds(t0));
    t0 = std::chrono::steady_clock::now();
    sycl_step(q, da, db, dc, n);
    t_sycl.push_back(seconds(t0));
  }
  c.synchronize();
  q.memcpy(hc2.data(), dc, hc2.size() * sizeof(float)).wait();
  const bool same = hc == hc2;
  const double ma = median(t_amp), ms = median(t_sycl);
  std::printf("device: %s\n", q.get_device().get_info<sycl::info::device::name>().c_str());
  std::printf("tiled matmul %dx%d, tile %d, median of %d runs\n", n, n, TS, runs);
  std::printf("  C++ AMP  %10.3f ms  %8.1f GFLOP/s\n", ma * 1e3, 2.0 * n * n * n / ma * 1e-9);
  std::printf("  SYCL     %10.3f ms  %8.1f GFLOP/s\n", ms * 1e3, 2.0 * n * n * n / ms * 1e-9);
  std::printf("  ratio AMP/SYCL time: %.3f   results %s\n", ma / ms, same ? "identical" : "DIFFER");
  sycl::free(da, q), sycl::free(db, q), sycl::free(dc, q);
  return same ? 0 : 1;
}
