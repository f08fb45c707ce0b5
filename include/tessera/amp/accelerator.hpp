#pragma once
#include <sycl/sycl.hpp>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "tessera/amp/exceptions.hpp"

namespace concurrency {

enum queuing_mode { queuing_mode_immediate, queuing_mode_automatic };

namespace detail {
// An accelerator_view is an in-order SYCL queue: C++ AMP orders the commands of a view as issued.
// Errors of its kernels are kept until a wait, which throws them as runtime_exception (C++ AMP
// has no asynchronous handler); a view destroyed with errors unseen drops them, as C++ AMP did.
struct view_state {
  std::mutex mutex;
  std::vector<std::exception_ptr> errors;
  sycl::queue queue;

  explicit view_state(const sycl::device& d)
      : queue(d, [this](sycl::exception_list l) { keep(l); }, sycl::property::queue::in_order{}) {}
  void keep(const sycl::exception_list& l) {
    std::lock_guard lock(mutex);
    for (auto& e : l) errors.push_back(e);
  }
};

// SYCL errors as C++ AMP reports them: runtime_exception with the HRESULT closest to the errc.
[[noreturn]] inline void rethrow_as_amp(const sycl::exception& e) {
  const auto c = e.code().value();
  using sycl::errc;
  if (c == int(errc::nd_range) || c == int(errc::invalid) || c == int(errc::kernel_argument))
    throw runtime_exception(e.what(), E_INVALIDARG);
  if (c == int(errc::memory_allocation)) throw out_of_memory(e.what());
  if (c == int(errc::feature_not_supported) || c == int(errc::kernel_not_supported)) throw unsupported_feature(e.what());
  throw runtime_exception(e.what(), E_FAIL);
}
template <typename F>
decltype(auto) as_amp(F&& f) {
  try {
    return f();
  } catch (const sycl::exception& e) {
    rethrow_as_amp(e);
  }
}
} // namespace detail

class accelerator;

// A queue of commands on one accelerator.
class accelerator_view {
public:
  accelerator get_accelerator() const;
  bool get_is_debug() const { return false; }
  unsigned int get_version() const { return 0x10000; }
  queuing_mode get_queuing_mode() const { return queuing_mode_automatic; }
  bool get_is_auto_selection() const { return false; }
  void flush() const {}
  // Waits for every command of the view; throws the first error of its kernels.
  void wait() const {
    detail::as_amp([&] { state_->queue.wait_and_throw(); }); // hands kernel errors to keep()
    std::exception_ptr first;
    {
      std::lock_guard lock(state_->mutex);
      if (state_->errors.empty()) return;
      first = state_->errors.front();
      state_->errors.clear();
    }
    detail::as_amp([&] { std::rethrow_exception(first); });
  }
  friend bool operator==(const accelerator_view& a, const accelerator_view& b) { return a.state_ == b.state_; }
  friend bool operator!=(const accelerator_view& a, const accelerator_view& b) { return !(a == b); }

  // Tessera: the SYCL queue behind the view, for mixing AMP and SYCL code.
  sycl::queue& get_sycl_queue() const { return state_->queue; }

private:
  friend class accelerator;
  explicit accelerator_view(std::shared_ptr<detail::view_state> s) : state_(std::move(s)) {}
  std::shared_ptr<detail::view_state> state_;
};

// A device. The paths are Tessera's ("tessera:cpu", "tessera:gpu0", ...) and Windows' names of the
// accelerators that ran kernels without a GPU: cpu_accelerator, direct3d_warp and direct3d_ref
// all name the CPU device, which runs kernels here.
class accelerator {
public:
  static constexpr wchar_t default_accelerator[] = L"default";
  static constexpr wchar_t cpu_accelerator[] = L"cpu";
  static constexpr wchar_t direct3d_warp[] = L"direct3d\\warp";
  static constexpr wchar_t direct3d_ref[] = L"direct3d\\ref";

  accelerator() : accelerator(std::wstring(default_accelerator)) {}
  explicit accelerator(const std::wstring& path) : device_(find(path)) {}
  explicit accelerator(const sycl::device& d) : device_(d) {}

  static std::vector<accelerator> get_all() {
    std::vector<accelerator> all;
    for (const auto& d : sycl::device::get_devices()) all.emplace_back(d);
    return all;
  }
  static bool set_default(const std::wstring& path) {
    std::lock_guard lock(registry().mutex);
    if (registry().default_used) return false;
    registry().default_path = path;
    return true;
  }
  static accelerator_view get_auto_selection_view() { return accelerator().get_default_view(); }

  accelerator_view get_default_view() const {
    auto& r = registry();
    std::lock_guard lock(r.mutex);
    for (auto& [d, v] : r.default_views)
      if (d == device_) return v;
    r.default_views.emplace_back(device_, accelerator_view(std::make_shared<detail::view_state>(device_)));
    return r.default_views.back().second;
  }
  accelerator_view create_view(queuing_mode = queuing_mode_automatic) const {
    return accelerator_view(std::make_shared<detail::view_state>(device_));
  }

  std::wstring get_device_path() const {
    if (device_.is_cpu()) return L"tessera:cpu";
    return L"tessera:gpu" + std::to_wstring(gpu_ordinal());
  }
  std::wstring get_description() const {
    const auto name = device_.get_info<sycl::info::device::name>();
    return std::wstring(name.begin(), name.end());
  }
  unsigned int get_version() const { return 0x10000; }
  bool get_has_display() const { return false; }
  std::size_t get_dedicated_memory() const {
    return device_.is_cpu() ? 0 : device_.get_info<sycl::info::device::global_mem_size>() / 1024;
  }
  bool get_supports_double_precision() const { return true; }
  bool get_supports_limited_double_precision() const { return true; }
  bool get_is_debug() const { return false; }
  bool get_is_emulated() const { return device_.is_cpu(); }
  bool get_supports_cpu_shared_memory() const { return device_.is_cpu(); }
  friend bool operator==(const accelerator& a, const accelerator& b) { return a.device_ == b.device_; }
  friend bool operator!=(const accelerator& a, const accelerator& b) { return !(a == b); }

  // Tessera: the SYCL device behind the accelerator.
  const sycl::device& get_sycl_device() const { return device_; }

private:
  struct views {
    std::mutex mutex;
    std::wstring default_path = default_accelerator;
    bool default_used = false;
    std::vector<std::pair<sycl::device, accelerator_view>> default_views;
  };
  // Never destroyed: its queues must not outlive the runtime that static destruction tears down.
  static views& registry() {
    static auto* r = new views;
    return *r;
  }
  static sycl::device find(std::wstring path) {
    if (path == default_accelerator) {
      std::lock_guard lock(registry().mutex);
      registry().default_used = true;
      path = registry().default_path;
    }
    if (path == default_accelerator) return sycl::device(sycl::default_selector_v);
    for (const auto& d : sycl::device::get_devices())
      if (accelerator(d).get_device_path() == path ||
          (d.is_cpu() && (path == cpu_accelerator || path == direct3d_warp || path == direct3d_ref)))
        return d;
    throw runtime_exception("no accelerator has this device path", E_INVALIDARG);
  }
  std::size_t gpu_ordinal() const {
    std::size_t n = 0;
    for (const auto& d : sycl::device::get_devices()) {
      if (d == device_) return n;
      n += d.is_gpu();
    }
    return n;
  }

  sycl::device device_;
};

inline accelerator accelerator_view::get_accelerator() const { return accelerator(state_->queue.get_device()); }

} // namespace concurrency
