#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "sycl/id.hpp"
#include "sycl/memory_enums.hpp"
#include "tessera/runtime/device_impl.hpp"

namespace sycl {

class context;
class device;
class platform;
class kernel_id;

enum class aspect {
  cpu, gpu, accelerator, custom, emulated, host_debuggable, fp16, fp64, atomic64, image, online_compiler,
  online_linker, queue_profiling, usm_device_allocations, usm_host_allocations, usm_atomic_host_allocations,
  usm_shared_allocations, usm_atomic_shared_allocations, usm_system_allocations,
  // DPC++'s, for its Intel device-information extension (sycl/ext/intel/device_info.hpp) and legacy
  // images; ext_intel_legacy_image is the last aspect.
  ext_intel_pci_address, ext_intel_gpu_eu_count, ext_intel_gpu_eu_simd_width, ext_intel_gpu_slices,
  ext_intel_gpu_subslices_per_slice, ext_intel_gpu_eu_count_per_subslice, ext_intel_max_mem_bandwidth,
  ext_intel_mem_channel, ext_intel_device_info_uuid, ext_intel_gpu_hw_threads_per_eu, ext_intel_free_memory,
  ext_intel_device_id, ext_intel_memory_clock_rate, ext_intel_memory_bus_width, ext_intel_legacy_image
};

namespace info {

enum class device_type { cpu, gpu, accelerator, custom, automatic, host, all };
enum class local_mem_type { none, local, global };
enum class event_command_status { submitted, running, complete };
enum class fp_config { denorm, inf_nan, round_to_nearest, round_to_zero, round_to_inf, fma,
                       correctly_rounded_divide_sqrt, soft_float };
enum class global_mem_cache_type { none, read_only, read_write };
enum class execution_capability { exec_kernel, exec_native_kernel };
enum class partition_property { no_partition, partition_equally, partition_by_counts, partition_by_affinity_domain };
enum class partition_affinity_domain { not_applicable, numa, L4_cache, L3_cache, L2_cache, L1_cache,
                                       next_partitionable };
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
TESSERA_DEVICE_INFO(profile, std::string, "FULL_PROFILE")
TESSERA_DEVICE_INFO(backend_version, std::string, d.version)
TESSERA_DEVICE_INFO(extensions, std::vector<std::string>, {})
TESSERA_DEVICE_INFO(built_in_kernels, std::vector<std::string>, {})
TESSERA_DEVICE_INFO(is_endian_little, bool, true)
TESSERA_DEVICE_INFO(error_correction_support, bool, false)
TESSERA_DEVICE_INFO(host_unified_memory, bool, d.kind == tessera::runtime::device_kind::cpu)
TESSERA_DEVICE_INFO(is_compiler_available, bool, false)
TESSERA_DEVICE_INFO(is_linker_available, bool, false)
TESSERA_DEVICE_INFO(queue_profiling, bool, true)
TESSERA_DEVICE_INFO(preferred_interop_user_sync, bool, true)
TESSERA_DEVICE_INFO(printf_buffer_size, std::size_t, 1024 * 1024)
// CUDA's limit for a kernel's arguments; the CPU keeps it so that a program tested there launches here.
TESSERA_DEVICE_INFO(max_parameter_size, std::size_t, 4096)
TESSERA_DEVICE_INFO(max_constant_buffer_size, std::uint64_t, 64 * 1024)
TESSERA_DEVICE_INFO(max_constant_args, std::uint32_t, 8)
// A sub-group's items run on the CPU as fibers that yield only at collectives; a warp's threads are
// scheduled independently since Volta.
TESSERA_DEVICE_INFO(sub_group_independent_forward_progress, bool, d.kind == tessera::runtime::device_kind::gpu)
TESSERA_DEVICE_INFO(global_mem_cache_type, info::global_mem_cache_type, info::global_mem_cache_type::read_write)
TESSERA_DEVICE_INFO(global_mem_cache_line_size, std::uint32_t, d.kind == tessera::runtime::device_kind::cpu ? 64 : 128)
TESSERA_DEVICE_INFO(global_mem_cache_size, std::uint64_t, d.global_mem_cache_size)
TESSERA_DEVICE_INFO(execution_capabilities, std::vector<info::execution_capability>, {info::execution_capability::exec_kernel})
// No images: every image limit is 0, as the spec asks of a device without aspect::image.
TESSERA_DEVICE_INFO(image_support, bool, false)
TESSERA_DEVICE_INFO(max_read_image_args, std::uint32_t, 0)
TESSERA_DEVICE_INFO(max_write_image_args, std::uint32_t, 0)
TESSERA_DEVICE_INFO(image2d_max_width, std::size_t, 0)
TESSERA_DEVICE_INFO(image2d_max_height, std::size_t, 0)
TESSERA_DEVICE_INFO(image3d_max_width, std::size_t, 0)
TESSERA_DEVICE_INFO(image3d_max_height, std::size_t, 0)
TESSERA_DEVICE_INFO(image3d_max_depth, std::size_t, 0)
TESSERA_DEVICE_INFO(image_max_buffer_size, std::size_t, 0)
TESSERA_DEVICE_INFO(image_max_array_size, std::size_t, 0)
TESSERA_DEVICE_INFO(max_samplers, std::uint32_t, 0)
// The CPU devices are partitioned equally or by counts of compute units (device::create_sub_devices);
// GPUs are not.
TESSERA_DEVICE_INFO(partition_max_sub_devices, std::uint32_t,
                    d.kind == tessera::runtime::device_kind::cpu ? d.max_compute_units : 0)
TESSERA_DEVICE_INFO(partition_properties, std::vector<info::partition_property>,
                    (d.kind == tessera::runtime::device_kind::cpu
                         ? std::vector<info::partition_property>{info::partition_property::partition_equally,
                                                                 info::partition_property::partition_by_counts}
                         : std::vector<info::partition_property>{}))
TESSERA_DEVICE_INFO(partition_affinity_domains, std::vector<info::partition_affinity_domain>, {})
TESSERA_DEVICE_INFO(partition_type_property, info::partition_property,
                    static_cast<info::partition_property>(d.partition_type))
TESSERA_DEVICE_INFO(partition_type_affinity_domain, info::partition_affinity_domain,
                    info::partition_affinity_domain::not_applicable)
// Both backends' atomics and fences take every order and scope (seq_cst as a fence on the GPU).
TESSERA_DEVICE_INFO(atomic_memory_order_capabilities, std::vector<memory_order>,
                    (std::vector<memory_order>{memory_order::relaxed, memory_order::acquire, memory_order::release,
                                               memory_order::acq_rel, memory_order::seq_cst}))
TESSERA_DEVICE_INFO(atomic_fence_order_capabilities, std::vector<memory_order>,
                    (std::vector<memory_order>{memory_order::relaxed, memory_order::acquire, memory_order::release,
                                               memory_order::acq_rel, memory_order::seq_cst}))
TESSERA_DEVICE_INFO(atomic_memory_scope_capabilities, std::vector<memory_scope>,
                    (std::vector<memory_scope>{memory_scope::work_item, memory_scope::sub_group,
                                               memory_scope::work_group, memory_scope::device, memory_scope::system}))
TESSERA_DEVICE_INFO(atomic_fence_scope_capabilities, std::vector<memory_scope>,
                    (std::vector<memory_scope>{memory_scope::work_item, memory_scope::sub_group,
                                               memory_scope::work_group, memory_scope::device, memory_scope::system}))
#undef TESSERA_DEVICE_INFO

// Vector widths: a 128-bit SIMD register's lanes on the CPU; CUDA's threads are scalar.
#define TESSERA_VECTOR_WIDTH(suffix, on_cpu, on_gpu)                                                              \
  struct preferred_vector_width_##suffix {                                                                  \
    using return_type = std::uint32_t;                                                                      \
    static return_type get(const tessera::runtime::device_impl& d) {                                        \
      return d.kind == tessera::runtime::device_kind::cpu ? on_cpu : on_gpu;                                    \
    }                                                                                                       \
  };                                                                                                        \
  struct native_vector_width_##suffix : preferred_vector_width_##suffix {};
TESSERA_VECTOR_WIDTH(char, 16, 1)
TESSERA_VECTOR_WIDTH(short, 8, 1)
TESSERA_VECTOR_WIDTH(int, 4, 1)
TESSERA_VECTOR_WIDTH(long, 2, 1)
// Not a SYCL 2020 name (OpenCL's long is 64 bits, as long long is); the CTS asks for it, and it
// answers as long does.
TESSERA_VECTOR_WIDTH(long_long, 2, 1)
TESSERA_VECTOR_WIDTH(float, 4, 1)
TESSERA_VECTOR_WIDTH(double, 2, 1)
TESSERA_VECTOR_WIDTH(half, 8, 1)
#undef TESSERA_VECTOR_WIDTH

struct half_fp_config {
  using return_type = std::vector<info::fp_config>;
  static return_type get(const tessera::runtime::device_impl& d) {
    // The CPU's half operations round a float result once more: no fused multiply-add.
    if (d.kind == tessera::runtime::device_kind::cpu)
      return {info::fp_config::denorm, info::fp_config::inf_nan, info::fp_config::round_to_nearest};
    return {info::fp_config::denorm, info::fp_config::inf_nan, info::fp_config::round_to_nearest, info::fp_config::fma};
  }
};
// IEEE 754 arithmetic with every rounding mode on both backends.
struct single_fp_config {
  using return_type = std::vector<info::fp_config>;
  static return_type get(const tessera::runtime::device_impl&) {
    return {info::fp_config::denorm, info::fp_config::inf_nan, info::fp_config::round_to_nearest,
            info::fp_config::round_to_zero, info::fp_config::round_to_inf, info::fp_config::fma,
            info::fp_config::correctly_rounded_divide_sqrt};
  }
};
struct double_fp_config : single_fp_config {};

// Descriptors whose answers are SYCL objects: defined with those classes.
struct platform { using return_type = sycl::platform; static return_type get(const tessera::runtime::device_impl&); };
struct parent_device { using return_type = sycl::device; static return_type get(const tessera::runtime::device_impl&); };
struct aspects { using return_type = std::vector<aspect>; static return_type get(const tessera::runtime::device_impl&); };
struct built_in_kernel_ids {
  using return_type = std::vector<sycl::kernel_id>;
  static return_type get(const tessera::runtime::device_impl&);
};

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
// Deprecated by SYCL 2020 (aspects replace extensions); no platform lists any.
struct extensions { using return_type = std::vector<std::string>; };
} // namespace platform

// SYCL 2020 §4.6.3.3; answered by context::get_info (context.hpp).
namespace context {
struct platform { using return_type = sycl::platform; };
struct devices { using return_type = std::vector<sycl::device>; };
struct atomic_memory_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_fence_order_capabilities { using return_type = std::vector<memory_order>; };
struct atomic_memory_scope_capabilities { using return_type = std::vector<memory_scope>; };
struct atomic_fence_scope_capabilities { using return_type = std::vector<memory_scope>; };
} // namespace context

namespace event {
struct command_execution_status { using return_type = info::event_command_status; };
} // namespace event

namespace queue {
struct device { using return_type = sycl::device; };
struct context { using return_type = sycl::context; };
} // namespace queue

} // namespace info
} // namespace sycl
