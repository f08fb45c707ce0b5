#pragma once
#include <cstddef>
#include <type_traits>

#include "tessera/detail/macros.hpp"

namespace concurrency {

namespace detail {
// The coordinates shared by index<N> and extent<N>: N ints, the last one the fastest-varying,
// as in SYCL (so a C++ AMP index maps onto a sycl::id unchanged).
template <int N, typename Derived>
class coordinates {
  static_assert(N > 0, "C++ AMP ranks start at 1");

public:
  static constexpr int rank = N;
  using value_type = int;

  TESSERA_HOST_DEVICE coordinates() : v_{} {}
  TESSERA_HOST_DEVICE explicit coordinates(const int* c) {
    for (int d = 0; d < N; ++d) v_[d] = c[d];
  }
  template <typename... I, typename = std::enable_if_t<sizeof...(I) == N && (std::is_convertible_v<I, int> && ...)>>
  TESSERA_HOST_DEVICE explicit coordinates(I... c) : v_{static_cast<int>(c)...} {}

  TESSERA_HOST_DEVICE int operator[](unsigned d) const { return v_[d]; }
  TESSERA_HOST_DEVICE int& operator[](unsigned d) { return v_[d]; }

  TESSERA_HOST_DEVICE friend bool operator==(const Derived& a, const Derived& b) {
    for (int d = 0; d < N; ++d)
      if (a.v_[d] != b.v_[d]) return false;
    return true;
  }
  TESSERA_HOST_DEVICE friend bool operator!=(const Derived& a, const Derived& b) { return !(a == b); }

#define TESSERA_AMP_ELEMENTWISE(op)                                                                                   \
  TESSERA_HOST_DEVICE Derived& operator op##=(const Derived& o) {                                                     \
    for (int d = 0; d < N; ++d) v_[d] op## = o.v_[d];                                                                 \
    return self();                                                                                                    \
  }                                                                                                                   \
  TESSERA_HOST_DEVICE Derived& operator op##=(int s) {                                                                \
    for (int d = 0; d < N; ++d) v_[d] op## = s;                                                                       \
    return self();                                                                                                    \
  }                                                                                                                   \
  TESSERA_HOST_DEVICE friend Derived operator op(Derived a, const Derived& b) { return a op## = b; }                  \
  TESSERA_HOST_DEVICE friend Derived operator op(Derived a, int s) { return a op## = s; }                             \
  TESSERA_HOST_DEVICE friend Derived operator op(int s, const Derived& b) {                                            \
    Derived a;                                                                                                        \
    for (int d = 0; d < N; ++d) a.v_[d] = s op b.v_[d];                                                               \
    return a;                                                                                                         \
  }
  TESSERA_AMP_ELEMENTWISE(+)
  TESSERA_AMP_ELEMENTWISE(-)
  TESSERA_AMP_ELEMENTWISE(*)
  TESSERA_AMP_ELEMENTWISE(/)
  TESSERA_AMP_ELEMENTWISE(%)
#undef TESSERA_AMP_ELEMENTWISE

  TESSERA_HOST_DEVICE Derived& operator++() { return self() += 1; }
  TESSERA_HOST_DEVICE Derived operator++(int) {
    Derived old = self();
    self() += 1;
    return old;
  }
  TESSERA_HOST_DEVICE Derived& operator--() { return self() -= 1; }
  TESSERA_HOST_DEVICE Derived operator--(int) {
    Derived old = self();
    self() -= 1;
    return old;
  }

protected:
  int v_[N];

private:
  TESSERA_HOST_DEVICE Derived& self() { return static_cast<Derived&>(*this); }
};
} // namespace detail

// A point of a compute domain or of an array's shape.
template <int N>
class index : public detail::coordinates<N, index<N>> {
  using base = detail::coordinates<N, index<N>>;

public:
  using base::base;
  TESSERA_HOST_DEVICE index() = default;
};

} // namespace concurrency
