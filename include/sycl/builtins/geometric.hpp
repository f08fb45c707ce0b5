#pragma once
// The geometric built-ins (SYCL 2020 §4.17.8) for scalars and for vec/swizzle/marray of up to 4
// float, double or half elements (half computes in float). The fast_ forms are the full ones: the
// spec only bounds their error from above.
#include <cmath>
#include <type_traits>

#include "tessera/detail/builtin_types.hpp"
#include "tessera/detail/convert.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/detail/nonscalar.hpp"

namespace tessera::detail {

template <typename A, bool = is_nonscalar_v<A>>
struct geometric_types {
  using element = A;
  using value = A;
};
template <typename A>
struct geometric_types<A, true> {
  using element = typename nonscalar_traits<A>::element_type;
  using value = typename nonscalar_traits<A>::template rebind<element>;  // a swizzle gives a vec
};
template <typename A>
using geometric_element_t = typename geometric_types<remove_cvref_t<A>>::element;

template <typename A, typename B = A>
inline constexpr bool is_geometric_v =
    is_genfloat_v<geometric_element_t<A>> &&
    std::is_same_v<geometric_element_t<A>, geometric_element_t<B>> &&
    element_count_v<A> == element_count_v<B> && element_count_v<A> <= 4;

template <typename A, typename B>
TESSERA_HOST_DEVICE auto dot_in_compute_type(const A& a, const B& b) {
  using C = compute_t<geometric_element_t<A>>;
  C sum = 0;
  for (int i = 0; i < element_count_v<A>; ++i) sum += C(element_of(a, i)) * C(element_of(b, i));
  return sum;
}

template <typename A>
TESSERA_HOST_DEVICE auto scaled(const A& a, compute_t<geometric_element_t<A>> factor) {
  using E = geometric_element_t<A>;
  typename geometric_types<remove_cvref_t<A>>::value r{};
  if constexpr (is_nonscalar_v<A>) {
    for (int i = 0; i < element_count_v<A>; ++i) r[i] = E(compute_t<E>(a[i]) * factor);
  } else {
    r = E(compute_t<E>(a) * factor);
  }
  return r;
}

}  // namespace tessera::detail

namespace sycl {

template <typename A, typename B, std::enable_if_t<::tessera::detail::is_geometric_v<A, B>, int> = 0>
TESSERA_HOST_DEVICE ::tessera::detail::geometric_element_t<A> dot(const A& a, const B& b) {
  return ::tessera::detail::geometric_element_t<A>(::tessera::detail::dot_in_compute_type(a, b));
}

template <typename A, std::enable_if_t<::tessera::detail::is_geometric_v<A>, int> = 0>
TESSERA_HOST_DEVICE ::tessera::detail::geometric_element_t<A> length(const A& a) {
  return ::tessera::detail::geometric_element_t<A>(std::sqrt(::tessera::detail::dot_in_compute_type(a, a)));
}

template <typename A, typename B, std::enable_if_t<::tessera::detail::is_geometric_v<A, B>, int> = 0>
TESSERA_HOST_DEVICE ::tessera::detail::geometric_element_t<A> distance(const A& a, const B& b) {
  using C = ::tessera::detail::compute_t<::tessera::detail::geometric_element_t<A>>;
  C sum = 0;
  for (int i = 0; i < ::tessera::detail::element_count_v<A>; ++i) {
    const C d = C(::tessera::detail::element_of(a, i)) - C(::tessera::detail::element_of(b, i));
    sum += d * d;
  }
  return ::tessera::detail::geometric_element_t<A>(std::sqrt(sum));
}

// a / length(a); a zero vector stays zero.
template <typename A, std::enable_if_t<::tessera::detail::is_geometric_v<A>, int> = 0>
TESSERA_HOST_DEVICE auto normalize(const A& a) {
  using C = ::tessera::detail::compute_t<::tessera::detail::geometric_element_t<A>>;
  const C len = std::sqrt(::tessera::detail::dot_in_compute_type(a, a));
  return ::tessera::detail::scaled(a, len == C(0) ? C(1) : C(1) / len);
}

// The 3-D cross product; for 4 elements the fourth is 0.
template <typename A, typename B,
          std::enable_if_t<::tessera::detail::is_geometric_v<A, B> &&
                               ::tessera::detail::is_nonscalar_v<A> &&
                               (::tessera::detail::element_count_v<A> == 3 ||
                                ::tessera::detail::element_count_v<A> == 4),
                           int> = 0>
TESSERA_HOST_DEVICE auto cross(const A& a, const B& b) {
  typename ::tessera::detail::geometric_types<::tessera::detail::remove_cvref_t<A>>::value r{};
  r[0] = a[1] * b[2] - a[2] * b[1];
  r[1] = a[2] * b[0] - a[0] * b[2];
  r[2] = a[0] * b[1] - a[1] * b[0];
  return r;
}

#define TESSERA_FAST_GEOMETRIC(name, full)                                                       \
  template <typename... A,                                                                       \
            std::enable_if_t<(std::is_same_v<::tessera::detail::geometric_element_t<A>, float> && \
                              ...),                                                              \
                             int> = 0>                                                           \
  TESSERA_HOST_DEVICE auto name(const A&... a)->decltype(::sycl::full(a...)) {                   \
    return ::sycl::full(a...);                                                                   \
  }
TESSERA_FAST_GEOMETRIC(fast_length, length)
TESSERA_FAST_GEOMETRIC(fast_distance, distance)
TESSERA_FAST_GEOMETRIC(fast_normalize, normalize)
#undef TESSERA_FAST_GEOMETRIC

}  // namespace sycl
