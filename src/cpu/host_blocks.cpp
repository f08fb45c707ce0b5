#include "tessera/backend/cpu/host_blocks.hpp"

#include <exception>
#include <mutex>

#include "cpu/thread_pool.hpp"

namespace tessera::cpu {

unsigned worker_count() { return thread_pool::instance().size(); }

// On the pool with the calling thread taking blocks too (thread_pool::run); the first exception
// a block throws reaches the caller once every block has run.
void run_blocks(std::size_t blocks, const std::function<void(std::size_t)>& body) {
  std::mutex m;
  std::exception_ptr error;
  thread_pool::instance().run(blocks, [&](std::size_t b) {
    try {
      body(b);
    } catch (...) {
      std::lock_guard lock(m);
      if (!error) error = std::current_exception();
    }
  });
  if (error) std::rethrow_exception(error);
}

} // namespace tessera::cpu
