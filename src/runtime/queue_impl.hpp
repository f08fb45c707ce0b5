#pragma once
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "sycl/device.hpp"
#include "sycl/event.hpp"
#include "sycl/exception.hpp"
#include "tessera/runtime/command_group.hpp"
#include "tessera/runtime/timeline.hpp"

namespace tessera::cpu {
class thread_pool;
}

namespace tessera::runtime {

// Host tasks may block (on I/O, on other queues): they get threads of their own so that they
// never hold up the compute pool.
cpu::thread_pool& host_task_pool();

// SYCL 2020 §4.13.1.2: prints every error, with its errc where it is a sycl::exception, and
// what delivered them, to stderr and calls std::terminate.
[[noreturn]] void default_async_handler(sycl::exception_list errors, const char* occasion);
// Prints `what` and the exception to stderr and calls std::terminate.
[[noreturn]] void report_fatal(const char* what, std::exception_ptr e) noexcept;

// A queue's state: its device, its in-order chain, the events to wait for, and the errors its
// commands raised that wait_and_throw has yet to deliver. Every command that has yet to complete
// holds it, so it outlives the user's handles while they run.
class queue_impl : public std::enable_shared_from_this<queue_impl> {
public:
  // On a GPU, the commands go onto `native_stream` where one is given (make_queue), which the
  // queue then leaves to its maker; otherwise onto a stream of the queue's own.
  queue_impl(const device_impl& dev, sycl::async_handler handler, bool in_order, bool profiling,
             void* native_stream = nullptr);
  ~queue_impl();

  sycl::event submit(command_group&& cg);
  // An event object for the command with `ticket` on this queue's stream.
  std::shared_ptr<event_impl> event_for(std::uint64_t ticket);
  // A CUevent that completes once the command with `ticket` has (get_native): recorded when first
  // asked for, so it may also wait for commands enqueued after that one; it lives as long as the
  // queue.
  void* native_event(std::uint64_t ticket);
  void wait(const char* waiter);
  // `occasion` names the call that delivers the errors, for the default handler's report.
  void throw_asynchronous(const char* occasion);
  void report(std::exception_ptr e);
  // The last sycl::queue handle is gone: delivers the errors that have arrived, without waiting.
  void close() noexcept;
  // The program ends: waits for every command (their errors are delivered when the queue goes).
  void wait_for_exit() noexcept;

  const device_impl& device;
  // The backend's queue (a CUDA stream) for a GPU, and what completes its commands; null for
  // the CPU.
  void* stream = nullptr;
  std::shared_ptr<timeline> stream_timeline;

private:
  std::optional<sycl::event> enqueue_now(command_group& cg);
  void start(const std::shared_ptr<event_impl>& ev, command_group cg);
  void enqueue(const std::shared_ptr<event_impl>& ev, command_group& cg);
  void track(const std::shared_ptr<event_impl>& ev);
  // Makes the queue's GPU the thread's current one where the program uses several.
  void make_current() const;
  void complete(event_impl& ev, std::exception_ptr e);
  void begin_marks(event_impl& ev);
  void end_marks(event_impl& ev);
  // Delivers the errors that have arrived where nothing can catch what the handler throws.
  void deliver_uncatchable(const char* occasion) noexcept;

  sycl::async_handler handler_;
  std::uint64_t trace_number_ = 0; // the queue's number in TESSERA_TRACE's timeline
  const bool in_order;
  const bool profiling;
  std::mutex mutex_;
  std::shared_ptr<event_impl> last_;
  std::uint64_t last_ticket_ = 0; // instead of last_: the last command went straight onto the stream
  std::deque<std::shared_ptr<event_impl>> pending_;
  std::vector<std::exception_ptr> errors_;
  bool owns_stream_ = true;
  std::map<std::uint64_t, void*> native_events_;
};

// When a completed command ran, on the host's clock: a GPU command's from its CUDA timing marks.
struct span_ns {
  std::uint64_t start, end;
};
span_ns run_span(const event_impl& ev);

} // namespace tessera::runtime
