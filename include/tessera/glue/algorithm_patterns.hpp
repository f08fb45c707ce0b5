#pragma once
#include <utility>

#include "sycl/exception.hpp"
#include "sycl/queue.hpp"
#include "tessera/backend/cpu/algorithm_patterns.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/ext/dpl/binding.hpp"
#if TESSERA_CUDA_COMPILE
#include "tessera/backend/cuda/buffer_session.hpp"
#include "tessera/backend/cuda/cub_patterns.hpp"
#endif

namespace tessera::glue {

// Runs body(patterns, session) for an algorithm of the library (tessera/ext/dpl) on the device of
// `q`, after the commands already on the queue (as a command would be), with a session that holds
// the buffers the algorithm touches: on a GPU, CUB and kernels on the queue's CUDA stream (only a
// CUDA translation unit has them); on the CPU, the CPU backend's patterns on its worker pool.
template <typename Body>
decltype(auto) on_queue(sycl::queue q, Body&& body) {
#if TESSERA_CUDA_COMPILE
  if (q.get_device().is_gpu()) {
    q.wait();
    cuda::set_device(q.get_device().impl());
    cuda::buffer_session session(q.get_device(), runtime::native_stream(q));
    return body(cuda::algorithm_patterns{runtime::native_stream(q)}, session);
  }
#endif
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
