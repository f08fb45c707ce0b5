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
//
// Every 4- or 8-byte integer type takes the hardware atomic of its width: addition and the
// bitwise operators act alike on signed and unsigned two's complement bits, so a long long (or
// std::int64_t, a long) sum adds as an unsigned long long, and min and max take the signed or
// unsigned instruction of that width. The compare-and-swap loop is for the other combiners: at
// one atomic per block its retries cost a long long sum of 2^28 ints on an H100 half its speed
// (a thousand resident blocks finish together and succeed one at a time).
template <typename T>
inline constexpr bool word_integer_v = std::is_integral_v<T> && !std::is_same_v<T, bool> && (sizeof(T) == 4 || sizeof(T) == 8);
// The type whose CUDA atomics serve T: for add and the bitwise operators, unsigned of T's width;
// for min and max, of T's width and signedness.
template <typename T>
using bits_of_t = std::conditional_t<sizeof(T) == 4, unsigned int, unsigned long long>;
template <typename T>
using ordered_as_t = std::conditional_t<std::is_signed_v<T>, std::conditional_t<sizeof(T) == 4, int, long long>, bits_of_t<T>>;

template <typename T, typename Op>
__device__ void atomic_combine(T* p, const T& v, Op op) {
  using detail::is_op_v;
  using B = bits_of_t<T>;
  using O = ordered_as_t<T>;
  if constexpr ((std::is_same_v<T, float> || std::is_same_v<T, double>) && is_op_v<sycl::plus, Op, T>) {
    atomicAdd(p, v);
  } else if constexpr (word_integer_v<T> && is_op_v<sycl::plus, Op, T>) {
    atomicAdd(reinterpret_cast<B*>(p), static_cast<B>(v));
  } else if constexpr (word_integer_v<T> && is_op_v<sycl::bit_and, Op, T>) {
    atomicAnd(reinterpret_cast<B*>(p), static_cast<B>(v));
  } else if constexpr (word_integer_v<T> && is_op_v<sycl::bit_or, Op, T>) {
    atomicOr(reinterpret_cast<B*>(p), static_cast<B>(v));
  } else if constexpr (word_integer_v<T> && is_op_v<sycl::bit_xor, Op, T>) {
    atomicXor(reinterpret_cast<B*>(p), static_cast<B>(v));
  } else if constexpr (word_integer_v<T> && is_op_v<sycl::minimum, Op, T>) {
    atomicMin(reinterpret_cast<O*>(p), static_cast<O>(v));
  } else if constexpr (word_integer_v<T> && is_op_v<sycl::maximum, Op, T>) {
    atomicMax(reinterpret_cast<O*>(p), static_cast<O>(v));
  } else if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
    B* a = reinterpret_cast<B*>(p);
    B old = *a, assumed;
    do {
      assumed = old;
      T cur;
      std::memcpy(&cur, &assumed, sizeof(T));
      const T next = op(cur, v);
      B bits;
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
