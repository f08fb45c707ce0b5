// tessera-test-labels: runtime dpl
// oneDPL's map family (for_each, transform, fill, copy, iota, reverse, adjacent_difference) under
// a device policy and the host policies, over USM vectors, USM pointers and buffers, compared
// with <algorithm> / <numeric> on the same data; the std:: spellings and the book's chapter-18
// uses (figures 18-6, 18-7, 18-9, 18-10).
#include "dpl_common.hpp"

#include <algorithm>
#include <iterator>
#include <numeric>

namespace {

using namespace dpl_test;
using map_family = sized;

TEST_P(map_family, TransformUnaryAndBinaryMatchStd) {
  const auto a = data(n(), 1), b = data(n(), 2);
  std::vector<int> want1(n()), want2(n());
  std::transform(a.begin(), a.end(), want1.begin(), [](int x) { return 3 * x + 1; });
  std::transform(a.begin(), a.end(), b.begin(), want2.begin(), [](int x, int y) { return x * y - y; });
  with_policy(policy(), [&](auto pol) {
    auto ua = usm(a), ub = usm(b), out1 = usm(std::vector<int>(n())), out2 = out1;
    auto e1 = std::transform(pol, ua.begin(), ua.end(), out1.begin(), [](int x) { return 3 * x + 1; });
    auto e2 = oneapi::dpl::transform(pol, ua.data(), ua.data() + n(), ub.data(), out2.data(),
                                     [](int x, int y) { return x * y - y; });
    EXPECT_EQ(e1, out1.end());
    EXPECT_EQ(e2, out2.data() + n());
    EXPECT_TRUE(std::equal(want1.begin(), want1.end(), out1.begin()));
    EXPECT_TRUE(std::equal(want2.begin(), want2.end(), out2.begin()));
  });
}

TEST_P(map_family, FillCopyIotaMatchStd) {
  const auto a = data(n(), 3);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(std::vector<int>(n(), -1)), c = u;
    std::fill(pol, u.begin(), u.end(), 42);
    EXPECT_EQ(std::count(u.begin(), u.end(), 42), static_cast<long>(n()));
    auto src = usm(a);
    EXPECT_EQ(std::copy(pol, src.begin(), src.end(), c.begin()), c.end());
    EXPECT_TRUE(std::equal(a.begin(), a.end(), c.begin()));
    oneapi::dpl::iota(pol, c.begin(), c.end(), 5);
    std::vector<int> want(n());
    std::iota(want.begin(), want.end(), 5);
    EXPECT_TRUE(std::equal(want.begin(), want.end(), c.begin()));
    const std::size_t half = n() / 2;
    EXPECT_EQ(std::fill_n(pol, u.begin(), half, 7), u.begin() + half);
    EXPECT_EQ(std::count(u.begin(), u.end(), 7), static_cast<long>(half));
    EXPECT_EQ(std::copy_n(pol, src.begin(), half, u.begin()), u.begin() + half);
    EXPECT_TRUE(std::equal(a.begin(), a.begin() + half, u.begin()));
  });
}

TEST_P(map_family, ForEachAndForEachN) {
  const auto a = data(n(), 4);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a);
    std::for_each(pol, u.begin(), u.end(), [](int& x) { x = 2 * x + 1; });
    for (std::size_t i = 0; i < n(); ++i) ASSERT_EQ(u[i], 2 * a[i] + 1) << i;
    const std::size_t third = n() / 3;
    EXPECT_EQ(std::for_each_n(pol, u.begin(), third, [](int& x) { x = -1; }), u.begin() + third);
    EXPECT_EQ(std::count(u.begin(), u.end(), -1), static_cast<long>(third));
  });
}

// A reverse_iterator over a pointer has a pointer base() too, but it is no contiguous wrapper:
// binding it to its base would walk the range forwards.
TEST_P(map_family, CopyThroughReverseIteratorOfPointers) {
  const auto a = data(n(), 9);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), out = usm(std::vector<int>(n()));
    std::copy(pol, std::make_reverse_iterator(u.data() + n()), std::make_reverse_iterator(u.data()), out.data());
    EXPECT_TRUE(std::equal(a.rbegin(), a.rend(), out.begin()));
  });
}

TEST_P(map_family, ReverseAndAdjacentDifferenceMatchStd) {
  const auto a = data(n(), 5);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), out = usm(std::vector<int>(n()));
    std::reverse(pol, u.begin(), u.end());
    EXPECT_TRUE(std::equal(a.rbegin(), a.rend(), u.begin()));
    EXPECT_EQ(std::reverse_copy(pol, u.begin(), u.end(), out.begin()), out.end());
    EXPECT_TRUE(std::equal(a.begin(), a.end(), out.begin()));
    std::vector<int> want(n());
    std::adjacent_difference(a.begin(), a.end(), want.begin());
    auto src = usm(a);
    EXPECT_EQ(std::adjacent_difference(pol, src.begin(), src.end(), out.begin()), out.end());
    EXPECT_TRUE(std::equal(want.begin(), want.end(), out.begin()));
    std::adjacent_difference(a.begin(), a.end(), want.begin(), std::plus<>());
    oneapi::dpl::adjacent_difference(pol, src.begin(), src.end(), out.begin(), std::plus<>());
    EXPECT_TRUE(std::equal(want.begin(), want.end(), out.begin()));
  });
}

// Arrays the GPU cannot load in 16-byte chunks (offset by one element), 8-byte elements, and a
// transform whose output type differs from its input's.
TEST_P(map_family, TransformAndCopyOfOffsetAndWideArraysMatchStd) {
  const auto a = data(n() + 1, 7);
  const std::vector<double> d(a.begin(), a.end());
  const auto half = [](double x) { return x / 2; };
  const auto twice = [](int x) { return 2.0 * x; };
  std::vector<double> want_half(n() + 1), want_twice(n());
  std::transform(d.begin(), d.end(), want_half.begin(), half);
  std::transform(a.begin() + 1, a.end(), want_twice.begin(), twice);
  with_policy(policy(), [&](auto pol) {
    auto u = usm(a), out = usm(std::vector<int>(n() + 1));
    auto v = usm(d);
    auto dout = usm(std::vector<double>(n() + 1));
    std::copy(pol, u.data() + 1, u.data() + n() + 1, out.data() + 1);
    EXPECT_TRUE(std::equal(a.begin() + 1, a.end(), out.begin() + 1));
    std::transform(pol, v.begin(), v.end(), dout.begin(), half);
    EXPECT_TRUE(std::equal(want_half.begin(), want_half.end(), dout.begin()));
    std::transform(pol, u.data() + 1, u.data() + n() + 1, dout.data(), twice);
    EXPECT_TRUE(std::equal(want_twice.begin(), want_twice.end(), dout.begin()));
  });
}

INSTANTIATE_TEST_SUITE_P(Dpl, map_family, cases(), name);

// Buffers through oneapi::dpl::begin / end: the algorithm is ordered after the kernels that use
// the buffer, and its writes are seen by a host accessor afterwards.
TEST(DplBuffers, TransformBetweenBuffersAfterAKernel) {
  const std::size_t n = 1031;
  sycl::buffer<int> in{sycl::range<1>(n)}, out{sycl::range<1>(n)};
  queue().submit([&](sycl::handler& h) {
    sycl::accessor a{in, h, sycl::write_only};
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]); });
  });
  auto pol = oneapi::dpl::execution::make_device_policy<class buffer_transform>(queue());
  std::transform(pol, oneapi::dpl::begin(in), oneapi::dpl::end(in), oneapi::dpl::begin(out),
                 [](int x) { return x * x; });
  sycl::host_accessor r{out};
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(r[i], static_cast<int>(i * i));
}

TEST(DplBuffers, SameBufferAsInputAndOutput) {
  sycl::buffer<int> b{sycl::range<1>(100)};
  auto pol = oneapi::dpl::execution::make_device_policy(queue());
  oneapi::dpl::iota(pol, oneapi::dpl::begin(b), oneapi::dpl::end(b), 0);
  std::transform(pol, oneapi::dpl::begin(b) + 10, oneapi::dpl::end(b), oneapi::dpl::begin(b) + 10,
                 [](int x) { return -x; });
  sycl::host_accessor r{b};
  EXPECT_EQ(r[9], 9);
  EXPECT_EQ(r[10], -10);
  EXPECT_EQ(r[99], -99);
}

// The book's figures 18-6, 18-7, 18-9 and 18-10, as they are written.
TEST(DplBook, StdFillWithTheFourPolicyForms) {
  sycl::queue q;
  sycl::buffer<int> buf{1000};
  std::fill(oneapi::dpl::execution::make_device_policy<class fill>(q), oneapi::dpl::begin(buf),
            oneapi::dpl::end(buf), 42);
  EXPECT_EQ(sycl::host_accessor(buf)[999], 42);

  std::vector<int> v(100000);
  std::fill(oneapi::dpl::execution::dpcpp_default, v.begin(), v.end(), 42);
  EXPECT_EQ(v[788], 42);

  const int n = 10;
  int* h_head = sycl::malloc_host<int>(n, q);
  int* d_head = sycl::malloc_device<int>(n, q);
  std::fill(oneapi::dpl::execution::make_device_policy(q), d_head, d_head + n, 78);
  q.wait();
  q.memcpy(h_head, d_head, n * sizeof(int));
  q.wait();
  EXPECT_EQ(h_head[8], 78);
  sycl::free(h_head, q);
  sycl::free(d_head, q);

  sycl::usm_allocator<int, sycl::usm::alloc::shared> alloc(q);
  std::vector<int, decltype(alloc)> vec(n, alloc);
  std::fill(oneapi::dpl::execution::make_device_policy(q), vec.begin(), vec.end(), 78);
  q.wait();
  EXPECT_EQ(std::count(vec.begin(), vec.end(), 78), n);
}

TEST(DplPolicies, FormsAndQueues) {
  sycl::queue q;
  auto a = oneapi::dpl::execution::make_device_policy(q);
  auto b = oneapi::dpl::execution::make_device_policy<class named>(a);
  oneapi::dpl::execution::device_policy<class other> c(q.get_device());
  auto d = oneapi::dpl::execution::make_device_policy<class from_default>(oneapi::dpl::execution::dpcpp_default);
  EXPECT_EQ(b.queue(), q);
  EXPECT_EQ(c.queue().get_device(), q.get_device());
  EXPECT_EQ(d.queue(), oneapi::dpl::execution::dpcpp_default.queue());
  static_assert(oneapi::dpl::execution::is_execution_policy_v<decltype(a)>);
  static_assert(oneapi::dpl::execution::is_execution_policy_v<oneapi::dpl::execution::parallel_unsequenced_policy>);
  static_assert(!oneapi::dpl::execution::is_execution_policy_v<int>);
}

// A queue whose device this translation unit cannot reach is refused with a reason.
TEST(DplPolicies, GpuQueueWithoutCudaCompilationIsNotSupported) {
#if !defined(__CUDA__)
  std::vector<sycl::device> gpus = sycl::device::get_devices(sycl::info::device_type::gpu);
  if (gpus.empty()) GTEST_SKIP() << "no GPU";
  std::vector<int> v(10);
  try {
    std::fill(oneapi::dpl::execution::make_device_policy(sycl::queue(gpus[0])), v.begin(), v.end(), 1);
    FAIL() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::feature_not_supported);
  }
#else
  GTEST_SKIP() << "CUDA translation unit";
#endif
}

} // namespace
