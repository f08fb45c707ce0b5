// tessera-test-labels: runtime dpl
// oneDPL's iterators (counting, zip, transform, permutation, discard) as the inputs and outputs
// of algorithms under a device policy and the host policies, and their arithmetic.
#include "dpl_common.hpp"

#include <oneapi/dpl/functional>

#include <algorithm>
#include <numeric>

namespace {

using namespace dpl_test;
using iterators = sized;

TEST_P(iterators, CountingIteratorIsAnIndexSpace) {
  with_policy(policy(), [&](auto pol) {
    oneapi::dpl::counting_iterator<long> first(0);
    EXPECT_EQ(std::reduce(pol, first, first + n(), 0L), long(n()) * (long(n()) - 1) / 2);
    auto out = usm(std::vector<int>(n()));
    std::copy(pol, oneapi::dpl::counting_iterator<int>(3), oneapi::dpl::counting_iterator<int>(3 + int(n())),
              out.begin());
    for (std::size_t i = 0; i < n(); ++i) ASSERT_EQ(out[i], int(i) + 3);
  });
}

TEST_P(iterators, ZipIteratorReadsAndWritesTogether) {
  const auto a = data(n(), 1), b = data(n(), 2);
  with_policy(policy(), [&](auto pol) {
    auto ua = usm(a), ub = usm(b), sum = usm(std::vector<int>(n())), diff = sum;
    auto in = oneapi::dpl::make_zip_iterator(ua.begin(), ub.begin());
    auto out = oneapi::dpl::make_zip_iterator(sum.begin(), diff.begin());
    std::transform(pol, in, in + n(), out, [](const auto& t) {
      return std::make_tuple(std::get<0>(t) + std::get<1>(t), std::get<0>(t) - std::get<1>(t));
    });
    for (std::size_t i = 0; i < n(); ++i) {
      ASSERT_EQ(sum[i], a[i] + b[i]);
      ASSERT_EQ(diff[i], a[i] - b[i]);
    }
    // Dot product by a zip and a transform_reduce over it.
    const long dot = std::transform_reduce(pol, in, in + n(), 0L, std::plus<>(),
                                           [](const auto& t) { return long(std::get<0>(t)) * std::get<1>(t); });
    EXPECT_EQ(dot, std::inner_product(a.begin(), a.end(), b.begin(), 0L));
  });
}

TEST_P(iterators, TransformIteratorMapsAsItReads) {
  const auto a = data(n(), 3);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a);
    auto sq = oneapi::dpl::make_transform_iterator(u.begin(), [](int x) { return long(x) * x; });
    long want = 0;
    for (int x : a) want += long(x) * x;
    EXPECT_EQ(std::reduce(pol, sq, sq + n(), 0L), want);
    auto out = usm(std::vector<long>(n()));
    std::inclusive_scan(pol, sq, sq + n(), out.begin());
    long run = 0;
    for (std::size_t i = 0; i < n(); ++i) ASSERT_EQ(out[i], run += long(a[i]) * a[i]);
  });
}

TEST_P(iterators, PermutationIteratorGathersAndScatters) {
  const auto a = data(n(), 4);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), out = usm(std::vector<int>(n())), back = out;
    auto reversed_index = usm(std::vector<long>(n()));
    for (std::size_t i = 0; i < n(); ++i) reversed_index[i] = long(n() - 1 - i);
    auto gather = oneapi::dpl::make_permutation_iterator(u.begin(), reversed_index.begin());
    std::copy(pol, gather, gather + n(), out.begin());
    EXPECT_TRUE(std::equal(a.rbegin(), a.rend(), out.begin()));
    auto scatter = oneapi::dpl::make_permutation_iterator(back.begin(), reversed_index.begin());
    std::copy(pol, out.begin(), out.end(), scatter);
    EXPECT_TRUE(std::equal(a.begin(), a.end(), back.begin()));
    // An index functor: every other element.
    const std::size_t half = n() / 2;
    auto evens = oneapi::dpl::make_permutation_iterator(u.begin(), [](std::ptrdiff_t i) { return 2 * i; });
    std::copy(pol, evens, evens + half, out.begin());
    for (std::size_t i = 0; i < half; ++i) ASSERT_EQ(out[i], a[2 * i]);
  });
}

TEST_P(iterators, DiscardIteratorTakesUnwantedOutput) {
  const auto a = data(n(), 5);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), keys = usm(std::vector<int>(n()));
    auto out = oneapi::dpl::make_zip_iterator(keys.begin(), oneapi::dpl::discard_iterator());
    auto in = oneapi::dpl::make_zip_iterator(u.begin(), u.begin());
    auto end = std::copy_if(pol, in, in + n(), out, [](const auto& t) { return std::get<0>(t) % 2 == 0; });
    std::vector<int> want;
    std::copy_if(a.begin(), a.end(), std::back_inserter(want), [](int x) { return x % 2 == 0; });
    ASSERT_EQ(end - out, static_cast<long>(want.size()));
    EXPECT_TRUE(std::equal(want.begin(), want.end(), keys.begin()));
  });
}

INSTANTIATE_TEST_SUITE_P(Dpl, iterators, cases(), name);

TEST(DplIterators, ArithmeticAndComparison) {
  oneapi::dpl::counting_iterator<int> a(5), b(9);
  EXPECT_EQ(b - a, 4);
  EXPECT_EQ(*(a + 2), 7);
  EXPECT_EQ(a[3], 8);
  EXPECT_TRUE(a < b);
  EXPECT_EQ(++a, oneapi::dpl::counting_iterator<int>(6));
  EXPECT_EQ((b--) - a, 3);
  oneapi::dpl::discard_iterator d;
  *d = 42;
  EXPECT_EQ((d + 10) - d, 10);
  static_assert(std::is_same_v<std::iterator_traits<decltype(a)>::iterator_category, std::random_access_iterator_tag>);
  EXPECT_EQ(oneapi::dpl::minimum<int>()(3, 2), 2);
  EXPECT_EQ(oneapi::dpl::maximum<>()(3, 2), 3);
  EXPECT_EQ(oneapi::dpl::identity()(7), 7);
}

} // namespace
