#include <deque>
#include <map>
#include <mutex>
#include <numeric>
#include <string>
#include <tuple>

#include "sycl/device.hpp"

namespace tessera::runtime {

// Sub-devices are kept for the life of the program, one set per partition asked for: device
// handles compare by their device_impl, so the same partition must give the same devices.
const std::vector<const device_impl*>& sub_devices(const device_impl& parent, int property,
                                                   const std::vector<std::size_t>& counts) {
  using key = std::tuple<const device_impl*, int, std::vector<std::size_t>>;
  static std::mutex mutex;
  static auto* storage = new std::deque<device_impl>;
  static auto* made = new std::map<key, std::vector<const device_impl*>>;
  std::lock_guard lock(mutex);
  auto [it, fresh] = made->try_emplace(key{&parent, property, counts});
  if (!fresh) return it->second;
  for (std::size_t n : counts) {
    device_impl& sub = storage->emplace_back(parent);
    sub.max_compute_units = static_cast<std::uint32_t>(n);
    sub.parent = &parent;
    sub.partition_type = property;
    sub.name = parent.name + " (" + std::to_string(n) + " of " + std::to_string(parent.max_compute_units) +
               " compute units)";
    it->second.push_back(&sub);
  }
  return it->second;
}

} // namespace tessera::runtime

namespace sycl {

namespace {
std::vector<device> handles(const std::vector<const tessera::runtime::device_impl*>& impls) {
  return std::vector<device>(impls.begin(), impls.end());
}

void check_partitionable(const device& d) {
  if (!d.is_cpu()) throw exception(errc::feature_not_supported, "device::create_sub_devices: " + d.impl().name +
                                                                    " cannot be partitioned (only the CPU can)");
}
} // namespace

// As many sub-devices of `count` compute units as fit (§4.6.4.2).
std::vector<device> device::partition_equally(std::size_t count) const {
  check_partitionable(*this);
  const std::size_t units = impl_->max_compute_units;
  if (count == 0 || count > units)
    throw exception(errc::invalid, "device::create_sub_devices<partition_equally>(" + std::to_string(count) +
                                       "): the count must be between 1 and the device's " + std::to_string(units) +
                                       " compute units");
  return handles(tessera::runtime::sub_devices(*impl_, static_cast<int>(info::partition_property::partition_equally),
                                               std::vector<std::size_t>(units / count, count)));
}

// One sub-device per non-zero count (§4.6.4.2).
std::vector<device> device::partition_by_counts(const std::vector<std::size_t>& counts) const {
  check_partitionable(*this);
  std::vector<std::size_t> nonzero;
  for (std::size_t n : counts)
    if (n) nonzero.push_back(n);
  const std::size_t units = impl_->max_compute_units;
  const std::size_t total = std::accumulate(nonzero.begin(), nonzero.end(), std::size_t{0});
  if (nonzero.empty() || total > units)
    throw exception(errc::invalid, "device::create_sub_devices<partition_by_counts>: the counts add up to " +
                                       std::to_string(total) + " compute units, where the device has " +
                                       std::to_string(units) + " (and at least one must be asked for)");
  return handles(tessera::runtime::sub_devices(
      *impl_, static_cast<int>(info::partition_property::partition_by_counts), nonzero));
}

} // namespace sycl
