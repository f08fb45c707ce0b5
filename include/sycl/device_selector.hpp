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

// The selector is called through a reference: it may be an abstract device_selector.
template <typename Selector, typename>
device::device(const Selector& selector)
    : impl_(detail::select([&selector](const device& d) { return static_cast<int>(selector(d)); })) {}

// SYCL 1.2.1's selector classes, deprecated by SYCL 2020 (§4.6.1.2) for the functions above,
// which they call.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
class [[deprecated("use a selector function such as sycl::default_selector_v")]] device_selector {
public:
  virtual ~device_selector() = default;
  device select_device() const { return device(*this); }
  virtual int operator()(const device& d) const = 0;
};
#define TESSERA_SELECTOR_CLASS(name)                                                                                  \
  class [[deprecated("use sycl::" #name "_v")]] name : public device_selector {                                       \
  public:                                                                                                             \
    int operator()(const device& d) const override { return name##_v(d); }                                            \
  };
TESSERA_SELECTOR_CLASS(default_selector)
TESSERA_SELECTOR_CLASS(cpu_selector)
TESSERA_SELECTOR_CLASS(gpu_selector)
TESSERA_SELECTOR_CLASS(accelerator_selector)
#undef TESSERA_SELECTOR_CLASS
#pragma GCC diagnostic pop

} // namespace sycl
