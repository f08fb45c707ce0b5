#pragma once
#include <cstddef>
#include <type_traits>
#include "tessera/detail/macros.hpp"

namespace tessera::detail {

// The storage and arithmetic that sycl::id and sycl::range share (SYCL 2020 §4.9.1.1, §4.9.1.3).
template <int D, typename Derived>
class index_array {
  static_assert(D >= 1 && D <= 3, "SYCL supports 1 to 3 dimensions");

public:
  static constexpr int dimensions = D;

  TESSERA_HOST_DEVICE constexpr std::size_t get(int d) const { return v_[d]; }
  TESSERA_HOST_DEVICE constexpr std::size_t& operator[](int d) { return v_[d]; }
  TESSERA_HOST_DEVICE constexpr std::size_t operator[](int d) const { return v_[d]; }

  // A one-dimensional index converts to size_t, as the spec allows for id<1>/range<1>; for more
  // dimensions the conversion targets a type nobody can name, which is the same as none.
  struct no_conversion {};
  TESSERA_HOST_DEVICE constexpr operator std::conditional_t<D == 1, std::size_t, no_conversion>() const {
    if constexpr (D == 1) return v_[0];
    else return {};
  }

// Each operator applies per dimension, between two indices or an index and an integer either side;
// the logical and relational ones give indices of 0s and 1s and have no compound forms.
#define TESSERA_INDEX_OP(op)                                                                        \
  TESSERA_HOST_DEVICE friend constexpr Derived operator op(const Derived& a, const Derived& b) {      \
    Derived r;                                                                                      \
    for (int d = 0; d < D; ++d) r.v_[d] = a.v_[d] op b.v_[d];                                       \
    return r;                                                                                       \
  }                                                                                                 \
  template <typename S, typename = std::enable_if_t<std::is_integral_v<S>>>                          \
  TESSERA_HOST_DEVICE friend constexpr Derived operator op(const Derived& a, S s) {                   \
    Derived r;                                                                                      \
    for (int d = 0; d < D; ++d) r.v_[d] = a.v_[d] op s;                                             \
    return r;                                                                                       \
  }                                                                                                 \
  template <typename S, typename = std::enable_if_t<std::is_integral_v<S>>>                          \
  TESSERA_HOST_DEVICE friend constexpr Derived operator op(S s, const Derived& a) {                   \
    Derived r;                                                                                      \
    for (int d = 0; d < D; ++d) r.v_[d] = s op a.v_[d];                                             \
    return r;                                                                                       \
  }
#define TESSERA_INDEX_COMPOUND_OP(op)                                                               \
  TESSERA_INDEX_OP(op)                                                                              \
  TESSERA_HOST_DEVICE friend constexpr Derived& operator op##=(Derived& a, const Derived& b) {        \
    for (int d = 0; d < D; ++d) a.v_[d] = a.v_[d] op b.v_[d];                                       \
    return a;                                                                                       \
  }                                                                                                 \
  template <typename S, typename = std::enable_if_t<std::is_integral_v<S>>>                          \
  TESSERA_HOST_DEVICE friend constexpr Derived& operator op##=(Derived& a, S s) {                    \
    for (int d = 0; d < D; ++d) a.v_[d] = a.v_[d] op s;                                             \
    return a;                                                                                       \
  }
  TESSERA_INDEX_COMPOUND_OP(+)
  TESSERA_INDEX_COMPOUND_OP(-)
  TESSERA_INDEX_COMPOUND_OP(*)
  TESSERA_INDEX_COMPOUND_OP(/)
  TESSERA_INDEX_COMPOUND_OP(%)
  TESSERA_INDEX_COMPOUND_OP(<<)
  TESSERA_INDEX_COMPOUND_OP(>>)
  TESSERA_INDEX_COMPOUND_OP(&)
  TESSERA_INDEX_COMPOUND_OP(|)
  TESSERA_INDEX_COMPOUND_OP(^)
  TESSERA_INDEX_OP(&&)
  TESSERA_INDEX_OP(||)
  TESSERA_INDEX_OP(<)
  TESSERA_INDEX_OP(>)
  TESSERA_INDEX_OP(<=)
  TESSERA_INDEX_OP(>=)
#undef TESSERA_INDEX_COMPOUND_OP
#undef TESSERA_INDEX_OP

  TESSERA_HOST_DEVICE friend constexpr Derived operator+(const Derived& a) { return a; }
  TESSERA_HOST_DEVICE friend constexpr Derived operator-(const Derived& a) {
    Derived r;
    for (int d = 0; d < D; ++d) r.v_[d] = -a.v_[d];
    return r;
  }
  TESSERA_HOST_DEVICE friend constexpr Derived& operator++(Derived& a) { return a += 1; }
  TESSERA_HOST_DEVICE friend constexpr Derived& operator--(Derived& a) { return a -= 1; }
  TESSERA_HOST_DEVICE friend constexpr Derived operator++(Derived& a, int) {
    const Derived old = a;
    ++a;
    return old;
  }
  TESSERA_HOST_DEVICE friend constexpr Derived operator--(Derived& a, int) {
    const Derived old = a;
    --a;
    return old;
  }

  TESSERA_HOST_DEVICE friend constexpr bool operator==(const Derived& a, const Derived& b) {
    for (int d = 0; d < D; ++d)
      if (a.v_[d] != b.v_[d]) return false;
    return true;
  }
  TESSERA_HOST_DEVICE friend constexpr bool operator!=(const Derived& a, const Derived& b) { return !(a == b); }

protected:
  std::size_t v_[D] = {};
};

} // namespace tessera::detail
