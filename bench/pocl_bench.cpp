// tessera-pocl-bench: the kernels of tessera-cbs-bench written in OpenCL C and run by the OpenCL
// CPU device found first (PoCL 3.1 on Debian 12: `pocl-opencl-icd`), against the same OpenMP
// algorithms (cbs_openmp.cpp) in one process. Issue 14 asks for PoCL's figures beside the CBS
// pass's, on the same kernels: PoCL is the compiler-based OpenCL runtime whose barrier handling
// (loop fission) the pass is measured against.
//   a) figure 9-8 tiled matmul, 512^3 floats, work-groups of 1 x 16, two barriers per tile step;
//   b) tree reduction in local memory: groups of 256 ints, 8 barriers each, 2^22 ints;
//   c) figures 14-20 to 14-22's three-kernel inclusive scan of 2^17 ints (blocks of 128).
// Figure 9-14 needs sub-groups, which PoCL 3.1's CPU device does not offer (max sub-groups 0).
// Each kernel is the SYCL figure's body spelled in OpenCL C; buffers are made once, timing covers
// the enqueues up to clFinish, best of `reps` after a warm-up run, as tessera-cbs-bench times.
//
// Usage: tessera-pocl-bench [--quick]
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "best_of.hpp"
#include "cbs_openmp.hpp"

namespace {

const char* kernels_source = R"CL(
__kernel void fig9_8(__global const float* A, __global const float* B, __global float* C, int N, int K) {
  __local float tileA[16];
  const int n = get_global_id(0), m = get_global_id(1), i = get_local_id(0);
  float sum = 0;
  for (int kk = 0; kk < K; kk += 16) {
    tileA[i] = A[m * K + kk + i];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < 16; k++) sum += tileA[k] * B[(kk + k) * N + n];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[m * N + n] = sum;
}

__kernel void tree_sums(__global const int* x, __global int* sums) {
  __local int tile[256];
  const size_t l = get_local_id(0);
  tile[l] = x[get_global_id(0)];
  for (size_t h = 256 / 2; h > 0; h /= 2) {  // `half` is a type in OpenCL C
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < h) tile[l] += tile[l + h];
  }
  if (l == 0) sums[get_group_id(0)] = tile[0];
}

// Figures 14-20 and 14-21 share one body: a Hillis-Steele scan of the group's block.
__kernel void scan_blocks(__global const int* input, __global int* output, __global int* tmp,
                          __local int* local_, int write_totals) {
  const int i = get_global_id(0), li = get_local_id(0), L = get_local_size(0);
  local_[li] = input[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int d = 0; d <= log2((float)L) - 1; ++d) {
    uint stride = (1 << d);
    int update = (li >= stride) ? local_[li - stride] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    local_[li] += update;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  output[i] = local_[li];
  if (write_totals && li == L - 1) tmp[get_group_id(0)] = local_[li];
}

__kernel void scan_carry(__global int* output, __global const int* tmp) {
  const int g = get_group_id(0);
  if (g > 0) output[get_global_id(0)] += tmp[g - 1];
}
)CL";

void check(cl_int err, const char* what) {
  if (err != CL_SUCCESS) throw std::runtime_error(std::string(what) + " failed: OpenCL error " + std::to_string(err));
}

// The first CPU device of any platform, its context, an in-order queue and the kernels' program.
class opencl_cpu {
public:
  opencl_cpu() {
    cl_uint platforms = 0;
    check(clGetPlatformIDs(0, nullptr, &platforms), "clGetPlatformIDs");
    std::vector<cl_platform_id> ids(platforms);
    check(clGetPlatformIDs(platforms, ids.data(), nullptr), "clGetPlatformIDs");
    for (cl_platform_id p : ids)
      if (clGetDeviceIDs(p, CL_DEVICE_TYPE_CPU, 1, &device_, nullptr) == CL_SUCCESS) break;
    if (!device_) throw std::runtime_error("no OpenCL CPU device (install pocl-opencl-icd)");
    cl_int err = CL_SUCCESS;
    context_ = clCreateContext(nullptr, 1, &device_, nullptr, nullptr, &err);
    check(err, "clCreateContext");
    queue_ = clCreateCommandQueue(context_, device_, 0, &err);
    check(err, "clCreateCommandQueue");
    program_ = clCreateProgramWithSource(context_, 1, &kernels_source, nullptr, &err);
    check(err, "clCreateProgramWithSource");
    if (clBuildProgram(program_, 1, &device_, "-cl-std=CL1.2", nullptr, nullptr) != CL_SUCCESS) {
      char log[8192] = {};
      clGetProgramBuildInfo(program_, device_, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, nullptr);
      throw std::runtime_error(std::string("building the kernels failed:\n") + log);
    }
  }
  ~opencl_cpu() {
    for (cl_mem m : buffers_) clReleaseMemObject(m);
    for (cl_kernel k : kernels_) clReleaseKernel(k);
    clReleaseProgram(program_);
    clReleaseCommandQueue(queue_);
    clReleaseContext(context_);
  }
  opencl_cpu(const opencl_cpu&) = delete;
  opencl_cpu& operator=(const opencl_cpu&) = delete;

  std::string device_name() const {
    char name[256] = {}, version[256] = {};
    clGetDeviceInfo(device_, CL_DEVICE_NAME, sizeof name - 1, name, nullptr);
    clGetDeviceInfo(device_, CL_DEVICE_VERSION, sizeof version - 1, version, nullptr);
    return std::string(name) + ", " + version;
  }

  template <typename T>
  cl_mem buffer(std::vector<T>& data) {
    cl_int err = CL_SUCCESS;
    cl_mem m = clCreateBuffer(context_, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, data.size() * sizeof(T), data.data(),
                              &err);
    check(err, "clCreateBuffer");
    buffers_.push_back(m);
    return m;
  }
  template <typename T>
  void read(cl_mem m, std::vector<T>& data) {
    check(clEnqueueReadBuffer(queue_, m, CL_TRUE, 0, data.size() * sizeof(T), data.data(), 0, nullptr, nullptr),
          "clEnqueueReadBuffer");
  }

  // The kernel `name` with its arguments set: buffers and scalars as values, local arrays as
  // local_bytes{n}.
  struct local_bytes {
    std::size_t n;
  };
  template <typename... Args>
  cl_kernel kernel(const char* name, const Args&... args) {
    cl_int err = CL_SUCCESS;
    cl_kernel k = clCreateKernel(program_, name, &err);
    check(err, "clCreateKernel");
    kernels_.push_back(k);
    cl_uint index = 0;
    (set_arg(k, index++, args), ...);
    return k;
  }

  void enqueue(cl_kernel k, cl_uint dims, const std::size_t* global, const std::size_t* local) {
    check(clEnqueueNDRangeKernel(queue_, k, dims, nullptr, global, local, 0, nullptr, nullptr),
          "clEnqueueNDRangeKernel");
  }
  void finish() { check(clFinish(queue_), "clFinish"); }

private:
  template <typename T>
  static void set_arg(cl_kernel k, cl_uint i, const T& v) {
    check(clSetKernelArg(k, i, sizeof(T), &v), "clSetKernelArg");
  }
  static void set_arg(cl_kernel k, cl_uint i, const local_bytes& l) {
    check(clSetKernelArg(k, i, l.n, nullptr), "clSetKernelArg (local)");
  }

  cl_device_id device_ = nullptr;
  cl_context context_ = nullptr;
  cl_command_queue queue_ = nullptr;
  cl_program program_ = nullptr;
  std::vector<cl_kernel> kernels_;
  std::vector<cl_mem> buffers_;
};

bool all_ok = true;

void report(const std::string& what, double pocl, double omp, double pass_goal) {
  std::printf("| %-40s | %10.2f | %10.2f | %8.2fx | <= %.1fx |\n", what.c_str(), pocl * 1e3, omp * 1e3, pocl / omp,
              pass_goal);
}

void expect(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "%s: wrong results\n", what);
    all_ok = false;
  }
}

std::vector<float> values(std::size_t n, unsigned seed) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<float>((i * 2654435761u + seed * 40503u) % 1000) / 500.f - 1.f;
  return v;
}

void bench_matmul(opencl_cpu& cl, int n, int reps) {
  std::vector<float> A = values(std::size_t(n) * n, 3), B = values(std::size_t(n) * n, 4), C(std::size_t(n) * n),
                     ref(C.size());
  cl_mem a = cl.buffer(A), b = cl.buffer(B), c = cl.buffer(C);
  cl_kernel k = cl.kernel("fig9_8", a, b, c, n, n);
  const std::size_t global[2] = {std::size_t(n), std::size_t(n)}, local[2] = {16, 1};
  auto run = [&] {
    cl.enqueue(k, 2, global, local);
    cl.finish();
  };
  run();
  const double pocl = best_of(reps, run);
  const double omp = best_of(reps, [&] { cbs_bench::omp_tiled_matmul(A.data(), B.data(), ref.data(), n, n, n); });
  cl.read(c, C);
  bool ok = true;
  for (std::size_t i = 0; i < C.size(); ++i) ok &= std::fabs(C[i] - ref[i]) <= 1e-3f * (1.f + std::fabs(ref[i]));
  expect(ok, "fig 9-8 matmul (PoCL vs OpenMP)");
  report("fig 9-8 tiled matmul " + std::to_string(n) + "^3 float", pocl, omp, 2.0);
}

void bench_tree_reduction(opencl_cpu& cl, std::size_t n, int reps) {
  constexpr std::size_t group = 256;
  std::vector<int> x(n), sums(n / group), expected(n / group), omp_sums(n / group);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<int>(i % 13);
  for (std::size_t g = 0; g < expected.size(); ++g)
    expected[g] = std::accumulate(x.begin() + g * group, x.begin() + (g + 1) * group, 0);
  cl_mem xs = cl.buffer(x), s = cl.buffer(sums);
  cl_kernel k = cl.kernel("tree_sums", xs, s);
  auto run = [&] {
    cl.enqueue(k, 1, &n, &group);
    cl.finish();
  };
  run();
  const double pocl = best_of(reps, run);
  const double omp = best_of(reps, [&] { cbs_bench::omp_tree_sums(x.data(), omp_sums.data(), long(n / group), int(group)); });
  cl.read(s, sums);
  expect(sums == expected && omp_sums == expected, "tree reduction");
  report("tree reduction, 2^" + std::to_string(__builtin_ctzll(n)) + " ints, groups of 256", pocl, omp, 4.0);
}

void bench_scan(opencl_cpu& cl, std::size_t n, int reps) {
  constexpr std::size_t block = 128;
  const std::size_t G = n / block;
  std::vector<int> in(n), out(n), totals(G), expected(n), omp_out(n), omp_totals(G);
  for (std::size_t i = 0; i < n; ++i) in[i] = static_cast<int>(i % 7) - 3;
  std::inclusive_scan(in.begin(), in.end(), expected.begin());
  cl_mem input = cl.buffer(in), output = cl.buffer(out), tmp = cl.buffer(totals);
  cl_kernel blocks = cl.kernel("scan_blocks", input, output, tmp, opencl_cpu::local_bytes{block * sizeof(int)}, 1);
  cl_kernel tops = cl.kernel("scan_blocks", tmp, tmp, tmp, opencl_cpu::local_bytes{G * sizeof(int)}, 0);
  cl_kernel carry = cl.kernel("scan_carry", output, tmp);
  // The SYCL figures wait for each kernel before the next (run_fig14_20): so does this.
  auto run = [&] {
    cl.enqueue(blocks, 1, &n, &block);
    cl.finish();
    cl.enqueue(tops, 1, &G, &G);
    cl.finish();
    cl.enqueue(carry, 1, &n, &block);
    cl.finish();
  };
  run();
  cl.read(output, out);
  expect(out == expected, "three-kernel scan (PoCL)");
  const double pocl = best_of(reps, run);
  const double omp = best_of(reps, [&] {
    cbs_bench::omp_three_kernel_scan(in.data(), omp_out.data(), omp_totals.data(), long(n), int(block));
  });
  expect(omp_out == expected, "three-kernel scan (OpenMP)");
  report("3-kernel scan (fig 14-20), 2^" + std::to_string(__builtin_ctzll(n)) + " ints", pocl, omp, 3.0);
}

} // namespace

int main(int argc, char** argv) try {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  opencl_cpu cl;
  std::printf("OpenCL CPU device: %s\n", cl.device_name().c_str());
  std::printf("| %-40s | %10s | %10s | %9s | %-8s |\n", "kernel (best of runs, ms)", "OpenCL", "OpenMP", "ratio",
              "CBS goal");
  std::printf("|%s|%s|%s|%s|%s|\n", std::string(42, '-').c_str(), std::string(12, '-').c_str(),
              std::string(12, '-').c_str(), std::string(11, '-').c_str(), std::string(10, '-').c_str());
  bench_matmul(cl, quick ? 64 : 512, quick ? 1 : 5);
  bench_tree_reduction(cl, quick ? std::size_t(1) << 14 : std::size_t(1) << 22, quick ? 1 : 10);
  bench_scan(cl, quick ? std::size_t(1) << 12 : std::size_t(1) << 17, quick ? 1 : 10);
  if (!all_ok) std::fprintf(stderr, "tessera-pocl-bench: some results were wrong\n");
  return all_ok ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "tessera-pocl-bench: %s\n", e.what());
  return 2;
}
