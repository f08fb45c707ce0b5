#pragma once
// sycl::stream over the backends: where a statement goes when it ends (`ops::write_statement`,
// from the backend that the code being compiled runs on) and the storage a stream needs on the
// queue's device.
#include <memory>

#include "tessera/detail/stream_sink.hpp"
#include "tessera/glue/device_ops.hpp"
#if TESSERA_CUDA_COMPILE
#include "tessera/backend/cuda/stream_ops.hpp"
#endif
#if !TESSERA_DEVICE_PASS
#include "tessera/backend/cpu/stream_ops.hpp"
#endif

namespace tessera::glue {

// A GPU stream needs a buffer there (set into `sink`); on the CPU statements go straight out. A
// translation unit not compiled as CUDA runs its kernels on the CPU.
inline std::shared_ptr<detail::stream_storage> make_stream_storage(bool on_gpu, void* cuda_stream,
                                                                   detail::stream_sink& sink) {
#if TESSERA_CUDA_COMPILE
  if (on_gpu) return std::make_shared<cuda::stream_buffer>(sink, cuda_stream);
#endif
  (void)on_gpu, (void)cuda_stream, (void)sink;
  return std::make_shared<detail::stream_storage>();
}

} // namespace tessera::glue
