#pragma once
#include <cstddef>
#include <cstdint>

namespace tessera::runtime {

struct kernel_record;

// What a command is, as TESSERA_TRACE's timeline shows it. The handler fills it only while a
// trace is being written, so that a program not traced pays one test of a flag per command.
struct trace_tag {
  const char* kind = nullptr;           // "kernel", "memcpy", "memset", "fill", "copy", "host_task", ...
  const kernel_record* kernel = nullptr; // the kernel's name, for kernels
  int dims = 0;
  std::size_t global[3] = {};
  std::size_t local[3] = {}; // all 0: a kernel over a plain range
};

namespace trace {
// Set before main when TESSERA_TRACE names a file (src/runtime/trace.cpp); never changes after.
extern bool enabled;
inline bool on() noexcept { return enabled; }
} // namespace trace

} // namespace tessera::runtime
