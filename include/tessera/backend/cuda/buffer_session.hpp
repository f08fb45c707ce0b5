#pragma once
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "sycl/buffer.hpp"
#include "sycl/context.hpp"
#include "sycl/device.hpp"
#include "sycl/usm.hpp"
#include "tessera/backend/cuda/runtime.hpp"
#include "tessera/runtime/buffer_impl.hpp"
#include "tessera/runtime/device_impl.hpp"
#include "tessera/runtime/event_impl.hpp"
#include "tessera/runtime/host_sharing.hpp"

namespace tessera::cuda {

// The buffers an algorithm of the library touches on a GPU: each is ordered like a command (after
// the buffer's earlier writers and readers, before later commands), its device copy brought up to
// date on the stream, and held until the algorithm returns.
class buffer_session {
public:
  buffer_session(const sycl::device& d, stream s) : device_(d), stream_(s) {}
  ~buffer_session() {
    for (auto& h : held_) h.access->mark_complete();
    for (auto& r : shared_) runtime::unshare_host_memory(device_, r.first, r.second);
  }
  buffer_session(const buffer_session&) = delete;
  buffer_session& operator=(const buffer_session&) = delete;

  // Plain host memory (not USM), such as a std::vector's, is mapped for the GPU while the
  // algorithm runs, at its host address.
  template <typename T>
  void reach(T* p, std::size_t n) {
    if (n == 0 || sycl::get_pointer_type(p, sycl::context(device_)) != sycl::usm::alloc::unknown) return;
    runtime::share_host_memory(device_, p, n * sizeof(T));
    shared_.emplace_back(p, n * sizeof(T));
  }

  template <typename T, typename Alloc>
  T* pointer(sycl::buffer<T, 1, Alloc> b) {
    const auto& impl = b.impl();
    // Sub-buffers share their parent's storage and ordering: one access serves them all.
    for (auto& h : held_)
      if (h.buffer == impl) return static_cast<T*>(h.storage) + b.first_element();
    auto access = std::make_shared<runtime::event_impl>();
    std::vector<std::shared_ptr<runtime::event_impl>> deps;
    impl->order_access(sycl::access_mode::read_write, access, deps);
    for (auto& d : deps) d->wait();
    void* storage = impl->data_for(device_.impl());
    impl->prepare(device_.impl(), sycl::access_mode::read_write, stream_);
    access->mark_running();
    held_.push_back({impl, storage, std::move(access)});
    return static_cast<T*>(storage) + b.first_element();
  }

private:
  struct held {
    std::shared_ptr<runtime::buffer_impl> buffer;
    void* storage;
    std::shared_ptr<runtime::event_impl> access;
  };
  sycl::device device_;
  stream stream_;
  std::vector<held> held_;
  std::vector<std::pair<const void*, std::size_t>> shared_;
};

} // namespace tessera::cuda
