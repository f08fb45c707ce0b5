#include "cpu/thread_pool.hpp"

#include <atomic>
#include <chrono>
#include <cstdlib>

namespace tessera::cpu {

namespace {
unsigned threads_from_environment() {
  if (const char* s = std::getenv("TESSERA_NUM_THREADS")) {
    const long n = std::strtol(s, nullptr, 10);
    if (n > 0) return static_cast<unsigned>(n);
  }
  const unsigned hw = std::thread::hardware_concurrency();
  return hw ? hw : 1;
}
} // namespace

thread_pool& thread_pool::instance() {
  static thread_pool pool(threads_from_environment());
  return pool;
}

thread_pool::thread_pool(unsigned threads) {
  for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
}

thread_pool::~thread_pool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  watchdog_wake_.notify_all();
  for (auto& t : workers_) t.join();
  if (watchdog_.joinable()) watchdog_.join();
}

void thread_pool::submit(std::size_t chunks, std::function<void(std::size_t)> body, std::function<void()> done,
                         std::shared_ptr<progress_watch> watch) {
  if (chunks == 0) {
    done();
    return;
  }
  auto j = std::make_shared<job>();
  j->chunks = chunks;
  j->body = std::move(body);
  j->done = std::move(done);
  j->watch = std::move(watch);
  // Notified under the lock: a submitter on another pool's thread must be done with this pool
  // before its destructor (at exit) can take the lock and destroy the condition variable.
  std::lock_guard lock(mutex_);
  if (j->watch && !watchdog_started_) start_watchdog();
  jobs_.push_back(std::move(j));
  if (chunks == 1) wake_.notify_one();
  else wake_.notify_all();
}

std::shared_ptr<thread_pool::job> thread_pool::next_job() {
  std::unique_lock lock(mutex_);
  for (;;) {
    while (!jobs_.empty() && jobs_.front()->next.load(std::memory_order_relaxed) >= jobs_.front()->chunks)
      jobs_.pop_front();
    if (!jobs_.empty()) return jobs_.front();
    if (stopping_) return nullptr;
    wake_.wait(lock);
  }
}

void thread_pool::work() {
  while (auto j = next_job()) {
    const bool watched = j->watch != nullptr;
    for (std::size_t i; (i = j->next.fetch_add(1, std::memory_order_relaxed)) < j->chunks;) {
      if (watched) j->running.fetch_add(1, std::memory_order_relaxed);
      j->body(i);
      if (watched) j->running.fetch_sub(1, std::memory_order_relaxed);
      if (j->finished.fetch_add(1, std::memory_order_acq_rel) + 1 == j->chunks) j->done();
    }
  }
}

} // namespace tessera::cpu
