#pragma once
#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "sycl/buffer.hpp"
#include "sycl/context.hpp"
#include "sycl/device.hpp"
#include "sycl/exception.hpp"
#include "sycl/usm.hpp"
#include "tessera/backend/cuda/runtime.hpp"
#include "tessera/runtime/buffer_impl.hpp"
#include "tessera/runtime/device_impl.hpp"
#include "tessera/runtime/event_impl.hpp"

namespace tessera::cuda {

// The buffers an algorithm of the library touches on a GPU: each is ordered like a command (after
// the buffer's earlier writers and readers, before later commands), its device copy brought up to
// date on the stream, and held until the algorithm returns.
class buffer_session {
public:
  buffer_session(const sycl::device& d, stream s) : device_(d), stream_(s) {}
  ~buffer_session() {
    for (auto& h : held_) h.access->mark_complete();
    release_staged();
  }
  buffer_session(const buffer_session&) = delete;
  buffer_session& operator=(const buffer_session&) = delete;

  // Plain host memory (not USM), such as a std::vector's, is copied into managed memory for the
  // algorithm and, unless it was only read (const T), back when the algorithm returns, as oneDPL
  // does with host iterators (rather than pinning the caller's pages one by one with
  // cudaHostRegister). Managed memory rather than device memory because some algorithms read an
  // element on the host (the extremes read in[0]). A range
  // inside one already copied is served from that copy, so that an in-place algorithm's input and
  // output are one copy; ranges that overlap only in part are not supported.
  template <typename T>
  T* reach(T* p, std::size_t n) {
    if (n == 0 || sycl::get_pointer_type(p, sycl::context(device_)) != sycl::usm::alloc::unknown) return p;
    const auto* first = reinterpret_cast<const char*>(p);
    const std::size_t bytes = n * sizeof(T);
    for (auto& c : staged_)
      if (first >= c.host && first + bytes <= c.host + c.bytes) {
        c.write_back = c.write_back || !std::is_const_v<T>;
        return reinterpret_cast<T*>(c.copy + (first - c.host));
      }
    auto* copy = static_cast<char*>(usm_alloc(device_.impl(), bytes, sycl::usm::alloc::shared));
    if (!copy)
      throw sycl::exception(sycl::errc::memory_allocation,
                            "copying " + std::to_string(bytes) + " bytes of host memory for an algorithm on the GPU");
    std::memcpy(copy, first, bytes);
    staged_.push_back({const_cast<char*>(first), copy, bytes, !std::is_const_v<T>});
    return reinterpret_cast<T*>(copy);
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
  struct staged {
    char* host;
    char* copy;
    std::size_t bytes;
    bool write_back;
  };
  // Copies written host ranges back once the stream is done (a destructor cannot report a
  // failed synchronisation; the copies are then left as they were).
  void release_staged() noexcept {
    if (staged_.empty()) return;
    try {
      synchronize(stream_);
      for (auto& c : staged_)
        if (c.write_back) std::memcpy(c.host, c.copy, c.bytes);
    } catch (...) {
    }
    for (auto& c : staged_) usm_free(c.copy, sycl::usm::alloc::shared);
  }

  struct held {
    std::shared_ptr<runtime::buffer_impl> buffer;
    void* storage;
    std::shared_ptr<runtime::event_impl> access;
  };
  sycl::device device_;
  stream stream_;
  std::vector<held> held_;
  std::vector<staged> staged_;
};

} // namespace tessera::cuda
