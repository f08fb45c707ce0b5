// DPC++'s group_ballot and sub_group_mask (sycl_ext_oneapi_sub_group_mask), as warp code ported from
// CUDA uses them (HeCBench's bscan, collision, atomicAggregate): a ballot per sub-group, against
// the predicates; then the mask's own operations, which need no group.
#include <gtest/gtest.h>

#include <sycl/sycl.hpp>

#include <cstdint>

namespace {
namespace oneapi = sycl::ext::oneapi;

bool predicate(std::size_t i) { return (i * 7 + i / 5) % 3 == 0; }

TEST(SubGroupMask, BallotHasEachItemsPredicate) {
  sycl::queue q;
  constexpr std::size_t L = 96, G = 3, n = L * G; // three sub-groups of 32 per work-group
  std::uint32_t* out = sycl::malloc_shared<std::uint32_t>(n * 4, q);
  q.parallel_for(sycl::nd_range<1>{n, L}, [=](sycl::nd_item<1> it) {
     const auto sg = it.get_sub_group();
     const std::size_t i = it.get_global_linear_id();
     const oneapi::sub_group_mask m = oneapi::group_ballot(sg, predicate(i));
     std::uint32_t bits = 0;
     m.extract_bits(bits);
     out[i * 4] = bits;
     out[i * 4 + 1] = m.count();
     out[i * 4 + 2] = m.size();
     out[i * 4 + 3] = m[sg.get_local_id()] ? 1 : 0;
   }).wait_and_throw();
  constexpr std::size_t S = 32;
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t expect = 0, count = 0;
    for (std::size_t k = 0; k < S; ++k)
      if (predicate(i / S * S + k)) expect |= 1u << k, ++count;
    ASSERT_EQ(out[i * 4], expect) << i;
    EXPECT_EQ(out[i * 4 + 1], count) << i;
    EXPECT_EQ(out[i * 4 + 2], S) << i;
    EXPECT_EQ(out[i * 4 + 3], predicate(i) ? 1u : 0u) << i;
  }
  sycl::free(out, q);
}

TEST(SubGroupMask, BitOperations) {
  oneapi::sub_group_mask m(0b1011'0000ull);
  EXPECT_EQ(m.size(), oneapi::sub_group_mask::max_bits);
  EXPECT_EQ(m.count(), 3u);
  EXPECT_EQ(m.find_low()[0], 4u);
  EXPECT_EQ(m.find_high()[0], 7u);
  EXPECT_TRUE(m.any());
  EXPECT_FALSE(m.none());
  EXPECT_FALSE(m.all());
  m.reset_low();
  EXPECT_FALSE(m.test(4));
  m[1] = true;
  m[7].flip();
  std::uint8_t low = 0;
  m.extract_bits(low);
  EXPECT_EQ(low, 0b0010'0010u);
  m.insert_bits(std::uint8_t{0xff}, 8);
  std::uint32_t word = 0;
  m.extract_bits(word);
  EXPECT_EQ(word, 0xff22u);
  EXPECT_EQ((m >> 8) & oneapi::sub_group_mask(0xfull), oneapi::sub_group_mask(0xfull));
  EXPECT_EQ((m << 60).count(), 1u); // bit 1 moves to 61; the others fall off the top
  oneapi::sub_group_mask none;
  EXPECT_EQ(none.find_low()[0], none.size());
  none.flip();
  EXPECT_TRUE(none.all());
  const oneapi::sub_group_mask from_words(sycl::marray<std::uint32_t, 2>(1u, 2u));
  std::uint64_t both = 0;
  from_words.extract_bits(both);
  EXPECT_EQ(both, (std::uint64_t{2} << 32) | 1u);
}

} // namespace
