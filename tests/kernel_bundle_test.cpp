// Kernel bundles (SYCL 2020 §4.11): kernel ids from the names of the program's kernels, bundles
// in each state, compile/link/build/join, kernels and their queries, handler::use_kernel_bundle.
// Run on the default queue's device (the GPU in a CUDA build where there is one).
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

class BundleAdd;
class BundleScale;
class BundleNeverSubmitted;
class BundleNotInTheBundle;

namespace {

bool contains(const std::vector<sycl::kernel_id>& ids, const sycl::kernel_id& k) {
  return std::find(ids.begin(), ids.end(), k) != ids.end();
}

// Defines a command named BundleNeverSubmitted; the tests never call it, yet the name is known
// from the start of the program, as DPC++ knows it from its integration header.
[[maybe_unused]] void never_called(sycl::queue& q) {
  q.single_task<BundleNeverSubmitted>([] {});
}

void add_one(sycl::queue& q, int* data, std::size_t n, const sycl::kernel_bundle<sycl::bundle_state::executable>* kb) {
  q.submit([&](sycl::handler& h) {
     if (kb) h.use_kernel_bundle(*kb);
     h.parallel_for<BundleAdd>(sycl::range<1>(n), [=](sycl::id<1> i) { data[i] += 1; });
   }).wait();
}

TEST(KernelIds, NamesAreKnownBeforeTheirCommandsRun) {
  bool found = false;
  for (const auto& k : sycl::get_kernel_ids())
    found = found || std::string(k.get_name()).find("BundleNeverSubmitted") != std::string::npos;
  EXPECT_TRUE(found);
}

TEST(KernelIds, OneIdPerNameWithItsName) {
  const auto a = sycl::get_kernel_id<BundleAdd>();
  EXPECT_EQ(a, sycl::get_kernel_id<BundleAdd>());
  EXPECT_NE(a, sycl::get_kernel_id<BundleScale>());
  EXPECT_EQ(std::string(a.get_name()), "BundleAdd");
  EXPECT_TRUE(contains(sycl::get_kernel_ids(), a));
}

TEST(KernelBundles, ExecutableBundleOfTheContextRunsItsKernels) {
  sycl::queue q;
  const auto kb = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  EXPECT_FALSE(kb.empty());
  EXPECT_EQ(kb.get_backend(), q.get_backend());
  EXPECT_EQ(kb.get_context(), q.get_context());
  EXPECT_EQ(kb.get_devices(), std::vector<sycl::device>{q.get_device()});
  EXPECT_TRUE(kb.has_kernel<BundleAdd>());
  EXPECT_TRUE(kb.has_kernel<BundleAdd>(q.get_device()));
  EXPECT_EQ(static_cast<std::size_t>(std::distance(kb.begin(), kb.end())), kb.get_kernel_ids().size());

  int* data = sycl::malloc_shared<int>(64, q);
  std::fill(data, data + 64, 41);
  add_one(q, data, 64, &kb);
  EXPECT_TRUE(std::all_of(data, data + 64, [](int v) { return v == 42; }));
  sycl::free(data, q);
}

TEST(KernelBundles, BundleOfChosenKernels) {
  sycl::queue q;
  const auto add = sycl::get_kernel_id<BundleAdd>(), scale = sycl::get_kernel_id<BundleScale>();
  const auto kb = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {q.get_device()}, {add});
  EXPECT_EQ(kb.get_kernel_ids(), std::vector<sycl::kernel_id>{add});
  EXPECT_TRUE(kb.has_kernel(add));
  EXPECT_FALSE(kb.has_kernel(scale));
  const auto by_name = sycl::get_kernel_bundle<BundleAdd, sycl::bundle_state::executable>(q.get_context());
  EXPECT_EQ(by_name.get_kernel_ids(), std::vector<sycl::kernel_id>{add});
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {add}));
  EXPECT_TRUE(sycl::is_compatible<BundleAdd>(q.get_device()));

  // The selector form keeps the images it accepts.
  const auto only_scale = sycl::get_kernel_bundle<sycl::bundle_state::executable>(
      q.get_context(), {q.get_device()},
      [&](const sycl::device_image<sycl::bundle_state::executable>& image) { return image.has_kernel(scale); });
  EXPECT_EQ(only_scale.get_kernel_ids(), std::vector<sycl::kernel_id>{scale});
}

// §4.11.8: every device compiles and links online (as DPC++'s CUDA devices say), so a kernel the
// device runs is had in every state; an empty list of kernels is always had.
TEST(KernelBundles, HasKernelBundleInEveryState) {
  sycl::queue q;
  const auto ctx = q.get_context();
  const auto add = sycl::get_kernel_id<BundleAdd>();
  ASSERT_TRUE(q.get_device().has(sycl::aspect::online_compiler));
  ASSERT_TRUE(q.get_device().has(sycl::aspect::online_linker));
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::input>(ctx, {add}));
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::object>(ctx, {q.get_device()}, {add}));
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::input>(ctx));
  EXPECT_TRUE((sycl::has_kernel_bundle<BundleAdd, sycl::bundle_state::object>(ctx)));
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::executable>(ctx));
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::input>(ctx, std::vector<sycl::kernel_id>{}));
  EXPECT_TRUE(sycl::has_kernel_bundle<sycl::bundle_state::object>(ctx, {q.get_device()}, {}));
}

TEST(KernelBundles, KernelMissingFromTheBundleInUseIsNotSupported) {
  sycl::queue q;
  const auto kb = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {q.get_device()},
                                                                           {sycl::get_kernel_id<BundleScale>()});
  try {
    q.submit([&](sycl::handler& h) {
      h.use_kernel_bundle(kb);
      h.single_task<BundleNotInTheBundle>([] {});
    });
    FAIL() << "expected errc::kernel_not_supported";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel_not_supported);
    EXPECT_NE(std::string(e.what()).find("BundleNotInTheBundle"), std::string::npos) << e.what();
  }
}

// f throws errc::invalid, whose message holds `names` (empty: any message).
template <typename F>
void expect_invalid(F f, const char* names = "") {
  try {
    f();
    ADD_FAILURE() << "expected errc::invalid";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid) << e.what();
    EXPECT_NE(std::string(e.what()).find(names), std::string::npos) << e.what();
  }
}

TEST(KernelBundles, BadArgumentsAreInvalid) {
  sycl::queue q;
  expect_invalid([&] { (void)sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), std::vector<sycl::device>{});
  });
  const auto kb = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {q.get_device()},
                                                                           {sycl::get_kernel_id<BundleAdd>()});
  expect_invalid([&] { (void)kb.get_kernel(sycl::get_kernel_id<BundleScale>()); });
  expect_invalid([&] { (void)kb.get_kernel<BundleAdd>().get_info<sycl::info::kernel::num_args>(); });
  expect_invalid([&] {
    (void)kb.get_kernel<BundleAdd>().get_info<sycl::info::kernel_device_specific::global_work_size>(q.get_device());
  });
}

// §4.11.11: an input bundle compiled and linked, or built, gives an executable bundle whose
// kernels run; a device that is not the bundle's is refused.
TEST(KernelBundles, InputBundlesCompileLinkAndBuildToKernelsThatRun) {
  sycl::queue q;
  const auto ctx = q.get_context();
  const std::vector<sycl::device> devs{q.get_device()};
  const auto add = sycl::get_kernel_id<BundleAdd>();
  const auto input = sycl::get_kernel_bundle<sycl::bundle_state::input>(ctx, devs, {add});
  ASSERT_TRUE(input.has_kernel(add));
  const auto object = sycl::compile(input);
  EXPECT_EQ(object.get_kernel_ids(), std::vector<sycl::kernel_id>{add});
  const auto linked = sycl::link(object);
  const auto built = sycl::build(input, devs);
  EXPECT_EQ((sycl::get_kernel_bundle<BundleAdd, sycl::bundle_state::object>(ctx, devs).get_devices()), devs);

  int* data = sycl::malloc_shared<int>(4, q);
  std::fill(data, data + 4, 1);
  add_one(q, data, 4, &linked);
  add_one(q, data, 4, &built);
  EXPECT_EQ(std::vector<int>(data, data + 4), std::vector<int>(4, 3));
  sycl::free(data, q);

  const std::vector<sycl::device> twice{devs[0], devs[0]};
  EXPECT_EQ(sycl::get_kernel_bundle<sycl::bundle_state::input>(ctx, twice).get_devices(), devs);
  EXPECT_EQ(sycl::compile(input, twice).get_devices(), devs);

  const auto others = sycl::device::get_devices();
  const auto other = std::find_if(others.begin(), others.end(), [&](const sycl::device& d) { return d != devs[0]; });
  if (other != others.end()) expect_invalid([&] { (void)sycl::build(input, {*other}); }, "not one of the bundle's devices");
  expect_invalid([&] { (void)sycl::compile(input, std::vector<sycl::device>{}); }, "no devices");
}

TEST(KernelBundles, JoinUnitesTheKernels) {
  sycl::queue q;
  const auto ctx = q.get_context();
  const auto add = sycl::get_kernel_id<BundleAdd>(), scale = sycl::get_kernel_id<BundleScale>();
  const auto a = sycl::get_kernel_bundle<sycl::bundle_state::executable>(ctx, {add});
  const auto b = sycl::get_kernel_bundle<sycl::bundle_state::executable>(ctx, {scale, add});
  const auto joined = sycl::join(std::vector<sycl::kernel_bundle<sycl::bundle_state::executable>>{a, b});
  EXPECT_EQ(joined.get_kernel_ids(), (std::vector<sycl::kernel_id>{add, scale}));

  int* data = sycl::malloc_shared<int>(8, q);
  std::fill(data, data + 8, 0);
  add_one(q, data, 8, &joined);
  EXPECT_EQ(data[7], 1);
  sycl::free(data, q);
}

// Of no bundles, join makes an empty one, as DPC++ does (SYCL 2020 is silent); linking them for
// no devices is still invalid.
TEST(KernelBundles, JoinOfNoBundlesIsEmpty) {
  const std::vector<sycl::kernel_bundle<sycl::bundle_state::object>> no_bundles;
  const auto none = sycl::join(no_bundles);
  EXPECT_TRUE(none.empty());
  EXPECT_TRUE(none.get_devices().empty());
  EXPECT_EQ(none.begin(), none.end());
  try {
    (void)sycl::link(no_bundles, std::vector<sycl::device>{});
    ADD_FAILURE() << "expected errc::invalid";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid) << e.what();
  }
}

TEST(Kernels, DeviceSpecificQueriesAreTheDevicesLimits) {
  sycl::queue q;
  const auto dev = q.get_device();
  const auto kb = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  const sycl::kernel k = kb.get_kernel(sycl::get_kernel_id<BundleAdd>());
  namespace kds = sycl::info::kernel_device_specific;
  EXPECT_EQ(k.get_backend(), dev.get_backend());
  EXPECT_EQ(k.get_context(), q.get_context());
  EXPECT_EQ(k.get_kernel_bundle(), kb);
  EXPECT_EQ(k.get_info<sycl::info::kernel::attributes>(), "");
  const std::size_t wg = k.get_info<kds::work_group_size>(dev);
  EXPECT_EQ(wg, dev.get_info<sycl::info::device::max_work_group_size>());
  EXPECT_EQ(k.get_info<kds::compile_work_group_size>(dev), sycl::range<3>(0, 0, 0));
  const auto sub_group = k.get_info<kds::max_sub_group_size>(dev);
  const auto sizes = dev.get_info<sycl::info::device::sub_group_sizes>();
  EXPECT_NE(std::find(sizes.begin(), sizes.end(), sub_group), sizes.end());
  EXPECT_EQ(k.get_info<kds::preferred_work_group_size_multiple>(dev), sub_group);
  EXPECT_EQ(k.get_info<kds::max_num_sub_groups>(dev) * sub_group, wg);
  EXPECT_EQ(k.get_info<kds::compile_sub_group_size>(dev), 0u);
  EXPECT_EQ(k.get_info<kds::compile_num_sub_groups>(dev), 0u);
  EXPECT_EQ(k.get_info<kds::private_mem_size>(dev), 0u);
  if (dev.is_gpu()) {
    EXPECT_EQ(sub_group, 32u);
  }
}

TEST(Kernels, KernelObjectsCompileButCannotBeLaunched) {
  sycl::queue q;
  const auto k = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context()).get_kernel<BundleAdd>();
  for (int form = 0; form < 3; ++form) {
    try {
      q.submit([&](sycl::handler& h) {
        if (form == 0) h.set_args(1, 2.0f);
        if (form == 1) h.parallel_for(sycl::range<1>(4), k);
        if (form == 2) h.parallel_for(sycl::nd_range<1>(sycl::range<1>(4), sycl::range<1>(2)), k);
      });
      ADD_FAILURE() << "expected errc::feature_not_supported";
    } catch (const sycl::exception& e) {
      EXPECT_EQ(e.code(), sycl::errc::feature_not_supported) << e.what();
      EXPECT_NE(std::string(e.what()).find("handler::"), std::string::npos) << e.what();
    }
  }
}

TEST(Kernels, UnnamedKernelsHaveIdsToo) {
  const std::size_t before = sycl::get_kernel_ids().size();
  sycl::queue q;
  auto* x = sycl::malloc_shared<int>(1, q);
  q.single_task([=] { *x = 7; }).wait();
  EXPECT_EQ(*x, 7);
  sycl::free(x, q);
  // The lambda's name was registered at start-up with every other kernel name.
  EXPECT_EQ(sycl::get_kernel_ids().size(), before);
  EXPECT_GE(before, 4u);
}

} // namespace
