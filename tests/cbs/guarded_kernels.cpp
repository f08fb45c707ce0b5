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

template <std::size_t L>
std::vector<int> block_scans(sycl::queue& q, const std::vector<int>& x) {
  std::vector<int> out(x.size());
  {
    sycl::buffer<int> in(x.data(), sycl::range<1>(x.size())), res(out.data(), sycl::range<1>(out.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(in, h, sycl::read_only);
      sycl::accessor o(res, h, sycl::write_only);
      sycl::local_accessor<int> t(L, h);
      h.parallel_for(sycl::nd_range<1>{x.size(), L}, [=](sycl::nd_item<1> it) {
        const int li = static_cast<int>(it.get_local_id(0));
        t[li] = a[it.get_global_id(0)];
        it.barrier();
        for (uint32_t stride = 1; stride < L; stride *= 2) {
          const int update = static_cast<uint32_t>(li) >= stride ? t[li - stride] : 0;
          it.barrier();
          t[li] += update;
          it.barrier();
        }
        o[it.get_global_id(0)] = t[li];
      });
    });
  }
  return out;
}
template std::vector<int> block_scans<48>(sycl::queue&, const std::vector<int>&);
template std::vector<int> block_scans<128>(sycl::queue&, const std::vector<int>&);

std::vector<int> runtime_block_scans(sycl::queue& q, const std::vector<int>& x, std::size_t group) {
  std::vector<int> out(x.size());
  {
    sycl::buffer<int> in(x.data(), sycl::range<1>(x.size())), res(out.data(), sycl::range<1>(out.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(in, h, sycl::read_only);
      sycl::accessor o(res, h, sycl::write_only);
      sycl::local_accessor<int> t(group, h);
      h.parallel_for(sycl::nd_range<1>{x.size(), group}, [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        t[l] = a[it.get_global_id(0)];
        it.barrier();
        for (std::size_t stride = 1; stride < it.get_local_range(0); stride *= 2) {
          const int update = l >= stride ? t[l - stride] : 0;
          it.barrier();
          t[l] += update;
          it.barrier();
        }
        o[it.get_global_id(0)] = t[l];
      });
    });
  }
  return out;
}

std::vector<int> split_forms(sycl::queue& q) {
  constexpr std::size_t group = 37, n = 6 * group;
  std::vector<int> out(n);
  {
    sycl::buffer<int> b(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(b, h, sycl::write_only);
      sycl::local_accessor<int> t(group, h);
      h.parallel_for(sycl::nd_range<1>{n, group}, [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        const int sl = static_cast<int>(l), g = static_cast<int>(it.get_group_linear_id());
        t[l] = static_cast<int>(it.get_global_id(0)) % 11 - 5;
        it.barrier();
        int u = l >= 3 ? t[l - 3] : 100 + sl; // unsigned >=: 3 low items
        it.barrier();
        t[l] += u;
        it.barrier();
        u = l < 20 ? t[l + 17] : -t[l - 20]; // unsigned <, both sides reading memory
        it.barrier();
        t[l] -= u;
        it.barrier();
        u = sl > g - 3 ? t[(l + 5) % group] : 7 * t[l]; // signed >: a bound below zero in groups 0-2
        it.barrier();
        t[l] ^= u;
        it.barrier();
        u = sl <= g + 40 ? t[group - 1 - l] : t[0] + 1000; // signed <=: every item below the bound
        it.barrier();
        t[l] += 3 * u;
        it.barrier();
        u = l == 0 ? t[group - 1] : t[l - 1]; // == 0
        it.barrier();
        t[l] -= u;
        it.barrier();
        u = l != 0 ? t[l - 1] * 2 : t[5]; // != 0
        it.barrier();
        t[l] += u;
        it.barrier();
        if (l >= 30) t[l] = t[l - 30] - t[l]; // the low items idle: only the high ones run
        it.barrier();
        o[it.get_global_id(0)] = t[(l + 1) % group] * 5 + t[l];
      });
    });
  }
  return out;
}

std::vector<int> split_forms_2d(sycl::queue& q) {
  const sycl::range<2> global{6, 20}, local{3, 10};
  std::vector<int> out(global.size());
  {
    sycl::buffer<int, 2> b(out.data(), global);
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(b, h, sycl::write_only);
      sycl::local_accessor<int> t(local.size(), h);
      h.parallel_for(sycl::nd_range<2>{global, local}, [=](sycl::nd_item<2> it) {
        const std::size_t r = it.get_local_id(0), c = it.get_local_id(1), me = it.get_local_linear_id();
        t[me] = static_cast<int>(it.get_global_linear_id()) % 13 - 6;
        it.barrier();
        int u = r >= 1 ? t[me - 10] : -t[me]; // dimension 0: split
        it.barrier();
        t[me] += u;
        it.barrier();
        u = c >= 4 ? t[me - 4] : 3 * t[me]; // dimension 1: every item, with the test
        it.barrier();
        t[me] -= u;
        it.barrier();
        if (c >= 7) t[me] += 1; // dimension 1, the low items idle
        it.barrier();
        o[it.get_global_id()] = t[me] * 2 + t[(me + 11) % 30];
      });
    });
  }
  return out;
}

} // namespace guarded
