// Whether a device can run a kernel whose attributes ask for a work-group size, a sub-group size
// or aspects (SYCL 2020 §5.8.1; tessera/runtime/kernel_attributes.hpp).
#include "sycl/sycl.hpp"

#include <algorithm>
#include <string>

namespace sycl::detail {

namespace {

std::string listed(const std::size_t* sizes, int dims) {
  std::string s;
  for (int d = 0; d < dims; ++d) s += (d ? ", " : "") + std::to_string(sizes[d]);
  return s;
}

// Why the device cannot make work-groups of `sizes` (a reqd_work_group_size of `dims` values).
std::string unmet_work_group(const std::size_t* sizes, int dims, const tessera::runtime::device_impl& d) {
  std::size_t items = 1;
  bool overflow = false;
  for (int i = 0; i < dims; ++i) {
    if (sizes[i] > d.max_work_item_sizes[static_cast<std::size_t>(3 - dims + i)])
      return "reqd_work_group_size(" + listed(sizes, dims) + ") exceeds the device's max_work_item_sizes in dimension " +
             std::to_string(i);
    overflow = overflow || (sizes[i] && items > SIZE_MAX / sizes[i]);
    items *= sizes[i];
  }
  if (overflow || items > d.max_work_group_size)
    return "reqd_work_group_size(" + listed(sizes, dims) + ") exceeds the device's max_work_group_size (" +
           std::to_string(d.max_work_group_size) + ")";
  return {};
}

} // namespace

std::string unmet_requirement(const tessera::runtime::kernel_requirements& r, const device& d) {
  for (int a : r.aspects)
    if (!d.has(static_cast<aspect>(a)))
      return "device_has names aspect " + std::to_string(a) + " of sycl::aspect, which the device lacks";
  if (r.sub_group) {
    const auto sizes = d.get_info<info::device::sub_group_sizes>();
    if (std::find(sizes.begin(), sizes.end(), r.sub_group) == sizes.end())
      return "reqd_sub_group_size(" + std::to_string(r.sub_group) + ") is not one of the device's sub_group_sizes";
  }
  for (int dims = 1; dims <= 3; ++dims)
    if (const std::size_t* sizes = r.work_group_of(dims))
      if (std::string why = unmet_work_group(sizes, dims, d.impl()); !why.empty()) return why;
  return {};
}

} // namespace sycl::detail
