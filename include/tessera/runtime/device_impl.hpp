#pragma once
#include <cstddef>
#include <cstdint>
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
};

// Every device of every built backend, the CPU first. Stable for the life of the program.
const std::vector<const device_impl*>& all_devices();

} // namespace tessera::runtime
