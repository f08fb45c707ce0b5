#include "tessera/runtime/event_impl.hpp"

#include <chrono>
#include <thread>

#if defined(TESSERA_WITH_CUDA)
#include "tessera/backend/cuda/runtime.hpp"
#endif

namespace tessera::runtime {

std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

std::shared_ptr<event_impl> event_impl::completed() {
  static const std::shared_ptr<event_impl> done = [] {
    auto e = std::make_shared<event_impl>();
    e->mark_complete();
    return e;
  }();
  return done;
}

event_impl::~event_impl() {
#if defined(TESSERA_WITH_CUDA)
  cuda::release_mark(gpu_start);
  cuda::release_mark(gpu_end);
#endif
}

void event_impl::wait() {
  if (is_complete()) return;
#if defined(TESSERA_WITH_CUDA)
  if (status() != state::submitted && stream) {
    // A GPU command's completion may wait for its batch to fill; a waiter should not.
    cuda::flush(stream);
    // A short GPU command completes within microseconds: being woken from a sleep would take
    // longer than the command. (CUDA's own synchronisation spins likewise.)
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(200);
    while (!is_complete() && std::chrono::steady_clock::now() < until) std::this_thread::yield();
    if (is_complete()) return;
  }
#endif
  std::unique_lock lock(mutex_);
  cv_.wait(lock, [this] { return is_complete(); });
}

void event_impl::then(std::function<void()> f) {
  {
    std::lock_guard lock(mutex_);
    if (!is_complete()) {
      continuations_.push_back(std::move(f));
      return;
    }
  }
  f();
}

void event_impl::mark_running() {
  if (profiling) start_ns = now_ns();
  state_.store(state::running, std::memory_order_release);
}

void event_impl::mark_complete() {
  if (profiling) end_ns = now_ns();
  std::vector<std::function<void()>> next;
  {
    std::lock_guard lock(mutex_);
    state_.store(state::complete, std::memory_order_release);
    next.swap(continuations_);
  }
  cv_.notify_all();
  for (auto& f : next) f();
}

} // namespace tessera::runtime
