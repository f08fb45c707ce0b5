#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera::runtime {

enum class device_kind { cpu, gpu };

// Everything the info queries report about one device; filled in by its backend.
struct device_impl {
  device_kind kind;
  std::string name;
  std::string vendor;
  std::string driver_version;
  std::string version;
  std::uint32_t max_compute_units;
  std::size_t max_work_group_size;
  std::size_t max_work_item_sizes[3];
  std::size_t local_mem_size;
  std::size_t global_mem_size;
  std::uint32_t max_clock_frequency;
  std::vector<std::size_t> sub_group_sizes;
  std::uint32_t default_sub_group_size;
  std::uint32_t max_num_sub_groups;
  std::size_t global_mem_cache_size = 0; // the last-level cache
  int ordinal = -1; // the backend's own number for the device (the CUDA device id)
  // What DPC++'s Intel device-information extension (sycl_ext_intel_device_info) asks, where the
  // backend can tell; an empty one is a query whose aspect the device does not have.
  std::optional<std::uint32_t> pci_device_id;
  std::optional<std::string> pci_address; // domain:bus:device.function, in lower-case hex
  std::optional<std::array<unsigned char, 16>> uuid;
  std::optional<std::uint32_t> memory_clock_khz;
  std::optional<std::uint32_t> memory_bus_width; // bits
  // The bytes of global memory free now.
  std::uint64_t (*free_memory)(const device_impl&) = nullptr;
  // Whether the host and the device may modify one USM allocation atomically at the same time
  // (aspect::usm_atomic_host_allocations, usm_atomic_shared_allocations).
  bool host_atomics = true;
  // A sub-device's parent and how it was partitioned (an info::partition_property's value);
  // null and no_partition for a device of the backend's own.
  const device_impl* parent = nullptr;
  int partition_type = 0;
};

// The sub-devices `parent` is partitioned into by `property` (an info::partition_property's value)
// with the given compute-unit counts (one per sub-device). The same partition of the same device
// gives the same sub-devices, which live as long as the program.
const std::vector<const device_impl*>& sub_devices(const device_impl& parent, int property,
                                                   const std::vector<std::size_t>& counts);

// Every device of every built backend, the CPU first. Stable for the life of the program.
const std::vector<const device_impl*>& all_devices();

} // namespace tessera::runtime
