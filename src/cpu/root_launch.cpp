#include "tessera/backend/cpu/root_launch.hpp"

#include <boost/context/fiber.hpp>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <mutex>
#include <new>
#include <thread>
#include <utility>

#include "cpu/group_exec.hpp"
#include "cpu/poll_until.hpp"
#include "cpu/root_barrier.hpp"
#include "cpu/sanitizer_fiber.hpp"
#include "cpu/stack_pool.hpp"
#include "cpu/thread_pool.hpp"
#include "tessera/memory/access_check.hpp"

// A use_root_sync launch on the worker pool. Each worker that takes part claims work-groups and
// runs each on a fiber of its own (its items are fibers within it, as in any nd_range launch);
// a group whose items all wait at the root barrier yields, and the worker runs its other groups,
// claims unstarted ones, or waits for the barrier's generation to move. Groups are claimed, not
// assigned: one worker alone can run a whole launch, so the launch completes however many
// workers other jobs leave it.
namespace tessera::cpu {

namespace {
using boost::context::fiber;

// Address space set aside for a launch's fiber stacks and local memory (stacks are reserved, and
// only the pages a work-item touches are ever backed).
constexpr std::size_t memory_budget = std::size_t{2} << 30;
constexpr std::size_t local_alignment = 64;

std::size_t round_up(std::size_t n, std::size_t to) { return (n + to - 1) / to * to; }

// A work-group that stopped because another one failed; the launch reports the first error.
struct cancelled {};

struct launch_run {
  launch_run(std::shared_ptr<nd_launch_base> l, std::function<void(std::exception_ptr)> d)
      : launch(std::move(l)), barrier(*launch, launch->group_count), done(std::move(d)),
        stride(round_up(std::max<std::size_t>(launch->local_bytes, 1), local_alignment)),
        local(static_cast<char*>(::operator new[](stride * launch->group_count, std::align_val_t{local_alignment}))) {}
  ~launch_run() { ::operator delete[](local, std::align_val_t{local_alignment}); }
  launch_run(const launch_run&) = delete;
  launch_run& operator=(const launch_run&) = delete;

  void fail(std::exception_ptr e) {
    {
      std::lock_guard lock(mutex);
      if (!error) error = std::move(e);
      failed.store(true, std::memory_order_seq_cst);
    }
    wake_sleepers();
  }
  // Sleepers count themselves before they test for their wake-up, and wakers change what is
  // tested before they read the count (both sequentially consistent): no wake-up is lost.
  template <typename Predicate, typename Time>
  void sleep_until(const Predicate& released, Time deadline) {
    sleepers.fetch_add(1, std::memory_order_seq_cst);
    {
      std::unique_lock lock(sleep_mutex);
      wake.wait_until(lock, deadline, released);
    }
    sleepers.fetch_sub(1, std::memory_order_relaxed);
  }
  void wake_sleepers() {
    if (sleepers.load(std::memory_order_seq_cst) == 0) return;
    std::lock_guard lock(sleep_mutex);
    wake.notify_all();
  }
  char* local_of(std::size_t group) const { return local + group * stride; }

  std::shared_ptr<nd_launch_base> launch;
  root_barrier barrier;
  std::function<void(std::exception_ptr)> done;
  const std::size_t stride;
  char* const local;
  std::size_t first_share = 1;
  std::atomic<std::size_t> next_group{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::exception_ptr error;
  std::atomic<int> sleepers{0};
  std::mutex sleep_mutex;
  std::condition_variable wake;
};

class participant;

struct checker_deleter {
  void operator()(check::group_checker* c) const noexcept { check::delete_group_checker(c); }
};

// One work-group on its fiber, owned by the worker that claimed it.
struct group_slot final : root_member {
  group_slot(participant& p, std::size_t g) : owner(p), group(g) {}
  bool arrive(const group::call_site& site) override;
  void wait() override;

  participant& owner;
  std::size_t group;
  fiber self;
  fiber back;
  sanitizer::stack stack;
  void* fake_stack = nullptr;
  // Check mode's state of the group (its local memory is its own, and the worker switches groups).
  std::unique_ptr<check::group_checker, checker_deleter> checker;
  std::uint64_t wait_generation = 0;
  bool waiting = false;
  bool done = false;
};

// One worker's part in the launch: its groups, scheduled round-robin.
class participant {
public:
  explicit participant(launch_run& run) : run_(run) {}
  void run();

private:
  friend struct group_slot;
  bool claim(std::size_t n);
  void start(group_slot& s);
  void run_group(group_slot& s);
  bool runnable(const group_slot& s) const {
    return !s.waiting || run_.barrier.generation() != s.wait_generation ||
           run_.failed.load(std::memory_order_acquire);
  }
  void resume(group_slot& s);
  bool idle(std::uint64_t generation) const;

  launch_run& run_;
  sanitizer::stack scheduler_;
  std::deque<group_slot> slots_; // stable addresses: fibers refer to their slot
};

void participant::run() {
  scheduler_ = sanitizer::current();
  claim(run_.first_share);
  for (;;) {
    bool progressed = false;
    const group_slot* waiting = nullptr;
    for (auto& s : slots_) {
      if (s.done) continue;
      if (runnable(s)) {
        resume(s);
        progressed = true;
      } else {
        waiting = &s;
      }
    }
    if (progressed) continue;
    if (!waiting) {
      if (claim(1)) continue;
      return;
    }
    if (!idle(waiting->wait_generation)) claim(1);
  }
}

bool participant::claim(std::size_t n) {
  if (run_.failed.load(std::memory_order_acquire)) return false;
  const std::size_t groups = run_.launch->group_count;
  const std::size_t first = run_.next_group.fetch_add(n, std::memory_order_relaxed);
  if (first >= groups) return false;
  for (std::size_t g = first; g < std::min(first + n, groups); ++g) start(slots_.emplace_back(*this, g));
  return true;
}

void participant::start(group_slot& s) {
  // A checked kernel's launch set the flag before its first group started.
  if (check::any_item_checked()) s.checker.reset(check::new_group_checker(run_.local_of(s.group)));
  auto& pool = stack_pool::for_this_thread();
  s.self = fiber(std::allocator_arg, pooled_stack{&pool}, [this, &s](fiber&& back) {
    sanitizer::after_switch(nullptr, &scheduler_);
    s.back = std::move(back);
    run_group(s);
    s.done = true;
    sanitizer::before_switch(nullptr, scheduler_);
    return std::move(s.back);
  });
  sanitizer::create(s.stack, pool.last_taken().sp, pool.last_taken().size);
}

// Each group has its own copy of the kernel, bound to its own local memory.
void participant::run_group(group_slot& s) {
  void* kernel = run_.launch->bind(run_.local_of(s.group));
  try {
    {
      group_exec exec(*run_.launch, s.group, kernel, &s);
      exec.run();
    }
    run_.barrier.finished(s.group);
  } catch (const cancelled&) {
  } catch (const boost::context::detail::forced_unwind&) {
    run_.launch->unbind(kernel);
    throw;
  } catch (...) {
    run_.fail(std::current_exception());
  }
  run_.launch->unbind(kernel);
}

void participant::resume(group_slot& s) {
  void* fake = nullptr;
  sanitizer::before_switch(&fake, s.stack);
  check::group_checker* worker = check::switch_group_checker(s.checker.get());
  s.self = std::move(s.self).resume();
  check::switch_group_checker(worker);
  sanitizer::after_switch(fake, nullptr);
  if (s.done) sanitizer::destroy(s.stack);
}

// Every group here waits for groups on other workers: spin first, as OpenMP runtimes do (a
// barrier whose groups all run takes microseconds, and a worker put to sleep costs a futex wake-up
// and a reschedule, tens of microseconds, on every barrier), for a bounded time so that other jobs
// or programs get the core back; then yield a few times, then sleep until the last arrival wakes
// the sleepers. The spin reads the generation with atomic loads and pauses between them.
// False when the wait outlasted `patience` while groups are unclaimed: the groups waited for may
// not have started, because their worker has yet to join (busy with another job, or not yet
// woken), and this worker should claim one. Claiming at once would leave late workers nothing to
// do, and the whole launch to one worker.
bool participant::idle(std::uint64_t generation) const {
  constexpr auto patience = std::chrono::microseconds(200);
  const auto released = [&] {
    return run_.barrier.generation() != generation || run_.failed.load(std::memory_order_acquire);
  };
  if (poll_until(released, between_polls::pause)) return true;
  for (unsigned y = 0; y < 8; ++y) {
    if (released()) return true;
    std::this_thread::yield();
  }
  const auto deadline = std::chrono::steady_clock::now() + patience;
  while (!released()) {
    const bool unclaimed = run_.next_group.load(std::memory_order_relaxed) < run_.launch->group_count;
    const auto now = std::chrono::steady_clock::now();
    if (unclaimed && now >= deadline) return false;
    run_.sleep_until(released, unclaimed ? deadline : now + std::chrono::milliseconds(10));
  }
  return true;
}

// The generation is read before arriving: it cannot move until this group has arrived.
bool group_slot::arrive(const group::call_site& site) {
  launch_run& run = owner.run_;
  wait_generation = run.barrier.generation();
  if (!run.barrier.arrive(group, site)) return false;
  run.wake_sleepers();
  return true;
}

void group_slot::wait() {
  waiting = true;
  sanitizer::before_switch(&fake_stack, owner.scheduler_);
  back = std::move(back).resume();
  sanitizer::after_switch(fake_stack, nullptr);
  waiting = false;
  if (owner.run_.failed.load(std::memory_order_acquire)) throw cancelled{};
}
} // namespace

void execute_root_sync(std::shared_ptr<nd_launch_base> launch, std::function<void(std::exception_ptr)> done) {
  const std::size_t groups = launch->group_count;
  if (groups == 0) return done(nullptr);
  auto& pool = thread_pool::instance();
  auto run = std::make_shared<launch_run>(std::move(launch), std::move(done));
  const std::size_t participants = std::min<std::size_t>(pool.size(), groups);
  run->first_share = (groups + participants - 1) / participants;
  pool.submit(
      participants,
      [run](std::size_t) {
        try {
          participant(*run).run();
        } catch (...) {
          run->fail(std::current_exception());
        }
      },
      [run] { run->done(std::exchange(run->error, nullptr)); });
}

std::size_t max_root_groups(std::size_t group_size, std::size_t local_bytes) {
  if (group_size == 0) return 0;
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  // A group's fiber and its items' each have a stack and a guard page below it.
  const std::size_t stacks = group_size + 1, stack = stack_pool::stack_bytes() + page;
  const std::size_t by_memory = memory_budget / (stacks * stack + round_up(local_bytes, local_alignment));
  // Each stack is two mappings (the stack and its guard), and the kernel allows vm.max_map_count
  // per process; leave room for the program's own.
  std::size_t max_maps = 65530;
  std::ifstream("/proc/sys/vm/max_map_count") >> max_maps;
  constexpr std::size_t reserved_maps = 8192;
  const std::size_t by_maps = max_maps > reserved_maps ? (max_maps - reserved_maps) / 2 / stacks : 0;
  return std::min(by_memory, by_maps);
}

} // namespace tessera::cpu
