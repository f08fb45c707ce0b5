// Shared helpers for the figure examples (book "Data Parallel C++", 2nd ed.).
//
// Every figure lives in its own header examples/figures/figX_Y.hpp and exposes
//
//     figures::result run_figX_Y(sycl::queue& q, std::size_t size);
//
// which builds the inputs, runs the book's kernel on `q`, checks the output against a
// sequential reference and returns {ok, seconds, gflops}. A standalone main
// (examples/figX_Y_*.cpp) and the demo (examples/demo.cpp, via figures/all.hpp) both call it.
// To add a figure: write figures/figX_Y.hpp, add one line to figures/all.hpp, and one
// entry to TESSERA_EXAMPLES in examples/CMakeLists.txt with its standalone main.
#pragma once

#include <sycl/sycl.hpp>

#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace figures {

struct result {
  bool ok = false;
  double seconds = 0.0;  // time of the kernel (submit .. wait), best of the timed runs
  double cpu_seconds = 0.0; // the process's CPU time over the same, least of the timed runs
  double gflops = -1.0;  // negative: not a floating-point kernel, printed as "-"
};

// A figure as the demo sees it.
struct figure {
  const char* name;         // e.g. "fig9_8 matmul local tiled (float)"
  std::size_t default_size; // size used by the demo and the standalone main
  result (*run)(sycl::queue&, std::size_t);
};

using clock = std::chrono::steady_clock;

inline double seconds_since(clock::time_point t0) {
  return std::chrono::duration<double>(clock::now() - t0).count();
}

// Deterministic pseudo-random inputs (no <random> distribution differences across libstdc++).
inline std::uint32_t lcg(std::uint32_t& s) {
  s = s * 1664525u + 1013904223u;
  return s >> 8;
}

// Small integers in [-4, 4]: exact in int and in float products/sums for the sizes used here.
template <typename T>
std::vector<T> small_values(std::size_t n, std::uint32_t seed) {
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(static_cast<int>(lcg(seed) % 9) - 4);
  return v;
}

// Uniform reals in [-1, 1).
template <typename T>
std::vector<T> real_values(std::size_t n, std::uint32_t seed) {
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>((lcg(seed) & 0xFFFFFF) / double(0x800000) - 1.0);
  return v;
}

// Sequential reference C = A * B, A is MxK, B is KxN, accumulated in double.
template <typename T>
std::vector<double> matmul_reference(const std::vector<T>& A, const std::vector<T>& B, std::size_t M,
                                     std::size_t N, std::size_t K) {
  std::vector<double> C(M * N, 0.0);
  for (std::size_t m = 0; m < M; ++m)
    for (std::size_t k = 0; k < K; ++k) {
      const double a = A[m * K + k];
      for (std::size_t n = 0; n < N; ++n) C[m * N + n] += a * B[k * N + n];
    }
  return C;
}

// Integer data must match exactly; floating-point data within a bound that scales with K
// (each term of the sum has |a*b| <= 1, float accumulation error grows ~ K * eps).
template <typename T>
bool matmul_matches(const std::vector<T>& C, const std::vector<double>& ref, std::size_t K) {
  const double tol = std::is_integral_v<T> ? 0.0 : 1e-5 * double(K) + 1e-6;
  for (std::size_t i = 0; i < C.size(); ++i) {
    const double d = std::fabs(double(C[i]) - ref[i]);
    if (d > tol) {
      std::fprintf(stderr, "mismatch at %zu: got %.8g, expected %.8g (tolerance %g)\n", i, double(C[i]), ref[i],
                   tol);
      return false;
    }
  }
  return true;
}

// Standalone main helper: runs one figure on the default device, prints PASS/FAIL.
inline int run_standalone(const char* name, result (*run)(sycl::queue&, std::size_t), std::size_t size,
                          int argc, char** argv) {
  if (argc > 1) size = std::strtoull(argv[1], nullptr, 10);
  try {
    sycl::queue q;
    std::printf("%s on %s (size %zu)\n", name, q.get_device().get_info<sycl::info::device::name>().c_str(),
                size);
    const result r = run(q, size);
    if (r.gflops >= 0)
      std::printf("time %.3f ms, %.2f GFLOP/s\n", r.seconds * 1e3, r.gflops);
    else
      std::printf("time %.3f ms\n", r.seconds * 1e3);
    std::printf("%s\n", r.ok ? "PASS" : "FAIL");
    return r.ok ? EXIT_SUCCESS : EXIT_FAILURE;
  } catch (const sycl::exception& e) {
    std::fprintf(stderr, "sycl::exception: %s\nFAIL\n", e.what());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "exception: %s\nFAIL\n", e.what());
  }
  return EXIT_FAILURE;
}

} // namespace figures
