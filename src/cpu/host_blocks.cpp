#include "tessera/backend/cpu/host_blocks.hpp"

#include <condition_variable>
#include <exception>
#include <mutex>

#include "cpu/thread_pool.hpp"
#include "tessera/backend/cpu/range_launch.hpp"

namespace tessera::cpu {

unsigned worker_count() { return thread_pool::instance().size(); }

void run_blocks(std::size_t blocks, const std::function<void(std::size_t)>& body) {
  std::mutex m;
  std::condition_variable cv;
  bool finished = false;
  std::exception_ptr error;
  // execute_chunks makes one chunk per block while blocks <= 4 per worker.
  execute_chunks(
      blocks,
      [&body](std::size_t first, std::size_t last) {
        for (std::size_t b = first; b < last; ++b) body(b);
      },
      [&](std::exception_ptr e) {
        std::lock_guard lock(m);
        error = e;
        finished = true;
        cv.notify_one();
      });
  std::unique_lock lock(m);
  cv.wait(lock, [&] { return finished; });
  if (error) std::rethrow_exception(error);
}

} // namespace tessera::cpu
