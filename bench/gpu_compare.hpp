// The timing discipline of the CUDA benchmarks (tessera-cuda-bench, tessera-ch14-cuda-bench): two
// sides timed alternately, rep by rep, after one warm-up each, with steady_clock around a
// synchronized batch; median and best per operation. Shared so that every Tessera-vs-CUDA figure
// in docs/performance.md is measured the same way.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <cuda_runtime.h>

namespace gpu_compare {

inline double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct stats {
  double median = 0, best = 0; // seconds per operation
};

inline stats summarize(std::vector<double> t) {
  std::sort(t.begin(), t.end());
  return {t[t.size() / 2], t.front()};
}

struct comparison {
  stats a, b;
  double paired = 0;       // median over reps of a - b, each pair timed back to back (seconds per operation)
  double paired_ratio = 0; // median over reps of b / a: drifts of the clock slower than one pair cancel
  int reps = 0;
};

inline double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Runs fa and fb alternately (each one synchronized batch of `batch` operations), after one
// warm-up batch each; returns the per-operation median and best of each. A slow pair runs fewer
// reps (at least 3) so that the timed batches of the slower side last about cap_s in all; a fast
// pair runs more, so that each side's timed batches last at least min_s in all.
template <typename A, typename B>
comparison compare(int reps, int batch, A&& fa, B&& fb, double cap_s = 10.0, double min_s = 0.0) {
  const double w0 = now_s();
  fa();
  const double w1 = now_s();
  fb();
  const double slowest = std::max(w1 - w0, now_s() - w1);
  if (slowest * reps < min_s) reps = static_cast<int>(min_s / slowest) + 1;
  if (slowest * reps > cap_s) reps = std::max(3, static_cast<int>(cap_s / slowest));
  std::vector<double> ta, tb;
  for (int r = 0; r < reps; ++r) {
    // Alternate which side goes first, so that neither always follows the other's tail.
    for (int side = 0; side < 2; ++side) {
      const bool first_a = (r % 2 == 0) == (side == 0);
      const double t0 = now_s();
      if (first_a) fa();
      else fb();
      (first_a ? ta : tb).push_back((now_s() - t0) / batch);
    }
  }
  std::vector<double> diff, ratio;
  for (std::size_t i = 0; i < ta.size(); ++i) {
    diff.push_back(ta[i] - tb[i]);
    ratio.push_back(tb[i] / ta[i]);
  }
  return {summarize(ta), summarize(tb), median_of(diff), median_of(ratio), reps};
}

// A result check that failed: reported at once, and in the exit status (checks_status).
inline bool all_checks_ok = true;

inline void fail(const std::string& what) {
  std::fprintf(stderr, "CHECK FAILED: %s\n", what.c_str());
  all_checks_ok = false;
}

inline int checks_status() {
  std::printf("checks: %s\n", all_checks_ok ? "PASS" : "FAIL");
  return all_checks_ok ? 0 : 1;
}

inline void check_cuda(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "CUDA error in %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

} // namespace gpu_compare
