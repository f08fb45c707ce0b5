#include <algorithm>
#include <atomic>
#include <mutex>
#include <utility>

#include "cpu/thread_pool.hpp"
#include "tessera/backend/cpu/range_launch.hpp"

namespace tessera::cpu {

namespace {
struct chunked_job {
  std::size_t n, chunks;
  std::function<void(std::size_t, std::size_t)> body;
  runtime::completion done;
  std::mutex mutex;
  std::exception_ptr error;
};
} // namespace

// A few chunks per worker balance uneven work without making chunks so small that their
// dispatch shows.
void execute_chunks(std::size_t n, std::function<void(std::size_t, std::size_t)> body, runtime::completion done) {
  auto& pool = thread_pool::instance();
  auto job = std::make_shared<chunked_job>();
  job->n = n;
  job->chunks = std::min<std::size_t>(n, pool.size() * 4);
  job->body = std::move(body);
  job->done = std::move(done);
  pool.submit(
      job->chunks,
      [job](std::size_t c) {
        try {
          job->body(c * job->n / job->chunks, (c + 1) * job->n / job->chunks);
        } catch (...) {
          std::lock_guard lock(job->mutex);
          if (!job->error) job->error = std::current_exception();
        }
      },
      [job] { job->done(std::exchange(job->error, nullptr)); });
}

} // namespace tessera::cpu
