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
// With AddressSanitizer, where the CBS pass compiles the translation unit (optimised, TESSERA_CBS):
// a global accessor's element goes through tessera_check_global, which the pass removes, exempting
// the loads and stores through it from AddressSanitizer's test, as its index is tested already.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TESSERA_ADDRESS_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(TESSERA_ADDRESS_SANITIZER)
#define TESSERA_ADDRESS_SANITIZER 1
#endif
#if TESSERA_CHECKED_ACCESS && defined(TESSERA_CBS) && defined(__OPTIMIZE__) && defined(TESSERA_ADDRESS_SANITIZER)
#define TESSERA_CHECK_GLOBAL_MARKER 1
#else
#define TESSERA_CHECK_GLOBAL_MARKER 0
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

// Every element access through an accessor or a local accessor (`Local`) passes here. In a
// checking build (TESSERA_CHECK, on the CPU) it checks the index and tells the checker which code
// touched which element of local memory; otherwise it is an inline identity the optimiser removes.
#if !TESSERA_CHECKED_ACCESS
template <typename T, bool Local = false>
TESSERA_HOST_DEVICE inline T& element(T* base, std::size_t index, std::size_t /*extent*/) {
  return base[index];
}
#else
// Not inlined: its return address is the place in the kernel that made the access.
[[noreturn, gnu::noinline, gnu::cold]] TESSERA_CHECK_CALL inline void out_of_range(std::size_t index,
                                                                                    std::size_t extent) {
  check::out_of_range(index, extent, __builtin_return_address(0));
}
// Inlined into the kernel: the checker's return address is the access's place there. Only local
// memory is the checker's: a global accessor's access costs the index's test alone.
template <typename T, bool Local = false>
[[gnu::always_inline]] TESSERA_HOST_DEVICE inline T& element(T* base, std::size_t index, std::size_t extent) {
  if (__builtin_expect(index >= extent, 0)) out_of_range(index, extent);
  if constexpr (Local)
    return *static_cast<T*>(tessera_check_local(const_cast<void*>(static_cast<const volatile void*>(base + index)),
                                                 sizeof(T)));
  else
#if TESSERA_CHECK_GLOBAL_MARKER
    return *static_cast<T*>(
        tessera_check_global(const_cast<void*>(static_cast<const volatile void*>(base + index)), sizeof(T)));
#else
    return base[index];
#endif
}
#endif

} // namespace tessera::memory
