// The program of cub_after_sycl.cpp and cub_before_sycl.cpp, which include <cub/cub.cuh> after
// and before <sycl/sycl.hpp>: a SYCL kernel written as the DPC++ book writes them (float4 under
// `using namespace sycl;`), then CUB's reduction on the queue's CUDA stream where the queue is on a
// GPU. Compiled with `tessera++ --cuda`; on the CPU device, only the kernel runs.
#pragma once
#include <cub/cub.cuh>
#include <sycl/sycl.hpp>

#include <cstddef>
#include <cstdio>
#include <type_traits>

using namespace sycl;

static_assert(std::is_same_v<float4, vec<float, 4>>, "float4 is sycl::float4 under using namespace sycl");
static_assert(std::is_same_v<uint4, vec<unsigned, 4>>, "uint4 is sycl::uint4 under using namespace sycl");

namespace {

constexpr int n = 4096;

// w[i] = 4 * (i % 16), written through a float4 and a swizzle.
bool fill(queue& q, float* w) {
  float4* v = malloc_shared<float4>(n, q);
  q.parallel_for(range<1>{n}, [=](id<1> i) {
     const float x = static_cast<float>(i[0] % 16);
     const float4 a{x, 2 * x, 3 * x, 4 * x};
     v[i] = a.swizzle<3, 2, 1, 0>();
     w[i] = v[i].x();
   }).wait();
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && w[i] == 4.0f * (i % 16) && v[i].w() == 1.0f * (i % 16);
  free(v, q);
  return ok;
}

// CUB's sum of w on the queue's stream (tessera::runtime::native_stream: the CUDA stream the queue's
// commands run on).
float cub_sum(queue& q, const float* w) {
  auto stream = static_cast<cudaStream_t>(tessera::runtime::native_stream(q));
  float* sum = malloc_shared<float>(1, q);
  std::size_t bytes = 0;
  cub::DeviceReduce::Sum(nullptr, bytes, w, sum, n, stream);
  void* scratch = malloc_device(bytes, q);
  cub::DeviceReduce::Sum(scratch, bytes, w, sum, n, stream);
  cudaStreamSynchronize(stream);
  const float result = *sum;
  free(scratch, q);
  free(sum, q);
  return result;
}

} // namespace

int main() {
  queue q;
  float* w = malloc_shared<float>(n, q);
  const bool kernel_ok = fill(q, w);
  std::printf("SYCL kernel on %s: %s\n", q.get_device().get_info<info::device::name>().c_str(),
              kernel_ok ? "PASS" : "FAIL");
  bool cub_ok = true;
  if (q.get_device().is_gpu()) {
    const float sum = cub_sum(q, w);
    const float expected = 4.0f * 120 * (n / 16);
    cub_ok = sum == expected;
    std::printf("CUB DeviceReduce::Sum on the queue's stream: %g (expected %g): %s\n", sum, expected,
                cub_ok ? "PASS" : "FAIL");
  } else {
    std::printf("CUB: not run, the queue is not on a GPU\n");
  }
  free(w, q);
  return kernel_ok && cub_ok ? 0 : 1;
}
