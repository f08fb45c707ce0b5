#pragma once
// The element-wise operators shared by vec and marray (SYCL 2020 §4.14.2.1, §4.14.3.1), as
// hidden friends of a base so that they are found through ADL from the containers and from vec's
// swizzles (whose result type is a template argument) and accept anything convertible.
// Mask is what comparisons and logical operators return: vec<signed int, N> with -1 for true,
// marray<bool, N>.
#include <cstddef>
#include <type_traits>

#include "tessera/detail/macros.hpp"

namespace tessera::detail {

// The container a swizzle reads as (void for everything else); vec.hpp specialises it.
template <typename A>
struct swizzle_result {
  using type = void;
};

// Mask, for swizzle operands only; naming D keeps each D's comparison templates apart, as
// containers of one size share their Mask.
template <typename D, typename Mask, bool WithSwizzle>
struct mask_of {};
template <typename D, typename Mask>
struct mask_of<D, Mask, true> {
  using type = Mask;
};

template <typename D, typename T, int N, typename Mask>
class elementwise_operators {
  // A swizzle reading as D converts both to D and, with one element, to T; so its operators with
  // D, T or another swizzle are templates of their own, which take it without a conversion (their
  // return types name D: each D's are templates of their own).
  template <typename A>
  static constexpr bool is_swizzle_v = std::is_same_v<typename swizzle_result<A>::type, D>;
  template <typename A>
  static constexpr bool is_operand_v = is_swizzle_v<A> || std::is_same_v<A, D> || std::is_same_v<A, T> ||
                                       std::is_arithmetic_v<A>;
  template <typename A, typename B>
  static constexpr bool with_swizzle_v = (is_swizzle_v<A> || is_swizzle_v<B>) && is_operand_v<A> && is_operand_v<B>;
  template <typename A>
  TESSERA_HOST_DEVICE static constexpr auto operand(const A& a) {
    if constexpr (is_swizzle_v<A>) {
      D r;
      for (int i = 0; i < N; ++i) r[i] = a[i];
      return r;
    } else if constexpr (std::is_same_v<A, D>) {
      return a;
    } else {
      return static_cast<T>(a);
    }
  }

  template <typename M>
  TESSERA_HOST_DEVICE static constexpr auto mask_value(M& m, bool b) {
    using E = std::remove_reference_t<decltype(m[0])>;
    return b ? static_cast<E>(-1) : static_cast<E>(0);  // bool(-1) is true
  }

#define TESSERA_EW_BINARY(op, check)                                                             \
  friend TESSERA_HOST_DEVICE constexpr D operator op(const D& a, const D& b) {                   \
    check;                                                                                       \
    D r;                                                                                         \
    for (int i = 0; i < N; ++i) r[i] = static_cast<T>(a[i] op b[i]);                             \
    return r;                                                                                    \
  }                                                                                              \
  friend TESSERA_HOST_DEVICE constexpr D operator op(const D& a, const T& b) {                   \
    check;                                                                                       \
    D r;                                                                                         \
    for (int i = 0; i < N; ++i) r[i] = static_cast<T>(a[i] op b);                                \
    return r;                                                                                    \
  }                                                                                              \
  friend TESSERA_HOST_DEVICE constexpr D operator op(const T& a, const D& b) {                   \
    check;                                                                                       \
    D r;                                                                                         \
    for (int i = 0; i < N; ++i) r[i] = static_cast<T>(a op b[i]);                                \
    return r;                                                                                    \
  }                                                                                              \
  friend TESSERA_HOST_DEVICE constexpr D& operator op##=(D & a, const D & b) {                   \
    check;                                                                                       \
    for (int i = 0; i < N; ++i) a[i] = static_cast<T>(a[i] op b[i]);                             \
    return a;                                                                                    \
  }                                                                                              \
  friend TESSERA_HOST_DEVICE constexpr D& operator op##=(D & a, const T & b) {                   \
    check;                                                                                       \
    for (int i = 0; i < N; ++i) a[i] = static_cast<T>(a[i] op b);                                \
    return a;                                                                                    \
  }                                                                                              \
  template <typename A, typename B>                                                              \
  friend TESSERA_HOST_DEVICE constexpr std::enable_if_t<with_swizzle_v<A, B>, D> operator op(     \
      const A& a, const B& b) {                                                                  \
    return operand(a) op operand(b);                                                             \
  }                                                                                              \
  template <typename A>                                                                          \
  friend TESSERA_HOST_DEVICE constexpr std::enable_if_t<is_swizzle_v<A>, D&> operator op##=(     \
      D & a, const A & b) {                                                                      \
    return a op## = operand(b);                                                                  \
  }

#define TESSERA_EW_INTEGRAL \
  static_assert(std::is_integral_v<T>, "this vec/marray operator needs integral elements")
// The bitwise operators, which std::byte has too (SYCL 2020 lists it among vec's element types).
#define TESSERA_EW_BITWISE                                                 \
  static_assert(std::is_integral_v<T> || std::is_same_v<T, std::byte>, \
                "this vec/marray operator needs integral or std::byte elements")

  TESSERA_EW_BINARY(+, )
  TESSERA_EW_BINARY(-, )
  TESSERA_EW_BINARY(*, )
  TESSERA_EW_BINARY(/, )
  TESSERA_EW_BINARY(%, TESSERA_EW_INTEGRAL)
  TESSERA_EW_BINARY(&, TESSERA_EW_BITWISE)
  TESSERA_EW_BINARY(|, TESSERA_EW_BITWISE)
  TESSERA_EW_BINARY(^, TESSERA_EW_BITWISE)
  TESSERA_EW_BINARY(<<, TESSERA_EW_INTEGRAL)
  TESSERA_EW_BINARY(>>, TESSERA_EW_INTEGRAL)
#undef TESSERA_EW_BINARY

#define TESSERA_EW_MASK(op)                                                                      \
  friend TESSERA_HOST_DEVICE constexpr Mask operator op(const D& a, const D& b) {                \
    Mask r;                                                                                      \
    for (int i = 0; i < N; ++i) r[i] = mask_value(r, a[i] op b[i]);                              \
    return r;                                                                                    \
  }                                                                                              \
  friend TESSERA_HOST_DEVICE constexpr Mask operator op(const D& a, const T& b) {                \
    Mask r;                                                                                      \
    for (int i = 0; i < N; ++i) r[i] = mask_value(r, a[i] op b);                                 \
    return r;                                                                                    \
  }                                                                                              \
  friend TESSERA_HOST_DEVICE constexpr Mask operator op(const T& a, const D& b) {                \
    Mask r;                                                                                      \
    for (int i = 0; i < N; ++i) r[i] = mask_value(r, a op b[i]);                                 \
    return r;                                                                                    \
  }                                                                                              \
  template <typename A, typename B>                                                              \
  friend TESSERA_HOST_DEVICE constexpr typename mask_of<D, Mask, with_swizzle_v<A, B>>::type      \
  operator op(const A& a, const B& b) {                                                          \
    return operand(a) op operand(b);                                                             \
  }
  TESSERA_EW_MASK(==)
  TESSERA_EW_MASK(!=)
  TESSERA_EW_MASK(<)
  TESSERA_EW_MASK(>)
  TESSERA_EW_MASK(<=)
  TESSERA_EW_MASK(>=)
  TESSERA_EW_MASK(&&)
  TESSERA_EW_MASK(||)
#undef TESSERA_EW_MASK

  friend TESSERA_HOST_DEVICE constexpr Mask operator!(const D& a) {
    Mask r;
    for (int i = 0; i < N; ++i) r[i] = mask_value(r, !a[i]);
    return r;
  }
  friend TESSERA_HOST_DEVICE constexpr D operator~(const D& a) {
    TESSERA_EW_BITWISE;
    D r;
    for (int i = 0; i < N; ++i) r[i] = static_cast<T>(~a[i]);
    return r;
  }
#undef TESSERA_EW_INTEGRAL
#undef TESSERA_EW_BITWISE
  friend TESSERA_HOST_DEVICE constexpr D operator+(const D& a) { return a; }
  friend TESSERA_HOST_DEVICE constexpr D operator-(const D& a) {
    D r;
    for (int i = 0; i < N; ++i) r[i] = static_cast<T>(-a[i]);
    return r;
  }
  // A one-element swizzle converts to T as well, and so would reach the built-in operator too.
  template <typename A>
  friend TESSERA_HOST_DEVICE constexpr typename mask_of<D, Mask, is_swizzle_v<A>>::type operator!(const A& a) {
    return !operand(a);
  }
  template <typename A>
  friend TESSERA_HOST_DEVICE constexpr std::enable_if_t<is_swizzle_v<A>, D> operator~(const A& a) {
    return ~operand(a);
  }
  template <typename A>
  friend TESSERA_HOST_DEVICE constexpr std::enable_if_t<is_swizzle_v<A>, D> operator+(const A& a) {
    return operand(a);
  }
  template <typename A>
  friend TESSERA_HOST_DEVICE constexpr std::enable_if_t<is_swizzle_v<A>, D> operator-(const A& a) {
    return -operand(a);
  }
  friend TESSERA_HOST_DEVICE constexpr D& operator++(D& a) { return a += T(1); }
  friend TESSERA_HOST_DEVICE constexpr D& operator--(D& a) { return a -= T(1); }
  friend TESSERA_HOST_DEVICE constexpr D operator++(D& a, int) {
    D old = a;
    a += T(1);
    return old;
  }
  friend TESSERA_HOST_DEVICE constexpr D operator--(D& a, int) {
    D old = a;
    a -= T(1);
    return old;
  }
};

}  // namespace tessera::detail
