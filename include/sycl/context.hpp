#pragma once
#include <vector>

#include "sycl/device.hpp"
#include "sycl/property_list.hpp"
#include "tessera/detail/hash_combine.hpp"

namespace sycl {

// SYCL 2020 §4.6.3. All devices share one address space on the CPU backend, so a context is
// just the set of devices it was made for.
class context {
public:
  context() : context(device()) {}
  explicit context(const device& d, async_handler h = {}) : devices_{d}, handler_(std::move(h)) {}
  explicit context(const std::vector<device>& ds, async_handler h = {}) : devices_(ds), handler_(std::move(h)) {}
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
