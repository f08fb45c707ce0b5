#pragma once
// DPC++'s bfloat16 (sycl_ext_oneapi_bfloat16): float's sign, exponent and top 7 mantissa bits.
// Floats convert with round to nearest even; arithmetic, comparisons and the extension's math
// functions compute in float and round back, which the extension allows ("emulated in software"
// is what DPC++ does on the host and on GPUs before sm_80).
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "sycl/bit_cast.hpp"
#include "sycl/half.hpp"
#include "tessera/detail/macros.hpp"

#define SYCL_EXT_ONEAPI_BFLOAT16 1

namespace sycl::ext::oneapi {

class bfloat16 {
  // The operand types of the mixed operators: whatever converts to float, other than bfloat16.
  template <typename T>
  using if_other = std::enable_if_t<std::is_convertible_v<T, float> && !std::is_same_v<T, bfloat16>, int>;

public:
  bfloat16() = default;
  TESSERA_HOST_DEVICE bfloat16(const float& a) : bits_(from_float(a)) {} // NOLINT: implicit, as in DPC++
  TESSERA_HOST_DEVICE bfloat16(const sycl::half& a) : bfloat16(static_cast<float>(a)) {} // NOLINT
  TESSERA_HOST_DEVICE bfloat16& operator=(const float& a) {
    bits_ = from_float(a);
    return *this;
  }
  TESSERA_HOST_DEVICE bfloat16& operator=(const sycl::half& a) { return *this = static_cast<float>(a); }
  TESSERA_HOST_DEVICE operator float() const { return sycl::bit_cast<float>(std::uint32_t{bits_} << 16); } // NOLINT
  TESSERA_HOST_DEVICE operator sycl::half() const { return sycl::half(static_cast<float>(*this)); } // NOLINT
  TESSERA_HOST_DEVICE explicit operator bool() const { return static_cast<float>(*this) != 0.0f; }

  TESSERA_HOST_DEVICE friend bfloat16 operator-(const bfloat16& bf) { return from_bits(bf.bits_ ^ 0x8000u); }
  TESSERA_HOST_DEVICE friend bfloat16& operator++(bfloat16& bf) { return bf = float(bf) + 1.0f; }
  TESSERA_HOST_DEVICE friend bfloat16& operator--(bfloat16& bf) { return bf = float(bf) - 1.0f; }
  TESSERA_HOST_DEVICE friend bfloat16 operator++(bfloat16& bf, int) {
    const bfloat16 old = bf;
    ++bf;
    return old;
  }
  TESSERA_HOST_DEVICE friend bfloat16 operator--(bfloat16& bf, int) {
    const bfloat16 old = bf;
    --bf;
    return old;
  }

#define TESSERA_BF16_ARITHMETIC(op)                                                                             \
  TESSERA_HOST_DEVICE friend bfloat16& operator op##=(bfloat16& lhs, const bfloat16& rhs) {                     \
    return lhs = float(lhs) op float(rhs);                                                                      \
  }                                                                                                             \
  TESSERA_HOST_DEVICE friend bfloat16 operator op(const bfloat16& lhs, const bfloat16& rhs) {                   \
    return float(lhs) op float(rhs);                                                                            \
  }                                                                                                             \
  template <typename T, if_other<T> = 0>                                                                        \
  TESSERA_HOST_DEVICE friend bfloat16 operator op(const bfloat16& lhs, const T& rhs) {                          \
    return float(lhs) op static_cast<float>(rhs);                                                               \
  }                                                                                                             \
  template <typename T, if_other<T> = 0>                                                                        \
  TESSERA_HOST_DEVICE friend bfloat16 operator op(const T& lhs, const bfloat16& rhs) {                          \
    return static_cast<float>(lhs) op float(rhs);                                                               \
  }
  TESSERA_BF16_ARITHMETIC(+)
  TESSERA_BF16_ARITHMETIC(-)
  TESSERA_BF16_ARITHMETIC(*)
  TESSERA_BF16_ARITHMETIC(/)
#undef TESSERA_BF16_ARITHMETIC

#define TESSERA_BF16_COMPARISON(op)                                                                             \
  TESSERA_HOST_DEVICE friend bool operator op(const bfloat16& lhs, const bfloat16& rhs) {                       \
    return float(lhs) op float(rhs);                                                                            \
  }                                                                                                             \
  template <typename T, if_other<T> = 0>                                                                        \
  TESSERA_HOST_DEVICE friend bool operator op(const bfloat16& lhs, const T& rhs) {                              \
    return float(lhs) op static_cast<float>(rhs);                                                               \
  }                                                                                                             \
  template <typename T, if_other<T> = 0>                                                                        \
  TESSERA_HOST_DEVICE friend bool operator op(const T& lhs, const bfloat16& rhs) {                              \
    return static_cast<float>(lhs) op float(rhs);                                                               \
  }
  TESSERA_BF16_COMPARISON(==)
  TESSERA_BF16_COMPARISON(!=)
  TESSERA_BF16_COMPARISON(<)
  TESSERA_BF16_COMPARISON(>)
  TESSERA_BF16_COMPARISON(<=)
  TESSERA_BF16_COMPARISON(>=)
#undef TESSERA_BF16_COMPARISON

private:
  // Round to nearest even; a NaN stays a (quiet) NaN rather than rounding up into infinity.
  TESSERA_HOST_DEVICE static std::uint16_t from_float(float f) {
    const std::uint32_t u = sycl::bit_cast<std::uint32_t>(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>(u >> 16 | 0x40u);
    return static_cast<std::uint16_t>((u + 0x7fffu + (u >> 16 & 1u)) >> 16);
  }
  TESSERA_HOST_DEVICE static bfloat16 from_bits(unsigned bits) {
    bfloat16 b;
    b.bits_ = static_cast<std::uint16_t>(bits);
    return b;
  }
  std::uint16_t bits_;
};

// The extension's math functions, for bfloat16 (not its marray forms).
TESSERA_HOST_DEVICE inline bool isnan(bfloat16 x) { return std::isnan(float(x)); }
TESSERA_HOST_DEVICE inline bfloat16 fma(bfloat16 a, bfloat16 b, bfloat16 c) { return std::fma(float(a), float(b), float(c)); }
TESSERA_HOST_DEVICE inline bfloat16 fmax(bfloat16 x, bfloat16 y) { return std::fmax(float(x), float(y)); }
TESSERA_HOST_DEVICE inline bfloat16 fmin(bfloat16 x, bfloat16 y) { return std::fmin(float(x), float(y)); }
#define TESSERA_BF16_UNARY(name, expr) \
  TESSERA_HOST_DEVICE inline bfloat16 name(bfloat16 b) { \
    const float x = b;                                    \
    return expr;                                          \
  }
TESSERA_BF16_UNARY(fabs, std::fabs(x))
TESSERA_BF16_UNARY(ceil, std::ceil(x))
TESSERA_BF16_UNARY(floor, std::floor(x))
TESSERA_BF16_UNARY(trunc, std::trunc(x))
TESSERA_BF16_UNARY(rint, std::rint(x))
TESSERA_BF16_UNARY(cos, std::cos(x))
TESSERA_BF16_UNARY(sin, std::sin(x))
TESSERA_BF16_UNARY(exp, std::exp(x))
TESSERA_BF16_UNARY(exp2, std::exp2(x))
TESSERA_BF16_UNARY(exp10, std::pow(10.0f, x))
TESSERA_BF16_UNARY(log, std::log(x))
TESSERA_BF16_UNARY(log2, std::log2(x))
TESSERA_BF16_UNARY(log10, std::log10(x))
TESSERA_BF16_UNARY(sqrt, std::sqrt(x))
TESSERA_BF16_UNARY(rsqrt, 1.0f / std::sqrt(x))
#undef TESSERA_BF16_UNARY

} // namespace sycl::ext::oneapi
