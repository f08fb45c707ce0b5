#pragma once
// DPC++'s Intel device-information extension (sycl_ext_intel_device_info), which programs use to
// size their buffers (free_memory) and to report the memory system, whatever the vendor. Each query
// answers where its aspect holds and throws errc::feature_not_supported otherwise, as the extension
// says. Which aspects hold is what DPC++ answers for its CUDA devices: free memory, memory clock
// and bus width, bandwidth, PCI address, UUID and device ID, but nothing of Intel GPUs' execution
// units. The CPU answers free_memory, from the operating system.
#include <array>
#include <cstdint>
#include <string>

#include "sycl/device.hpp"
#include "sycl/exception.hpp"

#define SYCL_EXT_INTEL_DEVICE_INFO 6

namespace sycl::ext::intel::info::device {

namespace detail {
template <typename T>
T known(const std::optional<T>& v, const tessera::runtime::device_impl& d, const char* query, const char* aspect) {
  if (!v)
    throw sycl::exception(errc::feature_not_supported, std::string("ext::intel::info::device::") + query + ": the device (" +
                                                           d.name + ") does not have aspect::" + aspect);
  return *v;
}
[[noreturn]] inline void no_execution_units(const tessera::runtime::device_impl& d, const char* query) {
  throw sycl::exception(errc::feature_not_supported, std::string("ext::intel::info::device::") + query +
                                                         ": the device (" + d.name +
                                                         ") is not an Intel GPU and has no aspect::ext_intel_" + query);
}
} // namespace detail

struct device_id {
  using return_type = std::uint32_t;
  static return_type get(const tessera::runtime::device_impl& d) {
    return detail::known(d.pci_device_id, d, "device_id", "ext_intel_device_id");
  }
};
struct uuid {
  using return_type = std::array<unsigned char, 16>;
  static return_type get(const tessera::runtime::device_impl& d) {
    return detail::known(d.uuid, d, "uuid", "ext_intel_device_info_uuid");
  }
};
struct pci_address {
  using return_type = std::string;
  static return_type get(const tessera::runtime::device_impl& d) {
    return detail::known(d.pci_address, d, "pci_address", "ext_intel_pci_address");
  }
};
struct free_memory {
  using return_type = std::uint64_t;
  static return_type get(const tessera::runtime::device_impl& d) {
    if (!d.free_memory)
      return detail::known(std::optional<std::uint64_t>{}, d, "free_memory", "ext_intel_free_memory");
    return d.free_memory(d);
  }
};
// In MHz: the clock of the memory, not of its data rate.
struct memory_clock_rate {
  using return_type = std::uint32_t;
  static return_type get(const tessera::runtime::device_impl& d) {
    return detail::known(d.memory_clock_khz, d, "memory_clock_rate", "ext_intel_memory_clock_rate") / 1000;
  }
};
struct memory_bus_width {
  using return_type = std::uint32_t;
  static return_type get(const tessera::runtime::device_impl& d) {
    return detail::known(d.memory_bus_width, d, "memory_bus_width", "ext_intel_memory_bus_width");
  }
};
// Bytes per second: two transfers per memory clock (DPC++'s CUDA answer), but in 64 bits, where
// DPC++'s 32-bit product wraps for the HBM of a data-centre GPU.
struct max_mem_bandwidth {
  using return_type = std::uint64_t;
  static return_type get(const tessera::runtime::device_impl& d) {
    const std::optional<std::uint64_t> both =
        d.memory_clock_khz && d.memory_bus_width
            ? std::optional<std::uint64_t>(std::uint64_t{*d.memory_clock_khz} * 1000 * 2 * *d.memory_bus_width / 8)
            : std::nullopt;
    return detail::known(both, d, "max_mem_bandwidth", "ext_intel_max_mem_bandwidth");
  }
};

#define TESSERA_INTEL_GPU_ONLY(name)                                                                        \
  struct name {                                                                                             \
    using return_type = std::uint32_t;                                                                      \
    static return_type get(const tessera::runtime::device_impl& d) { detail::no_execution_units(d, #name); } \
  };
TESSERA_INTEL_GPU_ONLY(gpu_eu_count)
TESSERA_INTEL_GPU_ONLY(gpu_eu_simd_width)
TESSERA_INTEL_GPU_ONLY(gpu_slices)
TESSERA_INTEL_GPU_ONLY(gpu_subslices_per_slice)
TESSERA_INTEL_GPU_ONLY(gpu_eu_count_per_subslice)
TESSERA_INTEL_GPU_ONLY(gpu_hw_threads_per_eu)
#undef TESSERA_INTEL_GPU_ONLY

// sycl_ext_intel_queue_index: every device has one compute queue index, as in DPC++ on CUDA.
struct max_compute_queue_indices {
  using return_type = int;
  static return_type get(const tessera::runtime::device_impl&) { return 1; }
};

} // namespace sycl::ext::intel::info::device
