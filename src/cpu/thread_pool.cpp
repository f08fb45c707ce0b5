#include "cpu/thread_pool.hpp"

#include <atomic>
#include <cstdlib>

namespace tessera::cpu {

struct thread_pool::job {
  std::size_t chunks;
  std::function<void(std::size_t)> body;
  std::function<void()> done;
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> finished{0};
};

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
  for (auto& t : workers_) t.join();
}

void thread_pool::submit(std::size_t chunks, std::function<void(std::size_t)> body, std::function<void()> done) {
  if (chunks == 0) {
    done();
    return;
  }
  auto j = std::make_shared<job>();
  j->chunks = chunks;
  j->body = std::move(body);
  j->done = std::move(done);
  // Notified under the lock: a submitter on another pool's thread must be done with this pool
  // before its destructor (at exit) can take the lock and destroy the condition variable.
  std::lock_guard lock(mutex_);
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
    for (std::size_t i; (i = j->next.fetch_add(1, std::memory_order_relaxed)) < j->chunks;) {
      j->body(i);
      if (j->finished.fetch_add(1, std::memory_order_acq_rel) + 1 == j->chunks) j->done();
    }
  }
}

} // namespace tessera::cpu
