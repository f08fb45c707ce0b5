#pragma once
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "sycl/access.hpp"
#include "tessera/runtime/device_impl.hpp"
#include "tessera/runtime/event_impl.hpp"

namespace tessera::runtime {

// The storage of one buffer and the ordering of the commands that touch it. Commands keep it
// alive while they run; the user-facing buffer (buffer_owner) waits and writes back.
class buffer_impl {
public:
  buffer_impl(std::size_t bytes, const void* init);
  // Uses `host` itself as the host storage, as DPC++ does with a buffer made from writable host
  // memory: host accessors and CPU kernels then see and change that memory directly.
  struct adopt_t {};
  buffer_impl(std::size_t bytes, void* host, adopt_t);
  ~buffer_impl();
  buffer_impl(const buffer_impl&) = delete;
  buffer_impl& operator=(const buffer_impl&) = delete;

  void* data() const { return data_; }
  std::size_t bytes() const { return bytes_; }

  // The copy that kernels on `d` use: the host storage for the CPU, a copy of its own for each GPU.
  void* data_for(const device_impl& d);
  // Run when a command starts on `d` (its dependencies complete): brings that copy up to date
  // from the host or another GPU unless the access discards, and marks the other copies stale if
  // it writes. `stream` orders the copy before the command on a GPU.
  void prepare(const device_impl& d, sycl::access::mode mode, void* stream);
  void prepare_host(sycl::access::mode mode);

  // Adds to `deps` the events an access in `mode` must wait for, then records `ev` as that access.
  // `orders`, where given (a timeline), gets every access the new one follows, completed or not.
  void order_access(sycl::access::mode mode, const std::shared_ptr<event_impl>& ev,
                    std::vector<std::shared_ptr<event_impl>>& deps,
                    std::vector<std::shared_ptr<event_impl>>* orders = nullptr);
  // Blocks until every command recorded so far has completed; `waiter` as for event_impl::wait.
  void wait_all(const char* waiter);
  // Moves adopted host storage into storage of the buffer's own, so that the host memory keeps
  // its contents when the final data goes elsewhere (set_final_data, set_write_back(false)).
  void detach_host();
  // property::buffer::use_mutex: the first contents are read from `host` when the runtime first
  // needs them, under `m`, so that what the host memory's owner writes there under the mutex
  // until then counts (SYCL 2020 §4.7.2.2: the data is synchronised with the host data while the
  // runtime does not hold the mutex).
  void read_host_later(const void* host, std::mutex* m);
  // The host memory the buffer was made from where that is not the buffer's storage (a shared_ptr's,
  // or any with use_mutex): handler::update_host copies there. `origin` gives that memory, kept
  // alive while it is written, or null once its owner has let it go; `m` (use_mutex) is held while
  // it is written.
  using origin_t = std::function<std::shared_ptr<void>()>;
  void set_origin(origin_t origin, std::mutex* m);
  // handler::update_host, as its command runs with the host copy up to date: copies the byte runs
  // (offset, length) of the host copy to the memory the buffer was made from.
  void update_origin(const std::vector<std::pair<std::size_t, std::size_t>>& runs);

private:
  void read_deferred_host();
  const void* deferred_host_ = nullptr;
  std::mutex* deferred_mutex_ = nullptr;
  std::once_flag deferred_once_;
  origin_t origin_;               // under mutex_
  std::mutex* origin_mutex_ = nullptr;
  void* data_;
  std::size_t bytes_;
  bool owns_data_ = true;
  // One per GPU the buffer was used on; a queue on a second GPU finds its own copy, brought up to
  // date from wherever the data is valid.
  struct device_copy {
    const device_impl* device;
    void* data;
    bool valid;
  };
  device_copy& copy_for(const device_impl& d); // under mutex_; allocates the copy the first time
  const void* valid_device_data() const;      // under mutex_
  std::vector<device_copy> device_copies_;
  bool host_valid_ = true;
  std::mutex mutex_;
  std::shared_ptr<event_impl> last_write_;
  std::vector<std::shared_ptr<event_impl>> reads_since_write_;
};

// Held by every user-side copy of a buffer: when the last goes, wait for the buffer's commands
// and copy the data to where the user asked (SYCL 2020 §4.7.2.3).
class buffer_owner {
public:
  explicit buffer_owner(std::shared_ptr<buffer_impl> impl) : impl_(std::move(impl)) {}
  ~buffer_owner();
  buffer_owner(const buffer_owner&) = delete;
  buffer_owner& operator=(const buffer_owner&) = delete;

  const std::shared_ptr<buffer_impl>& impl() const { return impl_; }
  void set_final(std::function<void(const void*)> writer) { final_ = std::move(writer); }
  bool has_final() const { return static_cast<bool>(final_); }
  void set_write_back(bool on) { write_back_ = on; }
  // Held while the final data is written (property::buffer::use_mutex).
  void set_host_mutex(std::mutex* m) { host_mutex_ = m; }

private:
  std::shared_ptr<buffer_impl> impl_;
  std::mutex* host_mutex_ = nullptr;
  std::function<void(const void*)> final_;
  bool write_back_ = true;
};

} // namespace tessera::runtime
