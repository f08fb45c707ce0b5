#pragma once
#include <exception>
#include <functional>
#include <memory>
#include <vector>

#include "sycl/access.hpp"
#include "tessera/detail/inline_function.hpp"
#include "tessera/runtime/buffer_impl.hpp"
#include "tessera/runtime/event_impl.hpp"
#include "tessera/runtime/trace.hpp"
#include "tessera/runtime/usm_check.hpp"

namespace tessera::runtime {

struct requirement {
  std::shared_ptr<buffer_impl> buffer;
  sycl::access_mode mode;
};

// Called once when a command finishes, from whatever thread finished it, with its first error.
using completion = std::function<void(std::exception_ptr)>;
// Starts the command's work once its dependencies are complete; must not block.
using action = std::function<void(completion)>;
// Enqueues the command's work on the queue's backend stream, which completes it in order.
using stream_action = detail::inline_function<96>;

// What a handler has collected when the command-group function returns.
struct command_group {
  action run;             // either this,
  stream_action enqueue;  // or this, for a command on a GPU queue's stream
  std::vector<requirement> requirements;
  std::vector<std::shared_ptr<event_impl>> depends;
  std::vector<std::shared_ptr<usm_pin>> pins; // USM that sycl::free must not take away meanwhile
  bool host_task = false; // may block: runs on a thread of its own, not on the compute pool
  // A host task that takes an interop_handle: its buffers are on the queue's device, for the
  // native work it enqueues there (get_native_mem), which it completes with.
  bool interop = false;
  trace_tag trace;        // filled only while tracing
};

} // namespace tessera::runtime
