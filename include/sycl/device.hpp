#pragma once
#include <vector>

#include "sycl/exception.hpp"
#include "sycl/info.hpp"

namespace sycl {

class platform;

// SYCL 2020 §4.6.4. A handle to one backend device; cheap to copy, compares by identity.
class device {
public:
  // The default device, as default_selector_v would choose it.
  device();
  template <typename Selector, typename = decltype(std::declval<const Selector&>()(std::declval<const device&>()))>
  explicit device(const Selector& selector);

  bool is_cpu() const { return impl_->kind == tessera::runtime::device_kind::cpu; }
  bool is_gpu() const { return impl_->kind == tessera::runtime::device_kind::gpu; }
  bool is_accelerator() const { return false; }
  bool has(aspect a) const;
  platform get_platform() const;

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
  const tessera::runtime::device_impl* impl_;
};

// SYCL 2020 §4.6.2: one platform per backend.
class platform {
public:
  platform();
  explicit platform(tessera::runtime::device_kind kind) : kind_(kind) {}
  template <typename Selector, typename = decltype(std::declval<const Selector&>()(std::declval<const device&>()))>
  explicit platform(const Selector& selector) : platform(device(selector).get_platform()) {}

  std::vector<device> get_devices(info::device_type type = info::device_type::all) const;
  template <typename Param>
  typename Param::return_type get_info() const;
  bool has(aspect a) const;
  static std::vector<platform> get_platforms();

  friend bool operator==(const platform& a, const platform& b) { return a.kind_ == b.kind_; }
  friend bool operator!=(const platform& a, const platform& b) { return !(a == b); }

private:
  std::string info_name() const;
  tessera::runtime::device_kind kind_;
};

template <> inline std::string platform::get_info<info::platform::name>() const { return info_name(); }
template <> inline std::string platform::get_info<info::platform::vendor>() const { return "Tessera"; }
template <> inline std::string platform::get_info<info::platform::version>() const { return "SYCL 2020 (Tessera 0.1)"; }
template <> inline std::string platform::get_info<info::platform::profile>() const { return "FULL_PROFILE"; }

inline platform device::get_platform() const { return platform(impl_->kind); }

} // namespace sycl
