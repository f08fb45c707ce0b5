#pragma once
// sycl::half: IEEE 754 binary16. Storage-only: every operation goes through float, and the
// float -> half conversion rounds to nearest even in software, so host and device agree bit for
// bit (CUDA's __half would differ only in speed; correctness first).
#include <cstdint>
#include <istream>
#include <limits>
#include <ostream>
#include <type_traits>

#include "sycl/bit_cast.hpp"
#include "tessera/detail/macros.hpp"

namespace tessera::detail {

TESSERA_HOST_DEVICE constexpr std::uint16_t float_to_half_bits(float value) noexcept {
  const std::uint32_t f = sycl::bit_cast<std::uint32_t>(value);
  const std::uint32_t sign = (f >> 16) & 0x8000u;
  const std::uint32_t mag = f & 0x7fffffffu;
  if (mag >= 0x7f800000u) {  // inf stays inf; a NaN stays a quiet NaN keeping its top payload
    return static_cast<std::uint16_t>(sign | 0x7c00u |
                                      (mag > 0x7f800000u ? 0x200u | ((mag >> 13) & 0x3ffu) : 0u));
  }
  if (mag >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u);  // >= 65520: inf
  std::uint32_t q = 0, rem = 0, halfway = 0;
  if (mag < 0x38800000u) {  // below 2^-14: a subnormal half, counted in units of 2^-24
    const std::uint32_t e = mag >> 23;
    if (e < 102) return static_cast<std::uint16_t>(sign);  // below 2^-25 rounds to zero
    const std::uint32_t m = (mag & 0x7fffffu) | 0x800000u;
    const std::uint32_t shift = 126 - e;
    q = m >> shift;
    rem = m & ((1u << shift) - 1);
    halfway = 1u << (shift - 1);
  } else {
    q = (mag >> 13) - (112u << 10);  // rebias the exponent from 127 to 15
    rem = mag & 0x1fffu;
    halfway = 0x1000u;
  }
  if (rem > halfway || (rem == halfway && (q & 1u))) ++q;  // a carry into the exponent is right
  return static_cast<std::uint16_t>(sign | q);
}

TESSERA_HOST_DEVICE constexpr float half_bits_to_float(std::uint16_t h) noexcept {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t e = (h >> 10) & 0x1fu;
  const std::uint32_t m = h & 0x3ffu;
  if (e == 0x1f) return sycl::bit_cast<float>(sign | 0x7f800000u | (m << 13));
  if (e == 0) {
    const float v = static_cast<float>(m) * 5.9604644775390625e-8f;  // m * 2^-24, exact
    return sign ? -v : v;
  }
  return sycl::bit_cast<float>(sign | ((e + 112u) << 23) | (m << 13));
}

}  // namespace tessera::detail

// half lives in a namespace of its own, named sycl::half by an alias, as in DPC++: argument-dependent
// lookup of a call with a half argument then finds half's operators and nothing else. Were half a
// member of sycl, an unqualified call such as clamp<half>(x, 0, 1) would find sycl::clamp beside the
// caller's own clamp and be ambiguous (the SYCL-CTS's util library makes that call).
namespace sycl::detail::half_impl {

class half;

template <typename U>
inline constexpr bool is_arithmetic_v = std::is_arithmetic_v<U>;
// half with a floating operand computes in the wider type; with an integer it stays half (as DPC++).
template <typename U>
using mixed_t = std::conditional_t<std::is_floating_point_v<U>, std::common_type_t<float, U>, half>;

class half {
 public:
  half() = default;
  TESSERA_HOST_DEVICE constexpr half(float f) noexcept  // NOLINT: implicit like a builtin type
      : bits_(tessera::detail::float_to_half_bits(f)) {}
  template <typename U, std::enable_if_t<std::is_arithmetic_v<U> && !std::is_same_v<U, float>, int> = 0>
  TESSERA_HOST_DEVICE constexpr half(U v) noexcept : half(static_cast<float>(v)) {}  // NOLINT
  TESSERA_HOST_DEVICE constexpr operator float() const noexcept {  // NOLINT
    return tessera::detail::half_bits_to_float(bits_);
  }

  TESSERA_HOST_DEVICE static constexpr half from_bits(std::uint16_t bits) noexcept {
    return half(bits_tag{}, bits);
  }
  TESSERA_HOST_DEVICE constexpr std::uint16_t bits() const noexcept { return bits_; }

  TESSERA_HOST_DEVICE constexpr half operator-() const noexcept {
    return from_bits(static_cast<std::uint16_t>(bits_ ^ 0x8000u));
  }
  TESSERA_HOST_DEVICE constexpr half operator+() const noexcept { return *this; }
  TESSERA_HOST_DEVICE half& operator++() noexcept { return *this = float(*this) + 1.0f; }
  TESSERA_HOST_DEVICE half& operator--() noexcept { return *this = float(*this) - 1.0f; }
  TESSERA_HOST_DEVICE half operator++(int) noexcept { half old = *this; ++*this; return old; }
  TESSERA_HOST_DEVICE half operator--(int) noexcept { half old = *this; --*this; return old; }

#define TESSERA_HALF_ARITH(op)                                                                   \
  friend TESSERA_HOST_DEVICE constexpr half operator op(half a, half b) noexcept {               \
    return half(float(a) op float(b));                                                           \
  }                                                                                              \
  template <typename U, std::enable_if_t<is_arithmetic_v<U>, int> = 0>                           \
  friend TESSERA_HOST_DEVICE constexpr mixed_t<U> operator op(half a, U b) noexcept {            \
    using R = mixed_t<U>;                                                                        \
    using C = std::conditional_t<std::is_same_v<R, half>, float, R>;                             \
    return R(C(a) op C(b));                                                                      \
  }                                                                                              \
  template <typename U, std::enable_if_t<is_arithmetic_v<U>, int> = 0>                           \
  friend TESSERA_HOST_DEVICE constexpr mixed_t<U> operator op(U a, half b) noexcept {            \
    using R = mixed_t<U>;                                                                        \
    using C = std::conditional_t<std::is_same_v<R, half>, float, R>;                             \
    return R(C(a) op C(b));                                                                      \
  }                                                                                              \
  template <typename U>                                                                          \
  TESSERA_HOST_DEVICE half& operator op##=(const U & b) noexcept {                               \
    return *this = half(*this op b);                                                             \
  }
  TESSERA_HALF_ARITH(+)
  TESSERA_HALF_ARITH(-)
  TESSERA_HALF_ARITH(*)
  TESSERA_HALF_ARITH(/)
#undef TESSERA_HALF_ARITH

#define TESSERA_HALF_COMPARE(op)                                                                 \
  friend TESSERA_HOST_DEVICE constexpr bool operator op(half a, half b) noexcept {               \
    return float(a) op float(b);                                                                 \
  }                                                                                              \
  template <typename U, std::enable_if_t<is_arithmetic_v<U>, int> = 0>                           \
  friend TESSERA_HOST_DEVICE constexpr bool operator op(half a, U b) noexcept {                  \
    return float(a) op b;                                                                        \
  }                                                                                              \
  template <typename U, std::enable_if_t<is_arithmetic_v<U>, int> = 0>                           \
  friend TESSERA_HOST_DEVICE constexpr bool operator op(U a, half b) noexcept {                  \
    return a op float(b);                                                                        \
  }
  TESSERA_HALF_COMPARE(==)
  TESSERA_HALF_COMPARE(!=)
  TESSERA_HALF_COMPARE(<)
  TESSERA_HALF_COMPARE(>)
  TESSERA_HALF_COMPARE(<=)
  TESSERA_HALF_COMPARE(>=)
#undef TESSERA_HALF_COMPARE

  friend std::ostream& operator<<(std::ostream& os, half h) { return os << float(h); }
  friend std::istream& operator>>(std::istream& is, half& h) {
    float f;
    if (is >> f) h = f;
    return is;
  }

 private:
  struct bits_tag {};
  TESSERA_HOST_DEVICE constexpr half(bits_tag, std::uint16_t bits) noexcept : bits_(bits) {}
  std::uint16_t bits_;
};

}  // namespace sycl::detail::half_impl

namespace sycl {
using half = detail::half_impl::half;
}  // namespace sycl

template <>
class std::numeric_limits<sycl::half> {
  using half = sycl::half;

 public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr std::float_denorm_style has_denorm = std::denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr std::float_round_style round_style = std::round_to_nearest;
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -13;
  static constexpr int min_exponent10 = -4;
  static constexpr int max_exponent = 16;
  static constexpr int max_exponent10 = 4;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  TESSERA_HOST_DEVICE static constexpr half min() noexcept { return half::from_bits(0x0400); }
  TESSERA_HOST_DEVICE static constexpr half lowest() noexcept { return half::from_bits(0xfbff); }
  TESSERA_HOST_DEVICE static constexpr half max() noexcept { return half::from_bits(0x7bff); }
  TESSERA_HOST_DEVICE static constexpr half epsilon() noexcept { return half::from_bits(0x1400); }
  TESSERA_HOST_DEVICE static constexpr half round_error() noexcept { return half::from_bits(0x3800); }
  TESSERA_HOST_DEVICE static constexpr half infinity() noexcept { return half::from_bits(0x7c00); }
  TESSERA_HOST_DEVICE static constexpr half quiet_NaN() noexcept { return half::from_bits(0x7e00); }
  TESSERA_HOST_DEVICE static constexpr half signaling_NaN() noexcept { return half::from_bits(0x7d00); }
  TESSERA_HOST_DEVICE static constexpr half denorm_min() noexcept { return half::from_bits(0x0001); }
};
