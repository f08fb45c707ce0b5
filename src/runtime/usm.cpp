#include <cstdint>
#include <cstdlib>
#include <map>
#include <mutex>
#include <new>

#include "sycl/usm.hpp"
#if defined(TESSERA_WITH_CUDA)
#include "tessera/backend/cuda/runtime.hpp"
#endif

namespace sycl {

namespace {
// Every live allocation, by address, so that get_pointer_type can also answer for interior pointers.
struct registry {
  struct entry {
    std::size_t bytes;
    usm::alloc kind;
    const tessera::runtime::device_impl* dev;
    void* base; // what the backend allocated: a larger block when the alignment asked for it
  };
  std::mutex mutex;
  std::map<const char*, entry> live;

  static registry& instance() {
    static registry r;
    return r;
  }
  const entry* find(const void* p) {
    auto* c = static_cast<const char*>(p);
    auto it = live.upper_bound(c);
    if (it == live.begin()) return nullptr;
    --it;
    return c < it->first + std::max<std::size_t>(it->second.bytes, 1) ? &it->second : nullptr;
  }
};
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
  void* base = d.is_gpu() ? gpu_alloc(d, bytes, alignment, kind)
                          : std::aligned_alloc(alignment, (bytes + alignment - 1) / alignment * alignment);
  if (!base) return nullptr; // the spec's way to report exhaustion
  void* p = align_up(base, alignment);
  auto& r = registry::instance();
  std::lock_guard lock(r.mutex);
  r.live[static_cast<const char*>(p)] = {bytes, kind, &d.impl(), base};
  return p;
}

void free(void* ptr, const context&) {
  if (!ptr) return;
  auto& r = registry::instance();
  registry::entry e{};
  {
    std::lock_guard lock(r.mutex);
    auto it = r.live.find(static_cast<const char*>(ptr));
    if (it == r.live.end()) throw exception(errc::invalid, "free: the pointer is not a live USM allocation");
    e = it->second;
    r.live.erase(it);
  }
#if defined(TESSERA_WITH_CUDA)
  if (e.dev->kind == tessera::runtime::device_kind::gpu) return tessera::cuda::usm_free(e.base, e.kind);
#endif
  std::free(e.base);
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
