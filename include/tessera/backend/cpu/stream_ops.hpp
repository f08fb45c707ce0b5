#pragma once
#include <cstddef>
#include <iostream>
#include <mutex>

#include "tessera/detail/stream_sink.hpp"

namespace tessera::cpu::ops {

// A statement goes to std::cout as soon as it ends, whole.
inline void write_statement(const detail::stream_sink&, const char* text, std::size_t n) {
  std::lock_guard lock(detail::stream_output_mutex());
  std::cout.write(text, static_cast<std::streamsize>(n));
}

} // namespace tessera::cpu::ops
