#pragma once
#include <cstddef>

#include "tessera/runtime/device_impl.hpp"
#include "tessera/runtime/kernel_registry.hpp"

// How many work-groups of a use_root_sync launch can be resident at once: the co-resident limit
// that sycl_ext_oneapi_root_group's queries report and that such a launch must keep to.
namespace tessera::runtime {

// For `kernel` (null: not known) on `d`, with work-groups of `group_size` work-items and
// `local_bytes` of local memory each. On the CPU the memory for the work-items' fiber stacks and
// the groups' local memory sets it; on a GPU the kernel's occupancy times the multiprocessors.
std::size_t max_root_sync_groups(const device_impl& d, const kernel_record* kernel, std::size_t group_size,
                                 std::size_t local_bytes);

// Throws errc::nd_range, naming the limit, when `groups` exceed it.
void check_root_sync_launch(const device_impl& d, const kernel_record* kernel, std::size_t groups,
                            std::size_t group_size, std::size_t local_bytes);

} // namespace tessera::runtime
