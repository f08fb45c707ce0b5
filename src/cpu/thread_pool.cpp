#include "cpu/thread_pool.hpp"

#include <atomic>
#include <sched.h>
#include <chrono>
#include <cstdlib>
#include <thread>

#include "cpu/poll_until.hpp"
#include "runtime/trace_recorder.hpp"
#include "tessera/runtime/event_impl.hpp"

namespace tessera::cpu {

// The cores this process may run on, not the machine's: ranks that mpirun binds to some cores
// (--map-by, --bind-to, cpusets, taskset) each get a pool of their own cores' size, where a pool
// over every core in each rank would oversubscribe the machine.
unsigned threads_for_process() {
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) == 0)
    if (const int n = CPU_COUNT(&allowed); n > 0) return static_cast<unsigned>(n);
  const unsigned hw = std::thread::hardware_concurrency();
  return hw ? hw : 1;
}

namespace {
unsigned threads_from_environment() {
  if (const char* s = std::getenv("TESSERA_NUM_THREADS")) {
    const long n = std::strtol(s, nullptr, 10);
    if (n > 0) return static_cast<unsigned>(n);
  }
  return threads_for_process();
}

// Which pool thread this is, for the trace: -1 on threads that are no pool's.
struct pool_thread {
  const char* pool = nullptr;
  int index = -1;
};
thread_local pool_thread this_thread_in_pool;
} // namespace

thread_pool& thread_pool::instance() {
  static thread_pool pool(threads_from_environment());
  return pool;
}

thread_pool::thread_pool(unsigned threads, const char* name) : name_(name) {
  for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this, i] { work(static_cast<int>(i)); });
}

thread_pool::~thread_pool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
  }
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
  enqueue(chunks, std::move(body), std::move(done), std::move(watch));
}

void thread_pool::run(std::size_t chunks, const std::function<void(std::size_t)>& body) {
  if (chunks == 0) return;
  // One chunk is the caller's alone: waking a worker for it would only add its wake-up.
  if (chunks == 1) return body(0);
  const auto j = enqueue(chunks, body, nullptr, nullptr);
  run_chunks(*j);
  // The workers' chunks end about when the caller's does: poll before sleeping.
  const auto all_done = [&] { return j->finished.load(std::memory_order_acquire) == chunks; };
  if (poll_until(all_done, between_polls::yield)) return;
  for (std::size_t f; (f = j->finished.load(std::memory_order_acquire)) != chunks;)
    j->finished.wait(f, std::memory_order_acquire);
}

std::shared_ptr<thread_pool::job> thread_pool::enqueue(std::size_t chunks, std::function<void(std::size_t)> body,
                                                       std::function<void()> done,
                                                       std::shared_ptr<progress_watch> watch) {
  auto j = std::make_shared<job>();
  j->chunks = chunks;
  j->body = std::move(body);
  j->done = std::move(done);
  j->watch = std::move(watch);
  if (runtime::trace::on()) j->traced_command = runtime::trace::current_command();
  // Notified under the lock: a submitter on another pool's thread must be done with this pool
  // before its destructor (at exit) can take the lock and destroy it.
  std::lock_guard lock(mutex_);
  if (j->watch && !watchdog_started_) start_watchdog();
  jobs_.push_back(j);
  generation_.fetch_add(1, std::memory_order_release);
  if (chunks == 1) generation_.notify_one();
  else generation_.notify_all();
  return j;
}

// Takes the job's chunks until none is left. The last chunk to finish runs `done`, or, in a job
// of run(), wakes the caller (the job is kept alive by the shared_ptr of whoever calls this).
// A traced chunk is recorded before it counts as finished: its command's completion, and with it
// the end of the program that writes the trace, may follow at once.
void thread_pool::run_chunks(job& j) {
  const bool watched = j.watch != nullptr;
  for (std::size_t i; (i = j.next.fetch_add(1, std::memory_order_relaxed)) < j.chunks;) {
    if (watched) j.running.fetch_add(1, std::memory_order_relaxed);
    const std::uint64_t begin = j.traced_command ? runtime::now_ns() : 0;
    j.body(i);
    if (j.traced_command)
      runtime::trace::record_work(j.traced_command, this_thread_in_pool.pool, this_thread_in_pool.index, begin,
                                  runtime::now_ns());
    if (watched) j.running.fetch_sub(1, std::memory_order_relaxed);
    if (j.finished.fetch_add(1, std::memory_order_acq_rel) + 1 == j.chunks) {
      if (j.done) j.done();
      else j.finished.notify_all();
    }
  }
}

// Workers woken together all want the mutex for a moment: each polls for it before sleeping on
// it, or they would hand it on with one wake-up each.
std::unique_lock<std::mutex> thread_pool::lock_pool() {
  std::unique_lock lock(mutex_, std::defer_lock);
  if (!poll_until([&] { return lock.try_lock(); }, between_polls::yield)) lock.lock();
  return lock;
}

// The first job with chunks left, or none; then `generation` is the counter's value with no such
// job queued, which a new job changes, and `stop` says whether the pool is being destroyed.
std::shared_ptr<thread_pool::job> thread_pool::next_job(std::uint32_t& generation, bool& stop) {
  const auto lock = lock_pool();
  while (!jobs_.empty() && jobs_.front()->next.load(std::memory_order_relaxed) >= jobs_.front()->chunks)
    jobs_.pop_front();
  if (!jobs_.empty()) return jobs_.front();
  generation = generation_.load(std::memory_order_relaxed);
  stop = stopping_;
  return nullptr;
}

void thread_pool::idle(std::uint32_t generation, bool poll_first) {
  const auto changed = [&] { return generation_.load(std::memory_order_acquire) != generation; };
  if (poll_first && poll_until(changed, between_polls::yield)) return;
  generation_.wait(generation, std::memory_order_acquire);
}

void thread_pool::work(int index) {
  this_thread_in_pool = {name_, index};
  bool worked = false; // a worker woken for a job that others emptied goes back to sleep at once
  for (;;) {
    std::uint32_t generation = 0;
    bool stop = false;
    if (auto j = next_job(generation, stop)) {
      run_chunks(*j);
      worked = true;
      continue;
    }
    if (stop) return;
    idle(generation, worked);
    worked = false;
  }
}

} // namespace tessera::cpu
