#pragma once
#include <cstddef>
#include <limits>
#include <new>

#include "sycl/context.hpp"
#include "sycl/queue.hpp"
#include "sycl/usm_enums.hpp"

namespace sycl {

// SYCL 2020 §4.8. Every allocation records its kind so that get_pointer_type can answer.
void* aligned_alloc(std::size_t alignment, std::size_t bytes, const device& d, const context& c, usm::alloc kind,
                    const property_list& props = {});
void free(void* ptr, const context& c);
inline void free(void* ptr, const queue& q) { sycl::free(ptr, q.get_context()); }
usm::alloc get_pointer_type(const void* ptr, const context& c);
device get_pointer_device(const void* ptr, const context& c);

inline void* aligned_alloc(std::size_t alignment, std::size_t bytes, const queue& q, usm::alloc kind,
                           const property_list& props = {}) {
  return sycl::aligned_alloc(alignment, bytes, q.get_device(), q.get_context(), kind, props);
}
inline void* malloc(std::size_t bytes, const device& d, const context& c, usm::alloc kind, const property_list& p = {}) {
  return sycl::aligned_alloc(0, bytes, d, c, kind, p);
}
inline void* malloc(std::size_t bytes, const queue& q, usm::alloc kind, const property_list& p = {}) {
  return sycl::aligned_alloc(0, bytes, q, kind, p);
}
template <typename T>
T* malloc(std::size_t count, const device& d, const context& c, usm::alloc kind, const property_list& p = {}) {
  return static_cast<T*>(sycl::aligned_alloc(alignof(T), count * sizeof(T), d, c, kind, p));
}
template <typename T>
T* aligned_alloc(std::size_t alignment, std::size_t count, const device& d, const context& c, usm::alloc kind,
                 const property_list& p = {}) {
  return static_cast<T*>(sycl::aligned_alloc(alignment, count * sizeof(T), d, c, kind, p));
}
template <typename T>
T* malloc(std::size_t count, const queue& q, usm::alloc kind, const property_list& p = {}) {
  return static_cast<T*>(sycl::aligned_alloc(alignof(T), count * sizeof(T), q, kind, p));
}
template <typename T>
T* aligned_alloc(std::size_t alignment, std::size_t count, const queue& q, usm::alloc kind, const property_list& p = {}) {
  return static_cast<T*>(sycl::aligned_alloc(alignment, count * sizeof(T), q, kind, p));
}

#define TESSERA_USM_KIND(kind)                                                                                        \
  inline void* malloc_##kind(std::size_t bytes, const device& d, const context& c, const property_list& p = {}) {     \
    return sycl::aligned_alloc(0, bytes, d, c, usm::alloc::kind, p);                                                 \
  }                                                                                                                   \
  inline void* malloc_##kind(std::size_t bytes, const queue& q, const property_list& p = {}) {                       \
    return sycl::aligned_alloc(0, bytes, q, usm::alloc::kind, p);                                                    \
  }                                                                                                                   \
  template <typename T> T* malloc_##kind(std::size_t count, const queue& q, const property_list& p = {}) {           \
    return static_cast<T*>(sycl::aligned_alloc(alignof(T), count * sizeof(T), q, usm::alloc::kind, p));              \
  }                                                                                                                   \
  template <typename T>                                                                                               \
  T* malloc_##kind(std::size_t count, const device& d, const context& c, const property_list& p = {}) {              \
    return static_cast<T*>(sycl::aligned_alloc(alignof(T), count * sizeof(T), d, c, usm::alloc::kind, p));           \
  }                                                                                                                   \
  inline void* aligned_alloc_##kind(std::size_t a, std::size_t bytes, const queue& q, const property_list& p = {}) {  \
    return sycl::aligned_alloc(a, bytes, q, usm::alloc::kind, p);                                                    \
  }                                                                                                                   \
  template <typename T>                                                                                               \
  T* aligned_alloc_##kind(std::size_t a, std::size_t count, const queue& q, const property_list& p = {}) {           \
    return static_cast<T*>(sycl::aligned_alloc(a, count * sizeof(T), q, usm::alloc::kind, p));                       \
  }                                                                                                                   \
  inline void* aligned_alloc_##kind(std::size_t a, std::size_t bytes, const device& d, const context& c,             \
                                    const property_list& p = {}) {                                                   \
    return sycl::aligned_alloc(a, bytes, d, c, usm::alloc::kind, p);                                                 \
  }                                                                                                                   \
  template <typename T>                                                                                               \
  T* aligned_alloc_##kind(std::size_t a, std::size_t count, const device& d, const context& c,                       \
                          const property_list& p = {}) {                                                             \
    return static_cast<T*>(sycl::aligned_alloc(a, count * sizeof(T), d, c, usm::alloc::kind, p));                    \
  }
TESSERA_USM_KIND(device)
TESSERA_USM_KIND(host)
TESSERA_USM_KIND(shared)
#undef TESSERA_USM_KIND

// Host allocations need no device; the context's first stands for it.
inline void* aligned_alloc_host(std::size_t alignment, std::size_t bytes, const context& c, const property_list& p = {}) {
  return sycl::aligned_alloc(alignment, bytes, c.get_devices().front(), c, usm::alloc::host, p);
}
inline void* malloc_host(std::size_t bytes, const context& c, const property_list& p = {}) {
  return sycl::aligned_alloc_host(0, bytes, c, p);
}
template <typename T>
T* aligned_alloc_host(std::size_t alignment, std::size_t count, const context& c, const property_list& p = {}) {
  return static_cast<T*>(sycl::aligned_alloc_host(alignment, count * sizeof(T), c, p));
}
template <typename T>
T* malloc_host(std::size_t count, const context& c, const property_list& p = {}) {
  return sycl::aligned_alloc_host<T>(alignof(T), count, c, p);
}

// SYCL 2020 §4.8.4: a standard allocator over USM.
template <typename T, usm::alloc Kind, std::size_t Alignment = 0>
class usm_allocator {
public:
  using value_type = T;
  template <typename U> struct rebind { using other = usm_allocator<U, Kind, Alignment>; };

  usm_allocator(const queue& q, const property_list& = {}) : device_(q.get_device()), context_(q.get_context()) {}
  usm_allocator(const context& c, const device& d, const property_list& = {}) : device_(d), context_(c) {}
  template <typename U>
  usm_allocator(const usm_allocator<U, Kind, Alignment>& o) : device_(o.device_), context_(o.context_) {}

  T* allocate(std::size_t n) {
    static_assert(Kind != usm::alloc::device, "usm_allocator cannot allocate device memory: the host could not use it");
    if (n > std::numeric_limits<std::size_t>::max() / sizeof(T)) throw std::bad_alloc();
    return static_cast<T*>(sycl::aligned_alloc(Alignment ? Alignment : alignof(T), n * sizeof(T), device_, context_, Kind));
  }
  void deallocate(T* p, std::size_t) { sycl::free(p, context_); }
  const device& get_device() const { return device_; }

  // Equal when memory from one can be freed by the other: the same kind, context and device
  // (§4.8.4). Allocators of different kinds compare, unequal.
  template <typename U, usm::alloc K, std::size_t A>
  friend bool operator==(const usm_allocator& a, const usm_allocator<U, K, A>& b) {
    return a.same_place(b);
  }
  template <typename U, usm::alloc K, std::size_t A>
  friend bool operator!=(const usm_allocator& a, const usm_allocator<U, K, A>& b) {
    return !(a == b);
  }

private:
  template <typename U, usm::alloc K, std::size_t A>
  bool same_place(const usm_allocator<U, K, A>& o) const {
    return K == Kind && context_ == o.context_ && device_ == o.device_;
  }
  template <typename, usm::alloc, std::size_t> friend class usm_allocator;
  device device_;
  context context_;
};

} // namespace sycl
