#include <cxxabi.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "cpu/compiled_groups.hpp"
#include "cpu/group_exec.hpp"
#include "tessera/backend/cpu/local_arena.hpp"
#include "cpu/thread_pool.hpp"

namespace tessera::cpu {

namespace {
// "kernel <name> (nd_range of G work-groups of L work-items)", for the watchdog's report.
std::string describe(const nd_launch_base& launch) {
  std::string name = "an unnamed kernel";
  if (launch.kernel_name) {
    int status = 0;
    char* d = abi::__cxa_demangle(launch.kernel_name->name(), nullptr, nullptr, &status);
    std::string type = status == 0 && d ? d : launch.kernel_name->name();
    std::free(d);
    if (!type.empty() && type.back() == '*') type.pop_back();
    name = "kernel " + type;
  }
  return name + " (nd_range of " + std::to_string(launch.group_count) + " work-groups of " +
         std::to_string(launch.group_size) + " work-items)";
}

// Groups finished by one chunk, on a line of its own: a counter that every worker bumped after each
// group serialised launches of many small groups (2^18 groups of 256 on 16 cores: 1.3 µs a group).
struct alignas(64) chunk_progress {
  std::atomic<std::size_t> groups{0};
};

struct launch_state {
  std::shared_ptr<nd_launch_base> launch;
  thread_pool::progress_watch watch; // shared with the pool's job through `this`
  std::function<void(std::exception_ptr)> done;
  std::size_t chunks;
  std::unique_ptr<chunk_progress[]> progress;
  std::mutex mutex;
  std::exception_ptr error;
  std::atomic<bool> failed{false};

  void fail(std::exception_ptr e) {
    std::lock_guard lock(mutex);
    if (!error) error = std::move(e);
    failed.store(true, std::memory_order_relaxed);
  }

  // Groups of one chunk share one kernel copy, bound to this worker's local-memory arena, and the
  // fiber that runs their items as loops.
  void run_chunk(std::size_t c) {
    if (failed.load(std::memory_order_relaxed)) return;
    const std::size_t first = c * launch->group_count / chunks, last = (c + 1) * launch->group_count / chunks;
    void* kernel = launch->bind(local_arena::for_this_thread());
    try {
      loop_fiber loop;
      for (std::size_t g = first; g < last && !failed.load(std::memory_order_relaxed); ++g) {
        group_exec exec(*launch, g, kernel);
        exec.run(loop);
        progress[c].groups.fetch_add(1, std::memory_order_relaxed);
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
  if (launch->compiled && compiled_groups_enabled()) count_compiled_launch();
  auto st = std::make_shared<launch_state>();
  // Four chunks a worker: enough for a free worker to take over a slow one's share, few enough
  // that what each chunk costs besides its groups (a kernel copy, a loop fiber, the job's counters
  // that every worker bumps) stays small: with sixteen a worker, an empty launch of 1024 groups of
  // 128 took 42-54 us on 16 cores, with four 24-28 us (docs/performance.md, CBS pass, session 12).
  st->chunks = std::min<std::size_t>(launch->group_count, pool.size() * 4);
  st->progress = std::make_unique<chunk_progress[]>(st->chunks);
  st->launch = std::move(launch);
  st->done = std::move(done);
  st->watch.describe = [launch = st->launch.get()] { return describe(*launch); };
  st->watch.progress = [st = st.get()] {
    std::size_t groups = 0;
    for (std::size_t c = 0; c < st->chunks; ++c) groups += st->progress[c].groups.load(std::memory_order_relaxed);
    return groups;
  };
  std::shared_ptr<thread_pool::progress_watch> watch(st, &st->watch);
  pool.submit(
      st->chunks, [st](std::size_t c) { st->run_chunk(c); },
      [st] {
        if (st->launch->needs_fibers.load(std::memory_order_relaxed)) count_fiber_launch();
        st->done(std::exchange(st->error, nullptr));
      },
      std::move(watch));
}

} // namespace tessera::cpu
