#pragma once
#include <algorithm>
#include <memory>
#include <type_traits>
#include <vector>

#include "sycl/device.hpp"
#include "sycl/property_list.hpp"

namespace tessera::runtime {
// The SYCL CUDA backend's contexts (sycl/interop.hpp; src/runtime/native_objects.cpp): the
// CUcontexts get_native gives, and the context make_context makes of one.
std::vector<void*> native_contexts(const sycl::context& c);
sycl::context adopt_context(void* cu_context, const sycl::async_handler& h);
} // namespace tessera::runtime

namespace sycl {

// SYCL 2020 §4.6.3. USM and buffers are not tied to a context (a GPU's memory is reachable from
// its queues whatever context they were made with), so a context is the set of devices it was
// made for (one of a platform's devices, several, or all of them), with its handler and
// properties. It has the common reference semantics (§4.5.2): copies are the same context; two
// contexts made apart are not.
class context {
public:
  explicit context(const property_list& props = {}) : context(device(), async_handler{}, props) {}
  explicit context(async_handler h, const property_list& props = {}) : context(device(), std::move(h), props) {}
  explicit context(const device& d, const property_list& props = {}) : context(d, async_handler{}, props) {}
  explicit context(const device& d, async_handler h, const property_list& props = {})
      : context(std::vector<device>{d}, std::move(h), props) {}
  explicit context(const platform& p, const property_list& props = {}) : context(p, async_handler{}, props) {}
  explicit context(const platform& p, async_handler h, const property_list& props = {})
      : context(p.get_devices(), std::move(h), props) {}
  explicit context(const std::vector<device>& ds, const property_list& props = {})
      : context(ds, async_handler{}, props) {}
  explicit context(const std::vector<device>& ds, async_handler h, const property_list& props = {})
      : state_(std::make_shared<const state>(state{checked(ds), std::move(h), props})) {}

  std::vector<device> get_devices() const { return state_->devices; }
  platform get_platform() const { return state_->devices.front().get_platform(); }
  backend get_backend() const noexcept { return state_->devices.front().get_backend(); }
  template <typename P> bool has_property() const noexcept { return state_->props.has_property<P>(); }
  template <typename P> P get_property() const { return state_->props.get_property<P>(); }
  template <typename Param> typename Param::return_type get_info() const;

  // The handler for asynchronous errors of the context's queues made without their own (§4.13.1).
  const async_handler& handler() const { return state_->handler; }

  friend bool operator==(const context& a, const context& b) { return a.state_ == b.state_; }
  friend bool operator!=(const context& a, const context& b) { return !(a == b); }

private:
  struct state {
    std::vector<device> devices;
    async_handler handler;
    property_list props;
  };
  // A context holds at least one device, all of one platform (as DPC++ requires).
  static const std::vector<device>& checked(const std::vector<device>& ds) {
    if (ds.empty()) throw exception(errc::invalid, "context: the list of devices is empty");
    for (const device& d : ds)
      if (d.get_platform() != ds.front().get_platform())
        throw exception(errc::invalid, "context: the devices are not all of one platform");
    return ds;
  }
  // The capabilities every device of the context has, in the first device's order.
  template <typename DeviceParam>
  auto common() const {
    auto out = state_->devices.front().get_info<DeviceParam>();
    for (const device& d : state_->devices) {
      const auto theirs = d.get_info<DeviceParam>();
      out.erase(std::remove_if(out.begin(), out.end(),
                               [&](auto c) { return std::find(theirs.begin(), theirs.end(), c) == theirs.end(); }),
                out.end());
    }
    return out;
  }

  std::shared_ptr<const state> state_;
  void* native_ = nullptr; // the backend's context it was made from (make_context), if any
  friend struct std::hash<context>;
  friend std::vector<void*> tessera::runtime::native_contexts(const sycl::context& c);
  friend sycl::context tessera::runtime::adopt_context(void* cu_context, const sycl::async_handler& h);
};

template <typename Param>
typename Param::return_type context::get_info() const {
  if constexpr (std::is_same_v<Param, info::context::platform>) return get_platform();
  else if constexpr (std::is_same_v<Param, info::context::devices>) return get_devices();
  else if constexpr (std::is_same_v<Param, info::context::atomic_memory_order_capabilities>)
    return common<info::device::atomic_memory_order_capabilities>();
  else if constexpr (std::is_same_v<Param, info::context::atomic_fence_order_capabilities>)
    return common<info::device::atomic_fence_order_capabilities>();
  else if constexpr (std::is_same_v<Param, info::context::atomic_memory_scope_capabilities>)
    return common<info::device::atomic_memory_scope_capabilities>();
  else {
    static_assert(std::is_same_v<Param, info::context::atomic_fence_scope_capabilities>, "unknown context info");
    return common<info::device::atomic_fence_scope_capabilities>();
  }
}

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

inline exception::exception(context ctx, std::error_code ec, const std::string& what_arg) : exception(ec, what_arg) {
  context_ = std::make_shared<const context>(std::move(ctx));
}
inline exception::exception(context ctx, std::error_code ec, const char* what_arg)
    : exception(std::move(ctx), ec, std::string(what_arg)) {}
inline exception::exception(context ctx, std::error_code ec) : exception(std::move(ctx), ec, std::string()) {}
inline exception::exception(context ctx, int ev, const std::error_category& cat, const std::string& what_arg)
    : exception(std::move(ctx), std::error_code(ev, cat), what_arg) {}
inline exception::exception(context ctx, int ev, const std::error_category& cat, const char* what_arg)
    : exception(std::move(ctx), std::error_code(ev, cat), std::string(what_arg)) {}
inline exception::exception(context ctx, int ev, const std::error_category& cat)
    : exception(std::move(ctx), std::error_code(ev, cat), std::string()) {}
inline context exception::get_context() const {
  if (!context_) throw exception(errc::invalid, "exception::get_context: the exception has no context");
  return *context_;
}

} // namespace sycl

// SYCL 2020 §4.5.2: a context is its shared state.
template <> struct std::hash<sycl::context> {
  std::size_t operator()(const sycl::context& c) const noexcept { return std::hash<const void*>{}(c.state_.get()); }
};
