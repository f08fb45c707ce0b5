#pragma once
#include <atomic>
#include <cstdint>

#include "tessera/runtime/command_group.hpp"

namespace tessera::runtime {

// A backend queue that runs its commands in the order they were enqueued (a CUDA stream). Each
// command gets a ticket, and a command is complete once the count of completed ones reaches its
// ticket: a command that nobody waits on costs the backend no per-command bookkeeping, and the
// thread that learns of completions writes one counter per batch instead of every command's event.
class timeline {
public:
  virtual ~timeline() = default;
  timeline() = default;
  timeline(const timeline&) = delete;
  timeline& operator=(const timeline&) = delete;

  // Called right after work was enqueued, by the thread that enqueued it: that work's ticket.
  virtual std::uint64_t enqueued() = 0;
  // The ticket of the work enqueued last.
  virtual std::uint64_t last_ticket() const = 0;
  // Whether every command up to `ticket` has completed. Never prompts the backend to find out.
  bool reached(std::uint64_t ticket) const { return completed_.load(std::memory_order_acquire) >= ticket; }
  // Prompts the backend to find out about `ticket` now, and returns at once.
  virtual void prompt(std::uint64_t ticket) = 0;
  // What a user asking about `ticket` is told; one not yet reached is prompted for.
  bool asked(std::uint64_t ticket) {
    if (reached(ticket)) return true;
    prompt(ticket);
    return false;
  }
  virtual void wait(std::uint64_t ticket) = 0;
  // `f` runs once `ticket` is reached (at once if it is), with the error of the work it covers.
  // `soon`: someone waits for it, so the backend should find out without waiting for a batch.
  virtual void when_reached(std::uint64_t ticket, completion f, bool soon) = 0;
  // The backend queue is about to go: whatever was enqueued still completes, and the continuations
  // registered run; no error is reported after this.
  virtual void close() = 0;

protected:
  std::atomic<std::uint64_t> completed_{0};
};

} // namespace tessera::runtime
