#pragma once
#include "tessera/detail/macros.hpp"
#if TESSERA_DEVICE_PASS
#include <cstring>
#include <type_traits>

namespace tessera::cuda {

// `*p = op(*p, v)` atomically, for any 4- or 8-byte value and any combiner.
// Only 4- and 8-byte values reach here on the GPU (handler.hpp keeps other reductions on the
// CPU); the check is not a static_assert because every reducer is compiled for the device too.
template <typename T, typename Op>
__device__ void atomic_combine(T* p, const T& v, Op op) {
  if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
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
  } else {
    (void)p, (void)v, (void)op;
    __trap();
  }
}

} // namespace tessera::cuda
#endif
