// The thread pool's forward-progress watchdog. The CPU runs as many work-groups at once as it has
// workers, each to its end: a kernel whose groups wait for groups that have not started (a
// device-wide latch, the book's fig 19-18) would spin forever. SYCL 2020 guarantees no forward
// progress between work-groups, so that kernel is wrong; reporting it beats hanging. The check
// costs the workers one relaxed increment per group and per chunk; the watchdog thread looks at
// the pool a few times per period.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>

#include "cpu/thread_pool.hpp"

#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
#define TESSERA_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer)
#define TESSERA_SANITIZED 1
#endif
#endif

namespace tessera::cpu {

namespace {
// A work-group runs for well under a second in any kernel we know; sanitizers slow it ten times.
#if defined(TESSERA_SANITIZED)
constexpr double default_seconds = 60;
#else
constexpr double default_seconds = 6;
#endif

// TESSERA_WATCHDOG: "off" (or 0) for kernels whose work-groups run longer; otherwise seconds.
double watchdog_seconds() {
  const char* s = std::getenv("TESSERA_WATCHDOG");
  if (!s || !*s) return default_seconds;
  if (std::strcmp(s, "off") == 0) return 0;
  const double v = std::strtod(s, nullptr);
  return v > 0 ? v : 0;
}

[[noreturn]] void stalled(const std::string& kernel, unsigned workers, double seconds) {
  std::fflush(stdout);
  std::fprintf(stderr,
               "Tessera: work-groups wait on groups that cannot run concurrently: %s has had all %u CPU workers "
               "for %.1f s without a work-group finishing, while others wait to start. The CPU device runs %u "
               "work-groups at a time, and SYCL 2020 guarantees no forward progress between work-groups. "
               "TESSERA_WATCHDOG=off turns this check off for work-groups that run longer "
               "(TESSERA_WATCHDOG=<seconds> sets the time).\n",
               kernel.c_str(), workers, seconds, workers);
  std::fflush(stderr);
  std::terminate();
}
} // namespace

// Under mutex_.
void thread_pool::start_watchdog() {
  watchdog_started_ = true;
  const double seconds = watchdog_seconds();
  if (seconds <= 0) return;
  const auto after = std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  watchdog_ = std::thread([this, after] { watch_jobs(after); });
}

// A watched job stalls when every worker is in it, chunks of it are still to start, and its
// progress has not moved since the watchdog last saw it move.
void thread_pool::watch_jobs(std::chrono::steady_clock::duration after) {
  const auto period = std::max<std::chrono::steady_clock::duration>(after / 8, std::chrono::milliseconds(10));
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    watchdog_wake_.wait_for(lock, period);
    const auto now = std::chrono::steady_clock::now();
    for (auto& j : jobs_) {
      if (!j->watch || j->next.load(std::memory_order_relaxed) >= j->chunks) continue;
      const std::size_t seen = j->watch->progress();
      const bool all_in = j->running.load(std::memory_order_relaxed) == workers_.size();
      if (!all_in || seen != j->seen_progress || j->seen_at == std::chrono::steady_clock::time_point{}) {
        j->seen_progress = seen;
        j->seen_at = now;
      } else if (now - j->seen_at >= after) {
        stalled(j->watch->describe(), size(), std::chrono::duration<double>(now - j->seen_at).count());
      }
    }
  }
}

} // namespace tessera::cpu
