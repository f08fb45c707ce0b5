#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tessera::runtime {

class queue_impl;
class timeline;
struct device_impl;

// One command's completion. Commands that depend on it register a callback, so a command starts
// as soon as its last dependency completes, on whichever thread completed it.
class event_impl {
public:
  enum class state { submitted, running, complete };

  event_impl() = default;
  ~event_impl();
  event_impl(const event_impl&) = delete;
  event_impl& operator=(const event_impl&) = delete;
  // A new event that is already complete: what a default-made sycl::event stands for (a new one
  // each time: two such events are two events, as the common reference semantics ask).
  static std::shared_ptr<event_impl> completed();

  // `waiter` names the call that waits, for the report of a wait that could never end.
  void wait(const char* waiter = nullptr);
  // Without prompting a backend to find out (see status()).
  bool is_complete() const;
  // What a user asks: a command on a timeline that nobody waits for is found complete only when
  // asked about.
  state status() const;
  // Whether the command is on `tl`: a later command there is ordered after it without waiting on
  // the host.
  bool on(const timeline* tl) const {
    return phase_.load(std::memory_order_acquire) == phase::on_timeline && timeline_.get() == tl;
  }
  // The command's ticket on `tl`, 0 if it is not there.
  std::uint64_t ticket_on(const timeline* tl) const { return on(tl) ? ticket_ : 0; }
  // Runs `f` now if complete, otherwise when complete.
  void then(std::function<void()> f);

  void mark_running();
  void mark_complete();
  // Marks the event as a host_accessor's hold on its buffer, made at file:line by the calling
  // thread: it completes when the accessor is destroyed, so that thread must not wait for a
  // command that needs it (host_wait_check.cpp).
  void hold_for_host(const char* file, unsigned line);
  // The events a command waits for before it starts: how a wait finds the holds it needs.
  void record_waits(const std::vector<std::shared_ptr<event_impl>>& deps);
  std::vector<std::shared_ptr<event_impl>> pending_waits() const;
  // Where the host_accessor was made, if this is its hold and the calling thread made it.
  const char* hold_site_of_this_thread(unsigned& line) const;
  // The command was enqueued on `tl` as `ticket`: from now on the timeline says when it completes.
  void bind(std::shared_ptr<timeline> tl, std::uint64_t ticket);
  // The same, for an event that no other thread has seen yet.
  void bind_unshared(std::shared_ptr<timeline> tl, std::uint64_t ticket);

  std::uint64_t submit_ns = 0, start_ns = 0, end_ns = 0;
  bool profiling = false;
  std::uint64_t trace_id = 0; // the command's number in TESSERA_TRACE's timeline; 0: not traced
  std::weak_ptr<queue_impl> queue;
  // A profiled GPU command's timing events, on either side of it: gpu_marks goes from none to
  // pending before the command starts and to ready once both are recorded (either may be null
  // if CUDA refused one; the host's times then stand).
  enum class marks { none, pending, ready };
  std::atomic<marks> gpu_marks{marks::none};
  void* gpu_start = nullptr;
  void* gpu_end = nullptr;
  // An event made from a backend's own (make_event): that object, and the device it is of.
  void* native = nullptr;
  const device_impl* native_device = nullptr;

private:
  enum class phase { submitted, running, on_timeline, complete };
  std::atomic<phase> phase_{phase::submitted};
  std::shared_ptr<timeline> timeline_; // set, with ticket_, before phase_ becomes on_timeline
  std::uint64_t ticket_ = 0;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<std::function<void()>> continuations_;
  std::vector<std::weak_ptr<event_impl>> waits_for_;
  std::thread::id holder_;
  const char* hold_file_ = nullptr;
  unsigned hold_line_ = 0;
};

// Throws sycl::exception (errc::accessor) if the calling thread would wait for `awaited` for ever:
// a command it depends on needs a host_accessor that this thread still holds. `waiter` names the
// waiting call in the message.
void check_host_wait(const event_impl& awaited, const char* waiter);

std::uint64_t now_ns();

} // namespace tessera::runtime
