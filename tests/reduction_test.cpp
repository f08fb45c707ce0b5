// The reduction library: every standard combiner with its known identity, USM, buffer and span
// variables, initialize_to_identity, user-defined types and combiners, several reductions in one
// kernel, range and nd_range kernels and the queue shortcuts. Every result is compared exactly
// with std::accumulate over the same values.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include "rethrow_handler.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <utility>
#include <vector>

namespace {

constexpr std::size_t kOddSizes[] = {0, 1, 7, 1000, 100003};

// Deterministic, varied values: a linear congruential sequence.
template <typename T>
std::vector<T> values(std::size_t n, std::uint64_t seed = 1) {
  std::vector<T> v(n);
  for (auto& x : v) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    x = static_cast<T>(seed >> 40);
  }
  return v;
}

// Reduces `in` with Op through a USM reduction over a range<1> kernel, from `start`, with or
// without initialize_to_identity, and compares with std::accumulate.
template <typename T, typename Op>
void check_usm(const std::vector<T>& in, T start, bool to_identity) {
  sycl::queue q;
  T* data = sycl::malloc_shared<T>(in.size() + 1, q);
  std::copy(in.begin(), in.end(), data);
  T* result = sycl::malloc_shared<T>(1, q);
  *result = start;
  const sycl::property_list props =
      to_identity ? sycl::property_list{sycl::property::reduction::initialize_to_identity{}} : sycl::property_list{};
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::range<1>(in.size()), sycl::reduction(result, Op{}, props),
                    [=](sycl::id<1> i, auto& r) { r.combine(data[i]); });
   }).wait();
  const T init = to_identity ? sycl::known_identity_v<Op, T> : start;
  const T expect = std::accumulate(in.begin(), in.end(), init, Op{});
  EXPECT_EQ(*result, expect) << "n=" << in.size() << " to_identity=" << to_identity;
  sycl::free(data, q);
  sycl::free(result, q);
}

template <typename T, typename Op>
void check_all_sizes(T start) {
  for (std::size_t n : kOddSizes)
    for (bool to_identity : {false, true}) check_usm<T, Op>(values<T>(n, n + 3), start, to_identity);
}

TEST(Reduction, Plus) {
  check_all_sizes<std::int64_t, sycl::plus<>>(42);
  check_all_sizes<std::uint32_t, sycl::plus<std::uint32_t>>(7);
}
// Unsigned multiplication wraps, so its result does not depend on the order of combining.
TEST(Reduction, Multiplies) { check_all_sizes<std::uint64_t, sycl::multiplies<>>(3); }
TEST(Reduction, Minimum) {
  check_all_sizes<int, sycl::minimum<>>(1 << 20);
  check_all_sizes<float, sycl::minimum<float>>(1e6f);
}
TEST(Reduction, Maximum) {
  check_all_sizes<int, sycl::maximum<>>(-5);
  check_all_sizes<double, sycl::maximum<double>>(123.0);
}
TEST(Reduction, BitAnd) { check_all_sizes<std::uint32_t, sycl::bit_and<>>(0xF0F0F0F0u); }
TEST(Reduction, BitOr) { check_all_sizes<std::uint32_t, sycl::bit_or<>>(0x80000000u); }
TEST(Reduction, BitXor) { check_all_sizes<std::uint64_t, sycl::bit_xor<>>(0x1234); }

// Integers of both signs, 8-byte ones beyond 32 bits, under the integer combiners (on the GPU
// each work-group's result goes through the hardware atomic of the type's width and signedness).
TEST(Reduction, WordIntegersOfBothSignsUnderEveryIntegerCombiner) {
  for (std::size_t n : kOddSizes)
    for (bool to_identity : {false, true}) {
      auto wide = values<std::int64_t>(n, n + 5);
      for (auto& x : wide) x = (x - (1 << 23)) * (std::int64_t{1} << 20);
      check_usm<std::int64_t, sycl::minimum<>>(wide, 3, to_identity);
      check_usm<std::int64_t, sycl::maximum<>>(wide, -3, to_identity);
      check_usm<std::int64_t, sycl::bit_or<>>(wide, 1, to_identity);
      check_usm<long long, sycl::plus<>>(std::vector<long long>(wide.begin(), wide.end()), -7, to_identity);
      const std::vector<std::uint64_t> big(wide.begin(), wide.end()); // the negative ones in the top half
      check_usm<std::uint64_t, sycl::maximum<>>(big, 1, to_identity);
      check_usm<std::uint64_t, sycl::minimum<>>(big, ~std::uint64_t{0} - 1, to_identity);
      auto small = values<int>(n, n + 6);
      for (auto& x : small) x -= 1 << 23;
      check_usm<int, sycl::bit_and<>>(small, -1, to_identity);
      check_usm<int, sycl::bit_xor<>>(small, 5, to_identity);
      check_usm<unsigned, sycl::minimum<>>(std::vector<unsigned>(small.begin(), small.end()), 9, to_identity);
    }
}

// bool has no data() in std::vector<bool>, hence the copy through a plain array.
template <typename Op>
void check_logical(const std::vector<bool>& in, bool start, bool to_identity) {
  sycl::queue q;
  bool* data = sycl::malloc_shared<bool>(in.size() + 1, q);
  std::copy(in.begin(), in.end(), data);
  bool* result = sycl::malloc_shared<bool>(1, q);
  *result = start;
  auto props = to_identity ? sycl::property_list{sycl::property::reduction::initialize_to_identity{}}
                           : sycl::property_list{};
  q.parallel_for(sycl::range<1>(in.size()), sycl::reduction(result, Op{}, props),
                 [=](sycl::id<1> i, auto& r) { r.combine(data[i]); })
      .wait();
  const bool init = to_identity ? sycl::known_identity_v<Op, bool> : start;
  EXPECT_EQ(*result, std::accumulate(in.begin(), in.end(), init, Op{})) << in.size();
  sycl::free(data, q);
  sycl::free(result, q);
}

TEST(Reduction, LogicalAndOr) {
  for (std::size_t n : kOddSizes) {
    std::vector<bool> mixed(n, true);
    if (n > 1) mixed[n / 2] = false;
    for (bool start : {false, true}) {
      for (bool to_identity : {false, true}) {
        check_logical<sycl::logical_and<bool>>(std::vector<bool>(n, true), start, to_identity);
        check_logical<sycl::logical_and<>>(mixed, start, to_identity);
        check_logical<sycl::logical_or<bool>>(mixed, start, to_identity);
        check_logical<sycl::logical_or<>>(std::vector<bool>(n, false), start, to_identity);
      }
    }
  }
}

TEST(Reduction, ShorthandOperators) {
  sycl::queue q;
  constexpr std::size_t n = 1001;
  auto* r = sycl::malloc_shared<std::uint32_t>(6, q);
  r[0] = 0, r[1] = 1, r[2] = ~0u, r[3] = 0, r[4] = 0, r[5] = 10;
  q.parallel_for(sycl::range<1>(n), sycl::reduction(r + 0, sycl::plus<>()),
                 sycl::reduction(r + 1, sycl::multiplies<>()), sycl::reduction(r + 2, sycl::bit_and<>()),
                 sycl::reduction(r + 3, sycl::bit_or<>()), sycl::reduction(r + 4, sycl::bit_xor<>()),
                 sycl::reduction(r + 5, sycl::plus<>()),
                 [=](sycl::id<1> id, auto& sum, auto& prod, auto& all, auto& any, auto& parity, auto& count) {
                   const auto i = static_cast<std::uint32_t>(id[0]);
                   sum += i;
                   prod *= (i % 3 == 0 ? 3u : 1u);
                   all &= ~(1u << (i % 32)) | (i < 32 ? 0u : ~0u);
                   any |= 1u << (i % 17);
                   parity ^= i;
                   ++count;
                   count++;
                 })
      .wait();
  std::uint32_t sum = 0, prod = 1, all = ~0u, any = 0, parity = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    sum += i, prod *= (i % 3 == 0 ? 3u : 1u), any |= 1u << (i % 17), parity ^= i;
    all &= ~(1u << (i % 32)) | (i < 32 ? 0u : ~0u);
  }
  EXPECT_EQ(r[0], sum);
  EXPECT_EQ(r[1], prod);
  EXPECT_EQ(r[2], all);
  EXPECT_EQ(r[3], any);
  EXPECT_EQ(r[4], parity);
  EXPECT_EQ(r[5], 10 + 2 * n);
  sycl::free(r, q);
}

TEST(Reduction, ReducerIdentity) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(3, q);
  out[0] = out[1] = out[2] = 0;
  int* bad = out + 2;
  q.parallel_for(sycl::range<1>(100), sycl::reduction(out, sycl::minimum<int>()),
                 sycl::reduction(out + 1, 5, sycl::plus<int>()), [=](sycl::id<1>, auto& mn, auto& custom) {
                   if (mn.identity() != std::numeric_limits<int>::max() || custom.identity() != 5) *bad = 1;
                 })
      .wait();
  EXPECT_EQ(*bad, 0);
  sycl::free(out, q);
}

TEST(Reduction, BufferVariable) {
  for (bool to_identity : {false, true}) {
    auto in = values<std::int64_t>(54321, 9);
    std::int64_t sum = 1000;
    int maxv = std::numeric_limits<int>::min() + 1;
    {
      sycl::queue q;
      sycl::buffer<std::int64_t> data(in.data(), sycl::range<1>(in.size()));
      sycl::buffer<std::int64_t> sum_buf(&sum, 1);
      sycl::buffer<int> max_buf(&maxv, 1);
      q.submit([&](sycl::handler& h) {
        sycl::accessor d(data, h, sycl::read_only);
        auto props = to_identity ? sycl::property_list{sycl::property::reduction::initialize_to_identity{}}
                                 : sycl::property_list{};
        h.parallel_for(sycl::range<1>(in.size()), sycl::reduction(sum_buf, h, sycl::plus<>(), props),
                       sycl::reduction(max_buf, h, std::numeric_limits<int>::lowest(), sycl::maximum<>(), props),
                       [=](sycl::item<1> it, auto& s, auto& m) {
                         s += d[it.get_id()];
                         m.combine(static_cast<int>(d[it.get_id()] % 1000));
                       });
      });
    }
    const std::int64_t expect_sum = std::accumulate(in.begin(), in.end(), std::int64_t(to_identity ? 0 : 1000));
    int expect_max = to_identity ? std::numeric_limits<int>::lowest() : std::numeric_limits<int>::min() + 1;
    for (auto x : in) expect_max = std::max(expect_max, static_cast<int>(x % 1000));
    EXPECT_EQ(sum, expect_sum);
    EXPECT_EQ(maxv, expect_max);
  }
}

// The seed's figure 14-12: the location of the minimum, through a user-defined reduction.
TEST(Reduction, MinlocWithUserIdentity) {
  constexpr std::size_t N = 4099;
  sycl::queue q;
  float* data = sycl::malloc_shared<float>(N, q);
  auto v = values<std::uint32_t>(N, 77);
  for (std::size_t i = 0; i < N; ++i) data[i] = static_cast<float>(v[i] % 100000) + static_cast<float>(i) / 8192;
  using minloc = sycl::minimum<std::pair<float, int>>;
  auto* res = sycl::malloc_shared<std::pair<float, int>>(1, q);
  const std::pair<float, int> identity = {std::numeric_limits<float>::max(), std::numeric_limits<int>::min()};
  *res = identity;
  auto red = sycl::reduction(res, identity, minloc());
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::range<1>{N}, red, [=](sycl::id<1> i, auto& r) {
       std::pair<float, int> partial = {data[i], static_cast<int>(i)};
       r.combine(partial);
     });
   }).wait();
  std::pair<float, int> expect = identity;
  for (std::size_t i = 0; i < N; ++i) expect = minloc()(expect, {data[i], static_cast<int>(i)});
  EXPECT_EQ(*res, expect);
  sycl::free(data, q);
  sycl::free(res, q);
}

struct stats {
  std::int64_t sum;
  std::int64_t count;
  int max;
  bool operator==(const stats& o) const { return sum == o.sum && count == o.count && max == o.max; }
};
struct merge_stats {
  SYCL_EXTERNAL stats operator()(const stats& a, const stats& b) const {
    return {a.sum + b.sum, a.count + b.count, std::max(a.max, b.max)};
  }
};

TEST(Reduction, UserStructAndCombinerOver3DRange) {
  const sycl::range<3> r(5, 7, 31);
  sycl::queue q;
  auto* out = sycl::malloc_shared<stats>(1, q);
  *out = {100, 1, 50};
  const stats identity{0, 0, std::numeric_limits<int>::min()};
  q.parallel_for(r, sycl::reduction(out, identity, merge_stats()), [=](sycl::item<3> it, auto& s) {
     s.combine(stats{static_cast<std::int64_t>(it.get_linear_id()), 1, static_cast<int>(it[0] * it[2])});
   }).wait();
  stats expect{100, 1, 50};
  for (std::size_t i = 0; i < r[0]; ++i)
    for (std::size_t j = 0; j < r[1]; ++j)
      for (std::size_t k = 0; k < r[2]; ++k)
        expect = merge_stats()(expect, stats{static_cast<std::int64_t>((i * r[1] + j) * r[2] + k), 1,
                                             static_cast<int>(i * k)});
  EXPECT_EQ(*out, expect);
  sycl::free(out, q);
}

TEST(Reduction, TwoReductionsOver2DRange) {
  const sycl::range<2> r(33, 65);
  sycl::queue q;
  auto in = values<int>(r.size(), 5);
  int* data = sycl::malloc_shared<int>(in.size(), q);
  std::copy(in.begin(), in.end(), data);
  auto* sum = sycl::malloc_shared<std::int64_t>(1, q);
  int* mn = sycl::malloc_shared<int>(1, q);
  *sum = -3, *mn = 0;
  q.parallel_for(r, sycl::reduction(sum, sycl::plus<>()),
                 sycl::reduction(mn, sycl::minimum<>(), {sycl::property::reduction::initialize_to_identity{}}),
                 [=](sycl::item<2> it, auto& s, auto& m) {
                   s += data[it.get_linear_id()];
                   m.combine(data[it.get_linear_id()]);
                 })
      .wait();
  EXPECT_EQ(*sum, std::accumulate(in.begin(), in.end(), std::int64_t(-3)));
  EXPECT_EQ(*mn, *std::min_element(in.begin(), in.end()));
  sycl::free(data, q);
  sycl::free(sum, q);
  sycl::free(mn, q);
}

// The seed's figure 14-11: a histogram as an array reduction.
TEST(Reduction, SpanHistogram) {
  constexpr std::size_t N = 100003, B = 16;
  sycl::queue q;
  int* histogram = sycl::malloc_shared<int>(B, q);
  std::fill(histogram, histogram + B, 1);
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::range{N}, sycl::reduction(sycl::span<int, 16>(histogram, 16), sycl::plus<>()),
                    [=](sycl::id<1> i, auto& histogram) { histogram[i % B]++; });
   }).wait();
  for (std::size_t b = 0; b < B; ++b) EXPECT_EQ(histogram[b], static_cast<int>(1 + N / B + (b < N % B))) << b;
  sycl::free(histogram, q);
}

// Elements narrower than 4 bytes side by side: on the GPU each combines through the 4-byte word
// it shares with its neighbours, which must come out unchanged.
TEST(Reduction, NarrowElementsSideBySide) {
  constexpr std::size_t N = 20011, B = 7;
  sycl::queue q;
  short* histogram = sycl::malloc_shared<short>(B, q);
  unsigned char* top = sycl::malloc_shared<unsigned char>(B, q);
  sycl::half* sum = sycl::malloc_shared<sycl::half>(1, q);
  std::fill(histogram, histogram + B, short{-3});
  std::fill(top, top + B, static_cast<unsigned char>(5));
  *sum = 2;
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::range{N}, sycl::reduction(sycl::span<short, B>(histogram, B), sycl::plus<>()),
                    sycl::reduction(sycl::span<unsigned char, B>(top, B), sycl::maximum<>()),
                    sycl::reduction(sum, sycl::plus<sycl::half>()), [=](sycl::id<1> i, auto& h, auto& t, auto& s) {
                      h[i % B] += 1;
                      t[i % B].combine(static_cast<unsigned char>(i[0] % 251));
                      s += sycl::half(i[0] % 1000 == 0 ? 1 : 0);
                    });
   }).wait();
  for (std::size_t b = 0; b < B; ++b) {
    EXPECT_EQ(histogram[b], static_cast<short>(-3 + N / B + (b < N % B))) << b;
    EXPECT_EQ(top[b], 250) << b;
  }
  EXPECT_EQ(static_cast<float>(*sum), 2.0f + 21.0f);
  sycl::free(histogram, q);
  sycl::free(top, q);
  sycl::free(sum, q);
}

TEST(Reduction, SpanOfDynamicExtentWithIdentityAndInitialize) {
  constexpr std::size_t N = 7777, B = 37;
  sycl::queue q;
  auto in = values<std::uint32_t>(N, 11);
  auto* data = sycl::malloc_shared<std::uint32_t>(N, q);
  std::copy(in.begin(), in.end(), data);
  // Reduction variables must be reachable from the device: USM, not a std::vector.
  auto* maxima = sycl::malloc_shared<std::uint32_t>(B, q);
  std::fill(maxima, maxima + B, 0xFFFFFFFFu);
  q.parallel_for(sycl::range<1>(N),
                 sycl::reduction(sycl::span<std::uint32_t>(maxima, B), 0u, sycl::maximum<>(),
                                 {sycl::property::reduction::initialize_to_identity{}}),
                 [=](sycl::id<1> i, auto& m) { m[data[i] % B].combine(data[i]); })
      .wait();
  std::vector<std::uint32_t> expect(B, 0);
  for (auto x : in) expect[x % B] = std::max(expect[x % B], x);
  EXPECT_EQ(std::vector<std::uint32_t>(maxima, maxima + B), expect);
  sycl::free(maxima, q);
  sycl::free(data, q);
}

// Large enough that the GPU's resident grid strides over it several times, unrolled, and then
// over a remainder; in 2-D every work-item's id comes from its linear index.
TEST(Reduction, LargeRangesWithARemainder) {
  sycl::queue q;
  constexpr std::size_t rows = 1237, cols = 5101; // 6'309'937 items, not a multiple of anything
  auto* sum = sycl::malloc_shared<std::int64_t>(1, q);
  auto* top = sycl::malloc_shared<std::uint32_t>(1, q);
  *sum = 5, *top = 0;
  const auto value = [](std::size_t r, std::size_t c) { return std::uint32_t((r * 2654435761u + c * 40503u) & 0xFFFF); };
  q.parallel_for(sycl::range<2>(rows, cols), sycl::reduction(sum, sycl::plus<>()),
                 sycl::reduction(top, sycl::maximum<>()), [=](sycl::id<2> i, auto& s, auto& m) {
                   const std::uint32_t v = value(i[0], i[1]);
                   s += v;
                   m.combine(v ^ std::uint32_t(i[0] * cols + i[1]));
                 })
      .wait();
  std::int64_t expect_sum = 5;
  std::uint32_t expect_top = 0;
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) {
      expect_sum += value(r, c);
      expect_top = std::max(expect_top, value(r, c) ^ std::uint32_t(r * cols + c));
    }
  EXPECT_EQ(*sum, expect_sum);
  EXPECT_EQ(*top, expect_top);
  sycl::free(sum, q);
  sycl::free(top, q);
}

// An accumulator wider than the data: ints of both signs (a quarter negative), whose sum
// overflows int, summed into a long long over a 1-D range that the GPU's resident grid strides
// over several times unrolled.
TEST(Reduction, LongLongSumOfIntsOverALargeRange) {
  sycl::queue q;
  constexpr std::size_t n = 6'309'937;
  const std::vector<int> host = values<int>(n, 11);
  int* data = sycl::malloc_device<int>(n, q);
  auto* sum = sycl::malloc_shared<long long>(1, q);
  q.memcpy(data, host.data(), n * sizeof(int)).wait();
  *sum = -3;
  q.parallel_for(sycl::range<1>(n), sycl::reduction(sum, sycl::plus<>()),
                 [=](sycl::id<1> i, auto& s) { s += data[i] - (1 << 22); })
      .wait();
  long long expect = -3;
  for (int v : host) expect += v - (1 << 22);
  EXPECT_EQ(*sum, expect);
  EXPECT_GT(expect, std::numeric_limits<int>::max()); // an int accumulator would have wrapped
  sycl::free(data, q);
  sycl::free(sum, q);
}

TEST(Reduction, EmptyRangeKeepsOrResetsTheVariable) {
  sycl::queue q;
  int* r = sycl::malloc_shared<int>(2, q);
  r[0] = r[1] = 9;
  q.parallel_for(sycl::range<1>(0), sycl::reduction(r, sycl::plus<>()),
                 sycl::reduction(r + 1, sycl::plus<>(), {sycl::property::reduction::initialize_to_identity{}}),
                 [=](sycl::id<1>, auto& a, auto& b) { a += 1, b += 1; })
      .wait();
  EXPECT_EQ(r[0], 9);
  EXPECT_EQ(r[1], 0);
  sycl::free(r, q);
}

TEST(Reduction, NdRange1D) {
  constexpr std::size_t global = 64 * 129, local = 64;
  sycl::queue q;
  auto in = values<std::int64_t>(global, 21);
  auto* data = sycl::malloc_shared<std::int64_t>(global, q);
  std::copy(in.begin(), in.end(), data);
  auto* sum = sycl::malloc_shared<std::int64_t>(1, q);
  auto* mx = sycl::malloc_shared<std::int64_t>(1, q);
  *sum = 5, *mx = 0;
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::nd_range<1>(global, local), sycl::reduction(sum, sycl::plus<>()),
                    sycl::reduction(mx, sycl::maximum<>()),
                    [=](sycl::nd_item<1> it, auto& s, auto& m) {
                      s += data[it.get_global_id(0)];
                      m.combine(data[it.get_global_id(0)]);
                    });
   }).wait();
  EXPECT_EQ(*sum, std::accumulate(in.begin(), in.end(), std::int64_t(5)));
  EXPECT_EQ(*mx, std::max<std::int64_t>(0, *std::max_element(in.begin(), in.end())));
  sycl::free(data, q);
  sycl::free(sum, q);
  sycl::free(mx, q);
}

// One variable whose operator has a known identity: a group's loop spreads its items over lanes
// of its own. Group sizes below, at and off the lane count, so whole rounds and a remainder.
TEST(Reduction, NdRange1DOneVariableInLanes) {
  sycl::queue q;
  for (std::size_t local : {1, 7, 8, 13, 64, 100}) {
    const std::size_t global = local * 37;
    auto in = values<std::int64_t>(global, local);
    auto* data = sycl::malloc_shared<std::int64_t>(global, q);
    std::copy(in.begin(), in.end(), data);
    auto* sum = sycl::malloc_shared<std::int64_t>(1, q);
    auto* lo = sycl::malloc_shared<std::int64_t>(1, q);
    *sum = 5, *lo = std::numeric_limits<std::int64_t>::max();
    q.parallel_for(sycl::nd_range<1>(global, local), sycl::reduction(sum, sycl::plus<>()),
                   [=](sycl::nd_item<1> it, auto& s) { s += data[it.get_global_id(0)]; })
        .wait();
    q.parallel_for(sycl::nd_range<1>(global, local), sycl::reduction(lo, sycl::minimum<>()),
                   [=](sycl::nd_item<1> it, auto& m) { m.combine(data[it.get_global_id(0)]); })
        .wait();
    EXPECT_EQ(*sum, std::accumulate(in.begin(), in.end(), std::int64_t(5))) << "local " << local;
    EXPECT_EQ(*lo, *std::min_element(in.begin(), in.end())) << "local " << local;
    sycl::free(data, q);
    sycl::free(sum, q);
    sycl::free(lo, q);
  }
}

// Only group 300 meets a barrier, after earlier groups of its chunk ran their items as loops:
// its first item, in the loop, has combined into the loop's lanes when the group switches to
// fibers, and every later item and group combines elsewhere. No contribution may be lost.
TEST(Reduction, NdRange1DBarrierInOneGroupAfterLoopGroups) {
  constexpr std::size_t L = 16, G = 512, special = 300;
  sycl::queue q;
  auto in = values<std::int64_t>(L * G, 9);
  auto* data = sycl::malloc_shared<std::int64_t>(L * G, q);
  std::copy(in.begin(), in.end(), data);
  auto* sum = sycl::malloc_shared<std::int64_t>(1, q);
  *sum = 0;
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<std::int64_t, 1> tile(sycl::range<1>(L), h);
     h.parallel_for(sycl::nd_range<1>(L * G, L), sycl::reduction(sum, sycl::plus<>()),
                    [=](sycl::nd_item<1> it, auto& s) {
                      const std::size_t l = it.get_local_id(0);
                      if (it.get_group(0) != special) {
                        s += data[it.get_global_id(0)];
                        return;
                      }
                      s += 1000 * (l == 0); // before the barrier: into the loop's lanes
                      tile[l] = data[it.get_global_id(0)];
                      it.barrier();
                      s += tile[(l + 1) % L]; // a neighbour's value: only right after the barrier
                    });
   }).wait();
  EXPECT_EQ(*sum, std::accumulate(in.begin(), in.end(), std::int64_t(1000)));
  sycl::free(data, q);
  sycl::free(sum, q);
}

#if !defined(__CUDA__)
// An item of a late group throws after earlier groups of its chunk ran on the same loop fiber:
// the exception reaches wait(), the variable keeps its value, and the next launch runs normally.
TEST(Reduction, NdRange1DThrowInALateGroupKeepsTheVariable) {
  constexpr std::size_t L = 16, G = 512;
  sycl::queue q{rethrow_first};
  auto* sum = sycl::malloc_shared<std::int64_t>(1, q);
  *sum = 77;
  auto launch = [&](std::size_t thrower) {
    q.parallel_for(sycl::nd_range<1>(L * G, L), sycl::reduction(sum, sycl::plus<>()),
                   [=](sycl::nd_item<1> it, auto& s) {
                     if (it.get_global_id(0) == thrower) throw std::runtime_error("late group");
                     s += 1;
                   });
    q.wait_and_throw();
  };
  EXPECT_THROW(launch(300 * L + 5), std::runtime_error);
  EXPECT_EQ(*sum, 77);
  launch(L * G);
  EXPECT_EQ(*sum, static_cast<std::int64_t>(77 + L * G));
  sycl::free(sum, q);
}
#endif

// A barrier makes every group run its items as fibers: they share their chunk's partial result.
TEST(Reduction, NdRange2DWithBarrierAndLocalMemory) {
  const sycl::range<2> global(24, 40), local(4, 8);
  sycl::queue q;
  auto* sum = sycl::malloc_shared<std::uint64_t>(1, q);
  int* hist = sycl::malloc_shared<int>(8, q); // device-reachable, as reduction variables must be
  std::fill(hist, hist + 8, 0);
  *sum = 0;
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<std::uint64_t, 1> tile(sycl::range<1>(local.size()), h);
     h.parallel_for(sycl::nd_range<2>(global, local), sycl::reduction(sum, sycl::plus<>()),
                    sycl::reduction(sycl::span<int>(hist, 8), sycl::plus<>()),
                    [=](sycl::nd_item<2> it, auto& s, auto& hg) {
                      const std::size_t l = it.get_local_linear_id();
                      tile[l] = it.get_global_linear_id();
                      sycl::group_barrier(it.get_group());
                      // Each item adds its neighbour's value: only right after the barrier.
                      s += tile[(l + 1) % local.size()];
                      hg[it.get_group_linear_id() % 8] += 1;
                    });
   }).wait();
  std::uint64_t n = global.size();
  EXPECT_EQ(*sum, n * (n - 1) / 2);
  const std::size_t groups = global.size() / local.size();
  for (std::size_t b = 0; b < 8; ++b)
    EXPECT_EQ(hist[b], static_cast<int>((groups / 8 + (b < groups % 8)) * local.size())) << b;
  sycl::free(hist, q);
  sycl::free(sum, q);
}

} // namespace
