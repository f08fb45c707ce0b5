#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tessera::cpu {

// One thread per core. Jobs are split into chunks that idle workers take in order; several jobs
// (independent kernels) may be in flight at once. The last chunk to finish runs the job's `done`.
class thread_pool {
public:
  static thread_pool& instance();

  explicit thread_pool(unsigned threads);
  ~thread_pool();
  thread_pool(const thread_pool&) = delete;
  thread_pool& operator=(const thread_pool&) = delete;

  unsigned size() const { return static_cast<unsigned>(workers_.size()); }
  // body(i) for i in [0, chunks) must not throw; done() runs once, after every chunk.
  void submit(std::size_t chunks, std::function<void(std::size_t)> body, std::function<void()> done);

private:
  struct job;
  void work();
  std::shared_ptr<job> next_job();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<job>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

} // namespace tessera::cpu
