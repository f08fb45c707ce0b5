// Figures 14-20, 14-21 and 14-22: a device-wide inclusive scan in three kernels: a local
// scan of each work-group's block in local memory (14-20), a scan of the blocks' last
// values by a single work-group (14-21), and the addition of the preceding blocks' total to
// every element (14-22).
#pragma once
#include "common.hpp"

namespace figures {

// The figures' three kernels, each a function so that tessera-ch14-cuda-bench times this very code
// against its CUDA twins. L = 128 items per work-group in phases 1 and 3; phase 2 scans the G block
// totals in one work-group of G items.
inline constexpr std::size_t scan_items_per_group = 128;

inline sycl::event scan_blocks(sycl::queue& q, const int32_t* input, int32_t* output, int32_t* tmp, std::size_t N) {
  using namespace sycl;
  constexpr std::size_t L = scan_items_per_group;
  // --- Figure 14-20 ---
  // Phase 1: Compute local scans over input blocks
  return q.submit([&](handler& h) {
    auto local = local_accessor<int32_t, 1>(L, h);
    h.parallel_for(nd_range<1>(N, L), [=](nd_item<1> it) {
      int i = it.get_global_id(0);
      int li = it.get_local_id(0);

      // Copy input to local memory
      local[li] = input[i];
      group_barrier(it.get_group());

      // Perform inclusive scan in local memory
      for (int32_t d = 0; d <= log2((float)L) - 1; ++d) {
        uint32_t stride = (1 << d);
        int32_t update = (li >= stride) ? local[li - stride] : 0;
        group_barrier(it.get_group());
        local[li] += update;
        group_barrier(it.get_group());
      }

      // Write the result for each item to the output buffer
      // Write the last result from this block to the temporary buffer
      output[i] = local[li];
      if (li == it.get_local_range()[0] - 1) {
        tmp[it.get_group(0)] = local[li];
      }
    });
  });
  // --- end of figure ---
}

inline sycl::event scan_totals(sycl::queue& q, int32_t* tmp, std::size_t G) {
  using namespace sycl;
  // --- Figure 14-21 ---
  // Phase 2: Compute scan over partial results
  return q.submit([&](handler& h) {
    auto local = local_accessor<int32_t, 1>(G, h);
    h.parallel_for(nd_range<1>(G, G), [=](nd_item<1> it) {
      int i = it.get_global_id(0);
      int li = it.get_local_id(0);

      // Copy input to local memory
      local[li] = tmp[i];
      group_barrier(it.get_group());

      // Perform inclusive scan in local memory
      for (int32_t d = 0; d <= log2((float)G) - 1; ++d) {
        uint32_t stride = (1 << d);
        int32_t update = (li >= stride) ? local[li - stride] : 0;
        group_barrier(it.get_group());
        local[li] += update;
        group_barrier(it.get_group());
      }

      // Overwrite result from each work-item in the temporary buffer
      tmp[i] = local[li];
    });
  });
  // --- end of figure ---
}

inline sycl::event scan_carry(sycl::queue& q, int32_t* output, const int32_t* tmp, std::size_t N) {
  using namespace sycl;
  constexpr std::size_t L = scan_items_per_group;
  // --- Figure 14-22 ---
  // Phase 3: Update local scans using partial results
  return q.parallel_for(nd_range<1>(N, L), [=](nd_item<1> it) {
    int g = it.get_group(0);
    if (g > 0) {
      int i = it.get_global_id(0);
      output[i] += tmp[g - 1];
    }
  });
  // --- end of figure ---
}

// size = the number of elements, rounded to L x G with L = 128 items per work-group and G a
// power of two (at most the 1024 items one work-group may have).
inline result run_fig14_20(sycl::queue& q, std::size_t size) {
  using namespace sycl;
  constexpr std::size_t L = scan_items_per_group;
  std::size_t G = 1;
  while (G * L < size && G < 1024) G *= 2;
  const std::size_t N = L * G;

  int32_t* input = malloc_shared<int32_t>(N, q);
  int32_t* output = malloc_shared<int32_t>(N, q);
  int32_t* tmp = malloc_shared<int32_t>(G, q);
  const std::vector<int> values = small_values<int>(N, 1420);
  std::copy(values.begin(), values.end(), input);
  std::fill(output, output + N, -12345);

  const auto t0 = clock::now();
  scan_blocks(q, input, output, tmp, N).wait();
  scan_totals(q, tmp, G).wait();
  scan_carry(q, output, tmp, N).wait();
  q.wait_and_throw();
  result r;
  r.seconds = seconds_since(t0);

  r.ok = true;
  int32_t running = 0;
  for (std::size_t i = 0; i < N && r.ok; ++i) {
    running += values[i];
    if (output[i] != running) {
      std::fprintf(stderr, "mismatch at %zu: got %d, expected %d\n", i, output[i], running);
      r.ok = false;
    }
  }
  free(tmp, q);
  free(output, q);
  free(input, q);
  return r;
}

} // namespace figures
