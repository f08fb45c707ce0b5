#pragma once
#include <cstddef>

namespace tessera::cpu {

// Each worker owns one block of local memory, as large as the device reports; the work-group
// running on that worker uses it.
namespace local_arena {
constexpr std::size_t bytes = 64 * 1024;
constexpr std::size_t alignment = 64;
char* for_this_thread();
} // namespace local_arena

} // namespace tessera::cpu
