#pragma once
#include "tessera/detail/macros.hpp"
#if TESSERA_DEVICE_PASS
#include <cstring>
#include <type_traits>

namespace tessera::cuda {

// `*p = op(*p, v)` atomically, for any 4- or 8-byte value and any combiner.
template <typename T, typename Op>
__device__ void atomic_combine(T* p, const T& v, Op op) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "GPU reductions combine 4- or 8-byte values");
  using U = std::conditional_t<sizeof(T) == 4, unsigned int, unsigned long long>;
  U* a = reinterpret_cast<U*>(p);
  U old = *a, assumed;
  do {
    assumed = old;
    T cur;
    std::memcpy(&cur, &assumed, sizeof(T));
    const T next = op(cur, v);
    U bits;
    std::memcpy(&bits, &next, sizeof(T));
    old = atomicCAS(a, assumed, bits);
  } while (old != assumed);
}

} // namespace tessera::cuda
#endif
