#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <utility>

#include "cpu/group_exec.hpp"
#include "cpu/local_arena.hpp"
#include "cpu/thread_pool.hpp"

namespace tessera::cpu {

namespace {
struct launch_state {
  std::shared_ptr<nd_launch_base> launch;
  std::function<void(std::exception_ptr)> done;
  std::size_t chunks;
  std::mutex mutex;
  std::exception_ptr error;
  std::atomic<bool> failed{false};

  void fail(std::exception_ptr e) {
    std::lock_guard lock(mutex);
    if (!error) error = std::move(e);
    failed.store(true, std::memory_order_relaxed);
  }

  // Groups of one chunk share one kernel copy, bound to this worker's local-memory arena.
  void run_chunk(std::size_t c) {
    if (failed.load(std::memory_order_relaxed)) return;
    const std::size_t first = c * launch->group_count / chunks, last = (c + 1) * launch->group_count / chunks;
    void* kernel = launch->bind(local_arena::for_this_thread());
    try {
      for (std::size_t g = first; g < last && !failed.load(std::memory_order_relaxed); ++g) {
        group_exec exec(*launch, g, kernel);
        exec.run();
      }
    } catch (...) {
      fail(std::current_exception());
    }
    launch->unbind(kernel);
  }
};
} // namespace

void execute(std::shared_ptr<nd_launch_base> launch, std::function<void(std::exception_ptr)> done) {
  auto& pool = thread_pool::instance();
  auto st = std::make_shared<launch_state>();
  st->chunks = std::min<std::size_t>(launch->group_count, pool.size() * 16);
  st->launch = std::move(launch);
  st->done = std::move(done);
  pool.submit(
      st->chunks, [st](std::size_t c) { st->run_chunk(c); }, [st] { st->done(std::exchange(st->error, nullptr)); });
}

} // namespace tessera::cpu
