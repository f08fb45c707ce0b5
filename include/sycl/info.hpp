#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "sycl/id.hpp"
#include "tessera/runtime/device_impl.hpp"

namespace sycl {

class device;
class platform;

enum class aspect {
  cpu, gpu, accelerator, custom, emulated, host_debuggable, fp16, fp64, atomic64, image, online_compiler,
  online_linker, queue_profiling, usm_device_allocations, usm_host_allocations, usm_atomic_host_allocations,
  usm_shared_allocations, usm_atomic_shared_allocations, usm_system_allocations
};

namespace info {

enum class device_type { cpu, gpu, accelerator, custom, automatic, host, all };
enum class local_mem_type { none, local, global };
enum class event_command_status { submitted, running, complete };
namespace event_profiling {
struct command_submit { using return_type = std::uint64_t; };
struct command_start { using return_type = std::uint64_t; };
struct command_end { using return_type = std::uint64_t; };
} // namespace event_profiling

// Each descriptor knows how to read itself off the backend's device description.
namespace device {
#define TESSERA_DEVICE_INFO(name, type, expr)                                                               \
  struct name {                                                                                             \
    using return_type = type;                                                                               \
    static return_type get([[maybe_unused]] const tessera::runtime::device_impl& d) { return expr; }       \
  };
TESSERA_DEVICE_INFO(device_type, info::device_type,
                    d.kind == tessera::runtime::device_kind::cpu ? info::device_type::cpu : info::device_type::gpu)
TESSERA_DEVICE_INFO(name, std::string, d.name)
TESSERA_DEVICE_INFO(vendor, std::string, d.vendor)
TESSERA_DEVICE_INFO(driver_version, std::string, d.driver_version)
TESSERA_DEVICE_INFO(version, std::string, d.version)
TESSERA_DEVICE_INFO(vendor_id, std::uint32_t, d.kind == tessera::runtime::device_kind::gpu ? 0x10de : 0)
TESSERA_DEVICE_INFO(max_compute_units, std::uint32_t, d.max_compute_units)
TESSERA_DEVICE_INFO(max_work_group_size, std::size_t, d.max_work_group_size)
TESSERA_DEVICE_INFO(max_num_sub_groups, std::uint32_t, d.max_num_sub_groups)
TESSERA_DEVICE_INFO(sub_group_sizes, std::vector<std::size_t>, d.sub_group_sizes)
TESSERA_DEVICE_INFO(local_mem_size, std::uint64_t, d.local_mem_size)
TESSERA_DEVICE_INFO(local_mem_type, info::local_mem_type,
                    d.kind == tessera::runtime::device_kind::cpu ? info::local_mem_type::global
                                                                 : info::local_mem_type::local)
TESSERA_DEVICE_INFO(global_mem_size, std::uint64_t, d.global_mem_size)
TESSERA_DEVICE_INFO(max_mem_alloc_size, std::uint64_t, d.global_mem_size)
TESSERA_DEVICE_INFO(max_clock_frequency, std::uint32_t, d.max_clock_frequency)
TESSERA_DEVICE_INFO(address_bits, std::uint32_t, 64)
TESSERA_DEVICE_INFO(is_available, bool, true)
TESSERA_DEVICE_INFO(mem_base_addr_align, std::uint32_t, 1024)
TESSERA_DEVICE_INFO(max_work_item_dimensions, std::uint32_t, 3)
TESSERA_DEVICE_INFO(profiling_timer_resolution, std::size_t, 1)
#undef TESSERA_DEVICE_INFO

template <int D = 3>
struct max_work_item_sizes {
  using return_type = sycl::range<D>;
  static return_type get(const tessera::runtime::device_impl& d) {
    sycl::range<D> r;
    for (int i = 0; i < D; ++i) r[i] = d.max_work_item_sizes[3 - D + i];
    return r;
  }
};
} // namespace device

namespace platform {
struct name { using return_type = std::string; };
struct vendor { using return_type = std::string; };
struct version { using return_type = std::string; };
struct profile { using return_type = std::string; };
} // namespace platform

namespace event {
struct command_execution_status { using return_type = info::event_command_status; };
} // namespace event

namespace queue {
struct device { using return_type = sycl::device; };
} // namespace queue

} // namespace info
} // namespace sycl
