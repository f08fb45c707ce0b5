#pragma once
// The integer built-ins (SYCL 2020 §4.17.6) for every integer type; max, min and clamp, shared
// with the floating types, live in common.hpp. Bit counts, high products and 24-bit products are
// the backend's own (tessera/glue/builtin_ops.hpp).
#include <climits>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "tessera/detail/builtin_types.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/glue/builtin_ops.hpp"
#include "tessera/detail/nonscalar.hpp"

// As TESSERA_GENFLOAT_TEMPLATE (math.hpp).
#define TESSERA_GENINT_TEMPLATE                                        \
  template <typename T, typename... Same,                              \
            std::enable_if_t<::tessera::detail::is_geninteger_v<T> &&  \
                                 (std::is_same_v<T, Same> && ...),     \
                             int> = 0>

namespace tessera::detail {

template <typename T>
using unsigned_t = std::make_unsigned_t<T>;

template <typename T>
inline constexpr int bits_v = int(sizeof(T) * CHAR_BIT);

TESSERA_HOST_DEVICE inline int clz64(std::uint64_t x) { return ::tessera::glue::ops::clz64(x); }
TESSERA_HOST_DEVICE inline int ctz64(std::uint64_t x) { return ::tessera::glue::ops::ctz64(x); }
TESSERA_HOST_DEVICE inline int popcount64(std::uint64_t x) { return ::tessera::glue::ops::popcount64(x); }

// The high half of the full product of two integers of type T.
template <typename T>
TESSERA_HOST_DEVICE T mul_hi(T x, T y) {
  if constexpr (sizeof(T) < 8) {
    using W = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    return static_cast<T>((W(x) * W(y)) >> bits_v<T>);
  } else {
    using W = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    return static_cast<T>(::tessera::glue::ops::mul_hi64(W(x), W(y)));
  }
}

}  // namespace tessera::detail

namespace sycl {

// |x|, in T as SYCL 2020 has it (abs of the most negative value wraps to itself).
TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T abs(T x) {
  if constexpr (std::is_signed_v<T>) {
    using U = ::tessera::detail::unsigned_t<T>;
    return static_cast<T>(x < 0 ? U(U(0) - U(x)) : U(x));
  } else {
    return x;
  }
}
TESSERA_ELEMENTWISE(::sycl, abs)

// |x - y| computed without overflow, returned in T like abs (SYCL 2020 and DPC++ return GenInt;
// a difference T cannot hold wraps).
TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T abs_diff(T x, T y) {
  using U = ::tessera::detail::unsigned_t<T>;
  return static_cast<T>(x > y ? U(U(x) - U(y)) : U(U(y) - U(x)));
}
TESSERA_ELEMENTWISE(::sycl, abs_diff)

TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T add_sat(T x, T y) {
  T r{};
  if (!__builtin_add_overflow(x, y, &r)) return r;
  if constexpr (std::is_signed_v<T>) {
    return y > 0 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::min();
  } else {
    return std::numeric_limits<T>::max();
  }
}
TESSERA_ELEMENTWISE(::sycl, add_sat)

TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T sub_sat(T x, T y) {
  T r{};
  if (!__builtin_sub_overflow(x, y, &r)) return r;
  if constexpr (std::is_signed_v<T>) {
    return y < 0 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::min();
  } else {
    return T(0);
  }
}
TESSERA_ELEMENTWISE(::sycl, sub_sat)

// (x + y) >> 1 and (x + y + 1) >> 1 without the intermediate overflowing.
TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T hadd(T x, T y) { return static_cast<T>((x >> 1) + (y >> 1) + (x & y & 1)); }
TESSERA_ELEMENTWISE(::sycl, hadd)

TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T rhadd(T x, T y) { return static_cast<T>((x >> 1) + (y >> 1) + ((x | y) & 1)); }
TESSERA_ELEMENTWISE(::sycl, rhadd)

TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T clz(T x) {
  using U = ::tessera::detail::unsigned_t<T>;
  return static_cast<T>(::tessera::detail::clz64(std::uint64_t(U(x))) - (64 - ::tessera::detail::bits_v<T>));
}
TESSERA_ELEMENTWISE(::sycl, clz)

TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T ctz(T x) {
  using U = ::tessera::detail::unsigned_t<T>;
  const int n = ::tessera::detail::ctz64(std::uint64_t(U(x)));
  return static_cast<T>(n > ::tessera::detail::bits_v<T> ? ::tessera::detail::bits_v<T> : n);
}
TESSERA_ELEMENTWISE(::sycl, ctz)

TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T popcount(T x) {
  using U = ::tessera::detail::unsigned_t<T>;
  return static_cast<T>(::tessera::detail::popcount64(std::uint64_t(U(x))));
}
TESSERA_ELEMENTWISE(::sycl, popcount)

TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T mul_hi(T x, T y) { return ::tessera::detail::mul_hi(x, y); }
TESSERA_ELEMENTWISE(::sycl, mul_hi)

TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T mad_hi(T a, T b, T c) {
  using U = ::tessera::detail::unsigned_t<T>;
  return static_cast<T>(U(::tessera::detail::mul_hi(a, b)) + U(c));
}
TESSERA_ELEMENTWISE(::sycl, mad_hi)

// a * b + c, saturated. Below 64 bits it is exact in 64-bit arithmetic; at 64 bits a product that
// overflows saturates by its sign (c cannot bring it back into range unless it is of the other
// sign and as large, which DPC++ does not handle either).
TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T mad_sat(T a, T b, T c) {
  if constexpr (sizeof(T) < 8) {
    using W = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    const W r = W(a) * W(b) + W(c);
    if (r > W(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
    if constexpr (std::is_signed_v<T>) {
      if (r < W(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
    }
    return static_cast<T>(r);
  } else {
    T p{};
    if (__builtin_mul_overflow(a, b, &p)) {
      if constexpr (std::is_signed_v<T>) {
        return (a < 0) != (b < 0) ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
      } else {
        return std::numeric_limits<T>::max();
      }
    }
    return ::sycl::add_sat(p, c);
  }
}
TESSERA_ELEMENTWISE(::sycl, mad_sat)

// Rotates the bits of v left by i (modulo the width).
TESSERA_GENINT_TEMPLATE
TESSERA_HOST_DEVICE T rotate(T v, T i) {
  using U = ::tessera::detail::unsigned_t<T>;
  constexpr int bits = ::tessera::detail::bits_v<T>;
  const int s = int(U(i) % U(bits));
  const U u = U(v);
  return static_cast<T>(s == 0 ? u : U((u << s) | (u >> (bits - s))));
}
TESSERA_ELEMENTWISE(::sycl, rotate)

// (hi << width) | lo, in the integer type of twice the width (signedness from hi).
template <typename T, typename U,
          std::enable_if_t<::tessera::detail::is_geninteger_v<T> && std::is_unsigned_v<U> &&
                               sizeof(T) == sizeof(U) && sizeof(T) <= 4,
                           int> = 0>
TESSERA_HOST_DEVICE auto upsample(T hi, U lo) {
  using W = std::conditional_t<
      sizeof(T) == 1, std::int16_t,
      std::conditional_t<sizeof(T) == 2, std::int32_t, std::int64_t>>;
  using R = std::conditional_t<std::is_signed_v<T>, W, std::make_unsigned_t<W>>;
  using UR = std::make_unsigned_t<W>;
  return static_cast<R>((UR(::tessera::detail::unsigned_t<T>(hi)) << ::tessera::detail::bits_v<T>) | UR(lo));
}
TESSERA_ELEMENTWISE(::sycl, upsample)

// 24-bit products of 32-bit integers (the operands are assumed to fit in 24 bits, as the spec asks).
template <typename T, std::enable_if_t<std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t>, int> = 0>
TESSERA_HOST_DEVICE T mul24(T x, T y) {
  return ::tessera::glue::ops::mul24(x, y);
}
TESSERA_ELEMENTWISE(::sycl, mul24)

template <typename T, std::enable_if_t<std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t>, int> = 0>
TESSERA_HOST_DEVICE T mad24(T x, T y, T z) {
  return static_cast<T>(std::uint32_t(::sycl::mul24(x, y)) + std::uint32_t(z));
}
TESSERA_ELEMENTWISE(::sycl, mad24)

}  // namespace sycl
