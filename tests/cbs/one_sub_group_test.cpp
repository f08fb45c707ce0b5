// Kernels whose work-items may reach a sub-group collective on different paths (the book's pack
// and unpack, figs 14-24 and 14-26): the CBS pass compiles them for launches whose work-group is
// one sub-group, where a group-wide cut is the sub-group's, and the runtime runs every other
// launch of the same kernel on fibers. Either way the results are the fibers', and items that
// meet different sub-group collectives are reported with both call sites, as on fibers.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "figures/fig14_24.hpp"
#include "figures/fig14_26.hpp"
#include "rethrow_handler.hpp"
#include "tessera/backend/cpu/compiled_group.hpp"

namespace {

using tessera::cpu::compiled_launches;
using tessera::cpu::enable_compiled_groups;

// Runs `f` compiled, then on fibers; `compiled`: whether the first run must count as compiled.
template <typename F>
void compiled_then_fibers(F&& f, bool compiled) {
  const std::size_t before = compiled_launches();
  f();
  EXPECT_EQ(compiled_launches() > before, compiled) << (compiled ? "the kernel did not run compiled"
                                                                 : "the kernel ran compiled for groups of several sub-groups");
  enable_compiled_groups(false);
  f();
  enable_compiled_groups(true);
}

TEST(OneSubGroup, Fig14_24PackRunsCompiled) {
  sycl::queue q;
  compiled_then_fibers([&] { EXPECT_TRUE(figures::run_fig14_24(q, 200).ok); }, true);
}

TEST(OneSubGroup, Fig14_26UnpackRunsCompiled) {
  sycl::queue q;
  compiled_then_fibers([&] { EXPECT_TRUE(figures::run_fig14_26(q, 96).ok); }, true);
}

// Fig 14-24's pack in one dimension, for any work-group size: each sub-group packs the j < n
// whose (row * 7 + j) % 5 < 2 into its row's list, in order. The items of a sub-group loop alike
// only when n is a multiple of its size.
constexpr unsigned scan_line = __LINE__ + 16, max_line = __LINE__ + 20;
std::vector<int> pack_rows(sycl::queue& q, std::size_t rows_per_group, std::size_t group, std::size_t groups, int n) {
  const std::size_t rows = rows_per_group * groups;
  std::vector<int> lists(rows * (n + 1), -1);
  {
    sycl::buffer<int> b(lists.data(), sycl::range<1>(lists.size()));
    q.submit([&](sycl::handler& h) {
      sycl::accessor out(b, h, sycl::read_write);
      h.parallel_for(sycl::nd_range<1>{group * groups, group}, [=](sycl::nd_item<1> it) {
        const sycl::sub_group sg = it.get_sub_group();
        const int sglid = sg.get_local_id()[0], sgrange = sg.get_local_range()[0];
        const std::size_t row = it.get_group_linear_id() * sg.get_group_linear_range() + sg.get_group_linear_id();
        int* list = &out[row * (n + 1) + 1];
        uint32_t k = 0;
        for (int j = sglid; j < n; j += sgrange) {
          const uint32_t pack = (row * 7 + j) % 5 < 2;
          const uint32_t offset = sycl::exclusive_scan_over_group(sg, pack, sycl::plus<>());
          if (pack) list[k + offset] = j;
          k += sycl::reduce_over_group(sg, pack, sycl::plus<>());
        }
        list[-1] = static_cast<int>(sycl::reduce_over_group(sg, k, sycl::maximum<>()));
      });
    });
  }
  return lists;
}

std::vector<int> expected_rows(std::size_t rows, int n) {
  std::vector<int> lists(rows * (n + 1), -1);
  for (std::size_t row = 0; row < rows; ++row) {
    int k = 0;
    for (int j = 0; j < n; ++j)
      if ((row * 7 + j) % 5 < 2) lists[row * (n + 1) + 1 + k++] = j;
    lists[row * (n + 1)] = k;
  }
  return lists;
}

// Work-groups of 8 and 32 items are one sub-group of the default size 32: compiled. Groups of
// 64 are two: the same kernel on fibers.
struct pack_shape {
  std::size_t group, rows_per_group;
  bool compiled;
};
class OneSubGroupPack : public ::testing::TestWithParam<pack_shape> {};

TEST_P(OneSubGroupPack, MatchesTheSequentialPack) {
  const pack_shape s = GetParam();
  sycl::queue q;
  if (std::getenv("TESSERA_SUB_GROUP_SIZE")) GTEST_SKIP() << "assumes the default sub-group size 32";
  constexpr int n = 96; // a multiple of 8 and 32
  constexpr std::size_t groups = 5;
  const std::vector<int> expected = expected_rows(s.rows_per_group * groups, n);
  compiled_then_fibers([&] { EXPECT_EQ(pack_rows(q, s.rows_per_group, s.group, groups, n), expected); }, s.compiled);
}

INSTANTIATE_TEST_SUITE_P(GroupSizes, OneSubGroupPack,
                         ::testing::Values(pack_shape{8, 1, true}, pack_shape{32, 1, true}, pack_shape{64, 2, false}));

std::string error_of_pack(int n) {
  sycl::queue q(rethrow_first);
  try {
    pack_rows(q, 1, 8, 2, n);
    q.wait_and_throw();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel);
    return e.what();
  }
  return "";
}

bool has(const std::string& what, const std::string& part) { return what.find(part) != std::string::npos; }
// "<collective> at <path>one_sub_group_test.cpp:<line>" somewhere in `what`.
bool names(const std::string& what, const std::string& collective, unsigned line) {
  const std::string site = "one_sub_group_test.cpp:" + std::to_string(line);
  for (std::size_t at = what.find(collective + " at "); at != std::string::npos; at = what.find(collective + " at ", at + 1)) {
    const std::size_t end = what.find_first_of(" ,", at + collective.size() + 4);
    const std::string where = what.substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (where.size() >= site.size() && where.compare(where.size() - site.size(), site.size(), site) == 0) return true;
  }
  return false;
}

// With n = 13 in groups of 8, items 0-4 run the loop twice and items 5-7 once: item 0 waits at
// the scan while item 5 reaches the maximum after the loop.
TEST(OneSubGroupMisuse, ItemsAtDifferentSubGroupCollectivesAreReportedWithBoth) {
  for (bool compiled : {true, false}) {
    enable_compiled_groups(compiled);
    const std::size_t before = compiled_launches();
    const std::string what = error_of_pack(13);
    EXPECT_EQ(compiled_launches() > before, compiled);
    EXPECT_TRUE(has(what, "different collectives")) << what;
    EXPECT_TRUE(names(what, "sub-group exclusive_scan_over_group", scan_line)) << what;
    EXPECT_TRUE(names(what, "sub-group reduce_over_group", max_line)) << what;
  }
  enable_compiled_groups(true);
}

} // namespace
