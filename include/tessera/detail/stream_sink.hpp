#pragma once
#include <cstddef>
#include <mutex>

namespace tessera::detail {

// Where a sycl::stream's statements go: straight to std::cout on a backend that shares the
// host's memory (no buffer), else into the stream's buffer on its device, printed on the host
// after the command.
struct stream_sink {
  char* buffer = nullptr;
  unsigned long long* used = nullptr;
  std::size_t capacity = 0;
  std::size_t statement_size = 0;
};

// Statements of different work-items, and the printing of device buffers, never interleave.
inline std::mutex& stream_output_mutex() {
  static std::mutex m;
  return m;
}

// A stream's storage on its device, held by every copy of the stream until the last one goes.
struct stream_storage {
  virtual ~stream_storage() = default;
};

} // namespace tessera::detail
