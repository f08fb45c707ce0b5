#pragma once
// DPC++'s sycl_ext_oneapi_num_compute_units: the device's compute units, which programs ported from
// CUDA use to size their grids (HeCBench's rsmt: two work-groups per SM). Tessera's device is not
// partitioned, so it is info::device::max_compute_units: the SMs of a GPU, the worker threads of
// the CPU.
#include <cstddef>

#include "sycl/device.hpp"

#define SYCL_EXT_ONEAPI_NUM_COMPUTE_UNITS 1

namespace sycl::ext::oneapi::info::device {

struct num_compute_units {
  using return_type = std::size_t;
  static return_type get(const tessera::runtime::device_impl& d) { return d.max_compute_units; }
};

} // namespace sycl::ext::oneapi::info::device
