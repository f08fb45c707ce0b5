// Figure 14-17: the stencil of figure 14-16 with spatial blocking: each 4x4 work-group
// stages its 6x6 tile (with the halo) in work-group local memory, synchronises with
// group_barrier, and computes from the tile.
#pragma once
#include "fig14_16.hpp"

namespace figures {

// size = the side of the interior (a multiple of 4).
inline result run_fig14_17(sycl::queue& q, std::size_t n) {
  using namespace sycl;
  n = (n + 3) / 4 * 4;
  const std::size_t w = n + 2;
  std::vector<float> in = real_values<float>(w * w, 1417), out(w * w, -1.0f);
  range<2> stencil_range{n, n};

  result r;
  {
    buffer<float, 2> input_buf{in.data(), range<2>{w, w}};
    buffer<float, 2> output_buf{out.data(), range<2>{w, w}};
    const auto t0 = clock::now();
    // --- Figure 14-17 ---
    q.submit([&](handler& h) {
      accessor input{input_buf, h};
      accessor output{output_buf, h};
      constexpr size_t B = 4;
      range<2> local_range(B, B);
      range<2> tile_size = local_range + range<2>(2, 2); // Includes boundary cells
      auto tile = local_accessor<float, 2>(tile_size, h);

      // Compute the average of each cell and its immediate neighbors
      h.parallel_for(
          nd_range<2>(stencil_range, local_range), [=](nd_item<2> it) {
            // Load this tile into work-group local memory
            id<2> lid = it.get_local_id();
            range<2> lrange = it.get_local_range();
            for (int ti = lid[0]; ti < B + 2; ti += lrange[0]) {
              int gi = ti + B * it.get_group(0);
              for (int tj = lid[1]; tj < B + 2; tj += lrange[1]) {
                int gj = tj + B * it.get_group(1);
                tile[ti][tj] = input[gi][gj];
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

            output[gi][gj] = (self + north + east + south + west) / 5.0f;
          });
    });
    // --- end of figure ---
    q.wait_and_throw();
    r.seconds = seconds_since(t0);
  }
  r.ok = stencil_matches(in, out, n);
  r.gflops = 5.0 * n * n / r.seconds * 1e-9;
  return r;
}

} // namespace figures
