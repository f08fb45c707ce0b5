#pragma once
// DPC++'s FPGA selectors (sycl_ext_intel_fpga_device_selector). Tessera has no FPGA, emulated or
// simulated, so they accept no device, and selecting with them fails as DPC++'s do without one.
#include "sycl/device_selector.hpp"

namespace sycl::ext::intel {
inline int fpga_selector_v(const device& d) { return d.is_accelerator() ? 1000 : -1; }
inline int fpga_emulator_selector_v(const device& d) { return d.has(aspect::emulated) ? 1000 : -1; }
inline int fpga_simulator_selector_v(const device& d) { return d.has(aspect::emulated) ? 1000 : -1; }
} // namespace sycl::ext::intel
