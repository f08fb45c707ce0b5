#pragma once
// A pause inside a kernel, for tests of ordering: a slow command that a later one must wait for.
// On the CPU it is std::this_thread::sleep_for; in a CUDA device pass the work-item spins on the
// GPU's nanosecond global timer (with __nanosleep, so that it does not hog the issue slots), so the
// same test runs on the GPU.
#include <sycl/sycl.hpp>

#include <chrono>
#include <thread>

namespace tessera_test {

SYCL_EXTERNAL inline void kernel_sleep_ms(unsigned ms) {
#if defined(__CUDA_ARCH__)
  unsigned long long start = 0, now = 0;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  do {
    __nanosleep(100000);
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
  } while (now - start < ms * 1000000ull);
#else
  std::this_thread::sleep_for(std::chrono::milliseconds(ms));
#endif
}

} // namespace tessera_test
