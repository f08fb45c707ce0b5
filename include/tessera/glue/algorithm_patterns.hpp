#pragma once
#include <utility>

#include "sycl/exception.hpp"
#include "sycl/queue.hpp"
#include "tessera/backend/cpu/algorithm_patterns.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/ext/dpl/binding.hpp"

namespace tessera::glue {

// Runs body(patterns, session) for an algorithm of the library (tessera/ext/dpl) on the device of
// `q`: with the CPU backend's patterns on its worker pool, after the commands already on the
// queue (device policies are ordered after them as a command would be), and a session that holds
// host access to the buffers the algorithm touches.
template <typename Body>
decltype(auto) on_queue(sycl::queue q, Body&& body) {
  if (q.get_device().is_gpu())
    throw sycl::exception(sycl::errc::feature_not_supported,
                          "oneDPL algorithms on a GPU queue: this translation unit was not compiled as CUDA");
  q.wait();
  dpl::host_session session;
  return body(cpu::algorithm_patterns{true}, session);
}

// A host policy: the CPU's patterns, on the pool or (sequential policies) on the calling thread.
template <typename Body>
decltype(auto) on_host(bool parallel, Body&& body) {
  dpl::host_session session;
  return body(cpu::algorithm_patterns{parallel}, session);
}

} // namespace tessera::glue
