// Reductions whose combiner has no known identity and that are given none (SYCL 2020 §4.9.2):
// a user type under sycl::plus, a user functor over int. The partial results start empty instead
// of at an identity, so items that combine nothing leave no trace: USM, buffer and span variables,
// range and nd_range kernels, with and without initialize_to_identity.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstddef>
#include <type_traits>
#include <utility>

namespace {

// Two fields, so that an identity of zeros could not be guessed from one of them.
struct tally {
  int count = 0;
  long long weight = 0;
  friend constexpr tally operator+(const tally& a, const tally& b) { return {a.count + b.count, a.weight + b.weight}; }
  friend constexpr bool operator==(const tally& a, const tally& b) { return a.count == b.count && a.weight == b.weight; }
};

// A user's combiner: nothing tells the library that 0 is its identity.
struct add_ints {
  constexpr int operator()(int a, int b) const { return a + b; }
};

static_assert(!sycl::has_known_identity_v<sycl::plus<tally>, tally>);
static_assert(!sycl::has_known_identity_v<add_ints, int>);

template <typename R, typename = void>
struct has_identity_member : std::false_type {};
template <typename R>
struct has_identity_member<R, std::void_t<decltype(std::declval<const R&>().identity())>> : std::true_type {};

long long sum_below(std::size_t n) { return static_cast<long long>(n) * (static_cast<long long>(n) - 1) / 2; }

constexpr std::size_t kSizes[] = {1, 7, 1000, 100003};

// For each of kSizes: a USM int holding `start`, reduced into with add_ints by launch(q, out, n);
// its items combine combined(n) in all, with the original value.
template <typename Launch, typename Combined>
void expect_sums_over_sizes(int start, Launch launch, Combined combined) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(1, q);
  for (std::size_t n : kSizes) {
    *out = start;
    launch(q, out, n).wait();
    EXPECT_EQ(*out, start + combined(n)) << n;
  }
  sycl::free(out, q);
}

TEST(ReductionWithoutIdentity, UserFunctorOverUsmRangeKeepsTheOriginalValue) {
  expect_sums_over_sizes(
      99,
      [](sycl::queue& q, int* out, std::size_t n) {
        return q.parallel_for(sycl::range<1>(n), sycl::reduction(out, add_ints{}), [=](sycl::id<1> i, auto& r) {
          static_assert(!has_identity_member<std::remove_reference_t<decltype(r)>>::value, "no identity to give");
          r.combine(static_cast<int>(i[0] % 10));
        });
      },
      [](std::size_t n) {
        long long sum = 0;
        for (std::size_t i = 0; i < n; ++i) sum += static_cast<long long>(i % 10);
        return sum;
      });
}

TEST(ReductionWithoutIdentity, UserTypeOverBufferNdRangeWithInitializeToIdentity) {
  sycl::queue q;
  for (std::size_t groups : {1, 3, 250}) {
    const std::size_t n = groups * 16;
    tally result{-5, -5}; // replaced, not combined with
    {
      sycl::buffer<tally> b(&result, 1);
      q.submit([&](sycl::handler& h) {
        auto red = sycl::reduction(b, h, sycl::plus<tally>(), {sycl::property::reduction::initialize_to_identity{}});
        h.parallel_for(sycl::nd_range<1>(n, 16), red, [=](sycl::nd_item<1> it, auto& r) {
          r += tally{1, static_cast<long long>(it.get_global_id(0))};
        });
      });
    }
    EXPECT_EQ(result, (tally{static_cast<int>(n), sum_below(n)})) << groups;
  }
}

// Only odd items combine; the partial results of chunks where none did must not count.
TEST(ReductionWithoutIdentity, OnlySomeItemsCombine) {
  expect_sums_over_sizes(
      1,
      [](sycl::queue& q, int* out, std::size_t n) {
        return q.parallel_for(sycl::nd_range<1>((n + 15) / 16 * 16, 16), sycl::reduction(out, add_ints{}),
                              [=](sycl::nd_item<1> it, auto& r) {
                                const std::size_t i = it.get_global_id(0);
                                if (i % 2 == 1 && i < n) r.combine(1);
                              });
      },
      [](std::size_t n) { return static_cast<int>(n / 2); });
}

// Nothing combined: the variable keeps its value, with initialize_to_identity too (there is no
// identity to write; the spec leaves it open).
TEST(ReductionWithoutIdentity, NoItemCombinesLeavesTheVariable) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(2, q);
  out[0] = 42;
  out[1] = 43;
  q.parallel_for(sycl::range<1>(1000), sycl::reduction(out, add_ints{}), [=](sycl::id<1>, auto&) {}).wait();
  q.parallel_for(sycl::nd_range<1>(64, 16),
                 sycl::reduction(out + 1, add_ints{}, {sycl::property::reduction::initialize_to_identity{}}),
                 [=](sycl::nd_item<1>, auto&) {})
      .wait();
  EXPECT_EQ(out[0], 42);
  EXPECT_EQ(out[1], 43);
  sycl::free(out, q);
}

// An array reduction: item i combines into element i mod 4, whose original value takes part.
TEST(ReductionWithoutIdentity, SpanElements) {
  sycl::queue q;
  constexpr std::size_t n = 1001;
  int* out = sycl::malloc_shared<int>(4, q);
  for (int e = 0; e < 4; ++e) out[e] = 100 * e;
  q.parallel_for(sycl::range<1>(n), sycl::reduction(sycl::span<int, 4>(out, 4), add_ints{}),
                 [=](sycl::id<1> i, auto& r) { r[i[0] % 4].combine(static_cast<int>(i[0])); })
      .wait();
  for (std::size_t e = 0; e < 4; ++e) {
    long long expected = 100 * static_cast<long long>(e);
    for (std::size_t i = e; i < n; i += 4) expected += static_cast<long long>(i);
    EXPECT_EQ(out[e], expected) << e;
  }
  sycl::free(out, q);
}

// With an identity and without one in the same kernel.
TEST(ReductionWithoutIdentity, BesideAReductionWithAnIdentity) {
  sycl::queue q;
  int* sum = sycl::malloc_shared<int>(2, q);
  sum[0] = 5;
  sum[1] = 5;
  q.parallel_for(sycl::range<2>(30, 40), sycl::reduction(sum, sycl::plus<int>()), sycl::reduction(sum + 1, add_ints{}),
                 [=](sycl::item<2> it, auto& with, auto& without) {
                   with += static_cast<int>(it.get_linear_id());
                   without.combine(static_cast<int>(it.get_linear_id()));
                 })
      .wait();
  EXPECT_EQ(sum[0], 5 + sum_below(1200));
  EXPECT_EQ(sum[1], 5 + sum_below(1200));
  sycl::free(sum, q);
}

} // namespace
