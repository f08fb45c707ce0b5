#pragma once
#include <cstddef>
#include <type_traits>
#include <utility>

#include "sycl/ext/oneapi/kernel_properties.hpp"
#include "sycl/multi_ptr.hpp"
#include "tessera/detail/macros.hpp"

// DPC++'s sycl_ext_oneapi_device_global: a variable at namespace scope (or a static member) that
// kernels read and write like a global, with one instance per device, which the host reaches only
// through queue::memcpy and queue::copy. On the CPU device the instance is the variable itself.
// With tessera++ --cuda, the device-code plugin (compiler/device_global.cpp) makes every variable
// of this type a __device__ variable: kernels on a GPU use the GPU's instance, and the copies find
// it through CUDA's symbol registration (handler::device_global_address). Its storage is
// zero-initialised, or initialised by the constant constructor, as DPC++ does; no properties are
// honoured (they only tune DPC++'s FPGA and image-scope implementations).
namespace sycl::ext::oneapi::experimental {

using empty_properties_t = properties<>;

namespace detail {
// What holds a device_global<T>'s value: T without const, so that copies from the host may write
// it (DPC++ allows device_global<const T>, which kernels only read).
template <typename T> struct writable { using type = std::remove_const_t<T>; };
template <typename T, std::size_t N> struct writable<T[N]> { using type = typename writable<T>::type[N]; };
template <typename T, std::size_t N> struct writable<const T[N]> { using type = typename writable<T>::type[N]; };
} // namespace detail

template <typename T, typename PropertyListT = empty_properties_t>
class device_global {
  static_assert(std::is_trivially_destructible_v<T>, "device_global: T must be trivially destructible");

public:
  using element_type = std::remove_extent_t<T>;

  constexpr device_global() = default;
  // Constant initialisation: a GPU's instance has no constructor run for it.
  template <typename... Args, typename = std::enable_if_t<(sizeof...(Args) > 0)>>
  constexpr explicit device_global(Args&&... args) : value_{std::forward<Args>(args)...} {}
  device_global(const device_global&) = delete;
  device_global(const device_global&&) = delete;
  device_global& operator=(const device_global&) = delete;
  device_global& operator=(const device_global&&) = delete;

  TESSERA_HOST_DEVICE T& get() noexcept { return value_; }
  TESSERA_HOST_DEVICE const T& get() const noexcept { return value_; }
  TESSERA_HOST_DEVICE operator T&() noexcept { return value_; }
  TESSERA_HOST_DEVICE operator const T&() const noexcept { return value_; }
  TESSERA_HOST_DEVICE device_global& operator=(const T& v) noexcept {
    value_ = v;
    return *this;
  }

  template <typename R = T>
  TESSERA_HOST_DEVICE decltype(auto) operator[](std::ptrdiff_t i) noexcept {
    return static_cast<R&>(value_)[i];
  }
  template <typename R = T>
  TESSERA_HOST_DEVICE decltype(auto) operator[](std::ptrdiff_t i) const noexcept {
    return static_cast<const R&>(value_)[i];
  }
  template <typename R = T, typename = std::enable_if_t<std::is_pointer_v<R>>>
  TESSERA_HOST_DEVICE R& operator->() noexcept {
    return value_;
  }
  template <typename R = T, typename = std::enable_if_t<std::is_class_v<R>>>
  TESSERA_HOST_DEVICE R* operator->() noexcept {
    return &get();
  }

  template <access::decorated IsDecorated>
  TESSERA_HOST_DEVICE multi_ptr<T, access::address_space::global_space, IsDecorated> get_multi_ptr() noexcept {
    return multi_ptr<T, access::address_space::global_space, IsDecorated>(&get());
  }
  template <access::decorated IsDecorated>
  TESSERA_HOST_DEVICE multi_ptr<const T, access::address_space::global_space, IsDecorated>
  get_multi_ptr() const noexcept {
    return multi_ptr<const T, access::address_space::global_space, IsDecorated>(&get());
  }

  template <typename Property> static constexpr bool has_property() { return false; }

private:
  typename detail::writable<T>::type value_{};
};

// The device_globals whose instances queue::memcpy and queue::copy reach.
template <typename T> struct is_device_global : std::false_type {};
template <typename T, typename P> struct is_device_global<device_global<T, P>> : std::true_type {};

} // namespace sycl::ext::oneapi::experimental
