// SYCL 2020's kernel attributes (§5.8.1) reach the runtime through Tessera's clang plugin
// (compiler/kernel_attributes/): a kernel whose reqd_work_group_size, reqd_sub_group_size or
// device_has the device cannot honour is not compatible with it (§4.11.7) and throws
// errc::kernel_not_supported when submitted (§5.7); a launch in other work-groups than the
// required ones throws errc::nd_range. Compiled without the plugin (g++: the sanitizer builds)
// the attributes are ignored, and these tests skip.
#include <sycl/sycl.hpp>

#include "expect_errc.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

class AttrTooLarge;
class AttrFour;
class AttrOddSubGroup;
class AttrNeedsGpu;
class AttrLambdaAfterParameters;
class AttrSubGroupOfEight;
class AttrSubscript;
class AttrPack;
class AttrAspectUnderUsing;
class AttrGlobalAspect;
class AttrCpuAspect;

namespace {

// Declaration position: on the call operators of function objects.
struct too_large_group {
  [[sycl::reqd_work_group_size(SIZE_MAX)]] void operator()(sycl::nd_item<1>) const {}
};
template <std::size_t N>
struct fixed_group {
  std::size_t* local;
  [[sycl::reqd_work_group_size(N)]] void operator()(sycl::nd_item<1> it) const { *local = it.get_local_range(0); }
  [[sycl::reqd_work_group_size(N)]] void operator()(sycl::group<1> g) const { *local = g.get_local_range(0); }
};
struct odd_sub_group {
  [[sycl::reqd_sub_group_size(3)]] void operator()(sycl::nd_item<1>) const {}
};
struct needs_gpu {
  [[sycl::device_has(sycl::aspect::gpu)]] void operator()() const {}
  [[sycl::device_has(sycl::aspect::gpu)]] void operator()(sycl::group<1>) const {}
};

// clang 19's parser refuses a pack in a plugin's attribute: ignored with a warning, as before the
// plugin (an error would stop the program compiling).
template <sycl::aspect... Aspects>
struct needs_each {
  [[sycl::device_has(Aspects...)]] void operator()() const {}
};

// Defines the commands; the tests that ask about their kernels never call it (their attributes are
// known from the start of the program, as their names are).
[[maybe_unused]] void define_commands(sycl::queue& q, std::size_t* local) {
  q.parallel_for<AttrTooLarge>(sycl::nd_range<1>(1, 1), too_large_group{});
  q.parallel_for<AttrFour>(sycl::nd_range<1>(8, 4), fixed_group<4>{local});
  q.parallel_for<AttrOddSubGroup>(sycl::nd_range<1>(3, 3), odd_sub_group{});
  q.single_task<AttrNeedsGpu>(needs_gpu{});
  q.single_task<AttrPack>(needs_each<sycl::aspect::gpu>{});
}

void skip_without_plugin() {
#if !TESSERA_KERNEL_ATTRIBUTES
  GTEST_SKIP() << "compiled without Tessera's kernel-attribute plugin: kernel attributes are ignored";
#endif
}

TEST(KernelAttributes, CompatibilityFollowsTheAttributes) {
  skip_without_plugin();
  if (testing::Test::IsSkipped()) return;
  const sycl::device cpu{sycl::cpu_selector_v};
  const sycl::context ctx{cpu};
  EXPECT_FALSE(sycl::is_compatible<AttrTooLarge>(cpu));
  EXPECT_FALSE(sycl::is_compatible<AttrOddSubGroup>(cpu));
  EXPECT_FALSE(sycl::is_compatible<AttrNeedsGpu>(cpu));
  EXPECT_TRUE(sycl::is_compatible<AttrFour>(cpu));
  EXPECT_TRUE(sycl::is_compatible<AttrPack>(cpu));
  const auto too_large = sycl::get_kernel_id<AttrTooLarge>();
  EXPECT_FALSE(sycl::is_compatible({sycl::get_kernel_id<AttrFour>(), too_large}, cpu));
  EXPECT_FALSE(sycl::has_kernel_bundle<sycl::bundle_state::executable>(ctx, {cpu}, {too_large}));
  expect_errc(sycl::errc::invalid, "AttrTooLarge", [&] {
    (void)sycl::get_kernel_bundle<sycl::bundle_state::executable>(ctx, {cpu}, {too_large});
  });
  const auto all = sycl::get_kernel_bundle<sycl::bundle_state::executable>(ctx);
  EXPECT_FALSE(all.has_kernel(too_large));
  ASSERT_TRUE(all.has_kernel(sycl::get_kernel_id<AttrFour>()));
  namespace kds = sycl::info::kernel_device_specific;
  const sycl::kernel four = all.get_kernel<AttrFour>();
  EXPECT_EQ(four.get_info<kds::compile_work_group_size>(cpu), sycl::range<3>(1, 1, 4));
  EXPECT_EQ(four.get_info<kds::compile_sub_group_size>(cpu), 0u);
}

TEST(KernelAttributes, SubmittingWhatTheDeviceCannotDoThrows) {
  skip_without_plugin();
  if (testing::Test::IsSkipped()) return;
  sycl::queue q{sycl::cpu_selector_v};
  expect_errc(sycl::errc::kernel_not_supported, "reqd_work_group_size(",
              [&] { q.parallel_for<AttrTooLarge>(sycl::nd_range<1>(1, 1), too_large_group{}); });
  expect_errc(sycl::errc::kernel_not_supported, "reqd_sub_group_size(3)",
              [&] { q.parallel_for<AttrOddSubGroup>(sycl::nd_range<1>(3, 3), odd_sub_group{}); });
  expect_errc(sycl::errc::kernel_not_supported, "device_has",
              [&] { q.single_task<AttrNeedsGpu>(needs_gpu{}); });
  // Whatever the range: the kernel cannot run on the device at all.
  expect_errc(sycl::errc::kernel_not_supported, "device_has", [&] {
    q.submit([&](sycl::handler& h) {
      h.parallel_for_work_group<AttrNeedsGpu>(sycl::range<1>(1), sycl::range<1>(0), needs_gpu{});
    });
  });
}

TEST(KernelAttributes, WorkGroupsAreTheRequiredOnes) {
  skip_without_plugin();
  if (testing::Test::IsSkipped()) return;
  sycl::queue q{sycl::cpu_selector_v};
  auto* local = sycl::malloc_shared<std::size_t>(1, q);
  expect_errc(sycl::errc::nd_range, "reqd_work_group_size(4)",
              [&] { q.parallel_for<AttrFour>(sycl::nd_range<1>(8, 2), fixed_group<4>{local}); });
  *local = 0;
  q.parallel_for<AttrFour>(sycl::nd_range<1>(8, 4), fixed_group<4>{local}).wait();
  EXPECT_EQ(*local, 4u);
  // Without a local range, a hierarchical kernel gets the required one.
  *local = 0;
  q.submit([&](sycl::handler& h) { h.parallel_for_work_group(sycl::range<1>(2), fixed_group<4>{local}); }).wait();
  EXPECT_EQ(*local, 4u);
  sycl::free(local, q);
}

// After a lambda's parameters, where SYCL 2020 writes them: there they appertain to the call
// operator's type in C++, which the plugin reads from the tokens (lambda_attributes.cpp).
template <std::size_t N>
void launch_with_required(sycl::queue& q, std::size_t local) {
  q.parallel_for<AttrLambdaAfterParameters>(sycl::nd_range<1>(8, local),
                                            [=](sycl::nd_item<1>) [[sycl::reqd_work_group_size(N)]] {});
}

constexpr std::size_t group_sizes[] = {2, 4};

TEST(KernelAttributes, LambdasTakeThemAfterTheirParameters) {
  skip_without_plugin();
  if (testing::Test::IsSkipped()) return;
  sycl::queue q{sycl::cpu_selector_v};
  expect_errc(sycl::errc::nd_range, "reqd_work_group_size(2)", [&] { launch_with_required<2>(q, 4); });
  launch_with_required<2>(q, 2);
  expect_errc(sycl::errc::nd_range, "reqd_work_group_size(4)", [&] {
    q.parallel_for<AttrSubscript>(sycl::nd_range<1>(8, 2),
                                  [=](sycl::nd_item<1>) [[sycl::reqd_work_group_size(group_sizes[1])]] {});
  });
  auto* sub_group = sycl::malloc_shared<std::uint32_t>(1, q);
  q.parallel_for<AttrSubGroupOfEight>(sycl::nd_range<1>(16, 16), [=](sycl::nd_item<1> it) [[sycl::reqd_sub_group_size(8)]] {
     if (it.get_global_linear_id() == 0) *sub_group = it.get_sub_group().get_max_local_range()[0];
   }).wait();
  EXPECT_EQ(*sub_group, 8u);
  sycl::free(sub_group, q);
}

// A lambda's attribute names its aspect as the DPC++ book's fig 12-10 does, under `using
// namespace sycl` (the attribute's own name needs sycl::, its argument does not), or from the
// global namespace; clang crashed on the first before the plugin looked names up without a
// diagnostic.
namespace uses_sycl {
using namespace sycl;
void submit_needing_a_gpu(queue& q) { q.single_task<AttrAspectUnderUsing>([=]() [[sycl::device_has(aspect::gpu)]] {}); }
} // namespace uses_sycl

TEST(KernelAttributes, LambdasTakeQualifiedNames) {
  skip_without_plugin();
  if (testing::Test::IsSkipped()) return;
  sycl::queue q{sycl::cpu_selector_v};
  expect_errc(sycl::errc::kernel_not_supported, "device_has", [&] { uses_sycl::submit_needing_a_gpu(q); });
  expect_errc(sycl::errc::kernel_not_supported, "device_has", [&] {
    q.single_task<AttrGlobalAspect>([=]() [[sycl::device_has(::sycl::aspect::gpu)]] {});
  });
  q.single_task<AttrCpuAspect>([=]() [[sycl::device_has(sycl::aspect::cpu)]] {}).wait();
}

} // namespace
