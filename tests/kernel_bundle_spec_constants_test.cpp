// Specialization constants set on a kernel bundle (SYCL 2020 §4.11.12): an input bundle's values,
// carried by compile, link, build and join, read back from the bundle and by a kernel's
// kernel_handler in a command group that uses the bundle; a command group takes its values from a
// bundle or sets its own, never both.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <functional>
#include <type_traits>
#include <vector>

class BundleSpecRead;

namespace {

constexpr sycl::specialization_id<int> scale(2);
constexpr sycl::specialization_id<double> offset(0.5);
constexpr sycl::specialization_id<int> never_read(7);

// The kernel that the bundles hold: writes scale * 10 + offset.
struct spec_reader {
  double* out;
  void operator()(sycl::kernel_handler kh) const {
    *out = kh.get_specialization_constant<scale>() * 10 + kh.get_specialization_constant<offset>();
  }
};

double run(sycl::queue& q, const sycl::kernel_bundle<sycl::bundle_state::executable>* kb) {
  double* out = sycl::malloc_shared<double>(1, q);
  q.submit([&](sycl::handler& h) {
     if (kb) h.use_kernel_bundle(*kb);
     h.single_task<BundleSpecRead>(spec_reader{out});
   }).wait();
  const double v = *out;
  sycl::free(out, q);
  return v;
}

void expect_invalid(const std::function<void()>& f) {
  try {
    f();
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid) << e.what();
  }
}

sycl::kernel_bundle<sycl::bundle_state::input> input_bundle(const sycl::queue& q) {
  return sycl::get_kernel_bundle<BundleSpecRead, sycl::bundle_state::input>(q.get_context(), {q.get_device()});
}

TEST(KernelBundleSpecConstants, InputValuesReachTheKernelThroughBuild) {
  sycl::queue q;
  EXPECT_EQ(run(q, nullptr), 20.5) << "the defaults";
  auto input = input_bundle(q);
  ASSERT_TRUE(input.has_kernel<BundleSpecRead>());
  // A kernel of the program reads scale and offset; none reads never_read, set or not.
  EXPECT_TRUE(input.contains_specialization_constants());
  EXPECT_TRUE(input.has_specialization_constant<scale>());
  EXPECT_EQ(input.get_specialization_constant<scale>(), 2) << "a constant not set has its default";
  input.set_specialization_constant<scale>(3);
  input.set_specialization_constant<offset>(0.25);
  input.set_specialization_constant<never_read>(8);
  static_assert(std::is_same_v<decltype(input.get_specialization_constant<offset>()), double>);
  EXPECT_EQ(input.get_specialization_constant<scale>(), 3);
  EXPECT_EQ(input.get_specialization_constant<never_read>(), 8);
  EXPECT_TRUE(input.has_specialization_constant<offset>());
  EXPECT_FALSE(input.has_specialization_constant<never_read>());
  EXPECT_FALSE(input.native_specialization_constant());

  const auto built = sycl::build(input);
  EXPECT_EQ(built.get_specialization_constant<scale>(), 3);
  EXPECT_EQ(run(q, &built), 30.25);
  EXPECT_EQ(run(q, nullptr), 20.5) << "a command group without the bundle keeps the defaults";
}

TEST(KernelBundleSpecConstants, CompileAndLinkCarryThemAndCopiesShareThem) {
  sycl::queue q;
  auto input = input_bundle(q);
  auto copy = input;
  copy.set_specialization_constant<scale>(5);
  EXPECT_EQ(input.get_specialization_constant<scale>(), 5) << "copies of a bundle are one bundle";
  const auto object = sycl::compile(input);
  EXPECT_TRUE(object.has_specialization_constant<scale>());
  EXPECT_FALSE(object.has_specialization_constant<never_read>());
  input.set_specialization_constant<scale>(6);
  EXPECT_EQ(object.get_specialization_constant<scale>(), 5) << "compiled with the values of then";
  const auto linked = sycl::link(object);
  EXPECT_EQ(run(q, &linked), 50.5);
}

TEST(KernelBundleSpecConstants, JoinTakesTheValuesOfEachBundle) {
  sycl::queue q;
  auto a = input_bundle(q), b = input_bundle(q);
  a.set_specialization_constant<scale>(4);
  b.set_specialization_constant<offset>(0.75);
  const auto joined = sycl::join(std::vector<sycl::kernel_bundle<sycl::bundle_state::input>>{a, b});
  EXPECT_EQ(joined.get_specialization_constant<scale>(), 4);
  EXPECT_EQ(joined.get_specialization_constant<offset>(), 0.75);
}

TEST(KernelBundleSpecConstants, AnEmptyBundleHasNone) {
  sycl::queue q;
  const auto empty = sycl::get_kernel_bundle<sycl::bundle_state::executable>(
      q.get_context(), [](const sycl::device_image<sycl::bundle_state::executable>&) { return false; });
  ASSERT_TRUE(empty.empty());
  EXPECT_FALSE(empty.contains_specialization_constants());
  EXPECT_FALSE(empty.has_specialization_constant<scale>());
}

TEST(KernelBundleSpecConstants, BundleAndHandlerValuesDoNotMix) {
  sycl::queue q;
  const auto built = sycl::build(input_bundle(q));
  double* out = sycl::malloc_shared<double>(1, q);
  q.submit([&](sycl::handler& h) {
    h.use_kernel_bundle(built);
    expect_invalid([&] { h.set_specialization_constant<scale>(1); });
    expect_invalid([&] { (void)h.get_specialization_constant<scale>(); });
    h.single_task<BundleSpecRead>(spec_reader{out});
  });
  q.submit([&](sycl::handler& h) {
    h.set_specialization_constant<scale>(1);
    expect_invalid([&] { h.use_kernel_bundle(built); });
    h.single_task<BundleSpecRead>(spec_reader{out});
  });
  q.wait();
  EXPECT_EQ(*out, 10.5);
  sycl::free(out, q);
}

} // namespace
