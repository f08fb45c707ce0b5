#pragma once
#include <atomic>
#include <cstddef>
#include <cstring>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "tessera/amp/accelerator.hpp"

namespace concurrency::detail {

// The data behind array_views of one source (a host container or pointer, an array, or storage of
// its own), with a copy on the accelerator of the kernels that use it. C++ AMP copies lazily: to
// the accelerator when a kernel needs it and the host wrote last, back when the host reads after a
// kernel wrote. On a device that shares the host's memory (the CPU) both are one and nothing is copied.
class view_source {
public:
  // Over host memory the user owns (written back when the last view goes).
  view_source(void* host, std::size_t bytes) : host_(host), bytes_(bytes), users_host_(true) {}
  // Storage of its own, for array_view(extent): contents undefined until written, as in C++ AMP.
  explicit view_source(std::size_t bytes) : own_host_(bytes), host_(own_host_.data()), bytes_(bytes) {}
  // Over an array's memory on `av`.
  view_source(void* device, std::size_t bytes, const accelerator_view& av)
      : dev_(device), bytes_(bytes), av_(av), newest_(newest::device) {
    if (shares_host_memory()) host_ = dev_, newest_ = newest::both;
  }
  view_source(const view_source&) = delete;
  view_source& operator=(const view_source&) = delete;
  ~view_source() {
    try {
      if (users_host_) host_data(false);
      else if (pending_) av_->wait(); // its kernels still use the memory freed below
    } catch (...) {
      // C++ AMP drops errors found while a view is destroyed; its kernels' errors stay with the view.
    }
    if (owns_dev_) sycl::free(dev_, av_->get_sycl_queue());
  }

  // The data on `av`, current once commands issued on `av` from now run: for a kernel.
  void* device_data(const accelerator_view& av) {
    if (!av_) av_ = av;
    else if (*av_ != av) {
      host_data(false); // moving to another accelerator: through the host
      if (owns_dev_) sycl::free(dev_, av_->get_sycl_queue());
      dev_ = nullptr, owns_dev_ = false, av_ = av, newest_ = newest::host;
    }
    if (shares_host_memory()) return dev_ = host_;
    if (!dev_) {
      dev_ = as_amp([&] { return sycl::malloc_device(bytes_, av_->get_sycl_queue()); });
      if (!dev_ && bytes_) throw out_of_memory("array_view: no device memory for its copy");
      owns_dev_ = true;
    }
    if (newest_ == newest::host) copy(dev_, host_), newest_ = newest::both;
    return dev_;
  }
  void kernel_issued(bool wrote) {
    pending_ = true;
    if (wrote && !shares_host_memory()) newest_ = newest::device;
  }
  // The data on the host, after every kernel that uses it; `write` makes the host's copy the newest.
  void* host_data(bool write) {
    if (pending_) av_->wait(), pending_ = false;
    if (newest_ == newest::device) {
      if (!host_) own_host_.resize(bytes_), host_ = own_host_.data();
      copy(host_, dev_), av_->wait(), newest_ = newest::both;
    }
    if (write && !shares_host_memory()) newest_ = newest::host;
    return host_;
  }
  void discard() {
    if (!shares_host_memory()) newest_ = newest::both; // neither side's contents matter any more
  }
  void refresh() {
    if (pending_) av_->wait(), pending_ = false;
    if (!shares_host_memory() && host_) newest_ = newest::host;
  }
  std::optional<accelerator_view> accelerator() const { return av_; }

  // Counted by the views on the host; the copies inside a kernel do not count (host views
  // outlive the kernel: the last one waits for it), so that views made in kernels cost nothing.
  void retain() { refs_.fetch_add(1, std::memory_order_relaxed); }
  void release() {
    if (refs_.fetch_sub(1, std::memory_order_acq_rel) == 1) delete this;
  }

private:
  enum class newest { both, host, device };
  bool shares_host_memory() const { return av_ && av_->get_accelerator().get_sycl_device().is_cpu(); }
  void copy(void* to, const void* from) {
    as_amp([&] { av_->get_sycl_queue().memcpy(to, from, bytes_); });
  }

  std::vector<char> own_host_;
  void* host_ = nullptr;
  void* dev_ = nullptr;
  std::size_t bytes_;
  std::optional<accelerator_view> av_;
  newest newest_ = newest::host;
  bool owns_dev_ = false;
  bool pending_ = false;
  bool users_host_ = false;
  std::atomic<int> refs_{1};
};

// While parallel_for_each copies its kernel: the views it captured, bound to the accelerator's
// copy of their data. Their copy constructors report to it (this thread's only capture).
class capture {
public:
  explicit capture(const accelerator_view& av) : av_(av), previous_(current()) { current() = this; }
  capture(const capture&) = delete;
  capture& operator=(const capture&) = delete;

  static capture*& current() {
    static thread_local capture* c = nullptr;
    return c;
  }
  void* bind(view_source* s, bool writable) {
    s->retain();
    used_.emplace_back(s, writable);
    return s->device_data(av_);
  }
  ~capture() {
    current() = previous_;
    for (auto& u : used_) u.first->release();
  }
  void end() { current() = previous_; }
  void kernel_issued() {
    for (auto& [s, w] : used_) s->kernel_issued(w);
  }

private:
  accelerator_view av_;
  capture* previous_;
  std::vector<std::pair<view_source*, bool>> used_;
};

} // namespace concurrency::detail
