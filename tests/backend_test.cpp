// Backends, platforms, aspects, device info, selectors (aspect_selector, ONEAPI_DEVICE_SELECTOR),
// sub-devices, and the interoperability functions that compile but cannot be honoured.
#include <sycl/sycl.hpp>

#include "expect_errc.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace {

// Sets ONEAPI_DEVICE_SELECTOR for one scope.
class device_filter {
public:
  explicit device_filter(const char* value) { setenv("ONEAPI_DEVICE_SELECTOR", value, 1); }
  ~device_filter() { unsetenv("ONEAPI_DEVICE_SELECTOR"); }
  device_filter(const device_filter&) = delete;
  device_filter& operator=(const device_filter&) = delete;
};

TEST(Backends, CpuIsNativeCpuAndGpusAreCuda) {
  for (const auto& d : sycl::device::get_devices()) {
    const auto expected = d.is_cpu() ? sycl::backend::ext_oneapi_native_cpu : sycl::backend::ext_oneapi_cuda;
    EXPECT_EQ(d.get_backend(), expected);
    EXPECT_EQ(d.get_platform().get_backend(), expected);
    EXPECT_EQ(sycl::queue(d).get_backend(), expected);
    EXPECT_EQ(sycl::context(d).get_backend(), expected);
  }
  std::ostringstream out;
  out << sycl::backend::ext_oneapi_native_cpu << ' ' << sycl::backend::opencl;
  EXPECT_EQ(out.str(), "ext_oneapi_native_cpu opencl");
}

TEST(Platforms, EachHoldsTheDevicesOfOneBackend) {
  std::size_t devices = 0;
  for (const auto& p : sycl::platform::get_platforms()) {
    EXPECT_FALSE(p.get_info<sycl::info::platform::name>().empty());
    EXPECT_EQ(p.get_info<sycl::info::platform::vendor>(), "Tessera");
    EXPECT_FALSE(p.get_info<sycl::info::platform::version>().empty());
    for (const auto& d : p.get_devices()) {
      EXPECT_EQ(d.get_backend(), p.get_backend());
      EXPECT_EQ(d.get_info<sycl::info::device::platform>(), p);
      ++devices;
    }
  }
  EXPECT_EQ(devices, sycl::device::get_devices().size());
}

TEST(Aspects, EveryAspectHasAnAnswer) {
  const sycl::device cpu(sycl::cpu_selector_v);
  using sycl::aspect;
  for (aspect a : {aspect::cpu, aspect::fp16, aspect::fp64, aspect::atomic64, aspect::queue_profiling, aspect::host_debuggable,
                   aspect::usm_device_allocations, aspect::usm_host_allocations, aspect::usm_shared_allocations,
                   aspect::usm_atomic_host_allocations, aspect::usm_atomic_shared_allocations,
                   aspect::usm_system_allocations, aspect::online_compiler, aspect::online_linker})
    EXPECT_TRUE(cpu.has(a)) << static_cast<int>(a);
  for (aspect a : {aspect::gpu, aspect::accelerator, aspect::custom, aspect::emulated, aspect::image})
    EXPECT_FALSE(cpu.has(a)) << static_cast<int>(a);
  const auto listed = cpu.get_info<sycl::info::device::aspects>();
  EXPECT_EQ(listed.size(), 15u); // and ext_intel_free_memory
  for (const auto& d : sycl::device::get_devices(sycl::info::device_type::gpu)) {
    EXPECT_TRUE(d.has(aspect::gpu));
    EXPECT_TRUE(d.has(aspect::fp16));
    EXPECT_FALSE(d.has(aspect::usm_system_allocations));
    // Host and device atomics meet over the link or not, for host and shared allocations alike;
    // so all_devices_have cannot promise them.
    EXPECT_EQ(d.has(aspect::usm_atomic_host_allocations), d.has(aspect::usm_atomic_shared_allocations));
    EXPECT_FALSE(sycl::all_devices_have_v<aspect::usm_atomic_shared_allocations>);
  }
}

TEST(DeviceInfo, PartitionsAndOtherDescriptors) {
  for (const auto& d : sycl::device::get_devices()) {
    namespace di = sycl::info::device;
    // The CPU is partitioned (multi_device_test), a GPU not.
    EXPECT_EQ(d.get_info<di::partition_max_sub_devices>(), d.is_cpu() ? d.get_info<di::max_compute_units>() : 0u);
    EXPECT_EQ(d.get_info<di::partition_properties>().size(), d.is_cpu() ? 2u : 0u);
    EXPECT_TRUE(d.get_info<di::partition_affinity_domains>().empty());
    EXPECT_EQ(d.get_info<di::partition_type_property>(), sycl::info::partition_property::no_partition);
    EXPECT_EQ(d.get_info<di::partition_type_affinity_domain>(), sycl::info::partition_affinity_domain::not_applicable);
    EXPECT_TRUE(d.get_info<di::is_endian_little>());
    EXPECT_FALSE(d.get_info<di::image_support>());
    EXPECT_EQ(d.get_info<di::atomic_memory_scope_capabilities>().size(), 5u);
    EXPECT_EQ(d.get_info<di::preferred_vector_width_half>() != 0, d.has(sycl::aspect::fp16));
    EXPECT_FALSE(d.get_info<di::single_fp_config>().empty());
    EXPECT_EQ(d.get_info<di::half_fp_config>().empty(), !d.has(sycl::aspect::fp16));
    EXPECT_GE(d.get_info<di::max_parameter_size>(), 1024u);
    EXPECT_TRUE(d.get_info<di::built_in_kernel_ids>().empty());
    expect_errc(sycl::errc::invalid, "parent_device", [&] { (void)d.get_info<di::parent_device>(); });
    expect_errc(sycl::errc::feature_not_supported, "create_sub_devices", [&] {
      (void)d.create_sub_devices<sycl::info::partition_property::partition_by_affinity_domain>(
          sycl::info::partition_affinity_domain::numa);
    });
    if (d.is_cpu()) continue;
    expect_errc(sycl::errc::feature_not_supported, "create_sub_devices",
                [&] { (void)d.create_sub_devices<sycl::info::partition_property::partition_equally>(1); });
    expect_errc(sycl::errc::feature_not_supported, "create_sub_devices", [&] {
      (void)d.create_sub_devices<sycl::info::partition_property::partition_by_counts>(std::vector<std::size_t>{1, 1});
    });
  }
}

TEST(Selectors, AspectSelectorForms) {
  using sycl::aspect;
  const sycl::device cpu(sycl::cpu_selector_v);
  EXPECT_EQ(sycl::device(sycl::aspect_selector(aspect::cpu, aspect::fp64)), cpu);
  EXPECT_EQ(sycl::device(sycl::aspect_selector<aspect::cpu>()), cpu);
  EXPECT_EQ(sycl::device(sycl::aspect_selector(std::vector{aspect::fp64}, std::vector{aspect::gpu})), cpu);
  expect_errc(sycl::errc::runtime, "no device satisfies",
              [] { sycl::device d(sycl::aspect_selector(sycl::aspect::cpu, sycl::aspect::gpu)); });
}

TEST(Selectors, OneapiDeviceSelectorFilters) {
  if (std::getenv("TESSERA_DEVICE")) GTEST_SKIP() << "TESSERA_DEVICE narrows the default selector as well";
  const sycl::device cpu(sycl::cpu_selector_v);
  const auto all = sycl::device::get_devices();
  {
    const device_filter f("native_cpu:*");
    EXPECT_EQ(sycl::device(sycl::default_selector_v), cpu);
    EXPECT_EQ(sycl::device::get_devices(), std::vector<sycl::device>{cpu});
  }
  {
    const device_filter f("*:cpu");
    EXPECT_EQ(sycl::queue().get_device(), cpu);
  }
  {
    const device_filter f("native_cpu:0");
    EXPECT_EQ(sycl::device(sycl::default_selector_v), cpu);
  }
  {
    const device_filter f("opencl:*");
    EXPECT_TRUE(sycl::device::get_devices().empty());
    EXPECT_TRUE(sycl::platform::get_platforms().empty());
    expect_errc(sycl::errc::runtime, "ONEAPI_DEVICE_SELECTOR=opencl:*", [] { sycl::device d; });
  }
  {
    const device_filter f("!native_cpu:*");
    for (const auto& d : sycl::device::get_devices()) EXPECT_TRUE(d.is_gpu());
  }
  {
    const device_filter f("cuda:gpu;native_cpu:cpu");
    EXPECT_EQ(sycl::device::get_devices(), all);
    EXPECT_EQ(sycl::device(sycl::cpu_selector_v), cpu);
  }
  {
    const device_filter f("cpu");
    expect_errc(sycl::errc::invalid, "backend:devices", [] { (void)sycl::device::get_devices(); });
  }
}

TEST(Interop, NativeObjectsAreNotAvailable) {
  sycl::queue q;
  const auto d = q.get_device();
  expect_errc(sycl::errc::backend_mismatch, "get_native", [&] { (void)sycl::get_native<sycl::backend::opencl>(d); });
  expect_errc(sycl::errc::backend_mismatch, "get_native",
              [&] { (void)sycl::get_native<sycl::backend::ext_oneapi_level_zero>(q.get_context()); });
  if (d.is_cpu())
    expect_errc(sycl::errc::feature_not_supported, "get_native",
                [&] { (void)sycl::get_native<sycl::backend::ext_oneapi_native_cpu>(d); });
  else
    EXPECT_EQ(sycl::get_native<sycl::backend::ext_oneapi_cuda>(d), d.impl().ordinal);
  expect_errc(sycl::errc::feature_not_supported, "make_device",
              [] { (void)sycl::make_device<sycl::backend::opencl>(static_cast<_cl_device_id*>(nullptr)); });
  expect_errc(sycl::errc::feature_not_supported, "make_context",
              [] { (void)sycl::make_context<sycl::backend::opencl>(static_cast<_cl_context*>(nullptr)); });
  expect_errc(sycl::errc::feature_not_supported, "make_buffer", [&] {
    (void)sycl::make_buffer<sycl::backend::opencl, int>(static_cast<_cl_mem*>(nullptr), q.get_context());
  });
  expect_errc(sycl::errc::feature_not_supported, "make_kernel", [&] {
    (void)sycl::make_kernel<sycl::backend::opencl>(static_cast<_cl_kernel*>(nullptr), q.get_context());
  });
}

TEST(Interop, HostTaskGetsAnInteropHandle) {
  sycl::queue q;
  sycl::buffer<int> b{sycl::range<1>(4)};
  sycl::backend seen = sycl::backend::all;
  bool mismatch = false, unsupported = false;
  void* native_queue = nullptr;
  q.submit([&](sycl::handler& h) {
     sycl::accessor a{b, h};
     h.host_task([&, a](sycl::interop_handle ih) {
       seen = ih.get_backend();
       try {
         (void)ih.get_native_mem<sycl::backend::opencl>(a);
       } catch (const sycl::exception& e) {
         mismatch = e.code() == sycl::errc::backend_mismatch;
       }
       try { // the queue's own backend: a GPU's stream (tests/cuda_interop_test.cpp), no CPU object
         if (ih.get_backend() == sycl::backend::ext_oneapi_cuda)
           native_queue = ih.get_native_queue<sycl::backend::ext_oneapi_cuda>();
         else
           (void)ih.get_native_queue<sycl::backend::ext_oneapi_native_cpu>();
       } catch (const sycl::exception& e) {
         unsupported = e.code() == sycl::errc::feature_not_supported;
       }
     });
   }).wait();
  EXPECT_EQ(seen, q.get_backend());
  EXPECT_TRUE(mismatch);
  if (q.get_device().is_gpu()) EXPECT_EQ(native_queue, sycl::get_native<sycl::backend::ext_oneapi_cuda>(q));
  else EXPECT_TRUE(unsupported);
}

} // namespace
