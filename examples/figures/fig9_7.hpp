// Figure 9-7: declaring local accessors (1-D and 2-D) and using a 1-D one in an
// nd_range<1> kernel with work-groups of 16.
#pragma once
#include "common.hpp"

namespace figures {

inline result run_fig9_7(sycl::queue& q, std::size_t size) {
  using namespace sycl;
  size = (size + 15) / 16 * 16; // the global range must be a multiple of the work-group size
  std::vector<int> data(size);
  for (std::size_t i = 0; i < size; ++i) data[i] = static_cast<int>(i);

  result r;
  bool ranges_ok = false;
  {
    buffer dataBuf{data.data(), range<1>{size}};
    const auto t0 = clock::now();
    q.submit([&](handler& h) {
      // --- Figure 9-7 ---
      // This is a typical global accessor.
      accessor dataAcc {dataBuf, h};

      // This is a 1D local accessor consisting of 16 ints:
      local_accessor<int> localIntAcc{16, h};

      // This is a 2D local accessor consisting of 4 x 4 floats:
      local_accessor<float,2> localFloatAcc{{4,4}, h};

      h.parallel_for(nd_range<1>{{size}, {16}}, [=](nd_item<1> item) {
        auto index = item.get_global_id();
        auto local_index = item.get_local_id();

        // Within a kernel, a local accessor may be read from
        // and written to like any other accessor.
        localIntAcc[local_index] = dataAcc[index] + 1;
        dataAcc[index] = localIntAcc[local_index];
      });
      // --- end of figure ---

      ranges_ok = localIntAcc.get_range() == range<1>{16} && localFloatAcc.get_range() == range<2>{4, 4} &&
                  localFloatAcc.size() == 16 && localFloatAcc.byte_size() == 16 * sizeof(float);
    });
    q.wait_and_throw();
    r.seconds = seconds_since(t0);
  }
  r.ok = ranges_ok;
  if (!ranges_ok) std::fprintf(stderr, "local_accessor ranges are wrong\n");
  for (std::size_t i = 0; i < size && r.ok; ++i)
    if (data[i] != static_cast<int>(i) + 1) {
      std::fprintf(stderr, "mismatch at %zu: got %d, expected %d\n", i, data[i], static_cast<int>(i) + 1);
      r.ok = false;
    }
  return r;
}

// The 2-D local accessor declared in figure 9-7 is not used by the book's kernel; this one
// uses it: each 4x4 work-group stages its block in localFloatAcc and writes it back transposed.
inline result run_fig9_7_2d(sycl::queue& q, std::size_t size) {
  using namespace sycl;
  size = (size + 3) / 4 * 4;
  std::vector<float> in(size * size), out(size * size, -1.0f);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i);

  result r;
  {
    buffer<float, 2> inBuf{in.data(), range<2>{size, size}};
    buffer<float, 2> outBuf{out.data(), range<2>{size, size}};
    const auto t0 = clock::now();
    q.submit([&](handler& h) {
      accessor src{inBuf, h, read_only};
      accessor dst{outBuf, h, write_only};
      local_accessor<float, 2> localFloatAcc{{4, 4}, h};
      h.parallel_for(nd_range<2>{{size, size}, {4, 4}}, [=](nd_item<2> item) {
        auto g = item.get_global_id();
        auto l = item.get_local_id();
        localFloatAcc[l] = src[g];
        item.barrier(access::fence_space::local_space);
        // Transpose inside the 4x4 block: read the element another work-item wrote.
        dst[g] = localFloatAcc[l[1]][l[0]];
      });
    });
    q.wait_and_throw();
    r.seconds = seconds_since(t0);
  }
  r.ok = true;
  for (std::size_t y = 0; y < size && r.ok; ++y)
    for (std::size_t x = 0; x < size && r.ok; ++x) {
      const std::size_t by = y / 4 * 4, bx = x / 4 * 4, ly = y % 4, lx = x % 4;
      const float expect = in[(by + lx) * size + (bx + ly)];
      if (out[y * size + x] != expect) {
        std::fprintf(stderr, "mismatch at (%zu,%zu): got %g, expected %g\n", y, x, out[y * size + x], expect);
        r.ok = false;
      }
    }
  return r;
}

} // namespace figures
