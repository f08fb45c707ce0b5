#pragma once
#include <atomic>
#include <cstddef>
#include <memory>

namespace tessera::runtime {

// A USM allocation that a pending command reads or writes: sycl::free of it is an error until
// the command completes (or is dropped), which releases the pin.
class usm_pin {
public:
  explicit usm_pin(const char* base) : base_(base) {}
  usm_pin(const usm_pin&) = delete;
  usm_pin& operator=(const usm_pin&) = delete;
  ~usm_pin() { release(); }
  void release();

private:
  const char* base_;
  std::atomic<bool> released_{false};
};

// Checks `bytes` bytes at `p`, argument `arg` of the USM operation `op`, before anything runs:
// a null or freed pointer with a non-zero size, or a range that overruns the USM allocation it
// starts in, is errc::invalid. Memory the registry does not know (the host's own) passes: the
// CPU device reaches it. Returns a pin on the allocation when `pin` is set and `p` is USM.
std::shared_ptr<usm_pin> check_usm_range(const void* p, std::size_t bytes, const char* op, const char* arg,
                                         bool pin);

// The USM allocation that holds `p`, live or freed and not yet handed back (sycl::free keeps
// freed memory a while): check mode's report of a bad access names it.
struct usm_block {
  const char* start;
  std::size_t bytes;
  const char* made_by; // "malloc_device", "malloc_host" or "malloc_shared"
  bool freed;
};
bool usm_block_at(const void* p, usm_block& out);

} // namespace tessera::runtime
