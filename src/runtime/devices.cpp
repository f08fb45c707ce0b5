#include <cstdlib>
#include <cstring>

#include "cpu/cpu_device.hpp"
#include "sycl/device_selector.hpp"
#if defined(TESSERA_WITH_CUDA)
#include "tessera/backend/cuda/runtime.hpp"
#endif

namespace tessera::runtime {

const std::vector<const device_impl*>& all_devices() {
  static const std::vector<const device_impl*> devices = [] {
    std::vector<const device_impl*> all{&cpu::device()};
#if defined(TESSERA_WITH_CUDA)
    static const std::vector<device_impl> gpus = cuda::discover();
    for (const auto& g : gpus) all.push_back(&g);
#endif
    return all;
  }();
  return devices;
}

} // namespace tessera::runtime

namespace sycl {

namespace {
using tessera::runtime::device_kind;

// TESSERA_DEVICE=cpu|gpu narrows what the default selector may pick.
const char* wanted_kind() {
  const char* s = std::getenv("TESSERA_DEVICE");
  return s && *s ? s : nullptr;
}
} // namespace

int default_selector_v(const device& d) {
  if (const char* want = wanted_kind()) {
    const bool match = (std::strcmp(want, "cpu") == 0 && d.is_cpu()) || (std::strcmp(want, "gpu") == 0 && d.is_gpu());
    return match ? 1000 : -1;
  }
  return d.is_gpu() ? 500 : 100;
}
int cpu_selector_v(const device& d) { return d.is_cpu() ? 1000 : -1; }
int gpu_selector_v(const device& d) { return d.is_gpu() ? 1000 : -1; }
int accelerator_selector_v(const device&) { return -1; }

namespace detail {
const tessera::runtime::device_impl* select(const std::function<int(const device&)>& selector) {
  const tessera::runtime::device_impl* best = nullptr;
  int best_score = -1;
  for (const auto* impl : tessera::runtime::all_devices()) {
    const int score = selector(device(impl));
    if (score >= 0 && score > best_score) best = impl, best_score = score;
  }
  if (!best)
    throw exception(errc::runtime, "no device satisfies the selector (devices: " +
                                       std::to_string(tessera::runtime::all_devices().size()) +
                                       "; TESSERA_DEVICE=" + (wanted_kind() ? wanted_kind() : "unset") + ")");
  return best;
}
} // namespace detail

device::device() : impl_(detail::select(default_selector_v)) {}

std::vector<device> device::get_devices(info::device_type type) {
  std::vector<device> out;
  for (const auto* impl : tessera::runtime::all_devices()) {
    device d(impl);
    if (type == info::device_type::all || type == info::device_type::automatic ||
        (type == info::device_type::cpu && d.is_cpu()) || (type == info::device_type::gpu && d.is_gpu()))
      out.push_back(d);
  }
  return out;
}

bool device::has(aspect a) const {
  switch (a) {
  case aspect::cpu: return is_cpu();
  case aspect::gpu: return is_gpu();
  case aspect::fp64:
  case aspect::atomic64:
  case aspect::queue_profiling:
  case aspect::usm_device_allocations:
  case aspect::usm_host_allocations:
  case aspect::usm_shared_allocations:
  case aspect::usm_atomic_host_allocations:
  case aspect::usm_atomic_shared_allocations: return true;
  case aspect::host_debuggable:
  case aspect::usm_system_allocations: return is_cpu();
  default: return false;
  }
}

platform::platform() : kind_(device().impl().kind) {}

std::vector<device> platform::get_devices(info::device_type type) const {
  std::vector<device> out;
  for (auto& d : device::get_devices(type))
    if (d.impl().kind == kind_) out.push_back(d);
  return out;
}

bool platform::has(aspect a) const {
  for (auto& d : get_devices())
    if (!d.has(a)) return false;
  return true;
}

std::vector<platform> platform::get_platforms() {
  std::vector<platform> out;
  for (const auto* impl : tessera::runtime::all_devices())
    if (std::find(out.begin(), out.end(), platform(impl->kind)) == out.end()) out.emplace_back(impl->kind);
  return out;
}

std::string platform::info_name() const {
  return kind_ == device_kind::cpu ? "Tessera CPU (fibers on a thread pool)" : "Tessera CUDA";
}

} // namespace sycl
