#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <iostream>
#include <mutex>

#include "tessera/backend/cuda/runtime.hpp"
#include "tessera/detail/stream_sink.hpp"

namespace tessera::cuda {

namespace ops {
// Each statement takes its place in the buffer with one atomic; what does not fit is cut.
__device__ inline void write_statement(const detail::stream_sink& sink, const char* text, std::size_t n) {
  const auto at = atomicAdd(sink.used, static_cast<unsigned long long>(n));
  if (at >= sink.capacity) return;
  if (at + n > sink.capacity) n = sink.capacity - at;
  for (std::size_t i = 0; i < n; ++i) sink.buffer[at + i] = text[i];
}
} // namespace ops

// A stream's buffer on the GPU, printed when the last copy of the stream goes, after the queue's
// CUDA stream has finished the kernel: the kernel's copies are released once it is enqueued, so
// the printing waits for the kernel there. (TODO: print from the command's completion instead,
// which would keep the submission asynchronous.)
class stream_buffer final : public detail::stream_storage {
public:
  stream_buffer(detail::stream_sink& s, stream cs) : stream_(cs), sink_(s) {
    void* p = nullptr;
    throw_if_error(cudaMallocManaged(&p, s.capacity + sizeof(unsigned long long)), "allocating a sycl::stream");
    s.used = static_cast<unsigned long long*>(p);
    *s.used = 0;
    s.buffer = static_cast<char*>(p) + sizeof(unsigned long long);
    sink_ = s;
  }
  ~stream_buffer() override {
    cudaStreamSynchronize(static_cast<cudaStream_t>(stream_));
    const auto n = *sink_.used < sink_.capacity ? *sink_.used : sink_.capacity;
    {
      std::lock_guard lock(detail::stream_output_mutex());
      std::cout.write(sink_.buffer, static_cast<std::streamsize>(n));
      std::cout.flush();
    }
    cudaFree(sink_.used);
  }
  stream_buffer(const stream_buffer&) = delete;
  stream_buffer& operator=(const stream_buffer&) = delete;

private:
  stream stream_;
  detail::stream_sink sink_;
};

} // namespace tessera::cuda
