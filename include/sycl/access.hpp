#pragma once
// SYCL 2020 §4.7.6: access modes, targets, fence spaces and address spaces.
namespace sycl {
namespace access {
enum class mode { read, write, read_write, discard_write, discard_read_write, atomic };
// image, host_image and image_array name SYCL 1.2.1's image accessors, deprecated by SYCL 2020 and
// unused here (Tessera has no images), but programs and the SYCL-CTS name them.
enum class target { device, host_task, constant_buffer, local, image, host_image, image_array, host_buffer, global_buffer = device };
enum class placeholder { false_t, true_t };
enum class fence_space { local_space, global_space, global_and_local };
enum class address_space { global_space, local_space, constant_space, private_space, generic_space };
enum class decorated { no, yes, legacy };
} // namespace access
using access_mode = access::mode;
using target = access::target;
} // namespace sycl
