#pragma once
#include <algorithm>
#include <vector>

#include "sycl/device.hpp"
#include "sycl/property_list.hpp"
#include "tessera/detail/hash_combine.hpp"

namespace sycl {

// SYCL 2020 §4.6.3. USM and buffers are not tied to a context (a GPU's memory is reachable from
// its queues whatever context they were made with), so a context is the set of devices it was
// made for: one of a platform's devices, several, or all of them.
class context {
public:
  context() : context(device()) {}
  explicit context(const device& d, async_handler h = {}) : devices_{d}, handler_(std::move(h)) {}
  // As DPC++: the list may not be empty, nor span platforms.
  explicit context(const std::vector<device>& ds, async_handler h = {}) : devices_(ds), handler_(std::move(h)) {
    if (ds.empty()) throw exception(errc::invalid, "context: the list of devices is empty");
    for (const device& d : ds)
      if (d.get_platform() != ds.front().get_platform())
        throw exception(errc::invalid, "context: the devices are not all of one platform");
  }
  explicit context(const platform& p, async_handler h = {}) : context(p.get_devices(), std::move(h)) {}
  explicit context(const async_handler& h) : context(device(), h) {}

  std::vector<device> get_devices() const { return devices_; }
  platform get_platform() const { return devices_.front().get_platform(); }
  backend get_backend() const noexcept { return devices_.front().get_backend(); }

  friend bool operator==(const context& a, const context& b) { return a.devices_ == b.devices_; }
  friend bool operator!=(const context& a, const context& b) { return !(a == b); }

private:
  std::vector<device> devices_;
  async_handler handler_;
};

} // namespace sycl

namespace tessera::detail {
// Whether queues on `d` may be made with `c`: one of its devices, or a sub-device of one (as
// DPC++ decides).
inline bool context_has_device(const sycl::context& c, sycl::device d) {
  const std::vector<sycl::device> devices = c.get_devices();
  for (;;) {
    if (std::find(devices.begin(), devices.end(), d) != devices.end()) return true;
    if (!d.impl().parent) return false;
    d = sycl::device(d.impl().parent);
  }
}
} // namespace tessera::detail

namespace sycl {

inline property::buffer::context_bound::context_bound(context c) : context_(std::make_shared<const context>(std::move(c))) {}
inline context property::buffer::context_bound::get_context() const { return *context_; }

} // namespace sycl

// SYCL 2020 §4.5.2: contexts compare by their devices, so they hash by them.
template <> struct std::hash<sycl::context> {
  std::size_t operator()(const sycl::context& c) const {
    std::size_t h = 0;
    for (const sycl::device& d : c.get_devices()) h = tessera::detail::hash_of(h, d);
    return h;
  }
};
