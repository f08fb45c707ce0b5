#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "sycl/handler.hpp"
#include "tessera/memory/local_binding.hpp"
#include "tessera/backend/cpu/range_launch.hpp"
#if defined(TESSERA_WITH_CUDA)
#include "tessera/backend/cuda/runtime.hpp"
#endif

namespace tessera::runtime {

std::size_t reserve_local(sycl::handler& h, std::size_t bytes, std::size_t align) {
  const std::size_t offset = (h.local_bytes_ + align - 1) / align * align;
  h.local_bytes_ = offset + bytes;
  return offset;
}

void* require(sycl::handler& h, const std::shared_ptr<buffer_impl>& b, sycl::access_mode m) {
  h.cg_.requirements.push_back({b, m});
  return b->data_for(h.device_.impl());
}

namespace {
thread_local sycl::handler* copying_kernel = nullptr;
}

void* placeholder_base(const std::shared_ptr<buffer_impl>& b) {
  return copying_kernel ? copying_kernel->bind_placeholder(b) : nullptr;
}

} // namespace tessera::runtime

namespace sycl {

handler::binding_placeholders::binding_placeholders(handler& h)
    : previous_(tessera::runtime::copying_kernel), previous_capture_flag_(tessera::memory::local_capture_flag) {
  tessera::runtime::copying_kernel = &h;
  tessera::memory::local_capture_flag = &h.captures_local_accessor_;
}
handler::binding_placeholders::~binding_placeholders() {
  tessera::runtime::copying_kernel = previous_;
  tessera::memory::local_capture_flag = previous_capture_flag_;
}

// DPC++ likewise rejects a placeholder accessor that the command group did not require.
void* handler::bind_placeholder(const std::shared_ptr<tessera::runtime::buffer_impl>& b) {
  const bool required =
      std::any_of(cg_.requirements.begin(), cg_.requirements.end(), [&](const auto& r) { return r.buffer == b; });
  if (!required)
    throw exception(errc::kernel_argument, "a placeholder accessor is used in a kernel, but the command group did "
                                           "not call handler::require() with it");
  return b->data_for(device_.impl());
}

void handler::take_command() {
  if (has_command_) throw exception(errc::runtime, "a command group may hold only one command");
  has_command_ = true;
}

void handler::set(tessera::runtime::action a) {
  take_command();
  cg_.run = std::move(a);
}

void handler::cpu_only(const char* what) const {
  if (device_.is_gpu())
    throw exception(errc::feature_not_supported,
                    std::string(what) + " for a GPU queue must be compiled as CUDA (tessera++ --cuda)" +
                        " and be supported by the CUDA backend");
}

void handler::no_local_accessor(const char* kernel_form) const {
  if (captures_local_accessor_)
    throw exception(errc::kernel_argument,
                    std::string("a local_accessor cannot be used in ") + kernel_form + ": it needs an nd_range kernel");
}

// The limit holds for the local memory a kernel uses: local accessors that a command group makes
// but its kernel does not capture take none (the SYCL-CTS makes many beside a dummy kernel).
void handler::check_local_memory() const {
  const std::size_t limit = device_.get_info<info::device::local_mem_size>();
  if (captures_local_accessor_ && local_bytes_ > limit)
    throw exception(errc::memory_allocation, "local memory of the kernel (" + std::to_string(local_bytes_) +
                                                 " bytes) exceeds the device's local_mem_size (" +
                                                 std::to_string(limit) + " bytes)");
}

void handler::check_nd_range(int dims, const std::size_t* global, const std::size_t* local) const {
  const auto& dev = device_.impl();
  std::size_t group = 1;
  for (int d = 0; d < dims; ++d) {
    const std::string dim = " in dimension " + std::to_string(d);
    if (local[d] == 0) throw exception(errc::nd_range, "nd_range: local size is 0" + dim);
    if (global[d] % local[d])
      throw exception(errc::nd_range, "nd_range: global size " + std::to_string(global[d]) +
                                          " is not a multiple of local size " + std::to_string(local[d]) + dim);
    if (local[d] > dev.max_work_item_sizes[3 - dims + d])
      throw exception(errc::nd_range, "nd_range: local size " + std::to_string(local[d]) + dim +
                                          " exceeds the device's max_work_item_sizes (" +
                                          std::to_string(dev.max_work_item_sizes[3 - dims + d]) + ")");
    group *= local[d];
  }
  if (group > dev.max_work_group_size)
    throw exception(errc::nd_range, "nd_range: work-group of " + std::to_string(group) +
                                        " work-items exceeds the device's max_work_group_size (" +
                                        std::to_string(dev.max_work_group_size) + ")");
}

void handler::mismatched_work_group(int dims, const std::size_t* reqd, const std::size_t* local) {
  std::string want, got;
  for (int d = 0; d < dims; ++d) {
    want += (d ? ", " : "") + std::to_string(reqd[d]);
    got += (d ? ", " : "") + std::to_string(local[d]);
  }
  throw exception(errc::nd_range, "the kernel's reqd_work_group_size(" + want + ") is not the launch's local range (" +
                                      got + ")");
}

std::uint32_t handler::sub_group_size() const { return device_.impl().default_sub_group_size; }

// A GPU command's pins would be released only after its stream passed it, later than its
// event completes: there the check is of the arguments alone.
void handler::use_usm(const void* p, std::size_t bytes, const char* op, const char* arg) {
  if (auto pin = tessera::runtime::check_usm_range(p, bytes, op, arg, !on_gpu())) cg_.pins.push_back(std::move(pin));
}

void handler::memcpy(void* dest, const void* src, std::size_t bytes) { copy_bytes(dest, src, bytes, "memcpy"); }

void* handler::device_global_bytes(const void* object, std::size_t size, std::size_t bytes, std::size_t offset,
                                   const char* op) const {
  if (offset > size || bytes > size - offset)
    throw exception(errc::invalid, std::string(op) + ": " + std::to_string(bytes) + " bytes at offset " +
                                       std::to_string(offset) + " overrun the device_global of " + std::to_string(size) +
                                       " bytes");
  const void* instance = object;
#if defined(TESSERA_WITH_CUDA)
  if (device_.is_gpu() && !(instance = tessera::cuda::symbol_address(device_.impl(), object)))
    throw exception(errc::invalid, std::string(op) + ": this device_global has no instance on " +
                                       device_.get_info<info::device::name>() +
                                       ": the translation unit that defines it must be compiled with tessera++ --cuda");
#endif
  return const_cast<char*>(static_cast<const char*>(instance)) + offset;
}

void handler::copy_bytes(void* dest, const void* src, std::size_t bytes, const char* op) {
  trace_as(op);
  use_usm(dest, bytes, op, "dest");
  use_usm(src, bytes, op, "src");
  auto* d = static_cast<char*>(dest);
  auto* s = static_cast<const char*>(src);
#if defined(TESSERA_WITH_CUDA)
  if (device_.is_gpu())
    return on_stream([d, s, bytes](tessera::cuda::stream st) { tessera::cuda::copy(st, d, s, bytes); });
#endif
  set([d, s, bytes](tessera::runtime::completion done) {
    tessera::cpu::execute_chunks(
        (bytes + 4095) / 4096,
        [d, s, bytes](std::size_t first, std::size_t last) {
          const std::size_t b = first * 4096, e = std::min(bytes, last * 4096);
          std::memcpy(d + b, s + b, e - b);
        },
        std::move(done));
  });
}

void handler::memset(void* ptr, int value, std::size_t bytes) {
  trace_as("memset");
  use_usm(ptr, bytes, "memset", "ptr");
  auto* p = static_cast<char*>(ptr);
#if defined(TESSERA_WITH_CUDA)
  if (device_.is_gpu())
    return on_stream([p, value, bytes](tessera::cuda::stream st) { tessera::cuda::fill_bytes(st, p, value, bytes); });
#endif
  set([p, value, bytes](tessera::runtime::completion done) {
    tessera::cpu::execute_chunks(
        (bytes + 4095) / 4096,
        [p, value, bytes](std::size_t first, std::size_t last) {
          const std::size_t b = first * 4096, e = std::min(bytes, last * 4096);
          std::memset(p + b, value, e - b);
        },
        std::move(done));
  });
}

} // namespace sycl
