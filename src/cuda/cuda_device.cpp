#include <cuda_runtime_api.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <fstream>
#include <string>

#include "tessera/backend/cuda/runtime.hpp"

namespace tessera::cuda {

namespace {
int attribute(cudaDeviceAttr a, int dev) {
  int v = 0;
  cudaDeviceGetAttribute(&v, a, dev);
  return v;
}

// Optional: 0 is CUDA's answer for what it does not know.
std::optional<std::uint32_t> known_attribute(cudaDeviceAttr a, int dev) {
  const int v = attribute(a, dev);
  return v > 0 ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(v)) : std::nullopt;
}

// domain:bus:device.function in lower case, as sysfs names the device and as DPC++'s Level Zero
// devices answer (CUDA writes the hex digits in upper case).
std::optional<std::string> pci_address(int dev) {
  char id[32] = {};
  if (cudaDeviceGetPCIBusId(id, sizeof id, dev) != cudaSuccess) {
    cudaGetLastError();
    return std::nullopt;
  }
  std::string s = id;
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// The PCI device ID (0x2330 for an H100 SXM), which the extension asks for, read from sysfs. DPC++
// answers CUDA's "PCI device ID" attribute instead, which is the device's number on its bus.
std::optional<std::uint32_t> pci_device_id(const std::optional<std::string>& address) {
  if (!address) return std::nullopt;
  std::ifstream in("/sys/bus/pci/devices/" + *address + "/device");
  std::string hex;
  if (!(in >> hex)) return std::nullopt;
  return static_cast<std::uint32_t>(std::stoul(hex, nullptr, 16));
}

std::uint64_t free_memory(const runtime::device_impl& d) {
  int current = 0;
  cudaGetDevice(&current);
  cudaSetDevice(d.ordinal);
  std::size_t free = 0, total = 0;
  const cudaError_t e = cudaMemGetInfo(&free, &total);
  cudaSetDevice(current);
  throw_if_error(e, "ext::intel::info::device::free_memory (cudaMemGetInfo)");
  return free;
}

runtime::device_impl describe(int dev) {
  cudaDeviceProp p{};
  cudaGetDeviceProperties(&p, dev);
  runtime::device_impl d;
  d.kind = runtime::device_kind::gpu;
  d.name = p.name;
  d.vendor = "NVIDIA Corporation";
  int driver = 0;
  cudaDriverGetVersion(&driver);
  d.driver_version = std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10);
  d.version = std::to_string(p.major) + "." + std::to_string(p.minor);
  d.max_compute_units = static_cast<std::uint32_t>(p.multiProcessorCount);
  d.max_work_group_size = static_cast<std::size_t>(p.maxThreadsPerBlock);
  // SYCL's last dimension is CUDA's x.
  d.max_work_item_sizes[0] = static_cast<std::size_t>(p.maxThreadsDim[2]);
  d.max_work_item_sizes[1] = static_cast<std::size_t>(p.maxThreadsDim[1]);
  d.max_work_item_sizes[2] = static_cast<std::size_t>(p.maxThreadsDim[0]);
  // What a kernel may ask for: launches above 48 KiB raise the kernel's limit themselves.
  d.local_mem_size = p.sharedMemPerBlockOptin;
  d.global_mem_size = p.totalGlobalMem;
  d.max_clock_frequency = static_cast<std::uint32_t>(attribute(cudaDevAttrClockRate, dev) / 1000);
  d.sub_group_sizes = {32};
  d.default_sub_group_size = 32;
  d.max_num_sub_groups = static_cast<std::uint32_t>(p.maxThreadsPerBlock / 32);
  d.global_mem_cache_size = static_cast<std::size_t>(p.l2CacheSize);
  d.ordinal = dev;
  d.pci_address = pci_address(dev);
  d.pci_device_id = pci_device_id(d.pci_address);
  d.uuid.emplace();
  std::copy(std::begin(p.uuid.bytes), std::end(p.uuid.bytes), d.uuid->begin());
  d.memory_clock_khz = known_attribute(cudaDevAttrMemoryClockRate, dev);
  d.memory_bus_width = known_attribute(cudaDevAttrGlobalMemoryBusWidth, dev);
  d.free_memory = free_memory;
  // A GPU on PCIe (an x86 host's) has no atomics that the host's own are atomic with: a device
  // atomic and a host one on the same managed or pinned word can lose an update (the SYCL-CTS's
  // usm category lost some, 64-bit and double, on an H200). Only a link that CUDA says has them
  // (NVLink-C2C, as on a Grace Hopper) gets the aspects.
  d.host_atomics = attribute(cudaDevAttrHostNativeAtomicSupported, dev) != 0;
  return d;
}
} // namespace

std::vector<runtime::device_impl> discover() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError(); // no driver or no GPU: not an error for a CPU-only run
    return {};
  }
  std::vector<runtime::device_impl> out;
  for (int dev = 0; dev < count; ++dev) out.push_back(describe(dev));
  return out;
}

void set_device(const runtime::device_impl& d) { cudaSetDevice(d.ordinal); }

} // namespace tessera::cuda
