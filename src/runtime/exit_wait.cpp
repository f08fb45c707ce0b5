#include "exit_wait.hpp"

#include <algorithm>
#include <mutex>
#include <vector>

#include "cpu/thread_pool.hpp"
#include "queue_impl.hpp"

namespace tessera::runtime {

namespace {
// The queues are held weakly: a queue nobody uses any more is not kept for the exit.
class exit_waiter {
public:
  // The pools that run the commands are made first, so that they are destroyed after this.
  exit_waiter() {
    cpu::thread_pool::instance();
    host_task_pool();
  }
  exit_waiter(const exit_waiter&) = delete;
  exit_waiter& operator=(const exit_waiter&) = delete;

  // Commands running at exit may make queues of their own: those are waited for in turn.
  ~exit_waiter() {
    for (;;) {
      std::vector<std::shared_ptr<queue_impl>> live;
      {
        std::lock_guard lock(mutex_);
        for (auto& w : queues_)
          if (auto q = w.lock()) live.push_back(std::move(q));
        queues_.clear();
      }
      if (live.empty()) return;
      for (auto& q : live) q->wait_for_exit();
    }
  }

  // Forgotten queues are dropped whenever the list has doubled, which keeps adding O(1) on average.
  void add(const std::shared_ptr<queue_impl>& q) {
    std::lock_guard lock(mutex_);
    if (queues_.size() >= 2 * kept_) {
      std::erase_if(queues_, [](const auto& w) { return w.expired(); });
      kept_ = std::max<std::size_t>(queues_.size(), 16);
    }
    queues_.push_back(q);
  }

private:
  std::mutex mutex_;
  std::vector<std::weak_ptr<queue_impl>> queues_;
  std::size_t kept_ = 16;
};
} // namespace

void wait_at_exit(const std::shared_ptr<queue_impl>& q) {
  static exit_waiter waiter;
  waiter.add(q);
}

} // namespace tessera::runtime
