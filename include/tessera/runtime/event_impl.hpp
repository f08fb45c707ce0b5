#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace tessera::runtime {

class queue_impl;

// One command's completion. Commands that depend on it register a callback, so a command starts
// as soon as its last dependency completes, on whichever thread completed it.
class event_impl {
public:
  enum class state { submitted, running, complete };

  event_impl() = default;
  ~event_impl();
  event_impl(const event_impl&) = delete;
  event_impl& operator=(const event_impl&) = delete;
  // An event that is already complete: what an empty sycl::event stands for.
  static std::shared_ptr<event_impl> completed();

  void wait();
  bool is_complete() const { return state_.load(std::memory_order_acquire) == state::complete; }
  state status() const { return state_.load(std::memory_order_acquire); }
  // Runs `f` now if complete, otherwise when complete.
  void then(std::function<void()> f);

  void mark_running();
  void mark_complete();

  std::uint64_t submit_ns = 0, start_ns = 0, end_ns = 0;
  bool profiling = false;
  std::weak_ptr<queue_impl> queue;
  // The CUDA stream the command was enqueued on, set before it is marked running: a later
  // command on the same stream is ordered after it by the stream and need not wait on the host.
  void* stream = nullptr;
  // A profiled GPU command's timing events, on either side of it: gpu_marks goes from none to
  // pending before the command starts and to ready once both are recorded (either may be null
  // if CUDA refused one; the host's times then stand).
  enum class marks { none, pending, ready };
  std::atomic<marks> gpu_marks{marks::none};
  void* gpu_start = nullptr;
  void* gpu_end = nullptr;

private:
  std::atomic<state> state_{state::submitted};
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<std::function<void()>> continuations_;
};

std::uint64_t now_ns();

} // namespace tessera::runtime
