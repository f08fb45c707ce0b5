// Specialization constants of a kernel bundle (SYCL 2020 §4.11.12): read back from the bundle and
// by a kernel's kernel_handler in a command group that uses the bundle; a command group takes its
// values from a bundle or sets its own, never both.
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

sycl::kernel_bundle<sycl::bundle_state::executable> executable_bundle(const sycl::queue& q) {
  return sycl::get_kernel_bundle<BundleSpecRead, sycl::bundle_state::executable>(q.get_context(), {q.get_device()});
}

// Nothing set: an executable bundle's kernels read the defaults.
TEST(KernelBundleSpecConstants, ExecutableBundlesHoldTheDefaults) {
  sycl::queue q;
  const auto kb = executable_bundle(q);
  // A kernel of the program reads scale and offset; none reads never_read.
  EXPECT_TRUE(kb.contains_specialization_constants());
  EXPECT_TRUE(kb.has_specialization_constant<scale>());
  EXPECT_FALSE(kb.has_specialization_constant<never_read>());
  EXPECT_FALSE(kb.native_specialization_constant());
  static_assert(std::is_same_v<decltype(kb.get_specialization_constant<offset>()), double>);
  EXPECT_EQ(kb.get_specialization_constant<scale>(), 2);
  EXPECT_EQ(run(q, &kb), 20.5);
}

// The idiom of §4.11.12: values set on an input bundle reach the kernels of the bundle it builds,
// and only those; the input bundle reads back what was set.
TEST(KernelBundleSpecConstants, InputBundleValuesReachTheBuiltKernels) {
  sycl::queue q;
  auto input = sycl::get_kernel_bundle<BundleSpecRead, sycl::bundle_state::input>(q.get_context(), {q.get_device()});
  input.set_specialization_constant<scale>(7);
  EXPECT_EQ(input.get_specialization_constant<scale>(), 7);
  EXPECT_EQ(input.get_specialization_constant<offset>(), 0.5);
  const auto built = sycl::build(input);
  EXPECT_EQ(built.get_specialization_constant<scale>(), 7);
  EXPECT_EQ(run(q, &built), 70.5);
  EXPECT_EQ(run(q, nullptr), 20.5);
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
  const auto built = executable_bundle(q);
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
