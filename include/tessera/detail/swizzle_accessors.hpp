#pragma once
// The named element accessors and swizzles of vec and of its swizzles (SYCL 2020 §4.14.2.1):
// x()..w(), r()..a(), s0()..sF() return the element; lo(), hi(), even(), odd() and, with
// SYCL_SIMPLE_SWIZZLES, every 2-4 letter xyzw/rgba combination return a swizzle. D provides
// operator[] and swizzle<I...>(); availability follows the spec: xyzw for N <= 4, rgba for N == 4,
// sN for index < N, lo/hi/even/odd for N >= 2 (a 3-element vec counts its padding as a 4th, as
// the spec's table of vec3 hi()/odd() does).
#include <type_traits>
#include <utility>

#include "tessera/detail/macros.hpp"

namespace tessera::detail {

template <typename... I>
TESSERA_HOST_DEVICE constexpr bool indices_below(int n, I... i) {
  return ((i < n) && ...);
}

#define TESSERA_SWZ_COND_XYZW(n) ((n) <= 4)
#define TESSERA_SWZ_COND_RGBA(n) ((n) == 4)
#define TESSERA_SWZ_COND_S(n) true

// One element accessor: name() -> element idx.
#define TESSERA_ELEMENT_ACCESSOR(name, idx, set)                                                 \
  template <int n_ = N, std::enable_if_t<TESSERA_SWZ_COND_##set(n_) && ((idx) < n_), int> = 0>  \
  TESSERA_HOST_DEVICE constexpr decltype(auto) name() {                                          \
    return static_cast<D&>(*this)[idx];                                                          \
  }                                                                                              \
  template <int n_ = N, std::enable_if_t<TESSERA_SWZ_COND_##set(n_) && ((idx) < n_), int> = 0>  \
  TESSERA_HOST_DEVICE constexpr decltype(auto) name() const {                                    \
    return static_cast<const D&>(*this)[idx];                                                    \
  }

// One named swizzle: name() -> swizzle<idx...>().
#define TESSERA_SWIZZLE_ACCESSOR(set, name, ...)                                                 \
  template <int n_ = N, std::enable_if_t<TESSERA_SWZ_COND_##set(n_) &&                           \
                                             ::tessera::detail::indices_below(n_, __VA_ARGS__),  \
                                         int> = 0>                                               \
  TESSERA_HOST_DEVICE auto name() {                                                              \
    return static_cast<D&>(*this).template swizzle<__VA_ARGS__>();                               \
  }                                                                                              \
  template <int n_ = N, std::enable_if_t<TESSERA_SWZ_COND_##set(n_) &&                           \
                                             ::tessera::detail::indices_below(n_, __VA_ARGS__),  \
                                         int> = 0>                                               \
  TESSERA_HOST_DEVICE auto name() const {                                                        \
    return static_cast<const D&>(*this).template swizzle<__VA_ARGS__>();                         \
  }

// The letters of each set, one list macro per nesting level (a macro cannot expand itself).
#define TESSERA_LETTERS_XYZW(M, ...) \
  M(x, 0, __VA_ARGS__) M(y, 1, __VA_ARGS__) M(z, 2, __VA_ARGS__) M(w, 3, __VA_ARGS__)
#define TESSERA_LETTERS_RGBA(M, ...) \
  M(r, 0, __VA_ARGS__) M(g, 1, __VA_ARGS__) M(b, 2, __VA_ARGS__) M(a, 3, __VA_ARGS__)
#define TESSERA_LETTERS_XYZW_2(M, ...) \
  M(x, 0, __VA_ARGS__) M(y, 1, __VA_ARGS__) M(z, 2, __VA_ARGS__) M(w, 3, __VA_ARGS__)
#define TESSERA_LETTERS_XYZW_3(M, ...) \
  M(x, 0, __VA_ARGS__) M(y, 1, __VA_ARGS__) M(z, 2, __VA_ARGS__) M(w, 3, __VA_ARGS__)
#define TESSERA_LETTERS_XYZW_4(M, ...) \
  M(x, 0, __VA_ARGS__) M(y, 1, __VA_ARGS__) M(z, 2, __VA_ARGS__) M(w, 3, __VA_ARGS__)
#define TESSERA_LETTERS_RGBA_2(M, ...) \
  M(r, 0, __VA_ARGS__) M(g, 1, __VA_ARGS__) M(b, 2, __VA_ARGS__) M(a, 3, __VA_ARGS__)
#define TESSERA_LETTERS_RGBA_3(M, ...) \
  M(r, 0, __VA_ARGS__) M(g, 1, __VA_ARGS__) M(b, 2, __VA_ARGS__) M(a, 3, __VA_ARGS__)
#define TESSERA_LETTERS_RGBA_4(M, ...) \
  M(r, 0, __VA_ARGS__) M(g, 1, __VA_ARGS__) M(b, 2, __VA_ARGS__) M(a, 3, __VA_ARGS__)

#define TESSERA_SWZ2_2(l2, i2, set, l1, i1) TESSERA_SWIZZLE_ACCESSOR(set, l1##l2, i1, i2)
#define TESSERA_SWZ2_1(l1, i1, set) TESSERA_LETTERS_##set##_2(TESSERA_SWZ2_2, set, l1, i1)

#define TESSERA_SWZ3_3(l3, i3, set, l1, i1, l2, i2) \
  TESSERA_SWIZZLE_ACCESSOR(set, l1##l2##l3, i1, i2, i3)
#define TESSERA_SWZ3_2(l2, i2, set, l1, i1) \
  TESSERA_LETTERS_##set##_3(TESSERA_SWZ3_3, set, l1, i1, l2, i2)
#define TESSERA_SWZ3_1(l1, i1, set) TESSERA_LETTERS_##set##_2(TESSERA_SWZ3_2, set, l1, i1)

#define TESSERA_SWZ4_4(l4, i4, set, l1, i1, l2, i2, l3, i3) \
  TESSERA_SWIZZLE_ACCESSOR(set, l1##l2##l3##l4, i1, i2, i3, i4)
#define TESSERA_SWZ4_3(l3, i3, set, l1, i1, l2, i2) \
  TESSERA_LETTERS_##set##_4(TESSERA_SWZ4_4, set, l1, i1, l2, i2, l3, i3)
#define TESSERA_SWZ4_2(l2, i2, set, l1, i1) \
  TESSERA_LETTERS_##set##_3(TESSERA_SWZ4_3, set, l1, i1, l2, i2)
#define TESSERA_SWZ4_1(l1, i1, set) TESSERA_LETTERS_##set##_2(TESSERA_SWZ4_2, set, l1, i1)

#define TESSERA_ELEMENT_ACCESSOR_OF(letter, idx, set) TESSERA_ELEMENT_ACCESSOR(letter, idx, set)

template <typename D, int N>
class swizzle_accessors {
  // Storage count: a 3-element vec has a 4th (padding) element that hi() and odd() reach.
  static constexpr int kHalf = (N == 3 ? 4 : N) / 2;

  template <int Offset, int Stride, int... K>
  TESSERA_HOST_DEVICE auto pick(std::integer_sequence<int, K...>) {
    return static_cast<D&>(*this).template swizzle<(Offset + Stride * K)...>();
  }
  template <int Offset, int Stride, int... K>
  TESSERA_HOST_DEVICE auto pick(std::integer_sequence<int, K...>) const {
    return static_cast<const D&>(*this).template swizzle<(Offset + Stride * K)...>();
  }

 public:
  TESSERA_LETTERS_XYZW(TESSERA_ELEMENT_ACCESSOR_OF, XYZW)
  TESSERA_LETTERS_RGBA(TESSERA_ELEMENT_ACCESSOR_OF, RGBA)
  TESSERA_ELEMENT_ACCESSOR(s0, 0, S)
  TESSERA_ELEMENT_ACCESSOR(s1, 1, S)
  TESSERA_ELEMENT_ACCESSOR(s2, 2, S)
  TESSERA_ELEMENT_ACCESSOR(s3, 3, S)
  TESSERA_ELEMENT_ACCESSOR(s4, 4, S)
  TESSERA_ELEMENT_ACCESSOR(s5, 5, S)
  TESSERA_ELEMENT_ACCESSOR(s6, 6, S)
  TESSERA_ELEMENT_ACCESSOR(s7, 7, S)
  TESSERA_ELEMENT_ACCESSOR(s8, 8, S)
  TESSERA_ELEMENT_ACCESSOR(s9, 9, S)
  TESSERA_ELEMENT_ACCESSOR(sA, 10, S)
  TESSERA_ELEMENT_ACCESSOR(sB, 11, S)
  TESSERA_ELEMENT_ACCESSOR(sC, 12, S)
  TESSERA_ELEMENT_ACCESSOR(sD, 13, S)
  TESSERA_ELEMENT_ACCESSOR(sE, 14, S)
  TESSERA_ELEMENT_ACCESSOR(sF, 15, S)

#define TESSERA_HALVES(name, offset, stride)                                                     \
  template <int n_ = N, std::enable_if_t<(n_ >= 2), int> = 0>                                    \
  TESSERA_HOST_DEVICE auto name() {                                                              \
    return pick<offset, stride>(std::make_integer_sequence<int, kHalf>{});                       \
  }                                                                                              \
  template <int n_ = N, std::enable_if_t<(n_ >= 2), int> = 0>                                    \
  TESSERA_HOST_DEVICE auto name() const {                                                        \
    return pick<offset, stride>(std::make_integer_sequence<int, kHalf>{});                       \
  }
  TESSERA_HALVES(lo, 0, 1)
  TESSERA_HALVES(hi, kHalf, 1)
  TESSERA_HALVES(even, 0, 2)
  TESSERA_HALVES(odd, 1, 2)
#undef TESSERA_HALVES

#ifdef SYCL_SIMPLE_SWIZZLES
  TESSERA_LETTERS_XYZW(TESSERA_SWZ2_1, XYZW)
  TESSERA_LETTERS_XYZW(TESSERA_SWZ3_1, XYZW)
  TESSERA_LETTERS_XYZW(TESSERA_SWZ4_1, XYZW)
  TESSERA_LETTERS_RGBA(TESSERA_SWZ2_1, RGBA)
  TESSERA_LETTERS_RGBA(TESSERA_SWZ3_1, RGBA)
  TESSERA_LETTERS_RGBA(TESSERA_SWZ4_1, RGBA)
#endif
};

}  // namespace tessera::detail
