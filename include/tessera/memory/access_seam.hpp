#pragma once
#include <cstddef>
#include "tessera/detail/macros.hpp"
// Check mode's accesses are checked on the host; device code compiled for a GPU is not.
#if defined(TESSERA_CHECK) && !defined(__CUDA_ARCH__)
#define TESSERA_CHECKED_ACCESS 1
#include "tessera/memory/access_check.hpp"
#else
#define TESSERA_CHECKED_ACCESS 0
#endif
// The functions between a kernel's subscript and the checks: in a checking build always inlined,
// so that the checks' return address is in the kernel, at the subscript, even where the compiler
// would call them (AddressSanitizer's builds do).
#if TESSERA_CHECKED_ACCESS
#define TESSERA_ACCESS_INLINE [[gnu::always_inline]] inline
#else
#define TESSERA_ACCESS_INLINE
#endif

namespace tessera::memory {

// Every element access through an accessor or a local accessor passes here. In a checking build
// (TESSERA_CHECK, on the CPU) it checks the index and tells the checker which code touched
// which element; otherwise it is an inline identity the optimiser removes.
#if !TESSERA_CHECKED_ACCESS
template <typename T>
TESSERA_HOST_DEVICE inline T& element(T* base, std::size_t index, std::size_t /*extent*/) {
  return base[index];
}
#else
// Not inlined: its return address is the place in the kernel that made the access.
template <typename T>
[[gnu::noinline]] TESSERA_HOST_DEVICE T& element(T* base, std::size_t index, std::size_t extent) {
  if (index >= extent) check::out_of_range(index, extent, __builtin_return_address(0));
  check::touch(base + index, sizeof(T), __builtin_return_address(0));
  return base[index];
}
#endif

} // namespace tessera::memory
