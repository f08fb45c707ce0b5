// DPC++'s Intel device-information queries (sycl/ext/intel/device_info.hpp), which programs use to
// size their buffers: the CPU's answers come from the operating system, a GPU's from CUDA (these
// tests skip the GPU's where there is none; scripts/gpu_run.sh runs them on one).
#include <gtest/gtest.h>

#include <sycl/sycl.hpp>

#include <regex>
#include <string>
#include <vector>

namespace {
namespace intel = sycl::ext::intel::info::device;
using sycl::aspect;

template <typename Query> bool answers(const sycl::device& d) {
  try {
    (void)d.get_info<Query>();
    return true;
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::feature_not_supported) << e.what();
    return false;
  }
}

std::vector<sycl::device> gpus() { return sycl::device::get_devices(sycl::info::device_type::gpu); }

TEST(IntelDeviceInfo, CpuFreeMemoryIsWithinItsGlobalMemory) {
  const sycl::device cpu(sycl::cpu_selector_v);
  ASSERT_TRUE(cpu.has(aspect::ext_intel_free_memory));
  const std::uint64_t free = cpu.get_info<intel::free_memory>();
  EXPECT_GT(free, 0u);
  EXPECT_LE(free, cpu.get_info<sycl::info::device::global_mem_size>());
  const auto listed = cpu.get_info<sycl::info::device::aspects>();
  EXPECT_NE(std::find(listed.begin(), listed.end(), aspect::ext_intel_free_memory), listed.end());
}

TEST(IntelDeviceInfo, CpuHasNoMemoryClockNorPciAddress) {
  const sycl::device cpu(sycl::cpu_selector_v);
  for (aspect a : {aspect::ext_intel_memory_clock_rate, aspect::ext_intel_memory_bus_width,
                   aspect::ext_intel_max_mem_bandwidth, aspect::ext_intel_pci_address, aspect::ext_intel_device_id,
                   aspect::ext_intel_device_info_uuid})
    EXPECT_FALSE(cpu.has(a)) << static_cast<int>(a);
  try {
    (void)cpu.get_info<intel::memory_clock_rate>();
    FAIL() << "memory_clock_rate answered without its aspect";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::feature_not_supported);
    EXPECT_NE(std::string(e.what()).find("memory_clock_rate"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("aspect::ext_intel_memory_clock_rate"), std::string::npos) << e.what();
  }
}

// device::has and get_info agree on every device, for every query.
TEST(IntelDeviceInfo, AnAspectHoldsExactlyWhereItsQueryAnswers) {
  for (const auto& d : sycl::device::get_devices()) {
    SCOPED_TRACE(d.get_info<sycl::info::device::name>());
    EXPECT_EQ(d.has(aspect::ext_intel_free_memory), answers<intel::free_memory>(d));
    EXPECT_EQ(d.has(aspect::ext_intel_memory_clock_rate), answers<intel::memory_clock_rate>(d));
    EXPECT_EQ(d.has(aspect::ext_intel_memory_bus_width), answers<intel::memory_bus_width>(d));
    EXPECT_EQ(d.has(aspect::ext_intel_max_mem_bandwidth), answers<intel::max_mem_bandwidth>(d));
    EXPECT_EQ(d.has(aspect::ext_intel_pci_address), answers<intel::pci_address>(d));
    EXPECT_EQ(d.has(aspect::ext_intel_device_id), answers<intel::device_id>(d));
    EXPECT_EQ(d.has(aspect::ext_intel_device_info_uuid), answers<intel::uuid>(d));
    EXPECT_EQ(d.has(aspect::ext_intel_gpu_eu_count), answers<intel::gpu_eu_count>(d));
    EXPECT_EQ(d.has(aspect::ext_intel_gpu_eu_simd_width), answers<intel::gpu_eu_simd_width>(d));
    EXPECT_EQ(d.has(aspect::ext_intel_gpu_slices), answers<intel::gpu_slices>(d));
    EXPECT_EQ(d.has(aspect::ext_intel_gpu_subslices_per_slice), answers<intel::gpu_subslices_per_slice>(d));
    EXPECT_EQ(d.has(aspect::ext_intel_gpu_eu_count_per_subslice), answers<intel::gpu_eu_count_per_subslice>(d));
    EXPECT_EQ(d.has(aspect::ext_intel_gpu_hw_threads_per_eu), answers<intel::gpu_hw_threads_per_eu>(d));
    EXPECT_FALSE(d.has(aspect::ext_intel_gpu_eu_count));
    EXPECT_EQ(d.get_info<intel::max_compute_queue_indices>(), 1);
  }
}

// sycl_ext_oneapi_num_compute_units (HeCBench's rsmt sizes its grid by it): every device's
// compute units, the same as max_compute_units, on the CPU and each GPU.
TEST(IntelDeviceInfo, OneapiNumComputeUnitsIsEveryDevicesComputeUnits) {
  for (const auto& d : sycl::device::get_devices()) {
    SCOPED_TRACE(d.get_info<sycl::info::device::name>());
    const std::size_t units = d.get_info<sycl::ext::oneapi::info::device::num_compute_units>();
    EXPECT_GT(units, 0u);
    EXPECT_EQ(units, d.get_info<sycl::info::device::max_compute_units>());
  }
}

TEST(IntelDeviceInfo, GpuAnswersFromCuda) {
  if (gpus().empty()) GTEST_SKIP() << "no GPU";
  for (const auto& d : gpus()) {
    SCOPED_TRACE(d.get_info<sycl::info::device::name>());
    for (aspect a : {aspect::ext_intel_free_memory, aspect::ext_intel_memory_clock_rate,
                     aspect::ext_intel_memory_bus_width, aspect::ext_intel_max_mem_bandwidth,
                     aspect::ext_intel_pci_address, aspect::ext_intel_device_info_uuid})
      EXPECT_TRUE(d.has(a)) << static_cast<int>(a);
    const std::uint32_t clock = d.get_info<intel::memory_clock_rate>(), width = d.get_info<intel::memory_bus_width>();
    EXPECT_GT(clock, 100u);  // MHz, not kHz
    EXPECT_LT(clock, 100000u);
    EXPECT_GE(width, 32u);
    // Two transfers per clock, in bytes per second: within the clock's rounding to MHz.
    const double bandwidth = static_cast<double>(d.get_info<intel::max_mem_bandwidth>());
    EXPECT_NEAR(bandwidth / (2.0 * clock * 1e6 * width / 8), 1.0, 0.01);
    EXPECT_TRUE(std::regex_match(d.get_info<intel::pci_address>(), std::regex("[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]")))
        << d.get_info<intel::pci_address>();
    const auto uuid = d.get_info<intel::uuid>();
    EXPECT_NE(std::count(uuid.begin(), uuid.end(), 0), 16);
    if (d.has(aspect::ext_intel_device_id)) EXPECT_NE(d.get_info<intel::device_id>(), 0u);
  }
}

TEST(IntelDeviceInfo, GpuFreeMemoryFallsByWhatIsAllocated) {
  if (gpus().empty()) GTEST_SKIP() << "no GPU";
  sycl::queue q(gpus().front());
  const sycl::device d = q.get_device();
  const std::uint64_t total = d.get_info<sycl::info::device::global_mem_size>();
  const std::uint64_t before = d.get_info<intel::free_memory>();
  EXPECT_GT(before, 0u);
  EXPECT_LE(before, total);
  constexpr std::size_t bytes = std::size_t{1} << 30;
  void* p = sycl::malloc_device(bytes, q);
  ASSERT_NE(p, nullptr);
  const std::uint64_t during = d.get_info<intel::free_memory>();
  sycl::free(p, q);
  EXPECT_LE(during + bytes, before + (std::uint64_t{64} << 20)) << "before " << before << ", during " << during;
}

} // namespace
