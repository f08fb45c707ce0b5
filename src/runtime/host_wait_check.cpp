// A host_accessor holds its buffer until it is destroyed (SYCL 2020 4.7.6.10): a command that
// needs the buffer waits for it. If the thread that holds it then waits for such a command (the
// book's fig 13-13: a second host_accessor, queue::wait, a buffer's destruction), nothing can
// ever destroy the first one, and DPC++ hangs there. The wait is refused instead, naming the
// host_accessor that blocks it. A host_accessor copied to another thread that outlives the copy
// of the waiting thread is the one case this reports wrongly; its maker is taken as its holder.
#include <atomic>
#include <string>
#include <unordered_set>
#include <vector>

#include "host_holds.hpp"
#include "sycl/exception.hpp"
#include "tessera/runtime/event_impl.hpp"

namespace tessera::runtime {

namespace host_holds {
namespace {
std::atomic<long> live{0};
}
void taken() { live.fetch_add(1, std::memory_order_relaxed); }
void released() { live.fetch_sub(1, std::memory_order_relaxed); }
bool any() { return live.load(std::memory_order_relaxed) > 0; }
} // namespace host_holds

namespace {

[[noreturn]] void refuse(const char* waiter, const char* file, unsigned line) {
  throw sycl::exception(
      sycl::make_error_code(sycl::errc::accessor),
      std::string(waiter ? waiter : "this wait") + " would wait for ever: it waits for a command that needs "
          "a buffer held by the host_accessor made at " + file + ":" + std::to_string(line) +
          ", which this thread keeps alive (a host_accessor blocks its buffer's later commands until it is "
          "destroyed); destroy it, for instance by ending its scope, before waiting");
}

} // namespace

void check_host_wait(const event_impl& awaited, const char* waiter) {
  if (!host_holds::any()) return;
  unsigned line = 0;
  if (const char* file = awaited.hold_site_of_this_thread(line)) refuse(waiter, file, line);
  std::vector<std::shared_ptr<event_impl>> todo = awaited.pending_waits();
  std::unordered_set<const event_impl*> seen{&awaited};
  while (!todo.empty()) {
    auto e = std::move(todo.back());
    todo.pop_back();
    if (!seen.insert(e.get()).second || e->is_complete()) continue;
    if (const char* file = e->hold_site_of_this_thread(line)) refuse(waiter, file, line);
    for (auto& w : e->pending_waits()) todo.push_back(std::move(w));
  }
}

} // namespace tessera::runtime
