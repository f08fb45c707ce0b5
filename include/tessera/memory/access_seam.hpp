#pragma once
#include <cstddef>
#include "tessera/detail/macros.hpp"

namespace tessera::memory {

// Every element access through an accessor or a local accessor passes here. A checking build
// (TESSERA_CHECK) replaces it to find races, reads of uninitialised local memory and
// out-of-bounds indices; otherwise it is an inline identity the optimiser removes.
#ifndef TESSERA_CHECK
template <typename T>
TESSERA_HOST_DEVICE inline T& element(T* base, std::size_t index, std::size_t /*extent*/) {
  return base[index];
}
#else
template <typename T>
TESSERA_HOST_DEVICE T& element(T* base, std::size_t index, std::size_t extent);
#endif

} // namespace tessera::memory
