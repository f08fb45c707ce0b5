#include "guarded_kernels.hpp"

namespace guarded {

std::vector<int> fixed_tree_sums(sycl::queue& q, const std::vector<int>& x) {
  constexpr std::size_t group = 256;
  std::vector<int> sums(x.size() / group);
  {
    sycl::buffer<int> in(x.data(), sycl::range<1>(x.size())), out(sums.data(), sycl::range<1>(sums.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(in, h, sycl::read_only);
      sycl::accessor s(out, h, sycl::write_only);
      sycl::local_accessor<int> t(group, h);
      h.parallel_for(sycl::nd_range<1>{x.size(), group}, [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        t[l] = a[it.get_global_id(0)];
        for (std::size_t half = group / 2; half > 0; half /= 2) {
          it.barrier();
          if (l < half) t[l] += t[l + half];
        }
        if (l == 0) s[it.get_group(0)] = t[0];
      });
    });
  }
  return sums;
}

std::vector<int> tree_sums(sycl::queue& q, const std::vector<int>& x, std::size_t group) {
  std::vector<int> sums(x.size() / group);
  {
    sycl::buffer<int> in(x.data(), sycl::range<1>(x.size())), out(sums.data(), sycl::range<1>(sums.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(in, h, sycl::read_only);
      sycl::accessor s(out, h, sycl::write_only);
      sycl::local_accessor<int> t(group, h);
      h.parallel_for(sycl::nd_range<1>{x.size(), group}, [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        t[l] = a[it.get_global_id(0)];
        for (std::size_t half = it.get_local_range(0) / 2; half > 0; half /= 2) {
          it.barrier();
          if (l < half) t[l] += t[l + half];
        }
        if (l == 0) s[it.get_group(0)] = t[0];
      });
    });
  }
  return sums;
}

std::vector<int> guard_forms(sycl::queue& q) {
  const sycl::range<2> global{8, 48}, local{4, 12};
  std::vector<int> out(global.size());
  {
    sycl::buffer<int, 2> b(out.data(), global);
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(b, h, sycl::write_only);
      sycl::local_accessor<int> t(local.size(), h);
      h.parallel_for(sycl::nd_range<2>{global, local}, [=](sycl::nd_item<2> it) {
        const std::size_t r = it.get_local_id(0), c = it.get_local_id(1), me = it.get_local_linear_id();
        const int g = static_cast<int>(it.get_group_linear_id());
        t[me] = static_cast<int>(it.get_global_linear_id());
        it.barrier();
        if (c < 6) t[me] += t[me + 6];           // unsigned <, inner dimension
        it.barrier();
        if (static_cast<int>(c) < g - 2) t[me] += 1; // signed, below zero in groups 0 and 1
        it.barrier();
        if (r <= static_cast<std::size_t>(g % 3)) t[me] *= 2; // <=, outer dimension
        it.barrier();
        if (c == 0) t[me] -= 5;                    // == 0
        it.barrier();
        if (c < 100) t[me] += 7;                   // above the range: every item
        it.barrier();
        o[it.get_global_id()] = t[me] * 3 + t[(me + 1) % 48];
      });
    });
  }
  return out;
}

std::vector<int> busy_other_side(sycl::queue& q) {
  constexpr std::size_t n = 4 * 32, group = 32;
  std::vector<int> out(n);
  {
    sycl::buffer<int> b(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(b, h, sycl::write_only);
      sycl::local_accessor<int> t(group, h);
      h.parallel_for(sycl::nd_range<1>{n, group}, [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        t[l] = static_cast<int>(it.get_global_id(0));
        it.barrier();
        if (l < 8) t[l] += t[l + 8];
        else t[l] = -t[l];
        it.barrier();
        o[it.get_global_id(0)] = t[(l + 3) % group];
      });
    });
  }
  return out;
}

} // namespace guarded
