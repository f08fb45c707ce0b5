#include "tessera/runtime/event_impl.hpp"

#include <chrono>

#include "host_holds.hpp"
#include "tessera/runtime/timeline.hpp"
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
  auto e = std::make_shared<event_impl>();
  e->mark_complete();
  return e;
}

event_impl::~event_impl() {
#if defined(TESSERA_WITH_CUDA)
  if (gpu_start) cuda::release_mark(gpu_start);
  if (gpu_end) cuda::release_mark(gpu_end);
#endif
}

bool event_impl::is_complete() const {
  const phase p = phase_.load(std::memory_order_acquire);
  return p == phase::complete || (p == phase::on_timeline && timeline_->reached(ticket_));
}

event_impl::state event_impl::status() const {
  switch (phase_.load(std::memory_order_acquire)) {
  case phase::submitted: return state::submitted;
  case phase::running: return state::running;
  case phase::complete: return state::complete;
  case phase::on_timeline: break;
  }
  return timeline_->asked(ticket_) ? state::complete : state::running;
}

void event_impl::bind(std::shared_ptr<timeline> tl, std::uint64_t ticket) {
  std::vector<std::function<void()>> waiting;
  {
    std::lock_guard lock(mutex_);
    timeline_ = std::move(tl);
    ticket_ = ticket;
    phase_.store(phase::on_timeline, std::memory_order_release);
    waiting.swap(continuations_);
  }
  cv_.notify_all(); // waiters go on to wait on the timeline
  for (auto& f : waiting) then(std::move(f));
}

void event_impl::bind_unshared(std::shared_ptr<timeline> tl, std::uint64_t ticket) {
  timeline_ = std::move(tl);
  ticket_ = ticket;
  phase_.store(phase::on_timeline, std::memory_order_relaxed);
}

void event_impl::wait(const char* waiter) {
  if (!is_complete()) check_host_wait(*this, waiter);
  if (phase_.load(std::memory_order_acquire) < phase::on_timeline) {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return phase_.load(std::memory_order_acquire) >= phase::on_timeline; });
  }
  if (phase_.load(std::memory_order_acquire) == phase::on_timeline) timeline_->wait(ticket_);
}

void event_impl::then(std::function<void()> f) {
  {
    std::unique_lock lock(mutex_);
    if (phase_.load(std::memory_order_relaxed) == phase::on_timeline) {
      lock.unlock();
      return timeline_->when_reached(ticket_, [f = std::move(f)](std::exception_ptr) { f(); }, true);
    }
    if (phase_.load(std::memory_order_relaxed) != phase::complete) {
      continuations_.push_back(std::move(f));
      return;
    }
  }
  f();
}

void event_impl::mark_running() {
  if (profiling || trace_id) start_ns = now_ns();
  phase_.store(phase::running, std::memory_order_release);
}

void event_impl::mark_complete() {
  if (profiling || trace_id) end_ns = now_ns();
  std::vector<std::function<void()>> next;
  {
    std::lock_guard lock(mutex_);
    if (hold_file_ && phase_.load(std::memory_order_relaxed) != phase::complete) host_holds::released();
    phase_.store(phase::complete, std::memory_order_release);
    next.swap(continuations_);
    waits_for_.clear();
  }
  cv_.notify_all();
  for (auto& f : next) f();
}

void event_impl::hold_for_host(const char* file, unsigned line) {
  std::lock_guard lock(mutex_);
  holder_ = std::this_thread::get_id();
  hold_file_ = file;
  hold_line_ = line;
  host_holds::taken();
}

void event_impl::record_waits(const std::vector<std::shared_ptr<event_impl>>& deps) {
  std::lock_guard lock(mutex_);
  waits_for_.assign(deps.begin(), deps.end());
}

std::vector<std::shared_ptr<event_impl>> event_impl::pending_waits() const {
  std::vector<std::shared_ptr<event_impl>> out;
  std::lock_guard lock(mutex_);
  for (auto& w : waits_for_)
    if (auto e = w.lock(); e && !e->is_complete()) out.push_back(std::move(e));
  return out;
}

const char* event_impl::hold_site_of_this_thread(unsigned& line) const {
  std::lock_guard lock(mutex_);
  if (!hold_file_ || holder_ != std::this_thread::get_id()) return nullptr;
  line = hold_line_;
  return hold_file_;
}

} // namespace tessera::runtime
