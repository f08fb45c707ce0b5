#include <cuda_runtime.h>

#include <cstdint>
#include <map>
#include <mutex>

#include "tessera/backend/cuda/runtime.hpp"

namespace tessera::cuda {

namespace {
constexpr std::uintptr_t page = 4096;

// How many live mappings cover each registered page: cudaHostRegister refuses a page twice, and
// two AMP arrays may share one.
struct page_counts {
  std::mutex mutex;
  std::map<std::uintptr_t, unsigned> count;
  static page_counts& instance() {
    static auto* p = new page_counts; // outlives every static array that unmaps at exit
    return *p;
  }
};

template <typename F>
void for_each_page(const void* p, std::size_t bytes, F f) {
  const auto first = reinterpret_cast<std::uintptr_t>(p) / page * page;
  const auto last = reinterpret_cast<std::uintptr_t>(p) + (bytes ? bytes : 1);
  for (auto a = first; a < last; a += page) f(a);
}
} // namespace

// With unified addressing, registered host memory has the same address on the device
// (cudaDevAttrCanUseHostPointerForRegisteredMem, true on x86-64 Linux).
void map_host_pages(const void* p, std::size_t bytes) {
  auto& pc = page_counts::instance();
  std::lock_guard lock(pc.mutex);
  for_each_page(p, bytes, [&](std::uintptr_t a) {
    auto& n = pc.count[a];
    if (n == 0)
      throw_if_error(cudaHostRegister(reinterpret_cast<void*>(a), page, cudaHostRegisterMapped),
                     "cudaHostRegister (a C++ AMP array's host object)");
    ++n;
  });
}

void unmap_host_pages(const void* p, std::size_t bytes) {
  auto& pc = page_counts::instance();
  std::lock_guard lock(pc.mutex);
  for_each_page(p, bytes, [&](std::uintptr_t a) {
    auto it = pc.count.find(a);
    if (it == pc.count.end() || --it->second) return;
    pc.count.erase(it);
    cudaHostUnregister(reinterpret_cast<void*>(a));
  });
}

} // namespace tessera::cuda
