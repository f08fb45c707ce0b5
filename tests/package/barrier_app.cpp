// The package.tessera++-cbs test's program, built with the installed tessera++ and clang 19:
// group sums by a tree of work-group barriers, which the CBS pass compiles into loops over the
// work-items, and a kernel with a sub-group barrier that only the first sub-group reaches, which
// it leaves on fibers (the test's
// --cbs-verbose compile expects a remark naming fallback_kernel).
//
//   barrier_app compiled   expects the tree kernel's launch to have run compiled
//   barrier_app fibers     expects no launch to have run compiled (tessera++ --no-cbs)
// Either way both kernels' answers are checked; exit status 0 only when all holds.
#include <sycl/sycl.hpp>

#include <cstddef>
#include <cstring>
#include <iostream>
#include <vector>

#include "tessera/backend/cpu/compiled_group.hpp"

namespace {

constexpr std::size_t group = 64;
constexpr std::size_t n = 64 * group;

// Each group's sum of x[i] = i, halving the active items at each of log2(group) barriers.
std::vector<long> tree_sums(sycl::queue& q) {
  std::vector<long> sums(n / group, -1);
  sycl::buffer<long> out(sums.data(), sycl::range<1>(sums.size()));
  q.submit([&](sycl::handler& h) {
    sycl::accessor s(out, h, sycl::write_only);
    sycl::local_accessor<long> t(group, h);
    h.parallel_for(sycl::nd_range<1>{n, group}, [=](sycl::nd_item<1> it) {
      const std::size_t l = it.get_local_id(0);
      t[l] = static_cast<long>(it.get_global_id(0));
      for (std::size_t half = group / 2; half > 0; half /= 2) {
        sycl::group_barrier(it.get_group());
        if (l < half) t[l] += t[l + half];
      }
      if (l == 0) s[it.get_group(0)] = t[0];
    });
  });
  q.wait_and_throw();
  return sums;
}

// A sub-group barrier on a path that differs between sub-groups: the pass leaves it to fibers.
struct fallback_kernel {
  sycl::local_accessor<int> t;
  sycl::accessor<int, 1, sycl::access_mode::write> out;
  void operator()(sycl::nd_item<1> it) const {
    const std::size_t l = it.get_local_id(0);
    t[l] = static_cast<int>(l);
    sycl::group_barrier(it.get_group());
    if (it.get_sub_group().get_group_linear_id() == 0) sycl::group_barrier(it.get_sub_group());
    out[it.get_global_id(0)] = t[group - 1 - l];
  }
};

std::vector<int> reversed(sycl::queue& q) {
  std::vector<int> r(n, -1);
  {
    sycl::buffer<int> out(r.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      h.parallel_for(sycl::nd_range<1>{n, group},
                     fallback_kernel{sycl::local_accessor<int>(group, h), sycl::accessor(out, h, sycl::write_only)});
    });
  }
  return r;
}

bool check(sycl::queue& q) {
  bool ok = true;
  const std::vector<long> sums = tree_sums(q);
  for (std::size_t g = 0; g < sums.size(); ++g) {
    const long first = static_cast<long>(g * group);
    const long want = first * static_cast<long>(group) + static_cast<long>(group * (group - 1) / 2);
    if (sums[g] != want) {
      std::cerr << "barrier_app: group " << g << " sums to " << sums[g] << ", expected " << want << "\n";
      ok = false;
    }
  }
  const std::vector<int> r = reversed(q);
  for (std::size_t i = 0; i < n; ++i)
    if (r[i] != static_cast<int>(group - 1 - i % group)) {
      std::cerr << "barrier_app: reversed[" << i << "] = " << r[i] << "\n";
      ok = false;
      break;
    }
  return ok;
}

} // namespace

int main(int argc, char** argv) {
  if (argc != 2 || (std::strcmp(argv[1], "compiled") != 0 && std::strcmp(argv[1], "fibers") != 0)) {
    std::cerr << "usage: barrier_app compiled|fibers\n";
    return 2;
  }
  const bool expect_compiled = std::strcmp(argv[1], "compiled") == 0;
  try {
    sycl::queue q{sycl::cpu_selector_v};
    bool ok = check(q);
    const std::size_t compiled = tessera::cpu::compiled_launches();
    std::cout << "barrier_app: " << compiled << " launch(es) ran compiled\n";
    if ((compiled > 0) != expect_compiled) {
      std::cerr << "barrier_app: expected " << (expect_compiled ? "a compiled launch" : "no compiled launch") << "\n";
      ok = false;
    }
    return ok ? 0 : 1;
  } catch (const sycl::exception& e) {
    std::cerr << "barrier_app: " << e.what() << "\n";
    return 1;
  }
}
