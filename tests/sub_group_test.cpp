#include <gtest/gtest.h>
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace {
namespace syclex = sycl::ext::oneapi::experimental;

template <typename SgSize> class SubGroup : public ::testing::Test {};
using Sizes = ::testing::Types<std::integral_constant<std::uint32_t, 4>, std::integral_constant<std::uint32_t, 8>,
                               std::integral_constant<std::uint32_t, 16>, std::integral_constant<std::uint32_t, 32>,
                               std::integral_constant<std::uint32_t, 64>>;
TYPED_TEST_SUITE(SubGroup, Sizes);

// The sub-group that local linear id `lid` of a work-group of `local` items belongs to.
struct expected_sub_group {
  std::size_t group, base, size, id;
};
expected_sub_group sub_group_of(std::size_t lid, std::size_t sg, std::size_t local) {
  const std::size_t base = lid / sg * sg;
  return {lid / sg, base, std::min(sg, local - base), lid - base};
}

// A size the device does not list cannot be asked for (the GPU has only warps of 32).
bool supports(const sycl::queue& q, std::size_t size) {
  const auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  return std::find(sizes.begin(), sizes.end(), size) != sizes.end();
}

int value_at(std::size_t i) { return static_cast<int>((i * 2654435761u) % 9973) - 4000; }

// --- queries: 102 items per work-group is no multiple of any size, so the last sub-group is short ---

TYPED_TEST(SubGroup, QueriesForOneAndTwoDimensionalGroups) {
  constexpr std::uint32_t SG = TypeParam::value;
  constexpr std::size_t local = 102, fields = 10;
  sycl::queue q;
  if (!supports(q, SG)) GTEST_SKIP() << "the device has no sub-groups of " << SG;
  for (int dims = 1; dims <= 2; ++dims) {
    const std::size_t items = local * 3;
    std::size_t* r = sycl::malloc_shared<std::size_t>(items * fields, q);
    auto record = [=](std::size_t slot, const sycl::sub_group& sg) {
      std::size_t* o = r + slot * fields;
      o[0] = sg.get_local_id()[0];
      o[1] = sg.get_local_range()[0];
      o[2] = sg.get_group_id()[0];
      o[3] = sg.get_group_range()[0];
      o[4] = sg.get_max_local_range()[0];
      o[5] = sg.get_local_linear_id();
      o[6] = sg.get_local_linear_range();
      o[7] = sg.get_group_linear_id();
      o[8] = sg.get_group_linear_range();
      o[9] = sg.leader();
    };
    q.submit([&](sycl::handler& h) {
       if (dims == 1)
         h.parallel_for(sycl::nd_range<1>{items, local}, syclex::properties{syclex::sub_group_size<SG>},
                        [=](sycl::nd_item<1> it) { record(it.get_global_linear_id(), it.get_sub_group()); });
       else
         h.parallel_for(sycl::nd_range<2>{{6, 51}, {2, 51}}, syclex::properties{syclex::sub_group_size<SG>},
                        [=](sycl::nd_item<2> it) {
                          record(it.get_group_linear_id() * local + it.get_local_linear_id(), it.get_sub_group());
                        });
     }).wait_and_throw();
    for (std::size_t i = 0; i < items; ++i) {
      const auto s = sub_group_of(i % local, SG, local);
      const std::size_t* o = r + i * fields;
      const std::size_t want[fields] = {s.id, s.size, s.group, (local + SG - 1) / SG, SG,
                                        s.id, s.size, s.group, (local + SG - 1) / SG, s.id == 0};
      for (std::size_t f = 0; f < fields; ++f) ASSERT_EQ(o[f], want[f]) << "dims " << dims << " item " << i << " field " << f;
    }
    sycl::free(r, q);
  }
}

// --- the legacy member spellings against sequential references ---

TYPED_TEST(SubGroup, LegacyShufflesBroadcastLoadAndStore) {
  constexpr std::uint32_t SG = TypeParam::value;
  constexpr std::size_t local = 2 * SG + 5, groups = 3, items = local * groups, fields = 9;
  sycl::queue q;
  if (!supports(q, SG)) GTEST_SKIP() << "the device has no sub-groups of " << SG;
  int* in = sycl::malloc_shared<int>(items, q);
  int* stored = sycl::malloc_shared<int>(items, q);
  int* r = sycl::malloc_shared<int>(items * fields, q);
  for (std::size_t i = 0; i < items; ++i) in[i] = value_at(i);
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::nd_range<1>{items, local}, syclex::properties{syclex::sub_group_size<SG>},
                    [=](sycl::nd_item<1> it) {
                      auto sg = it.get_sub_group();
                      const std::size_t i = it.get_global_id(0);
                      const std::uint32_t lid = sg.get_local_linear_id(), size = sg.get_local_linear_range();
                      const std::size_t first = i - lid;
                      int* o = r + i * fields;
                      const int x = sg.load(in + first);
                      o[0] = x;
                      o[1] = sg.shuffle(x, sycl::id<1>((lid * 5 + 3) % size));
                      o[2] = sg.shuffle_xor(x, sycl::id<1>(1));
                      o[3] = sg.shuffle_xor(x, sycl::id<1>(SG - 1));
                      o[4] = sg.shuffle_down(x, 5);
                      o[5] = sg.shuffle_up(x, 3);
                      o[6] = sg.broadcast(x, sycl::id<1>(size - 1));
                      o[7] = sg.shuffle_down(x, 1) - sg.shuffle_up(x, 1); // two collectives in a row
                      o[8] = static_cast<int>(sg.get_local_linear_range());
                      sg.store(stored + first, x * 2 - 1);
                    });
   }).wait_and_throw();
  for (std::size_t i = 0; i < items; ++i) {
    const std::size_t g0 = i / local * local;
    const auto s = sub_group_of(i - g0, SG, local);
    const int* m = in + g0 + s.base; // the sub-group's inputs
    const int* o = r + i * fields;
    const int x = m[s.id];
    ASSERT_EQ(o[0], x) << i;
    ASSERT_EQ(o[1], m[(s.id * 5 + 3) % s.size]) << i;
    if ((s.id ^ 1) < s.size) {
      ASSERT_EQ(o[2], m[s.id ^ 1]) << i;
    }
    if (s.size == SG) {
      ASSERT_EQ(o[3], m[SG - 1 - s.id]) << i; // full sub-groups are reversed
    }
    if (s.id + 5 < s.size) {
      ASSERT_EQ(o[4], m[s.id + 5]) << i;
    }
    if (s.id >= 3) {
      ASSERT_EQ(o[5], m[s.id - 3]) << i;
    }
    ASSERT_EQ(o[6], m[s.size - 1]) << i;
    if (s.id >= 1 && s.id + 1 < s.size) {
      ASSERT_EQ(o[7], m[s.id + 1] - m[s.id - 1]) << i;
    }
    ASSERT_EQ(o[8], static_cast<int>(s.size)) << i;
    ASSERT_EQ(stored[i], in[i] * 2 - 1) << i;
  }
  sycl::free(in, q);
  sycl::free(stored, q);
  sycl::free(r, q);
}

// The seeds' examples, on full sub-groups of 32: neighbours swap, the whole sub-group reverses,
// and shuffle_down by 5 reads five places further.
TEST(SubGroupSeeds, XorSwapXorReverseAndShuffleDownByFive) {
  sycl::queue q;
  constexpr std::size_t n = 128;
  int* r = sycl::malloc_shared<int>(n * 3, q);
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::nd_range<1>{n, 64}, syclex::properties{syclex::sub_group_size<32>}, [=](sycl::nd_item<1> it) {
       auto sg = it.get_sub_group();
       const int lane = static_cast<int>(sg.get_local_id()[0]);
       const std::size_t i = it.get_global_id(0);
       r[i * 3] = sg.shuffle_xor(lane, sycl::id<1>(1));
       r[i * 3 + 1] = sg.shuffle_xor(lane, sycl::id<1>(sg.get_local_range()[0] - 1));
       r[i * 3 + 2] = sg.shuffle_down(lane * 10, 5);
     });
   }).wait_and_throw();
  for (std::size_t i = 0; i < n; ++i) {
    const int lane = static_cast<int>(i % 32);
    EXPECT_EQ(r[i * 3], lane % 2 == 0 ? lane + 1 : lane - 1) << i;
    EXPECT_EQ(r[i * 3 + 1], 31 - lane) << i;
    if (lane + 5 < 32) {
      EXPECT_EQ(r[i * 3 + 2], (lane + 5) * 10) << i;
    }
  }
  sycl::free(r, q);
}

// --- group_barrier(sub_group): what one item wrote before it is seen by the others after it ---

TYPED_TEST(SubGroup, GroupBarrierOrdersLocalMemoryWithinTheSubGroup) {
  constexpr std::uint32_t SG = TypeParam::value;
  constexpr std::size_t local = SG * 2 + 1, items = local * 2;
  sycl::queue q;
  if (!supports(q, SG)) GTEST_SKIP() << "the device has no sub-groups of " << SG;
  int* r = sycl::malloc_shared<int>(items * 2, q);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int, 1> slots(sycl::range<1>(local), h);
     h.parallel_for(sycl::nd_range<1>{items, local}, syclex::properties{syclex::sub_group_size<SG>},
                    [=](sycl::nd_item<1> it) {
                      auto sg = it.get_sub_group();
                      const std::size_t lid = it.get_local_id(0), first = lid - sg.get_local_linear_id();
                      const std::size_t size = sg.get_local_linear_range();
                      // The item after this one in the sub-group (wrapping), which runs later.
                      const std::size_t next = first + (sg.get_local_linear_id() + 1) % size;
                      slots[lid] = static_cast<int>(it.get_global_id(0)) * 3 + 1;
                      sycl::group_barrier(sg);
                      const int a = slots[next];
                      sycl::group_barrier(sg);
                      slots[lid] = -a;
                      sg.barrier();
                      r[it.get_global_id(0) * 2] = a;
                      r[it.get_global_id(0) * 2 + 1] = slots[next];
                    });
   }).wait_and_throw();
  for (std::size_t i = 0; i < items; ++i) {
    const std::size_t g0 = i / local * local;
    const auto s = sub_group_of(i - g0, SG, local);
    const std::size_t next = g0 + s.base + (s.id + 1) % s.size;
    const std::size_t after = g0 + s.base + (s.id + 2) % s.size;
    ASSERT_EQ(r[i * 2], static_cast<int>(next) * 3 + 1) << i;
    ASSERT_EQ(r[i * 2 + 1], -(static_cast<int>(after) * 3 + 1)) << i;
  }
  sycl::free(r, q);
}

// --- the device's sizes and the default ---

TEST(SubGroupSizes, InfoQueryListsEverySupportedSize) {
  sycl::queue q;
  const auto sizes = q.get_device().get_info<sycl::info::device::sub_group_sizes>();
  const std::vector<std::size_t> expected = q.get_device().is_cpu() ? std::vector<std::size_t>{4, 8, 16, 32, 64} : std::vector<std::size_t>{32};
  EXPECT_EQ(sizes, expected);
  EXPECT_GE(q.get_device().get_info<sycl::info::device::max_num_sub_groups>(),
            q.get_device().get_info<sycl::info::device::max_work_group_size>() / sizes.front());
}

TEST(SubGroupSizes, DefaultIsThirtyTwoAndRequestedSizesAreUsed) {
  std::uint32_t want = 32; // TESSERA_SUB_GROUP_SIZE may change the default
  if (const char* s = std::getenv("TESSERA_SUB_GROUP_SIZE"))
    for (std::uint32_t ok : {4u, 8u, 16u, 32u, 64u})
      if (std::strtoul(s, nullptr, 10) == ok) want = ok;
  sycl::queue q;
  std::uint32_t* r = sycl::malloc_shared<std::uint32_t>(6 * 2, q);
  q.parallel_for(sycl::nd_range<1>{128, 128}, [=](sycl::nd_item<1> it) {
     if (it.get_local_id(0) == 0) r[0] = static_cast<std::uint32_t>(it.get_sub_group().get_max_local_range()[0]);
     if (it.get_local_id(0) == 0) r[1] = it.get_sub_group().get_group_linear_range();
   }).wait_and_throw();
  EXPECT_EQ(r[0], want);
  EXPECT_EQ(r[1], 128 / want);
  auto with = [&](auto props, std::size_t slot) {
    q.submit([&](sycl::handler& h) {
       h.parallel_for(sycl::nd_range<1>{128, 128}, props, [=](sycl::nd_item<1> it) {
         if (it.get_local_id(0) == 0) r[slot * 2] = static_cast<std::uint32_t>(it.get_sub_group().get_max_local_range()[0]);
         if (it.get_local_id(0) == 127) r[slot * 2 + 1] = it.get_sub_group().get_group_linear_id();
       });
     }).wait_and_throw();
  };
  if (supports(q, 4)) with(syclex::properties{syclex::sub_group_size<4>}, 1);
  if (supports(q, 8)) with(syclex::properties{syclex::sub_group_size<8>}, 2);
  if (supports(q, 16)) with(syclex::properties{syclex::sub_group_size<16>}, 3);
  with(syclex::properties{syclex::sub_group_size<32>}, 4);
  if (supports(q, 64)) with(syclex::properties{syclex::sub_group_size<64>}, 5);
  for (std::uint32_t k = 1, sg = 4; k <= 5; ++k, sg *= 2) {
    if (!supports(q, sg)) continue;
    EXPECT_EQ(r[k * 2], sg) << sg;
    EXPECT_EQ(r[k * 2 + 1], 128 / sg - 1) << sg;
  }
  sycl::free(r, q);
}

} // namespace
