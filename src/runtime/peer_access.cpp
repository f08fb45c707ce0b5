#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "sycl/device.hpp"
#if defined(TESSERA_WITH_CUDA)
#include "tessera/backend/cuda/runtime.hpp"
#endif

// DPC++'s sycl_ext_oneapi_peer_access (include/sycl/device.hpp says what each backend answers).
namespace sycl {

namespace {
using tessera::runtime::device_impl;

// The pairs (device, peer) whose access was enabled, so that enabling twice or disabling what
// is not enabled is reported the same way on both backends.
struct enabled_pairs {
  std::mutex mutex;
  std::set<std::pair<const device_impl*, const device_impl*>> pairs;
  static enabled_pairs& instance() {
    static auto* p = new enabled_pairs;
    return *p;
  }
};

std::string pair_name(const device& d, const device& peer) {
  return "from " + d.impl().name + " to " + peer.impl().name;
}

void check_supported(const device& d, const device& peer, const char* op) {
  if (!d.ext_oneapi_can_access_peer(peer))
    throw exception(errc::feature_not_supported,
                    std::string(op) + ": peer access " + pair_name(d, peer) + " is not supported");
}
} // namespace

bool device::ext_oneapi_can_access_peer(const device& peer, ext::oneapi::peer_access value) const {
  if (*this == peer) return true;
  if (impl_->kind != peer.impl_->kind) return false;
  if (is_cpu()) return true; // one process's memory
#if defined(TESSERA_WITH_CUDA)
  return tessera::cuda::can_access_peer(*impl_, *peer.impl_, value == ext::oneapi::peer_access::atomics_supported);
#else
  (void)value;
  return false;
#endif
}

void device::ext_oneapi_enable_peer_access(const device& peer) const {
  check_supported(*this, peer, "ext_oneapi_enable_peer_access");
  if (*this == peer) return;
  auto& e = enabled_pairs::instance();
  std::lock_guard lock(e.mutex);
  if (!e.pairs.emplace(impl_, peer.impl_).second)
    throw exception(errc::invalid, "ext_oneapi_enable_peer_access: access " + pair_name(*this, peer) +
                                       " is already enabled");
#if defined(TESSERA_WITH_CUDA)
  if (is_gpu()) {
    try {
      tessera::cuda::set_peer_access(*impl_, *peer.impl_, true);
    } catch (...) {
      e.pairs.erase({impl_, peer.impl_});
      throw;
    }
  }
#endif
}

void device::ext_oneapi_disable_peer_access(const device& peer) const {
  check_supported(*this, peer, "ext_oneapi_disable_peer_access");
  if (*this == peer) return;
  auto& e = enabled_pairs::instance();
  std::lock_guard lock(e.mutex);
  if (e.pairs.erase({impl_, peer.impl_}) == 0)
    throw exception(errc::invalid, "ext_oneapi_disable_peer_access: access " + pair_name(*this, peer) +
                                       " is not enabled");
#if defined(TESSERA_WITH_CUDA)
  if (is_gpu()) tessera::cuda::set_peer_access(*impl_, *peer.impl_, false);
#endif
}

} // namespace sycl
