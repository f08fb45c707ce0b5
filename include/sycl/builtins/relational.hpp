#pragma once
// The relational built-ins (SYCL 2020 §4.17.9). Scalars give bool; through TESSERA_ELEMENTWISE a
// vec gives a vec of signed integers holding -1/0 and a marray gives marray<bool>, as the spec
// says. any/all/select on non-scalars test the most significant bit of integer elements.
#include <climits>
#include <cmath>
#include <type_traits>

#include "sycl/builtins/math.hpp"
#include "sycl/bit_cast.hpp"
#include "tessera/detail/builtin_types.hpp"
#include "tessera/detail/convert.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/detail/nonscalar.hpp"

#define TESSERA_RELATIONAL(name, expr, ...)                    \
  TESSERA_GENFLOAT_TEMPLATE                                    \
  TESSERA_HOST_DEVICE bool name(__VA_ARGS__) {                 \
    using C = ::tessera::detail::compute_t<T>;                 \
    return expr;                                               \
  }                                                            \
  TESSERA_ELEMENTWISE(::sycl, name)

namespace tessera::detail {

template <typename T>
TESSERA_HOST_DEVICE constexpr bool most_significant_bit(T x) {
  if constexpr (std::is_same_v<T, bool>) {
    return x;
  } else {
    return (std::make_unsigned_t<T>(x) >> (sizeof(T) * CHAR_BIT - 1)) != 0;
  }
}

struct select_element {
  template <typename T, typename Cond>
  TESSERA_HOST_DEVICE T operator()(const T& a, const T& b, const Cond& c) const {
    return most_significant_bit(c) ? b : a;
  }
};

// SYCL 2020 has any/all of a vec (or a swizzle) give int, as OpenCL's did, and of an marray,
// whose comparisons give marray<bool>, bool.
template <typename A>
using any_all_result_t = std::conditional_t<
    std::is_same_v<typename nonscalar_traits<
                       typename nonscalar_traits<remove_cvref_t<A>>::bool_result>::element_type,
                   bool>,
    bool, int>;

}  // namespace tessera::detail

namespace sycl {

TESSERA_RELATIONAL(isequal, C(x) == C(y), T x, T y)
TESSERA_RELATIONAL(isnotequal, C(x) != C(y), T x, T y)
TESSERA_RELATIONAL(isgreater, C(x) > C(y), T x, T y)
TESSERA_RELATIONAL(isgreaterequal, C(x) >= C(y), T x, T y)
TESSERA_RELATIONAL(isless, C(x) < C(y), T x, T y)
TESSERA_RELATIONAL(islessequal, C(x) <= C(y), T x, T y)
TESSERA_RELATIONAL(islessgreater, C(x) < C(y) || C(x) > C(y), T x, T y)
TESSERA_RELATIONAL(isfinite, std::isfinite(C(x)), T x)
TESSERA_RELATIONAL(isinf, std::isinf(C(x)), T x)
TESSERA_RELATIONAL(isnan, std::isnan(C(x)), T x)
TESSERA_RELATIONAL(isnormal, std::isnormal(C(x)), T x)
TESSERA_RELATIONAL(isordered, !std::isnan(C(x)) && !std::isnan(C(y)), T x, T y)
TESSERA_RELATIONAL(isunordered, std::isnan(C(x)) || std::isnan(C(y)), T x, T y)
TESSERA_RELATIONAL(signbit, std::signbit(C(x)), T x)

// Whether the most significant bit of any / every element is set (bool elements: whether true).
template <typename A, std::enable_if_t<::tessera::detail::is_geninteger_v<A> || std::is_same_v<A, bool>, int> = 0>
TESSERA_HOST_DEVICE bool any(A x) {
  return ::tessera::detail::most_significant_bit(x);
}
template <typename A, std::enable_if_t<::tessera::detail::is_nonscalar_v<A>, int> = 0>
TESSERA_HOST_DEVICE ::tessera::detail::any_all_result_t<A> any(const A& x) {
  for (int i = 0; i < ::tessera::detail::element_count_v<A>; ++i) {
    if (::tessera::detail::most_significant_bit(x[i])) return true;
  }
  return false;
}
template <typename A, std::enable_if_t<::tessera::detail::is_geninteger_v<A> || std::is_same_v<A, bool>, int> = 0>
TESSERA_HOST_DEVICE bool all(A x) {
  return ::tessera::detail::most_significant_bit(x);
}
template <typename A, std::enable_if_t<::tessera::detail::is_nonscalar_v<A>, int> = 0>
TESSERA_HOST_DEVICE ::tessera::detail::any_all_result_t<A> all(const A& x) {
  for (int i = 0; i < ::tessera::detail::element_count_v<A>; ++i) {
    if (!::tessera::detail::most_significant_bit(x[i])) return false;
  }
  return true;
}

// Each bit from b where c has it set, else from a (floating types by their bits). Callers may
// name each argument's type, as for the math built-ins (TESSERA_GENFLOAT_TEMPLATE).
template <typename T, typename... Same,
          std::enable_if_t<::tessera::detail::is_genscalar_v<T> && (std::is_same_v<T, Same> && ...), int> = 0>
TESSERA_HOST_DEVICE T bitselect(T a, T b, T c) {
  if constexpr (::tessera::detail::is_geninteger_v<T>) {
    return static_cast<T>((a & ~c) | (b & c));
  } else {
    using U = std::conditional_t<sizeof(T) == 2, std::uint16_t,
                                 std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>>;
    const U ua = ::sycl::bit_cast<U>(a), ub = ::sycl::bit_cast<U>(b),
            uc = ::sycl::bit_cast<U>(c);
    return ::sycl::bit_cast<T>(U((ua & ~uc) | (ub & uc)));
  }
}
TESSERA_ELEMENTWISE(::sycl, bitselect)

// Scalar: c ? b : a (B is T, a parameter of its own so that a caller may name the three types).
// Non-scalar: per element, b where c's element has its top bit set (or is true), else a.
template <typename T, typename B, typename Cond,
          std::enable_if_t<::tessera::detail::is_genscalar_v<T> && std::is_same_v<T, B> &&
                               (std::is_integral_v<Cond>),
                           int> = 0>
TESSERA_HOST_DEVICE T select(T a, B b, Cond c) {
  return c ? b : a;
}
template <typename A, typename B, typename Cond,
          std::enable_if_t<::tessera::detail::any_nonscalar_v<A, B, Cond>, int> = 0>
TESSERA_HOST_DEVICE auto select(const A& a, const B& b, const Cond& c) {
  return ::tessera::detail::map_elements(::tessera::detail::select_element{}, a, b, c);
}

}  // namespace sycl
