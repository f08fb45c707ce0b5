#pragma once
#include <functional>
#include <type_traits>
#include <vector>

#include "sycl/device.hpp"

namespace sycl {

// SYCL 2020 §4.6.1.1: a selector scores devices; negative means "never".
// The default prefers the device named by TESSERA_DEVICE (cpu or gpu), then a GPU, then the CPU.
int default_selector_v(const device& d);
int cpu_selector_v(const device& d);
int gpu_selector_v(const device& d);
int accelerator_selector_v(const device& d);

// SYCL 2020 §4.6.1.1: the default selector's choice among the devices that have every required
// aspect and none of the denied ones.
inline auto aspect_selector(const std::vector<aspect>& required, const std::vector<aspect>& denied = {}) {
  return [=](const device& d) {
    for (aspect a : required)
      if (!d.has(a)) return -1;
    for (aspect a : denied)
      if (d.has(a)) return -1;
    // The default selector's preference, but not its TESSERA_DEVICE restriction, which is the
    // default selector's alone.
    const int preference = default_selector_v(d);
    return preference >= 0 ? preference : 1;
  };
}
template <typename... Rest, typename = std::enable_if_t<(std::is_same_v<Rest, aspect> && ...)>>
auto aspect_selector(aspect first, Rest... rest) {
  return aspect_selector(std::vector<aspect>{first, rest...});
}
template <aspect... Required>
auto aspect_selector() {
  return aspect_selector(std::vector<aspect>{Required...});
}

namespace detail {
const tessera::runtime::device_impl* select(const std::function<int(const device&)>& selector);
} // namespace detail

template <typename Selector, typename>
device::device(const Selector& selector) : impl_(detail::select(std::function<int(const device&)>(selector))) {}

} // namespace sycl
