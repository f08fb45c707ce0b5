#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <string>
#include <thread>
#include <unistd.h>

#include "tessera/backend/cpu/local_arena.hpp"
#include "cpu/thread_pool.hpp"
#include "cpu/cpu_device.hpp"

namespace tessera::cpu {

namespace {
std::string processor_name() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "CPU";
}

std::uint32_t default_sub_group_size() {
  if (const char* s = std::getenv("TESSERA_SUB_GROUP_SIZE")) {
    const long n = std::strtol(s, nullptr, 10);
    for (long ok : {4, 8, 16, 32, 64})
      if (n == ok) return static_cast<std::uint32_t>(n);
  }
  return 32; // the NVIDIA warp size, so code tested here behaves as on the GPU
}

// What the kernel counts as available to a new allocation without swapping (MemAvailable), within
// the device's global memory (all of this machine's).
std::uint64_t available_memory(const runtime::device_impl& d) {
  std::ifstream in("/proc/meminfo");
  std::uint64_t kib = 0;
  for (std::string key; in >> key;) {
    if (key == "MemAvailable:") {
      in >> kib;
      break;
    }
    in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
  }
  const std::uint64_t bytes = kib > 0 ? kib * 1024
                                      : static_cast<std::uint64_t>(sysconf(_SC_AVPHYS_PAGES)) *
                                            static_cast<std::uint64_t>(sysconf(_SC_PAGE_SIZE));
  return std::min<std::uint64_t>(bytes, d.global_mem_size);
}
} // namespace

// Work-group limits match CUDA's so that a program tested here also launches there.
const runtime::device_impl& device() {
  static const runtime::device_impl dev = [] {
    runtime::device_impl d;
    d.kind = runtime::device_kind::cpu;
    d.name = processor_name();
    d.vendor = "Tessera (CPU)";
    d.driver_version = "0.1";
    d.version = "0.1";
    d.max_compute_units = thread_pool::instance().size();
    d.max_work_group_size = 1024;
    d.max_work_item_sizes[0] = d.max_work_item_sizes[1] = d.max_work_item_sizes[2] = 1024;
    d.local_mem_size = local_arena::bytes;
    d.global_mem_size = static_cast<std::size_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<std::size_t>(sysconf(_SC_PAGE_SIZE));
    d.max_clock_frequency = 0;
    d.sub_group_sizes = {4, 8, 16, 32, 64};
    d.default_sub_group_size = default_sub_group_size();
    d.max_num_sub_groups = 1024 / 4;
    const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE), l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
    d.global_mem_cache_size = static_cast<std::size_t>(l3 > 0 ? l3 : l2 > 0 ? l2 : 0);
    d.free_memory = available_memory;
    return d;
  }();
  return dev;
}

} // namespace tessera::cpu
