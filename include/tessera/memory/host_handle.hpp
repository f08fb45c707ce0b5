#pragma once
#include <memory>
#include <new>
#include <utility>
#include "tessera/detail/macros.hpp"

namespace tessera::memory {

// False while compiling device code: what a view does on copy that needs the host (binding a
// placeholder to its command) is left out of device copies.
inline constexpr bool host_code = !TESSERA_DEVICE_PASS;

// A shared_ptr to a host-side object that device code may copy. Accessors hold their buffer
// through one, image accessors their image, streams their storage, and kernels copy them: a kernel
// that hands its accessor by value to a helper (fig 6-9 of the DPC++ book) copies and destroys it
// on the device, and the SYCL-CTS copies and moves streams there. There the bytes came from the
// host and name host memory, so a device copy owns nothing and never touches the count; touching
// it would not even compile for NVPTX (libstdc++'s release loads both counts as one 64-bit acquire
// load, which clang 19 cannot select). The union keeps the shared_ptr's layout, which host and
// device must agree on, while leaving its constructors and destructor out of device code.
template <typename T>
class host_handle {
public:
  TESSERA_HOST_DEVICE host_handle() noexcept : raw_{} {
#if !TESSERA_DEVICE_PASS
    new (&ptr_) std::shared_ptr<T>();
#endif
  }
  host_handle(std::shared_ptr<T> p) noexcept { new (&ptr_) std::shared_ptr<T>(std::move(p)); }
  TESSERA_HOST_DEVICE host_handle(const host_handle& o) noexcept : raw_{} {
#if !TESSERA_DEVICE_PASS
    new (&ptr_) std::shared_ptr<T>(o.ptr_);
#else
    (void)o;
#endif
  }
  TESSERA_HOST_DEVICE host_handle(host_handle&& o) noexcept : raw_{} {
#if !TESSERA_DEVICE_PASS
    new (&ptr_) std::shared_ptr<T>(std::move(o.ptr_));
#else
    (void)o;
#endif
  }
  TESSERA_HOST_DEVICE host_handle& operator=(const host_handle& o) noexcept {
#if !TESSERA_DEVICE_PASS
    ptr_ = o.ptr_;
#else
    (void)o;
#endif
    return *this;
  }
  TESSERA_HOST_DEVICE host_handle& operator=(host_handle&& o) noexcept {
#if !TESSERA_DEVICE_PASS
    ptr_ = std::move(o.ptr_);
#else
    (void)o;
#endif
    return *this;
  }
  TESSERA_HOST_DEVICE ~host_handle() {
#if !TESSERA_DEVICE_PASS
    ptr_.~shared_ptr();
#endif
  }

  operator const std::shared_ptr<T>&() const noexcept { return ptr_; }
  T* operator->() const noexcept { return ptr_.get(); }
  T* get() const noexcept { return ptr_.get(); }
  explicit operator bool() const noexcept { return static_cast<bool>(ptr_); }
  friend bool operator==(const host_handle& a, const host_handle& b) noexcept { return a.ptr_ == b.ptr_; }

private:
  union {
    std::shared_ptr<T> ptr_;
    void* raw_[sizeof(std::shared_ptr<T>) / sizeof(void*)];
  };
  static_assert(sizeof(std::shared_ptr<T>) % sizeof(void*) == 0);
};

} // namespace tessera::memory
