// Figure 14-16: the stencil pattern as a 2-D basic kernel over buffers: every interior cell
// becomes the average of itself and its four direct neighbours.
#pragma once
#include "common.hpp"

namespace figures {

// The 5-point average of the interior of an (n+2) x (n+2) grid, computed sequentially.
inline bool stencil_matches(const std::vector<float>& in, const std::vector<float>& out, std::size_t n) {
  const std::size_t w = n + 2;
  for (std::size_t i = 1; i <= n; ++i)
    for (std::size_t j = 1; j <= n; ++j) {
      const float self = in[i * w + j], north = in[(i - 1) * w + j], east = in[i * w + j + 1],
                  south = in[(i + 1) * w + j], west = in[i * w + j - 1];
      const float expect = (self + north + east + south + west) / 5.0f;
      if (std::fabs(out[i * w + j] - expect) > 1e-6f) {
        std::fprintf(stderr, "mismatch at (%zu,%zu): got %.8g, expected %.8g\n", i, j, out[i * w + j], expect);
        return false;
      }
    }
  // The halo of the output is not written.
  for (std::size_t i = 0; i < w; ++i)
    for (std::size_t j = 0; j < w; ++j)
      if ((i == 0 || j == 0 || i == w - 1 || j == w - 1) && out[i * w + j] != -1.0f) {
        std::fprintf(stderr, "halo cell (%zu,%zu) was written\n", i, j);
        return false;
      }
  return true;
}

// size = the side of the interior; the buffers have a one-cell halo all round.
inline result run_fig14_16(sycl::queue& q, std::size_t n) {
  using namespace sycl;
  const std::size_t w = n + 2;
  std::vector<float> in = real_values<float>(w * w, 1416), out(w * w, -1.0f);
  range<2> stencil_range{n, n};

  result r;
  {
    buffer<float, 2> input_buf{in.data(), range<2>{w, w}};
    buffer<float, 2> output_buf{out.data(), range<2>{w, w}};
    const auto t0 = clock::now();
    // --- Figure 14-16 ---
    q.submit([&](handler& h) {
      accessor input{input_buf, h};
      accessor output{output_buf, h};

      // Compute the average of each cell and its immediate neighbors
      h.parallel_for(stencil_range, [=](id<2> idx) {
        int i = idx[0] + 1;
        int j = idx[1] + 1;

        float self = input[i][j];
        float north = input[i - 1][j];
        float east = input[i][j + 1];
        float south = input[i + 1][j];
        float west = input[i][j - 1];

        output[i][j] = (self + north + east + south + west) / 5.0f;
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
