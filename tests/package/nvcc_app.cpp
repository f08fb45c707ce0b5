// A SYCL 2020 program in the style nvcc needs: every kernel lambda is marked SYCL_EXTERNAL
// (`__host__ __device__` in a CUDA translation unit, nothing otherwise), which nvcc accepts with
// --extended-lambda. Built by the package.nvcc test (nvcc, against the staged installation) and
// by package.tessera++ style compilers alike; it runs on whatever device `sycl::queue q;` picks
// (the CPU on a machine without a GPU) and exits non-zero on any wrong result.
//
// Kernels: a range parallel_for; an nd_range kernel with a local_accessor and group_barrier; a
// sub-group reduce_over_group and shift_group_left; a work-group reduce_over_group; and a
// sycl::reduction over a range and over an nd_range.
#include <sycl/sycl.hpp>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {

constexpr std::size_t n = 4096; // elements
constexpr std::size_t wg = 128; // work-group size (4 sub-groups of 32 on the GPU)

// A function called from kernels: marked SYCL_EXTERNAL, like the kernel lambdas.
SYCL_EXTERNAL inline int value_at(std::size_t i) { return static_cast<int>(i % 97) - 40; }

// nvcc rejects generic __host__ __device__ lambdas, so a reduction kernel names its reducer's
// type instead of taking `auto&`.
using sum_reducer = sycl::reducer<int, sycl::plus<int>>;
using max_reducer = sycl::reducer<int, sycl::maximum<int>>;

int failures = 0;

void expect(const std::string& what, long long got, long long want) {
  if (got != want) {
    if (failures < 10) std::cerr << "nvcc_app: " << what << " = " << got << ", expected " << want << "\n";
    ++failures;
  }
}

} // namespace

int main() {
  try {
    sycl::queue q;
    const sycl::device dev = q.get_device();
    std::cout << "nvcc_app: running on " << dev.get_info<sycl::info::device::name>() << "\n";

    std::vector<int> host_in(n);
    for (std::size_t i = 0; i < n; ++i) host_in[i] = value_at(i);
    long long want_sum = 0;
    for (int v : host_in) want_sum += v;

    sycl::buffer<int, 1> in(host_in.data(), sycl::range<1>(n));

    // 1. range parallel_for: out[i] = 2 * in[i] + i.
    std::vector<int> host_out(n, 0);
    {
      sycl::buffer<int, 1> out(host_out.data(), sycl::range<1>(n));
      q.submit([&](sycl::handler& h) {
        sycl::accessor a{in, h, sycl::read_only};
        sycl::accessor o{out, h, sycl::write_only, sycl::no_init};
        h.parallel_for(sycl::range<1>(n), [=] SYCL_EXTERNAL(sycl::id<1> i) { o[i] = 2 * a[i] + static_cast<int>(i[0]); });
      });
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (host_out[i] != 2 * host_in[i] + static_cast<int>(i)) {
        expect("range: out[" + std::to_string(i) + "]", host_out[i], 2LL * host_in[i] + static_cast<long long>(i));
        break;
      }
    }

    // 2. nd_range: each work-group reverses its slice through a local_accessor and a barrier,
    //    and also writes its sub-group sums, its sub-group neighbour and its work-group sum.
    constexpr std::size_t groups = n / wg;
    std::vector<int> reversed(n, 0), sg_sum(n, 0), neighbour(n, 0), wg_sum(groups, 0);
    std::uint32_t sg_size = 0;
    {
      sycl::buffer<int, 1> rev(reversed.data(), sycl::range<1>(n));
      sycl::buffer<int, 1> sgs(sg_sum.data(), sycl::range<1>(n));
      sycl::buffer<int, 1> nb(neighbour.data(), sycl::range<1>(n));
      sycl::buffer<int, 1> wgs(wg_sum.data(), sycl::range<1>(groups));
      sycl::buffer<std::uint32_t, 1> sgsz(&sg_size, sycl::range<1>(1));
      q.submit([&](sycl::handler& h) {
        sycl::accessor a{in, h, sycl::read_only};
        sycl::accessor r{rev, h, sycl::write_only, sycl::no_init};
        sycl::accessor s{sgs, h, sycl::write_only, sycl::no_init};
        sycl::accessor nbr{nb, h, sycl::write_only, sycl::no_init};
        sycl::accessor w{wgs, h, sycl::write_only, sycl::no_init};
        sycl::accessor z{sgsz, h, sycl::write_only, sycl::no_init};
        sycl::local_accessor<int, 1> tile(sycl::range<1>(wg), h);
        h.parallel_for(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(wg)), [=] SYCL_EXTERNAL(sycl::nd_item<1> it) {
          const std::size_t gid = it.get_global_id(0), lid = it.get_local_id(0);
          const int x = a[gid];
          tile[lid] = x;
          sycl::group_barrier(it.get_group());
          r[gid] = tile[wg - 1 - lid];

          const sycl::sub_group sg = it.get_sub_group();
          s[gid] = sycl::reduce_over_group(sg, x, sycl::plus<int>());
          nbr[gid] = sycl::shift_group_left(sg, x, 1);

          const int total = sycl::reduce_over_group(it.get_group(), x, sycl::plus<int>());
          if (lid == 0) w[it.get_group(0)] = total;
          if (gid == 0) z[0] = sg.get_max_local_range()[0];
        });
      });
    }
    std::cout << "nvcc_app: sub-group size " << sg_size << "\n";
    if (sg_size == 0 || wg % sg_size != 0) {
      expect("sub-group size", sg_size, 32);
    } else {
      for (std::size_t g = 0; g < groups && failures == 0; ++g) {
        long long group_total = 0;
        for (std::size_t l = 0; l < wg; ++l) {
          const std::size_t i = g * wg + l;
          group_total += host_in[i];
          expect("reversed[" + std::to_string(i) + "]", reversed[i], host_in[g * wg + wg - 1 - l]);
          const std::size_t sg_begin = i - i % sg_size;
          long long sub_total = 0;
          for (std::size_t k = 0; k < sg_size; ++k) sub_total += host_in[sg_begin + k];
          expect("sub-group sum[" + std::to_string(i) + "]", sg_sum[i], sub_total);
          // shift_group_left is defined for lanes whose source lane exists.
          if (i % sg_size + 1 < sg_size) expect("shift_group_left[" + std::to_string(i) + "]", neighbour[i], host_in[i + 1]);
        }
        expect("work-group sum[" + std::to_string(g) + "]", wg_sum[g], group_total);
      }
    }

    // 3. sycl::reduction over a range (buffer variable) and over an nd_range (USM variable).
    int range_sum = 0;
    {
      sycl::buffer<int, 1> result(&range_sum, sycl::range<1>(1));
      q.submit([&](sycl::handler& h) {
        sycl::accessor a{in, h, sycl::read_only};
        auto red = sycl::reduction(result, h, sycl::plus<int>(), sycl::property::reduction::initialize_to_identity{});
        h.parallel_for(sycl::range<1>(n), red, [=] SYCL_EXTERNAL(sycl::id<1> i, sum_reducer& sum) { sum += a[i]; });
      });
    }
    expect("reduction(range, plus)", range_sum, want_sum);

    int* max_value = sycl::malloc_shared<int>(1, q);
    *max_value = -1000;
    q.submit([&](sycl::handler& h) {
       sycl::accessor a{in, h, sycl::read_only};
       h.parallel_for(sycl::nd_range<1>(sycl::range<1>(n), sycl::range<1>(wg)), sycl::reduction(max_value, sycl::maximum<int>()),
                      [=] SYCL_EXTERNAL(sycl::nd_item<1> it, max_reducer& mx) { mx.combine(a[it.get_global_id(0)]); });
     }).wait_and_throw();
    expect("reduction(nd_range, maximum)", *max_value, 56); // max of i % 97 - 40
    sycl::free(max_value, q);
  } catch (const sycl::exception& e) {
    std::cerr << "nvcc_app: SYCL exception: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "nvcc_app: exception: " << e.what() << "\n";
    return 1;
  }
  if (failures != 0) {
    std::cerr << "nvcc_app: FAILED (" << failures << " mismatches)\n";
    return 1;
  }
  std::cout << "nvcc_app: OK\n";
  return 0;
}
