#pragma once
#include <algorithm>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "sycl/backend.hpp"
#include "sycl/exception.hpp"
#include "sycl/ext/oneapi/peer_access.hpp"
#include "sycl/info.hpp"

namespace sycl {

class context;
class device;
class platform;

namespace detail {
// A device selector (§4.6.1): callable on a device, answering its score.
template <typename S> using if_selector = decltype(std::declval<const S&>()(std::declval<const device&>()));
} // namespace detail

// SYCL 2020 §4.6.4. A handle to one backend device; cheap to copy, compares by identity.
class device {
public:
  // The default device, as default_selector_v would choose it.
  device();
  template <typename Selector, typename = detail::if_selector<Selector>>
  explicit device(const Selector& selector);

  bool is_cpu() const { return impl_->kind == tessera::runtime::device_kind::cpu; }
  bool is_gpu() const { return impl_->kind == tessera::runtime::device_kind::gpu; }
  bool is_accelerator() const { return false; }
  bool has(aspect a) const;
  // Deprecated by SYCL 2020 (aspects replace extensions): whether info::device::extensions names it.
  bool has_extension(const std::string& name) const;
  platform get_platform() const;
  backend get_backend() const noexcept { return detail::backend_of(impl_->kind); }

  // SYCL 2020 §4.6.4.2. The CPU device is partitioned equally or by counts of its compute units
  // (its worker threads); its sub-devices are CPU devices of their own that run on the same pool,
  // as separate devices sharing the process's memory. A GPU is not partitioned, nor by affinity
  // domain the CPU: those partitions are ones the device does not support.
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(std::size_t count) const {
    if constexpr (Prop == info::partition_property::partition_equally) return partition_equally(count);
    else return no_sub_devices("this partition property does not take a count");
  }
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(const std::vector<std::size_t>& counts) const {
    if constexpr (Prop == info::partition_property::partition_by_counts) return partition_by_counts(counts);
    else return no_sub_devices("this partition property does not take a list of counts");
  }
  template <info::partition_property Prop>
  std::vector<device> create_sub_devices(info::partition_affinity_domain) const {
    return no_sub_devices("no device is partitioned by affinity domain");
  }

  // DPC++'s sycl_ext_oneapi_peer_access. GPUs as the driver says (NVLink or PCIe peer-to-peer);
  // CPU devices (the CPU and its sub-devices) share the process's memory, so each may always
  // access the others' (DPC++'s CPU backends answer false: they have no sub-devices sharing one
  // address space to offer); a device always its own; devices of two backends never. Enabling
  // access that is enabled, or disabling access that is not, throws errc::invalid.
  bool ext_oneapi_can_access_peer(const device& peer,
                                  ext::oneapi::peer_access value = ext::oneapi::peer_access::access_supported) const;
  void ext_oneapi_enable_peer_access(const device& peer) const;
  void ext_oneapi_disable_peer_access(const device& peer) const;

  template <typename Param>
  typename Param::return_type get_info() const {
    return Param::get(*impl_);
  }

  static std::vector<device> get_devices(info::device_type type = info::device_type::all);

  friend bool operator==(const device& a, const device& b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const device& a, const device& b) { return a.impl_ != b.impl_; }

  explicit device(const tessera::runtime::device_impl* impl) : impl_(impl) {}
  const tessera::runtime::device_impl& impl() const { return *impl_; }

private:
  [[noreturn]] static std::vector<device> no_sub_devices(const char* why) {
    throw exception(errc::feature_not_supported, std::string("device::create_sub_devices: ") + why);
  }
  std::vector<device> partition_equally(std::size_t count) const;
  std::vector<device> partition_by_counts(const std::vector<std::size_t>& counts) const;
  const tessera::runtime::device_impl* impl_;
};

// SYCL 2020 §4.6.2: one platform per backend.
class platform {
public:
  platform();
  explicit platform(tessera::runtime::device_kind kind) : kind_(kind) {}
  template <typename Selector, typename = detail::if_selector<Selector>>
  explicit platform(const Selector& selector) : platform(device(selector).get_platform()) {}

  std::vector<device> get_devices(info::device_type type = info::device_type::all) const;
  template <typename Param>
  typename Param::return_type get_info() const;
  bool has(aspect a) const;
  // Deprecated by SYCL 2020 (aspects replace extensions): whether info::platform::extensions names it.
  bool has_extension(const std::string& name) const;
  backend get_backend() const noexcept { return detail::backend_of(kind_); }
  static std::vector<platform> get_platforms();
  // DPC++'s default context (sycl_ext_oneapi_default_context): one per platform, holding all its
  // devices, made on first use; the context of every queue made without one.
  context ext_oneapi_get_default_context() const;

  friend bool operator==(const platform& a, const platform& b) { return a.kind_ == b.kind_; }
  friend bool operator!=(const platform& a, const platform& b) { return !(a == b); }

private:
  std::string info_name() const;
  tessera::runtime::device_kind kind_;
  friend struct std::hash<platform>;
};

template <> inline std::string platform::get_info<info::platform::name>() const { return info_name(); }
template <> inline std::string platform::get_info<info::platform::vendor>() const { return "Tessera"; }
template <> inline std::string platform::get_info<info::platform::version>() const { return "SYCL 2020 (Tessera 0.1)"; }
template <> inline std::string platform::get_info<info::platform::profile>() const { return "FULL_PROFILE"; }
template <> inline std::vector<std::string> platform::get_info<info::platform::extensions>() const { return {}; }

inline platform device::get_platform() const { return platform(impl_->kind); }

namespace detail {
inline bool names(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}
} // namespace detail
inline bool device::has_extension(const std::string& name) const {
  return detail::names(get_info<info::device::extensions>(), name);
}
inline bool platform::has_extension(const std::string& name) const {
  return detail::names(get_info<info::platform::extensions>(), name);
}

namespace info::device {
inline sycl::platform platform::get(const tessera::runtime::device_impl& d) { return sycl::platform(d.kind); }
inline sycl::device parent_device::get(const tessera::runtime::device_impl& d) {
  if (!d.parent) throw exception(errc::invalid, "info::device::parent_device: the device is not a sub-device");
  return sycl::device(d.parent);
}
inline std::vector<aspect> aspects::get(const tessera::runtime::device_impl& d) {
  std::vector<aspect> out;
  for (int a = 0; a <= static_cast<int>(aspect::ext_intel_legacy_image); ++a)
    if (sycl::device(&d).has(static_cast<aspect>(a))) out.push_back(static_cast<aspect>(a));
  return out;
}
} // namespace info::device

} // namespace sycl

// SYCL 2020 §4.5.2: equal handles hash equal (a device is its runtime object, a platform its backend).
template <> struct std::hash<sycl::device> {
  std::size_t operator()(const sycl::device& d) const noexcept { return std::hash<const void*>{}(&d.impl()); }
};
template <> struct std::hash<sycl::platform> {
  std::size_t operator()(const sycl::platform& p) const noexcept { return std::hash<int>{}(static_cast<int>(p.kind_)); }
};
