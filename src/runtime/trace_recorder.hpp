#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "tessera/runtime/trace.hpp"

namespace tessera::runtime {
class event_impl;
struct device_impl;
} // namespace tessera::runtime

// The recording half of TESSERA_TRACE: what the queue, the thread pool and the waits report while
// trace::on(). The file is written when the program exits.
namespace tessera::runtime::trace {

// A command was submitted; returns its number in the trace. `deps`: what it waits for (those
// recorded earlier become flow arrows).
std::uint64_t record_command(const std::shared_ptr<event_impl>& ev, const trace_tag& tag, const device_impl& dev,
                             std::uint64_t queue, const std::vector<std::shared_ptr<event_impl>>& deps);
// A host thread waited in `what` (queue::wait, event::wait, ...) from `begin_ns` to `end_ns`.
void record_wait(const char* what, std::uint64_t begin_ns, std::uint64_t end_ns);
// A pool thread (`worker` of the pool named `pool`; -1: a thread that is not the pool's) ran part
// of command `command` from `begin_ns` to `end_ns`.
void record_work(std::uint64_t command, const char* pool, int worker, std::uint64_t begin_ns, std::uint64_t end_ns);

// While the calling thread starts command `id`, the jobs it gives the thread pool are its work.
class starting_command {
public:
  explicit starting_command(std::uint64_t id);
  ~starting_command();
  starting_command(const starting_command&) = delete;
  starting_command& operator=(const starting_command&) = delete;

private:
  std::uint64_t previous_;
};
// The command the calling thread is starting, or 0.
std::uint64_t current_command() noexcept;

// Times a host wait for the trace; does nothing when not tracing.
class timed_wait {
public:
  explicit timed_wait(const char* what);
  ~timed_wait();
  timed_wait(const timed_wait&) = delete;
  timed_wait& operator=(const timed_wait&) = delete;

private:
  const char* what_;
  std::uint64_t begin_ = 0;
};

} // namespace tessera::runtime::trace
