// tessera-dpl-cuda-bench: the oneDPL algorithms under a device policy on the GPU against CUB
// doing the same job on the same queue's stream, in one process, at 2^28 int32 (throughput) and
// 2^20 (latency).
//
//   reduce          std::reduce                 vs cub::DeviceReduce::Sum
//   transform       std::transform (x -> 3x+1)  vs cub::DeviceTransform::Transform
//   copy_if         std::copy_if (x % 3 == 0)   vs cub::DeviceSelect::If
//   inclusive_scan  std::inclusive_scan         vs cub::DeviceScan::InclusiveSum (and memcpy)
//   sort            std::sort (32-bit keys)     vs cub::DeviceRadixSort::SortKeys
//
// Both sides end with a stream synchronisation (the algorithms are blocking), CUB's temporary
// storage is allocated once beforehand. Best of `reps` alternating runs; "speed" = CUB's time /
// Tessera's (goal >= 1.0; the scan's goal is 1.2, memcpy's byte rate). Results are compared.
//
// Usage: tessera-dpl-cuda-bench [--reps R] [--log2 N]...   (default: 2^28 and 2^20, 10 reps)
#include <oneapi/dpl/algorithm>
#include <oneapi/dpl/execution>
#include <oneapi/dpl/numeric>
#include <sycl/sycl.hpp>

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <cub/device/device_transform.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

double now_s() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

bool all_ok = true;
void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "MISMATCH: %s\n", what);
    all_ok = false;
  }
}
void cuda_check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "CUDA error in %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

struct triple {
  __host__ __device__ int operator()(int x) const { return 3 * x + 1; }
};
struct div3 {
  __host__ __device__ bool operator()(int x) const { return x % 3 == 0; }
};

// One line: best of `reps` alternating runs, each after its side's untimed preparation.
template <typename Tessera, typename Cub, typename Prepare>
void compare(const char* name, std::size_t bytes, int reps, double goal, Tessera tes, Cub cub, Prepare prepare,
             cudaStream_t s) {
  double t = 1e30, c = 1e30;
  for (int r = 0; r < reps; ++r) {
    prepare();
    cuda_check(cudaStreamSynchronize(s), "prepare");
    double t0 = now_s();
    tes();
    t = std::min(t, now_s() - t0);
    prepare();
    cuda_check(cudaStreamSynchronize(s), "prepare");
    t0 = now_s();
    cub();
    cuda_check(cudaStreamSynchronize(s), name);
    c = std::min(c, now_s() - t0);
  }
  std::printf("%-16s %10.3f %10.3f %8.1f %8.1f %7.2f   >= %.1f %s\n", name, t * 1e6, c * 1e6, bytes / t * 1e-9,
              bytes / c * 1e-9, c / t, goal, c / t >= goal ? "" : "(under)");
}

void run(sycl::queue& q, int log2n, int reps) {
  const std::size_t n = std::size_t{1} << log2n;
  const auto s = static_cast<cudaStream_t>(tessera::runtime::native_stream(q));
  auto pol = oneapi::dpl::execution::make_device_policy(q);
  int* in = sycl::malloc_device<int>(n, q);
  int* out = sycl::malloc_device<int>(n, q);
  int* ref = sycl::malloc_device<int>(n, q);
  long long* sum = sycl::malloc_device<long long>(1, q);
  std::int64_t* count = sycl::malloc_device<std::int64_t>(1, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     unsigned x = static_cast<unsigned>(i[0]) * 2654435761u;
     in[i] = static_cast<int>((x ^ (x >> 13)) % 1000000);
   }).wait();

  // CUB's temporary storage: the largest any of its calls asks for.
  std::size_t temp_bytes = 0, b = 0;
  cub::DeviceReduce::Sum(nullptr, b, in, sum, static_cast<std::int64_t>(n), s), temp_bytes = std::max(temp_bytes, b);
  cub::DeviceSelect::If(nullptr, b, in, ref, count, static_cast<std::int64_t>(n), div3{}, s), temp_bytes = std::max(temp_bytes, b);
  cub::DeviceScan::InclusiveSum(nullptr, b, in, ref, static_cast<std::int64_t>(n), s), temp_bytes = std::max(temp_bytes, b);
  cub::DoubleBuffer<int> keys(ref, out);
  cub::DeviceRadixSort::SortKeys(nullptr, b, keys, static_cast<std::int64_t>(n), 0, 32, s), temp_bytes = std::max(temp_bytes, b);
  void* temp = sycl::malloc_device(temp_bytes, q);
  int* alt = sycl::malloc_device<int>(n, q);

  std::printf("\n2^%d int32 (%zu MiB)\n%-16s %10s %10s %8s %8s %7s   goal\n", log2n, n * 4 >> 20, "algorithm",
              "Tessera us", "CUB us", "T GB/s", "CUB GB/s", "speed");
  const auto none = [] {};
  const std::size_t bytes = n * sizeof(int);

  long long host_t = 0, host_c = 0;
  compare("reduce", bytes, reps, 1.0, [&] { host_t = std::reduce(pol, in, in + n, 0LL); },
          [&] {
            std::size_t tb = temp_bytes;
            cub::DeviceReduce::Reduce(temp, tb, in, sum, static_cast<std::int64_t>(n), std::plus<>(), 0LL, s);
            cudaMemcpyAsync(&host_c, sum, sizeof(long long), cudaMemcpyDeviceToHost, s);
          },
          none, s);
  check(host_t == host_c, "reduce");

  compare("transform", 2 * bytes, reps, 1.0, [&] { std::transform(pol, in, in + n, out, triple{}); },
          [&] { cub::DeviceTransform::Transform(in, ref, static_cast<std::int64_t>(n), triple{}, s); }, none, s);
  std::vector<int> a(n), c(n);
  q.memcpy(a.data(), out, bytes).wait();
  q.memcpy(c.data(), ref, bytes).wait();
  check(a == c, "transform");

  std::int64_t kept_t = 0, kept_c = 0;
  compare("copy_if", 2 * bytes, reps, 1.0, [&] { kept_t = std::copy_if(pol, in, in + n, out, div3{}) - out; },
          [&] {
            std::size_t tb = temp_bytes;
            cub::DeviceSelect::If(temp, tb, in, ref, count, static_cast<std::int64_t>(n), div3{}, s);
            cudaMemcpyAsync(&kept_c, count, sizeof kept_c, cudaMemcpyDeviceToHost, s);
          },
          none, s);
  q.memcpy(a.data(), out, bytes).wait();
  q.memcpy(c.data(), ref, bytes).wait();
  check(kept_t == kept_c && std::equal(a.begin(), a.begin() + kept_t, c.begin()), "copy_if");

  compare("inclusive_scan", 2 * bytes, reps, 1.2, [&] { std::inclusive_scan(pol, in, in + n, out); },
          [&] {
            std::size_t tb = temp_bytes;
            cub::DeviceScan::InclusiveSum(temp, tb, in, ref, static_cast<std::int64_t>(n), s);
          },
          none, s);
  q.memcpy(a.data(), out, bytes).wait();
  q.memcpy(c.data(), ref, bytes).wait();
  check(a == c, "inclusive_scan");
  compare("memcpy (ref.)", 2 * bytes, reps, 0.0, [&] { q.memcpy(out, in, bytes).wait(); },
          [&] { cudaMemcpyAsync(ref, in, bytes, cudaMemcpyDeviceToDevice, s); }, none, s);

  int* sorted_c = ref;
  compare("sort (radix)", bytes, reps, 1.0, [&] { std::sort(pol, out, out + n); },
          [&] {
            std::size_t tb = temp_bytes;
            cub::DoubleBuffer<int> k(ref, alt);
            cub::DeviceRadixSort::SortKeys(temp, tb, k, static_cast<std::int64_t>(n), 0, 32, s);
            sorted_c = k.Current();
          },
          [&] {
            cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice, s);
            cudaMemcpyAsync(ref, in, bytes, cudaMemcpyDeviceToDevice, s);
          },
          s);
  // The last preparation left `out` unsorted again.
  std::sort(pol, out, out + n);
  q.memcpy(a.data(), out, bytes).wait();
  q.memcpy(c.data(), sorted_c, bytes).wait();
  check(a == c && std::is_sorted(a.begin(), a.end()), "sort");

  for (void* p : {static_cast<void*>(in), static_cast<void*>(out), static_cast<void*>(ref), static_cast<void*>(alt),
                  static_cast<void*>(sum), static_cast<void*>(count), temp})
    sycl::free(p, q);
}

} // namespace

int main(int argc, char** argv) {
  int reps = 10;
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) reps = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--log2") && i + 1 < argc) sizes.push_back(std::atoi(argv[++i]));
  }
  if (sizes.empty()) sizes = {28, 20};
  if (sycl::device::get_devices(sycl::info::device_type::gpu).empty()) {
    std::printf("tessera-dpl-cuda-bench: no GPU, nothing to measure\n");
    return 0;
  }
  sycl::queue q{sycl::gpu_selector_v};
  std::printf("tessera-dpl-cuda-bench on %s, best of %d\n", q.get_device().get_info<sycl::info::device::name>().c_str(),
              reps);
  for (int log2n : sizes) run(q, log2n, reps);
  return all_ok ? 0 : 1;
}
