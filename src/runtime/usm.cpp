#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "runtime/address_sanitizer.hpp"
#include "sycl/usm.hpp"
#include "tessera/runtime/usm_check.hpp"
#if defined(TESSERA_WITH_CUDA)
#include "tessera/backend/cuda/runtime.hpp"
#endif

namespace {
using tessera::runtime::device_impl;

// Every live allocation, by address, so that get_pointer_type can also answer for interior
// pointers; and the most recently freed ones, whose memory is held back (up to a bound) so that
// a pointer into them still means "freed" and not whatever the host allocated there next.
struct registry {
  struct entry {
    std::size_t bytes;
    sycl::usm::alloc kind;
    const device_impl* dev;
    void* base;             // what the backend allocated: a larger block when the alignment asked for it
    std::size_t reserved;   // bytes from the pointer handed out to the end of `base`'s block
    std::size_t pinned = 0; // pending commands that use it
  };
  static constexpr std::size_t quarantine_entries = 256;
  static constexpr std::size_t quarantine_bytes = std::size_t{64} << 20;

  std::mutex mutex;
  std::map<const char*, entry> live;
  std::map<const char*, entry> freed;
  std::deque<const char*> freed_order;
  std::size_t freed_bytes = 0;

  // Never destroyed: frees from static destructors still find it, and the memory held in
  // quarantine stays reachable (no leak) until the process ends.
  static registry& instance() {
    static registry* r = new registry;
    return *r;
  }
  static std::map<const char*, entry>::iterator find_in(std::map<const char*, entry>& m, const void* p) {
    auto* c = static_cast<const char*>(p);
    auto it = m.upper_bound(c);
    if (it == m.begin()) return m.end();
    --it;
    return c < it->first + std::max<std::size_t>(it->second.bytes, 1) ? it : m.end();
  }
  entry* find(const void* p) {
    auto it = find_in(live, p);
    return it == live.end() ? nullptr : &it->second;
  }
  // Moves a freed allocation into quarantine; returns what leaves it, for the caller to release
  // outside the lock.
  std::vector<entry> quarantine(const char* p, entry e) {
    freed_bytes += e.bytes;
    freed[p] = e;
    freed_order.push_back(p);
    std::vector<entry> out;
    while (freed_order.size() > quarantine_entries || freed_bytes > quarantine_bytes) {
      auto it = freed.find(freed_order.front());
      freed_order.pop_front();
      freed_bytes -= it->second.bytes;
      out.push_back(it->second);
      freed.erase(it);
    }
    return out;
  }
};

// Under AddressSanitizer (check mode), the bytes the block holds past the allocation (the size is
// rounded up to the alignment), and all of it while freed, are poisoned: an access there is
// reported, as one past an allocation of the program's own is.
void poison_unused(const char* p, const registry::entry& e) {
  if (e.dev->kind == tessera::runtime::device_kind::cpu)
    tessera::runtime::address_sanitizer::poison(p + e.bytes, e.reserved - e.bytes);
}
void poison_freed(const char* p, const registry::entry& e) {
  if (e.dev->kind == tessera::runtime::device_kind::cpu) tessera::runtime::address_sanitizer::poison(p, e.reserved);
}

void release(const registry::entry& e) {
#if defined(TESSERA_WITH_CUDA)
  if (e.dev->kind == tessera::runtime::device_kind::gpu) return tessera::cuda::usm_free(e.base, e.kind);
#endif
  std::free(e.base);
}

std::string describe(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}
} // namespace

namespace tessera::runtime {

void usm_pin::release() {
  if (released_.exchange(true, std::memory_order_acq_rel)) return;
  auto& r = registry::instance();
  std::lock_guard lock(r.mutex);
  if (auto it = r.live.find(base_); it != r.live.end()) --it->second.pinned;
}

std::shared_ptr<usm_pin> check_usm_range(const void* p, std::size_t bytes, const char* op, const char* arg, bool pin) {
  if (bytes == 0) return nullptr;
  const std::string what = std::string(op) + ": " + arg;
  if (!p) throw sycl::exception(sycl::errc::invalid, what + " is a null pointer, with " + std::to_string(bytes) + " bytes to access");
  auto& r = registry::instance();
  std::lock_guard lock(r.mutex);
  auto it = registry::find_in(r.live, p);
  if (it == r.live.end()) {
    if (registry::find_in(r.freed, p) != r.freed.end())
      throw sycl::exception(sycl::errc::invalid, what + " (" + describe(p) + ") points into USM memory that was freed");
    return nullptr; // the host's own memory
  }
  const std::size_t offset = static_cast<std::size_t>(static_cast<const char*>(p) - it->first);
  if (bytes > it->second.bytes - offset)
    throw sycl::exception(sycl::errc::invalid, what + ": " + std::to_string(bytes) + " bytes at offset " +
                                                   std::to_string(offset) + " overrun its USM allocation of " +
                                                   std::to_string(it->second.bytes) + " bytes");
  if (!pin) return nullptr;
  ++it->second.pinned;
  return std::make_shared<usm_pin>(it->first);
}

bool usm_block_at(const void* p, usm_block& out) {
  auto& r = registry::instance();
  std::lock_guard lock(r.mutex);
  auto it = registry::find_in(r.live, p);
  const bool freed = it == r.live.end();
  if (freed && (it = registry::find_in(r.freed, p)) == r.freed.end()) return false;
  const auto kind = it->second.kind;
  out = {it->first, it->second.bytes,
         kind == sycl::usm::alloc::device ? "malloc_device"
         : kind == sycl::usm::alloc::host ? "malloc_host"
                                          : "malloc_shared",
         freed};
  return true;
}

} // namespace tessera::runtime

namespace sycl {

namespace {
// CUDA's allocations are aligned to 256 bytes; a larger alignment over-allocates and rounds up.
void* gpu_alloc([[maybe_unused]] const device& d, [[maybe_unused]] std::size_t bytes, std::size_t alignment,
                [[maybe_unused]] usm::alloc kind) {
#if defined(TESSERA_WITH_CUDA)
  return tessera::cuda::usm_alloc(d.impl(), alignment > 256 ? bytes + alignment : bytes, kind);
#else
  (void)alignment;
  return nullptr;
#endif
}

void* align_up(void* p, std::size_t alignment) {
  const auto v = reinterpret_cast<std::uintptr_t>(p);
  return reinterpret_cast<void*>((v + alignment - 1) / alignment * alignment);
}
} // namespace

void* aligned_alloc(std::size_t alignment, std::size_t bytes, const device& d, const context&, usm::alloc kind,
                    const property_list&) {
  if (kind == usm::alloc::unknown) throw exception(errc::invalid, "malloc: usm::alloc::unknown is not a kind of memory");
  if (bytes == 0) return nullptr;
  alignment = std::max<std::size_t>(alignment, 64);
  if (alignment & (alignment - 1)) return nullptr;
  const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  void* base = d.is_gpu() ? gpu_alloc(d, bytes, alignment, kind) : std::aligned_alloc(alignment, rounded);
  if (!base) return nullptr; // the spec's way to report exhaustion
  auto* p = static_cast<const char*>(align_up(base, alignment));
  const registry::entry e{bytes, kind, &d.impl(), base, d.is_gpu() ? bytes : rounded};
  poison_unused(p, e);
  auto& r = registry::instance();
  std::lock_guard lock(r.mutex);
  r.live[p] = e;
  return const_cast<char*>(p);
}

// Freeing memory that a pending memcpy, memset or fill still uses is rejected (DPC++ leaves it
// undefined); a kernel's use of it cannot be seen.
void free(void* ptr, const context&) {
  if (!ptr) return;
  auto& r = registry::instance();
  std::vector<registry::entry> released;
  {
    std::lock_guard lock(r.mutex);
    auto* p = static_cast<const char*>(ptr);
    auto it = r.live.find(p);
    if (it == r.live.end()) {
      const bool was_freed = r.freed.count(p) != 0;
      throw exception(errc::invalid, was_freed ? "free: the pointer was already freed"
                                               : "free: the pointer is not a live USM allocation");
    }
    if (it->second.pinned)
      throw exception(errc::invalid, "free: the allocation is in use by " + std::to_string(it->second.pinned) +
                                         " pending command(s); wait for them first");
    poison_freed(p, it->second);
    released = r.quarantine(p, it->second);
    r.live.erase(it);
  }
  for (auto& e : released) release(e);
}

usm::alloc get_pointer_type(const void* ptr, const context&) {
  auto& r = registry::instance();
  std::lock_guard lock(r.mutex);
  const auto* e = r.find(ptr);
  return e ? e->kind : usm::alloc::unknown;
}

device get_pointer_device(const void* ptr, const context&) {
  auto& r = registry::instance();
  std::lock_guard lock(r.mutex);
  const auto* e = r.find(ptr);
  if (!e) throw exception(errc::invalid, "get_pointer_device: the pointer is not a USM allocation");
  return device(e->dev);
}

} // namespace sycl
