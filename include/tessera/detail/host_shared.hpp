#pragma once
#include <memory>
#include <new>
#include <utility>

#include "tessera/detail/macros.hpp"

namespace tessera::detail {

// Shared ownership that only the host counts, for SYCL objects that kernels copy (a sycl::stream
// captured by a kernel and copied or moved there, as the SYCL-CTS's reference-semantics tests do).
// The count lives in host memory, which a GPU cannot touch, and clang 19's NVPTX back end cannot
// even compile std::shared_ptr's release (an acquire load of its two 64-bit counts). In device
// code a copy keeps the pointer, which equality and hashing compare, and leaves the owner alone:
// it is neither made nor destroyed there.
template <typename T>
class host_shared {
public:
  host_shared() { make_owner(); }
  explicit host_shared(std::shared_ptr<T> p) : raw_(p.get()) { make_owner(std::move(p)); }
  TESSERA_HOST_DEVICE host_shared(const host_shared& o) : raw_(o.raw_) {
#if !TESSERA_DEVICE_PASS
    make_owner(o.owner_);
#endif
  }
  TESSERA_HOST_DEVICE host_shared(host_shared&& o) noexcept : raw_(o.raw_) {
#if !TESSERA_DEVICE_PASS
    make_owner(std::move(o.owner_));
    o.raw_ = nullptr;
#endif
  }
  TESSERA_HOST_DEVICE host_shared& operator=(const host_shared& o) {
    raw_ = o.raw_;
#if !TESSERA_DEVICE_PASS
    owner_ = o.owner_;
#endif
    return *this;
  }
  TESSERA_HOST_DEVICE host_shared& operator=(host_shared&& o) noexcept {
    raw_ = o.raw_;
#if !TESSERA_DEVICE_PASS
    owner_ = std::move(o.owner_);
    o.raw_ = nullptr;
#endif
    return *this;
  }
  TESSERA_HOST_DEVICE ~host_shared() {
#if !TESSERA_DEVICE_PASS
    owner_.~shared_ptr();
#endif
  }

  TESSERA_HOST_DEVICE T* get() const noexcept { return raw_; }
  TESSERA_HOST_DEVICE friend bool operator==(const host_shared& a, const host_shared& b) noexcept { return a.raw_ == b.raw_; }

private:
  template <typename... A> void make_owner(A&&... a) { ::new (static_cast<void*>(&owner_)) std::shared_ptr<T>(std::forward<A>(a)...); }

  T* raw_ = nullptr;
  union {
    std::shared_ptr<T> owner_;
  };
};

} // namespace tessera::detail
