// Figures 14-25 and 14-26: the unpack pattern inside a sub-group, built on an exclusive scan.
// 14-25 is the generic sub-group unpack (here: the gaps of each sub-group's block, marked by
// negative values, are filled in order from that block's list of new values); 14-26 uses it
// to balance the load of a Mandelbrot kernel: each sub-group walks one row of the image,
// and whenever some of its work-items' pixels have converged, they take the next pixels of
// the row. The result is checked against a plain sequential Mandelbrot.
//
// The listing of 14-25 spells the scan exclusive_scan(sg, ...), the provisional name; SYCL
// 2020 calls it exclusive_scan_over_group, which is used here. The listing of 14-26 shows
// only the loop; Parameters, reset(), next_iteration() and the set-up of i, j and iq around
// it are written here after the book's description.
#pragma once
#include "common.hpp"

namespace figures {

// Figure 14-25, as a function: the sub-group unpack of new_value where predicate holds.
template <typename T>
SYCL_EXTERNAL T sub_group_unpack(sycl::sub_group sg, bool predicate, const T* new_value, const T& original_value) {
  using namespace sycl;
  // --- Figure 14-25 ---
  uint32_t index =
      exclusive_scan_over_group(sg, (uint32_t)predicate, plus<>());
  return (predicate) ? new_value[index] : original_value;
  // --- end of figure ---
}

// size = number of elements; work-groups of 32 (one sub-group of the default size).
inline result run_fig14_25(sycl::queue& q, std::size_t N) {
  using namespace sycl;
  constexpr std::size_t L = 32;
  N = (N + L - 1) / L * L;
  int* data = malloc_shared<int>(N, q);
  int* fill = malloc_shared<int>(N, q); // block b's new values start at fill[b * L]
  int* out = malloc_shared<int>(N, q);
  const std::vector<int> values = small_values<int>(N, 1425);
  std::copy(values.begin(), values.end(), data);
  for (std::size_t i = 0; i < N; ++i) fill[i] = 1000 + static_cast<int>(i);
  std::fill(out, out + N, -100);

  const auto t0 = clock::now();
  q.parallel_for(nd_range<1>{N, L}, [=](nd_item<1> it) {
     sub_group sg = it.get_sub_group();
     const std::size_t base = it.get_global_id(0) - sg.get_local_id()[0];
     const int original = data[it.get_global_id(0)];
     out[it.get_global_id(0)] = sub_group_unpack(sg, original < 0, fill + base, original);
   }).wait_and_throw();
  result r;
  r.seconds = seconds_since(t0);

  // Sequential reference: the k-th gap of each block of 32 gets that block's k-th new value.
  r.ok = true;
  for (std::size_t b = 0; b < N / L && r.ok; ++b) {
    std::size_t k = 0;
    for (std::size_t l = 0; l < L && r.ok; ++l) {
      const std::size_t i = b * L + l;
      const int expect = values[i] < 0 ? fill[b * L + k++] : values[i];
      if (out[i] != expect) {
        std::fprintf(stderr, "mismatch at %zu: got %d, expected %d\n", i, out[i], expect);
        r.ok = false;
      }
    }
  }
  free(out, q);
  free(fill, q);
  free(data, q);
  return r;
}

// --- the Mandelbrot kernel of figure 14-26 ---
struct mandelbrot_parameters {
  uint32_t Nx, Ny, max_iterations;
  float x0, y0; // the corner of the image in the complex plane
  float dx, dy; // the size of a pixel
};

SYCL_EXTERNAL inline void reset(mandelbrot_parameters params, uint32_t i, uint32_t j, uint32_t& count, float& cr, float& ci,
                  float& zr, float& zi) {
  count = 0;
  cr = params.x0 + i * params.dx;
  ci = params.y0 + j * params.dy;
  zr = zi = 0.0f;
}

// One iteration z = z^2 + c of pixel (i, j); when it escapes or reaches the maximum count,
// its count is written to the image and it reports having converged.
SYCL_EXTERNAL inline bool next_iteration(mandelbrot_parameters params, uint32_t i, uint32_t j, uint32_t& count, float& cr,
                           float& ci, float& zr, float& zi, uint32_t* mandelbrot) {
  bool converged = false;
  if (i < params.Nx) {
    const float next_zr = zr * zr - zi * zi;
    const float next_zi = 2 * zr * zi;
    zr = next_zr + cr;
    zi = next_zi + ci;
    count++;
    if (count >= params.max_iterations || zr * zr + zi * zi >= 4.0f) {
      converged = true;
      mandelbrot[j * params.Nx + i] = count;
    }
  }
  return converged;
}

// A width x 3/4 width image of [-2, 1] x [-1.125, 1.125].
inline mandelbrot_parameters mandelbrot_image(std::size_t width) {
  mandelbrot_parameters params;
  params.Nx = static_cast<uint32_t>(width);
  params.Ny = static_cast<uint32_t>(width * 3 / 4);
  params.max_iterations = 128;
  params.dx = params.dy = 3.0f / params.Nx;
  params.x0 = -2.0f;
  params.y0 = -0.5f * params.Ny * params.dy;
  return params;
}

// The figure's kernel with the set-up around it, a function so that tessera-ch14-cuda-bench times
// this very code against its CUDA twin: one sub-group of 8 work-items per row of the image.
inline sycl::event mandelbrot_unpack(sycl::queue& q, const mandelbrot_parameters& params, uint32_t* mandelbrot) {
  using namespace sycl;
  const uint32_t Nx = params.Nx;
  range<2> global(params.Ny, 8);
  range<2> local(1, 8);
  return q.parallel_for(nd_range<2>(global, local), [=](nd_item<2> it) {
    const uint32_t j = it.get_global_id(0);
    sub_group sg = it.get_sub_group();

    // The row is a queue of pixels i; iq is its head. Each work-item starts on one of the
    // first pixels.
    uint32_t iq = 0;
    uint32_t i = iq + sg.get_local_id()[0];
    iq += sg.get_local_range()[0];

    uint32_t count = 0;
    float cr = 0, ci = 0, zr = 0, zi = 0;
    if (i < Nx) {
      reset(params, i, j, count, cr, ci, zr, zi);
    }

    // --- Figure 14-26 ---
    // Keep iterating as long as one work-item has work to do
    while (any_of_group(sg, i < Nx)) {
      uint32_t converged =
          next_iteration(params, i, j, count, cr, ci, zr, zi, mandelbrot);
      if (any_of_group(sg, converged)) {
        // Replace pixels that have converged using an unpack
        // Pixels that haven't converged are not replaced
        uint32_t index = exclusive_scan_over_group(sg, converged, plus<>());
        i = (converged) ? iq + index : i;
        iq += reduce_over_group(sg, converged, plus<>());

        // Reset the iterator variables for the new i
        if (converged) {
          reset(params, i, j, count, cr, ci, zr, zi);
        }
      }
    }
    // --- end of figure ---
  });
}

// size = image width.
inline result run_fig14_26(sycl::queue& q, std::size_t size) {
  using namespace sycl;
  const mandelbrot_parameters params = mandelbrot_image(size);
  const uint32_t Nx = params.Nx, Ny = params.Ny;

  uint32_t* mandelbrot = malloc_shared<uint32_t>(Nx * Ny, q);
  std::fill(mandelbrot, mandelbrot + Nx * Ny, 0);

  const auto t0 = clock::now();
  mandelbrot_unpack(q, params, mandelbrot).wait();
  q.wait_and_throw();
  result r;
  r.seconds = seconds_since(t0);

  // Plain sequential Mandelbrot with the same arithmetic.
  std::vector<uint32_t> expect(Nx * Ny, 0);
  for (uint32_t j = 0; j < Ny; ++j)
    for (uint32_t i = 0; i < Nx; ++i) {
      uint32_t count;
      float cr, ci, zr, zi;
      reset(params, i, j, count, cr, ci, zr, zi);
      while (!next_iteration(params, i, j, count, cr, ci, zr, zi, expect.data())) {
      }
    }
  std::size_t inside = 0;
  r.ok = true;
  for (std::size_t px = 0; px < expect.size() && r.ok; ++px) {
    inside += expect[px] == params.max_iterations;
    if (mandelbrot[px] != expect[px]) {
      std::fprintf(stderr, "pixel (%zu,%zu): count %u, expected %u\n", px % Nx, px / Nx, mandelbrot[px], expect[px]);
      r.ok = false;
    }
  }
  if (r.ok && (inside == 0 || inside == expect.size())) {
    std::fprintf(stderr, "degenerate image: %zu of %zu pixels inside the set\n", inside, expect.size());
    r.ok = false;
  }
  std::uint64_t iterations = 0;
  for (uint32_t c : expect) iterations += c;
  r.gflops = 10.0 * double(iterations) / r.seconds * 1e-9; // ~10 flops per iteration
  free(mandelbrot, q);
  return r;
}

} // namespace figures
