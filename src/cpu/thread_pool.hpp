#pragma once
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <atomic>
#include <chrono>
#include <string>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tessera::cpu {

// One thread per core the process may use (threads_for_process). Jobs are split into chunks that idle workers take in order; several jobs
// (independent kernels) may be in flight at once. The last chunk to finish runs the job's `done`.
// Idle workers sleep on a generation counter that each new job bumps: one futex wake reaches them
// all, where a condition variable made each woken worker take the mutex in turn (on 16 cores a
// chain of 16 wake-ups). A worker that has just run chunks polls the counter briefly first, so
// a job that follows another finds it awake.
// The threads a pool of this process should have: the cores of its affinity mask (sched_getaffinity).
unsigned threads_for_process();

class thread_pool {
public:
  // A job whose chunks may wait on one another (the work-groups of an nd_range kernel). `progress`
  // counts its parts finished so far; the pool's watchdog ends the program when every worker is in
  // the job, chunks of it wait to start and `progress` has not moved for the watchdog's time:
  // waiting on chunks that cannot start would otherwise hang (see watchdog.cpp).
  struct progress_watch {
    std::function<std::size_t()> progress;
    std::function<std::string()> describe; // the report, naming the kernel
  };

  static thread_pool& instance();

  // `name` labels its threads in TESSERA_TRACE's timeline.
  explicit thread_pool(unsigned threads, const char* name = "worker");
  ~thread_pool();
  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;

  unsigned size() const { return static_cast<unsigned>(workers_.size()); }
  // body(i) for i in [0, chunks) must not throw; done() runs once, after every chunk.
  void submit(std::size_t chunks, std::function<void(std::size_t)> body, std::function<void()> done,
              std::shared_ptr<progress_watch> watch = nullptr);
  // body(i) for i in [0, chunks), the calling thread taking chunks as the workers do; returns when
  // all have run. The caller's first chunk starts at once, while the workers wake, and a caller
  // that is itself a worker (a parallel algorithm nested in another) runs its job even when every
  // other worker is busy. body must not throw.
  void run(std::size_t chunks, const std::function<void(std::size_t)>& body);

private:
  struct job {
    std::size_t chunks;
    std::function<void(std::size_t)> body;
    std::function<void()> done;
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> finished{0};
    std::shared_ptr<progress_watch> watch;
    std::uint64_t traced_command = 0; // the command it is part of, while tracing
    std::atomic<unsigned> running{0}; // workers in body(), counted for watched jobs only
    // The watchdog's own view, under the pool's mutex: the progress it last saw, and since when.
    std::size_t seen_progress = 0;
    std::chrono::steady_clock::time_point seen_at{};
  };
  std::shared_ptr<job> enqueue(std::size_t chunks, std::function<void(std::size_t)> body, std::function<void()> done,
                               std::shared_ptr<progress_watch> watch);
  static void run_chunks(job& j);
  std::unique_lock<std::mutex> lock_pool();
  void work(int index);
  std::shared_ptr<job> next_job(std::uint32_t& generation, bool& stop);
  void idle(std::uint32_t generation, bool poll_first);
  void start_watchdog();
  void watch_jobs(std::chrono::steady_clock::duration after);

  const char* name_;
  std::mutex mutex_;
  std::atomic<std::uint32_t> generation_{0}; // bumped under mutex_ by every new job and by stopping
  std::deque<std::shared_ptr<job>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
  std::condition_variable watchdog_wake_;
  std::thread watchdog_; // started by the first watched job, unless turned off
  bool watchdog_started_ = false;
};

} // namespace tessera::cpu
