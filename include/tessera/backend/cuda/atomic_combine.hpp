#pragma once
#include "tessera/detail/macros.hpp"

#if TESSERA_CUDA_COMPILE
namespace tessera::cuda {
// The spin locks of combine_under_lock (below). Declared for both passes: nvcc's host pass
// registers every device variable of the translation unit.
static __device__ unsigned combine_locks[64];
} // namespace tessera::cuda
#endif

#if TESSERA_DEVICE_PASS
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sycl/known_identity.hpp"

namespace tessera::cuda {

// `*p = op(*p, v)` atomically, for a value of any size and any combiner.
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

// A 1- or 2-byte value (char, short, bool, half) is swapped in with the 4-byte word that holds
// it; the word's other bytes (neighbouring elements of an array reduction) are written back as read.
template <typename T, typename Op>
__device__ void combine_in_word(T* p, const T& v, Op op) {
  const auto addr = reinterpret_cast<std::uintptr_t>(p);
  unsigned* word = reinterpret_cast<unsigned*>(addr & ~std::uintptr_t{3});
  const unsigned shift = static_cast<unsigned>(addr & 3u) * 8u;
  const unsigned mask = ((1u << (8u * sizeof(T))) - 1u) << shift;
  unsigned old = *word, assumed;
  do {
    assumed = old;
    const unsigned part = assumed >> shift;
    T cur;
    std::memcpy(&cur, &part, sizeof(T));
    const T next = op(cur, v);
    unsigned bits = 0;
    std::memcpy(&bits, &next, sizeof(T));
    old = atomicCAS(word, assumed, (assumed & ~mask) | ((bits << shift) & mask));
  } while (old != assumed);
}

// Wider values (a user's struct, a vec) have no atomic of their size: a block's leader takes one
// of a few spin locks, chosen by address. One combine per work-group keeps the waits short.
template <typename T, typename Op>
__device__ void combine_under_lock(T* p, const T& v, Op op) {
  unsigned* lock = &combine_locks[(reinterpret_cast<std::uintptr_t>(p) / 16) % 64];
  while (atomicCAS(lock, 0u, 1u) != 0u) {
  }
  __threadfence();
  // Read and written past the L1 cache, which may hold what another SM's block replaced.
  volatile unsigned char* bytes = reinterpret_cast<volatile unsigned char*>(p);
  T cur;
  auto* c = reinterpret_cast<unsigned char*>(&cur);
  for (std::size_t i = 0; i < sizeof(T); ++i) c[i] = bytes[i];
  const T next = op(cur, v);
  const auto* n = reinterpret_cast<const unsigned char*>(&next);
  for (std::size_t i = 0; i < sizeof(T); ++i) bytes[i] = n[i];
  __threadfence();
  atomicExch(lock, 0u);
}

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
  } else if constexpr (sizeof(T) < 4) {
    combine_in_word(p, v, op);
  } else {
    combine_under_lock(p, v, op);
  }
}
} // namespace tessera::cuda
#endif
