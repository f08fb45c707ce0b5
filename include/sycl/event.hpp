#pragma once
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

#include "sycl/backend.hpp"
#include "sycl/exception.hpp"
#include "sycl/info.hpp"
#include "tessera/detail/hash_combine.hpp"
#include "tessera/runtime/event_impl.hpp"

namespace sycl {
class context;
class event;
} // namespace sycl

namespace tessera::runtime {
// The SYCL CUDA backend's events (sycl/interop.hpp; src/runtime/queue_impl.cpp): the CUevent
// get_native gives (null where the command has none, as DPC++'s), and the event make_event makes
// of one.
void* native_event(const sycl::event& e);
sycl::event event_of_native(void* cu_event, const sycl::context& c);
} // namespace tessera::runtime

namespace sycl {

// SYCL 2020 §4.6.6. Either a runtime event object, or a command that went straight onto its
// queue's stream, named by its queue and its ticket there: most GPU commands are never waited on
// one by one, and need no object of their own (one is made when asked for, by depends_on).
class event {
public:
  event() : impl_(tessera::runtime::event_impl::completed()) {}
  explicit event(std::shared_ptr<tessera::runtime::event_impl> impl) : impl_(std::move(impl)) {}
  event(std::shared_ptr<tessera::runtime::queue_impl> q, std::uint64_t ticket) : queue_(std::move(q)), ticket_(ticket) {}

  void wait();
  void wait_and_throw();
  static void wait(const std::vector<event>& events) {
    for (auto e : events) e.wait();
  }
  static void wait_and_throw(const std::vector<event>& events) {
    for (auto e : events) e.wait_and_throw();
  }
  // The commands this one waits for that are not complete yet (§4.6.6: whether completed ones are
  // listed is the implementation's choice): its explicit dependencies, and those its accessors and
  // an in-order queue gave it. A command that went straight onto its stream waits for none.
  std::vector<event> get_wait_list() const {
    std::vector<event> out;
    if (impl_)
      for (auto& e : impl_->pending_waits()) out.emplace_back(std::move(e));
    return out;
  }
  backend get_backend() const noexcept;

  template <typename Param>
  typename Param::return_type get_info() const {
    static_assert(std::is_same_v<Param, info::event::command_execution_status>, "unknown event info");
    return static_cast<info::event_command_status>(status());
  }

  // SYCL 2020 §4.6.6.2: nanosecond timestamps; needs a queue made with enable_profiling.
  template <typename Param>
  typename Param::return_type get_profiling_info() const {
    return profiling_timestamp(std::is_same_v<Param, info::event_profiling::command_submit>  ? 0
                               : std::is_same_v<Param, info::event_profiling::command_start> ? 1
                                                                                              : 2);
  }

  friend bool operator==(const event& a, const event& b) {
    return a.impl_ == b.impl_ && a.queue_ == b.queue_ && a.ticket_ == b.ticket_;
  }
  friend bool operator!=(const event& a, const event& b) { return !(a == b); }

  // The runtime's object for this event (made now for a command named by its ticket).
  std::shared_ptr<tessera::runtime::event_impl> impl() const;

private:
  tessera::runtime::event_impl::state status() const;
  std::uint64_t profiling_timestamp(int which) const;

  std::shared_ptr<tessera::runtime::event_impl> impl_;
  std::shared_ptr<tessera::runtime::queue_impl> queue_; // with ticket_, when impl_ is null
  std::uint64_t ticket_ = 0;
  friend struct std::hash<event>;
  friend void* tessera::runtime::native_event(const sycl::event& e);
};

} // namespace sycl

// SYCL 2020 §4.5.2: an event is its runtime object, or its queue and ticket.
template <> struct std::hash<sycl::event> {
  std::size_t operator()(const sycl::event& e) const noexcept {
    return tessera::detail::hash_of(e.impl_.get(), e.queue_.get(), e.ticket_);
  }
};
