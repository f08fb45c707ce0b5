#pragma once
// Element conversions with an explicit rounding mode (vec::convert, SYCL 2020 §4.14.2.1).
// Floating -> integer rounds as asked (automatic: to nearest even, as DPC++ does and the SYCL-CTS
// expects; the spec names rtz for integral types, which they read as integral sources) and then
// saturates, NaN giving 0:
// out-of-range conversions are undefined in C++, and saturating (OpenCL's _sat behaviour) keeps
// them defined on host and device alike. Conversions to a narrower floating type (and from 32-bit
// integers to float) honour rtz/rtp/rtn by correcting the round-to-nearest result one step, which
// is exact because the source fits in a double; from 64-bit integers they round to nearest.
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "sycl/half.hpp"
#include "sycl/rounding_mode.hpp"
#include "tessera/detail/macros.hpp"

namespace tessera::detail {

template <typename T>
inline constexpr bool is_floating_v = std::is_floating_point_v<T> || std::is_same_v<T, sycl::half>;

// The type a scalar's arithmetic is done in: half computes in float.
template <typename T>
using compute_t = std::conditional_t<std::is_same_v<T, sycl::half>, float, T>;

// The next representable value after x in the direction of `toward`.
template <typename T>
TESSERA_HOST_DEVICE T next_after(T x, T toward) {
  if constexpr (std::is_same_v<T, sycl::half>) {
    const float fx = x, ft = toward;
    if (fx != fx || ft != ft) return sycl::half(fx + ft);
    if (fx == ft) return toward;
    if (fx == 0.0f) return sycl::half::from_bits(ft > 0.0f ? 0x0001 : 0x8001);
    const bool away_from_zero = (fx < ft) == (fx > 0.0f);
    return sycl::half::from_bits(static_cast<std::uint16_t>(x.bits() + (away_from_zero ? 1 : -1)));
  } else {
    return std::nextafter(x, toward);
  }
}

template <typename To, sycl::rounding_mode Mode, typename F>
TESSERA_HOST_DEVICE To floating_to_integer(F x) {
  using sycl::rounding_mode;
  const F r = Mode == rounding_mode::rte   ? std::rint(x)
              : Mode == rounding_mode::rtp ? std::ceil(x)
              : Mode == rounding_mode::rtn ? std::floor(x)
                                           : std::trunc(x);
  if (r != r) return To(0);
  constexpr F lowest = F(std::numeric_limits<To>::min());  // 0 or -2^k: exact
  constexpr F beyond = F(std::numeric_limits<To>::max() / 2 + 1) * F(2);  // 2^bits(-1): exact
  if (r < lowest) return std::numeric_limits<To>::min();
  if (r >= beyond) return std::numeric_limits<To>::max();
  return static_cast<To>(r);
}

template <typename To, sycl::rounding_mode Mode, typename From>
TESSERA_HOST_DEVICE To to_floating(From x) {
  using sycl::rounding_mode;
  To r = To(x);
  constexpr bool exact_in_double = !std::is_integral_v<From> || sizeof(From) <= 4;
  if constexpr (Mode != rounding_mode::rte && exact_in_double) {
    const double want = double(x), got = double(r);
    if (Mode == rounding_mode::rtz && (got < 0 ? -got : got) > (want < 0 ? -want : want)) {
      r = next_after(r, To(0.0f));
    } else if (Mode == rounding_mode::rtp && got < want) {
      r = next_after(r, To(std::numeric_limits<float>::infinity()));
    } else if (Mode == rounding_mode::rtn && got > want) {
      r = next_after(r, To(-std::numeric_limits<float>::infinity()));
    }
  }
  return r;
}

template <typename To, sycl::rounding_mode Mode, typename From>
TESSERA_HOST_DEVICE To convert_element(const From& x) {
  using sycl::rounding_mode;
  if constexpr (std::is_same_v<From, To>) {
    return x;
  } else if constexpr (is_floating_v<From> && std::is_integral_v<To> && !std::is_same_v<To, bool>) {
    constexpr auto mode = Mode == rounding_mode::automatic ? rounding_mode::rte : Mode;
    return floating_to_integer<To, mode>(compute_t<From>(x));
  } else if constexpr (is_floating_v<To> && !std::is_same_v<From, bool>) {
    constexpr auto mode = Mode == rounding_mode::automatic ? rounding_mode::rte : Mode;
    if constexpr (is_floating_v<From>) {
      return to_floating<To, mode>(compute_t<From>(x));
    } else {
      return to_floating<To, mode>(x);
    }
  } else {
    return static_cast<To>(x);
  }
}

}  // namespace tessera::detail
