#pragma once
#include <chrono>
#include <thread>

namespace tessera::cpu {

// Whether a poll gives its core away now and then: where the thread polled for may be waiting
// for this very core (more threads than cores), it must.
enum class between_polls { pause, yield };

// Polls `holds` with a pause between polls for at most 50 us, about the time a thread takes to wake
// from sleep, so polling costs at most what sleeping would: true once it holds. The clock is read
// every 64 polls only, so that a change is seen within a few hundred nanoseconds.
template <typename Predicate>
bool poll_until(const Predicate& holds, between_polls mode) {
  constexpr auto poll_time = std::chrono::microseconds(50);
  const auto deadline = std::chrono::steady_clock::now() + poll_time;
  for (;;) {
    for (unsigned k = 0; k < 64; ++k) {
      if (holds()) return true;
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    }
    if (std::chrono::steady_clock::now() >= deadline) return false;
    if (mode == between_polls::yield) std::this_thread::yield();
  }
}

} // namespace tessera::cpu
