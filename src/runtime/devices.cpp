#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cpu/cpu_device.hpp"
#include "sycl/context.hpp"
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

// ONEAPI_DEVICE_SELECTOR, DPC++'s filter: `[!]backend:devices` terms separated by ';', a backend
// being `*`, `native_cpu`, `cuda` (Tessera's two) or another of DPC++'s, which matches nothing;
// devices a comma list of `*`, `cpu`, `gpu`, `fpga` or a number within the backend. As in DPC++,
// a device it does not accept is hidden from every selector and from get_devices/get_platforms;
// with only `!` terms, everything else is accepted.
struct filter_term {
  bool negated;
  std::string backend;
  std::vector<std::string> devices;
};

std::vector<filter_term> parse_filter(const std::string& text) {
  std::vector<filter_term> terms;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(';', start);
    if (end == std::string::npos) end = text.size();
    std::string term = text.substr(start, end - start);
    start = end + 1;
    if (term.empty()) continue;
    filter_term t{term[0] == '!', {}, {}};
    if (t.negated) term.erase(0, 1);
    const std::size_t colon = term.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == term.size())
      throw exception(errc::invalid, "ONEAPI_DEVICE_SELECTOR: '" + term + "' is not of the form backend:devices");
    t.backend = term.substr(0, colon);
    for (std::size_t p = colon + 1; p <= term.size();) {
      std::size_t q = term.find(',', p);
      if (q == std::string::npos) q = term.size();
      t.devices.push_back(term.substr(p, q - p));
      p = q + 1;
    }
    terms.push_back(std::move(t));
  }
  return terms;
}

// The device's number within its backend, as ONEAPI_DEVICE_SELECTOR counts.
std::size_t index_in_backend(const tessera::runtime::device_impl& d) {
  std::size_t n = 0;
  for (const auto* other : tessera::runtime::all_devices()) {
    if (other == &d) return n;
    if (other->kind == d.kind) ++n;
  }
  return n;
}

bool term_matches(const filter_term& t, const tessera::runtime::device_impl& d) {
  const char* own = d.kind == device_kind::cpu ? "native_cpu" : "cuda";
  if (t.backend != "*" && t.backend != own) return false;
  for (const auto& dev : t.devices) {
    if (dev == "*" || (dev == "cpu" && d.kind == device_kind::cpu) || (dev == "gpu" && d.kind == device_kind::gpu))
      return true;
    if (!dev.empty() && dev.find_first_not_of("0123456789") == std::string::npos &&
        std::stoul(dev) == index_in_backend(d))
      return true;
  }
  return false;
}

bool visible(const tessera::runtime::device_impl& d) {
  const char* env = std::getenv("ONEAPI_DEVICE_SELECTOR");
  if (!env || !*env) return true;
  bool any_positive = false, accepted = false;
  for (const auto& t : parse_filter(env)) {
    if (t.negated) {
      if (term_matches(t, d)) return false;
    } else {
      any_positive = true;
      accepted = accepted || term_matches(t, d);
    }
  }
  return accepted || !any_positive;
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
    if (!visible(*impl)) continue;
    const int score = selector(device(impl));
    if (score >= 0 && score > best_score) best = impl, best_score = score;
  }
  if (!best)
    throw exception(errc::runtime, "no device satisfies the selector (devices: " +
                                       std::to_string(tessera::runtime::all_devices().size()) +
                                       "; TESSERA_DEVICE=" + (wanted_kind() ? wanted_kind() : "unset") +
                                       "; ONEAPI_DEVICE_SELECTOR=" +
                                       (std::getenv("ONEAPI_DEVICE_SELECTOR") ? std::getenv("ONEAPI_DEVICE_SELECTOR")
                                                                              : "unset") +
                                       ")");
  return best;
}
} // namespace detail

device::device() : impl_(detail::select(default_selector_v)) {}

std::vector<device> device::get_devices(info::device_type type) {
  std::vector<device> out;
  for (const auto* impl : tessera::runtime::all_devices()) {
    if (!visible(*impl)) continue;
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
  // sycl::half computes through float on both backends (sycl/half.hpp), in kernels, group
  // algorithms and built-ins alike; DPC++'s CPU device has fp16 too.
  case aspect::fp16:
  case aspect::fp64:
  case aspect::atomic64:
  case aspect::queue_profiling:
  case aspect::usm_device_allocations:
  case aspect::usm_host_allocations:
  case aspect::usm_shared_allocations: return true;
  case aspect::usm_atomic_host_allocations:
  case aspect::usm_atomic_shared_allocations: return impl_->host_atomics;
  // The CPU's kernels are host code, and its "device" memory is the process's.
  case aspect::host_debuggable:
  case aspect::usm_system_allocations: return is_cpu();
  // Kernels are compiled with the program, so a bundle's input and object states hold them as
  // compiled, and compile, link and build change only the state (kernel_bundle.hpp). DPC++'s CUDA,
  // HIP and native-CPU devices answer the same (a compiler and a linker are available), and the
  // idiom of an input bundle whose specialization constants are set before build() needs it.
  case aspect::online_compiler:
  case aspect::online_linker: return true;
  // There are no images.
  case aspect::accelerator:
  case aspect::custom:
  case aspect::emulated:
  case aspect::image:
  case aspect::ext_intel_legacy_image: return false;
  // DPC++'s Intel device information (sycl/ext/intel/device_info.hpp): what the backend could tell.
  case aspect::ext_intel_free_memory: return impl_->free_memory != nullptr;
  case aspect::ext_intel_device_id: return impl_->pci_device_id.has_value();
  case aspect::ext_intel_pci_address: return impl_->pci_address.has_value();
  case aspect::ext_intel_device_info_uuid: return impl_->uuid.has_value();
  case aspect::ext_intel_memory_clock_rate: return impl_->memory_clock_khz.has_value();
  case aspect::ext_intel_memory_bus_width: return impl_->memory_bus_width.has_value();
  case aspect::ext_intel_max_mem_bandwidth: return impl_->memory_clock_khz && impl_->memory_bus_width;
  // Intel GPUs' execution units and memory channels: no such thing here, as DPC++ answers for
  // its CUDA devices.
  case aspect::ext_intel_gpu_eu_count:
  case aspect::ext_intel_gpu_eu_simd_width:
  case aspect::ext_intel_gpu_slices:
  case aspect::ext_intel_gpu_subslices_per_slice:
  case aspect::ext_intel_gpu_eu_count_per_subslice:
  case aspect::ext_intel_gpu_hw_threads_per_eu:
  case aspect::ext_intel_mem_channel: return false;
  }
  return false;
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
  for (const auto& d : device::get_devices())
    if (std::find(out.begin(), out.end(), d.get_platform()) == out.end()) out.push_back(d.get_platform());
  return out;
}

context platform::ext_oneapi_get_default_context() const {
  // One per backend, made when first asked for (a platform exists only if it has a device).
  if (kind_ == device_kind::cpu) {
    static const context cpu(*this);
    return cpu;
  }
  static const context gpu(*this);
  return gpu;
}

std::string platform::info_name() const {
  return kind_ == device_kind::cpu ? "Tessera CPU (fibers on a thread pool)" : "Tessera CUDA";
}

} // namespace sycl
