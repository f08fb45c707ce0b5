#pragma once
// SYCL 2020 §4.7.6: access modes, targets, fence spaces and address spaces.
namespace sycl {
namespace access {
enum class mode { read, write, read_write, discard_write, discard_read_write, atomic };
enum class target { device, host_task, constant_buffer, local, host_buffer, global_buffer = device };
enum class placeholder { false_t, true_t };
enum class fence_space { local_space, global_space, global_and_local };
enum class address_space { global_space, local_space, constant_space, private_space, generic_space };
enum class decorated { no, yes, legacy };
} // namespace access
using access_mode = access::mode;
using target = access::target;
} // namespace sycl
