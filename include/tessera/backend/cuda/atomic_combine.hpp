#pragma once
#include "tessera/detail/macros.hpp"
#if TESSERA_DEVICE_PASS
#include <cstring>
#include <type_traits>

#include "sycl/known_identity.hpp"

namespace tessera::cuda {

// `*p = op(*p, v)` atomically, for any 4- or 8-byte value and any combiner.
// Only 4- and 8-byte values reach here on the GPU (handler.hpp keeps other reductions on the
// CPU); the check is not a static_assert because every reducer is compiled for the device too.
template <typename T>
inline constexpr bool native_add_v = std::is_same_v<T, int> || std::is_same_v<T, unsigned> ||
                                     std::is_same_v<T, unsigned long long> || std::is_same_v<T, float> ||
                                     std::is_same_v<T, double>;
template <typename T>
inline constexpr bool native_minmax_v = std::is_same_v<T, int> || std::is_same_v<T, unsigned> ||
                                        std::is_same_v<T, long long> || std::is_same_v<T, unsigned long long>;

template <typename T, typename Op>
__device__ void atomic_combine(T* p, const T& v, Op op) {
  using detail::is_op_v;
  if constexpr (is_op_v<sycl::plus, Op, T> && native_add_v<T>) {
    atomicAdd(p, v);
  } else if constexpr (is_op_v<sycl::minimum, Op, T> && native_minmax_v<T>) {
    atomicMin(p, v);
  } else if constexpr (is_op_v<sycl::maximum, Op, T> && native_minmax_v<T>) {
    atomicMax(p, v);
  } else if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
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
