// Work-group collectives in nd_range kernels compiled by clang 19 with the CBS pass: each runs as
// a cut between loops over the work-items (compiled_launches() counts the launch), gives the
// fibers' results for every group shape, and misuse (items at different collectives, disagreeing
// arguments, items that return instead) is reported with file and line as on fibers.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;

#include "rethrow_handler.hpp"
#include "tessera/backend/cpu/compiled_group.hpp"

namespace {

using tessera::cpu::compiled_launches;
using tessera::cpu::enable_compiled_groups;

// One item's result of each collective.
struct results {
  int broadcast, sum, maximum, exclusive, inclusive, joint;
  double real_sum;
  bool any, all, none;
};

struct shape {
  int dimensions;
  sycl::range<3> global, local; // unused trailing dimensions are 1
};

template <int D>
sycl::range<D> first(const sycl::range<3>& r) {
  if constexpr (D == 1) return sycl::range<1>{r[0]};
  else if constexpr (D == 2) return sycl::range<2>{r[0], r[1]};
  else return r;
}

// Every work-group collective, once, on values that differ by item and group.
template <int D>
std::vector<results> run_collectives(sycl::queue& q, const shape& s) {
  const sycl::range<D> global = first<D>(s.global), local = first<D>(s.local);
  std::vector<results> out(global.size());
  std::vector<int> data(global.size());
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<int>((i * 37) % 23) - 11;
  {
    sycl::buffer<results> o(out.data(), sycl::range<1>(out.size()));
    sycl::buffer<int> d(data.data(), sycl::range<1>(data.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor r(o, h, sycl::write_only);
      sycl::accessor in(d, h, sycl::read_only);
      h.parallel_for(sycl::nd_range<D>{global, local}, [=](sycl::nd_item<D> it) {
        const auto g = it.get_group();
        const std::size_t me = it.get_global_linear_id();
        const int v = in[me];
        results x{};
        x.broadcast = sycl::group_broadcast(g, v * 3, it.get_local_range().size() - 1);
        x.sum = sycl::reduce_over_group(g, v, sycl::plus<int>());
        x.maximum = sycl::reduce_over_group(g, v, sycl::maximum<int>());
        x.exclusive = sycl::exclusive_scan_over_group(g, v, sycl::plus<int>());
        x.inclusive = sycl::inclusive_scan_over_group(g, v, sycl::minimum<int>());
        x.real_sum = sycl::reduce_over_group(g, v * 0.25, sycl::plus<double>());
        x.any = sycl::any_of_group(g, v == 7);
        x.all = sycl::all_of_group(g, v > -11);
        x.none = sycl::none_of_group(g, v == 11);
        const int* row = &in[it.get_group_linear_id() * 4];
        x.joint = sycl::joint_reduce(g, row, row + 4, sycl::plus<int>());
        r[me] = x;
      });
    });
  }
  return out;
}

std::vector<results> run(sycl::queue& q, const shape& s) {
  if (s.dimensions == 1) return run_collectives<1>(q, s);
  if (s.dimensions == 2) return run_collectives<2>(q, s);
  return run_collectives<3>(q, s);
}

class CompiledCollectives : public ::testing::TestWithParam<shape> {};

TEST_P(CompiledCollectives, MatchFibersForEachCollective) {
  sycl::queue q;
  const std::size_t before = compiled_launches();
  const std::vector<results> compiled = run(q, GetParam());
  EXPECT_GT(compiled_launches(), before) << "the kernel did not run compiled";
  enable_compiled_groups(false);
  const std::vector<results> fibers = run(q, GetParam());
  enable_compiled_groups(true);
  ASSERT_EQ(compiled.size(), fibers.size());
  for (std::size_t i = 0; i < compiled.size(); ++i) {
    const results &c = compiled[i], &f = fibers[i];
    EXPECT_EQ(c.broadcast, f.broadcast) << "group_broadcast, item " << i;
    EXPECT_EQ(c.sum, f.sum) << "reduce_over_group plus, item " << i;
    EXPECT_EQ(c.maximum, f.maximum) << "reduce_over_group maximum, item " << i;
    EXPECT_EQ(c.exclusive, f.exclusive) << "exclusive_scan_over_group, item " << i;
    EXPECT_EQ(c.inclusive, f.inclusive) << "inclusive_scan_over_group, item " << i;
    EXPECT_EQ(c.real_sum, f.real_sum) << "reduce_over_group double, item " << i;
    EXPECT_EQ(c.any, f.any) << "any_of_group, item " << i;
    EXPECT_EQ(c.all, f.all) << "all_of_group, item " << i;
    EXPECT_EQ(c.none, f.none) << "none_of_group, item " << i;
    EXPECT_EQ(c.joint, f.joint) << "joint_reduce, item " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, CompiledCollectives,
                         ::testing::Values(shape{1, {256, 1, 1}, {64, 1, 1}}, shape{1, {512, 1, 1}, {256, 1, 1}},
                                           shape{1, {21, 1, 1}, {7, 1, 1}}, shape{2, {8, 16, 1}, {4, 8, 1}},
                                           shape{3, {4, 4, 8}, {2, 2, 4}}));

std::string error_of(void (*submit)(sycl::queue&)) {
  sycl::queue q(rethrow_first);
  try {
    submit(q);
    q.wait_and_throw();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel);
    return e.what();
  }
  return "";
}

// The same misuse gives the same report compiled and on fibers.
template <typename Check>
void on_both(void (*submit)(sycl::queue&), Check check) {
  const std::size_t before = compiled_launches();
  check(error_of(submit));
  EXPECT_GT(compiled_launches(), before) << "the kernel did not run compiled";
  enable_compiled_groups(false);
  check(error_of(submit));
  enable_compiled_groups(true);
}

bool has(const std::string& what, const std::string& part) { return what.find(part) != std::string::npos; }
// "<collective> at <path>compiled_collectives_test.cpp:<line>" somewhere in `what`.
bool names(const std::string& what, const std::string& collective, unsigned line) {
  const std::string site = "compiled_collectives_test.cpp:" + std::to_string(line);
  for (std::size_t at = what.find(collective + " at "); at != std::string::npos; at = what.find(collective + " at ", at + 1)) {
    const std::size_t end = what.find_first_of(" ,", at + collective.size() + 4);
    const std::string where = what.substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (where.size() >= site.size() && where.compare(where.size() - site.size(), site.size(), site) == 0) return true;
  }
  return false;
}

constexpr unsigned split_line = __LINE__ + 7;
void reduce_or_broadcast(sycl::queue& q) {
  q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<1>{64, 16}, [=](sycl::nd_item<1> it) {
      const int v = static_cast<int>(it.get_local_id(0));
      int r;
      if (it.get_local_id(0) < 4)
        r = sycl::reduce_over_group(it.get_group(), v, sycl::plus<int>());
      else
        r = sycl::group_broadcast(it.get_group(), v, 0);
      (void)r;
    });
  });
}

TEST(CompiledCollectivesMisuse, ItemsAtDifferentCollectivesAreReportedWithBoth) {
  on_both(reduce_or_broadcast, [](const std::string& what) {
    EXPECT_TRUE(has(what, "different collectives")) << what;
    EXPECT_TRUE(names(what, "reduce_over_group", split_line)) << what;
    EXPECT_TRUE(names(what, "group_broadcast", split_line + 2)) << what;
  });
}

constexpr unsigned source_line = __LINE__ + 5;
void broadcast_from_own_id(sycl::queue& q) {
  q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<1>{32, 8}, [=](sycl::nd_item<1> it) {
      // Each item names another source: the items disagree on the collective's argument.
      (void)sycl::group_broadcast(it.get_group(), 1, it.get_local_id(0));
    });
  });
}

TEST(CompiledCollectivesMisuse, DisagreeingArgumentsAreReported) {
  on_both(broadcast_from_own_id, [](const std::string& what) {
    EXPECT_TRUE(has(what, "with different arguments")) << what;
    EXPECT_TRUE(names(what, "group_broadcast", source_line)) << what;
  });
}

constexpr unsigned skipped_line = __LINE__ + 5;
void early_return(sycl::queue& q) {
  q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<1>{32, 16}, [=](sycl::nd_item<1> it) {
      if (it.get_local_id(0) == 5) return;
      (void)sycl::any_of_group(it.get_group(), it.get_local_id(0) == 2);
    });
  });
}

TEST(CompiledCollectivesMisuse, CollectiveThatAnItemSkipsIsReported) {
  on_both(early_return, [](const std::string& what) {
    EXPECT_TRUE(names(what, "any_of_group", skipped_line)) << what;
    EXPECT_TRUE(has(what, "returned without reaching")) << what;
  });
}

// Sub-group collectives (reached alike by every item of the work-group) run as cuts combined
// per sub-group: the same results as fibers for sub-groups of 4, 8 and 32 in groups of 80 items
// (with 32, the last sub-group has 16), including a broadcast whose source differs between
// sub-groups, which is legal.
struct sub_results {
  int broadcast, by_sub_group, sum, exclusive, inclusive, left, right, xor_one, selected;
  bool any, all, none;
};

template <std::size_t SG>
std::vector<sub_results> run_sub_group_collectives(sycl::queue& q) {
  constexpr std::size_t n = 240, group = 80;
  std::vector<sub_results> out(n);
  std::vector<int> data(n);
  for (std::size_t i = 0; i < n; ++i) data[i] = static_cast<int>((i * 29) % 17) - 8;
  {
    sycl::buffer<sub_results> o(out.data(), sycl::range<1>(n));
    sycl::buffer<int> d(data.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor r(o, h, sycl::write_only);
      sycl::accessor in(d, h, sycl::read_only);
      h.parallel_for(sycl::nd_range<1>{n, group}, syclex::properties{syclex::sub_group_size<SG>},
                     [=](sycl::nd_item<1> it) {
                       const auto sg = it.get_sub_group();
                       const std::size_t me = it.get_global_id(0);
                       const int v = in[me];
                       const std::size_t lanes = sg.get_local_linear_range(), lane = sg.get_local_linear_id();
                       sub_results x{};
                       x.broadcast = sycl::group_broadcast(sg, v, 1);
                       x.by_sub_group = sycl::group_broadcast(sg, v, sg.get_group_linear_id() % lanes);
                       x.sum = sycl::reduce_over_group(sg, v, sycl::plus<int>());
                       x.exclusive = sycl::exclusive_scan_over_group(sg, v, sycl::plus<int>());
                       x.inclusive = sycl::inclusive_scan_over_group(sg, v, sycl::maximum<int>());
                       x.left = sycl::shift_group_left(sg, v, 1);
                       x.right = sycl::shift_group_right(sg, v, 2);
                       x.xor_one = sycl::permute_group_by_xor(sg, v, 1);
                       x.selected = sycl::select_from_group(sg, v, (lane + 3) % lanes);
                       sycl::group_barrier(sg);
                       x.any = sycl::any_of_group(sg, v == 7);
                       x.all = sycl::all_of_group(sg, v > -8);
                       x.none = sycl::none_of_group(sg, v == 8);
                       r[me] = x;
                     });
    });
  }
  return out;
}

template <std::size_t SG>
void sub_group_collectives_match_fibers() {
  sycl::queue q;
  const auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  if (std::find(sizes.begin(), sizes.end(), SG) == sizes.end()) GTEST_SKIP() << "no sub-groups of " << SG;
  const std::size_t before = compiled_launches();
  const std::vector<sub_results> compiled = run_sub_group_collectives<SG>(q);
  EXPECT_GT(compiled_launches(), before) << "the kernel did not run compiled";
  enable_compiled_groups(false);
  const std::vector<sub_results> fibers = run_sub_group_collectives<SG>(q);
  enable_compiled_groups(true);
  for (std::size_t i = 0; i < compiled.size(); ++i) {
    const sub_results &c = compiled[i], &f = fibers[i];
    EXPECT_EQ(c.broadcast, f.broadcast) << "group_broadcast, item " << i;
    EXPECT_EQ(c.by_sub_group, f.by_sub_group) << "group_broadcast per sub-group, item " << i;
    EXPECT_EQ(c.sum, f.sum) << "reduce_over_group, item " << i;
    EXPECT_EQ(c.exclusive, f.exclusive) << "exclusive_scan_over_group, item " << i;
    EXPECT_EQ(c.inclusive, f.inclusive) << "inclusive_scan_over_group, item " << i;
    EXPECT_EQ(c.left, f.left) << "shift_group_left, item " << i;
    EXPECT_EQ(c.right, f.right) << "shift_group_right, item " << i;
    EXPECT_EQ(c.xor_one, f.xor_one) << "permute_group_by_xor, item " << i;
    EXPECT_EQ(c.selected, f.selected) << "select_from_group, item " << i;
    EXPECT_EQ(c.any, f.any) << "any_of_group, item " << i;
    EXPECT_EQ(c.all, f.all) << "all_of_group, item " << i;
    EXPECT_EQ(c.none, f.none) << "none_of_group, item " << i;
  }
}

TEST(CompiledSubGroupCollectives, MatchFibersWithSubGroupsOf4) { sub_group_collectives_match_fibers<4>(); }
TEST(CompiledSubGroupCollectives, MatchFibersWithSubGroupsOf8) { sub_group_collectives_match_fibers<8>(); }
TEST(CompiledSubGroupCollectives, MatchFibersWithSubGroupsOf32) { sub_group_collectives_match_fibers<32>(); }

// Only the first sub-group reduces: sub-groups on different paths keep the kernel on fibers.
TEST(CompiledSubGroupCollectives, SubGroupsOnDifferentPathsKeepFibers) {
  sycl::queue q;
  constexpr std::size_t n = 128, group = 64;
  std::vector<int> out(n), first(n);
  const std::size_t before = compiled_launches();
  {
    sycl::buffer<int> b(out.data(), sycl::range<1>(n)), f(first.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor o(b, h, sycl::write_only);
      sycl::accessor of(f, h, sycl::write_only);
      h.parallel_for(sycl::nd_range<1>{n, group}, syclex::properties{syclex::sub_group_size<32>}, [=](sycl::nd_item<1> it) {
        const auto sg = it.get_sub_group();
        int v = static_cast<int>(it.get_global_id(0));
        if (sg.get_group_linear_id() == 0) v = sycl::reduce_over_group(sg, v, sycl::plus<int>());
        it.barrier();
        o[it.get_global_id(0)] = v;
        of[it.get_global_id(0)] = static_cast<int>(it.get_global_id(0) - it.get_local_id(0));
      });
    });
  }
  EXPECT_EQ(compiled_launches(), before);
  for (std::size_t i = 0; i < n; ++i) {
    const int base = first[i]; // the group's first item: its first sub-group is items base .. base + 31
    const int expected = i < std::size_t(base) + 32 ? 32 * base + 31 * 32 / 2 : static_cast<int>(i);
    EXPECT_EQ(out[i], expected) << "item " << i;
  }
}

constexpr unsigned lane_source_line = __LINE__ + 6;
void sub_group_broadcast_from_own_lane(sycl::queue& q) {
  q.submit([&](sycl::handler& h) {
    h.parallel_for(sycl::nd_range<1>{64, 32}, syclex::properties{syclex::sub_group_size<8>}, [=](sycl::nd_item<1> it) {
      const auto sg = it.get_sub_group();
      // The items of a sub-group disagree on the source.
      (void)sycl::group_broadcast(sg, 1, sg.get_local_linear_id());
    });
  });
}

TEST(CompiledSubGroupCollectivesMisuse, DisagreeingArgumentsInASubGroupAreReported) {
  on_both(sub_group_broadcast_from_own_lane, [](const std::string& what) {
    EXPECT_TRUE(has(what, "with different arguments")) << what;
    EXPECT_TRUE(names(what, "sub-group group_broadcast", lane_source_line)) << what;
  });
}

} // namespace
