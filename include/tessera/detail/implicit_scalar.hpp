#pragma once
// Arguments of a class type that converts to a scalar (a class with `operator float()`, a
// zero-dimensional accessor, an atomic_ref...). SYCL 2020 declares the scalar built-ins as
// overloads for float, double and half (and the integer types), which such an argument reaches
// through its conversion; Tessera's scalar forms are templates, which deduce the class itself and
// refuse it. TESSERA_ELEMENTWISE (nonscalar.hpp) therefore adds a form that converts these
// arguments first, picking the scalar type as overload resolution among the spec's overloads would.
#include <type_traits>

#include "sycl/half.hpp"
#include "tessera/detail/macros.hpp"

namespace tessera::detail {

// Declared only, for overload resolution: the best of them is the scalar a class argument
// converts to (ambiguous, and so no scalar, where the spec's overloads would be ambiguous too).
float implicit_scalar_pick(float);
double implicit_scalar_pick(double);
sycl::half implicit_scalar_pick(sycl::half);
char implicit_scalar_pick(char);
signed char implicit_scalar_pick(signed char);
unsigned char implicit_scalar_pick(unsigned char);
short implicit_scalar_pick(short);
unsigned short implicit_scalar_pick(unsigned short);
int implicit_scalar_pick(int);
unsigned implicit_scalar_pick(unsigned);
long implicit_scalar_pick(long);
unsigned long implicit_scalar_pick(unsigned long);
long long implicit_scalar_pick(long long);
unsigned long long implicit_scalar_pick(unsigned long long);

template <typename X, typename = void>
struct implicit_scalar {
  static constexpr bool value = false;
};
template <typename X>
struct implicit_scalar<X, std::void_t<decltype(implicit_scalar_pick(std::declval<const X&>()))>> {
  // half is a class too, but one of the scalars themselves
  static constexpr bool value = std::is_class_v<X> && !std::is_same_v<X, sycl::half>;
  using type = decltype(implicit_scalar_pick(std::declval<const X&>()));
};

template <typename... A>
inline constexpr bool any_implicit_scalar_v =
    (implicit_scalar<std::remove_cv_t<std::remove_reference_t<A>>>::value || ...);

// The argument converted to its scalar where it is such a class, else the argument itself.
template <typename X>
TESSERA_HOST_DEVICE constexpr decltype(auto) to_implicit_scalar(const X& x) {
  if constexpr (implicit_scalar<X>::value) {
    return typename implicit_scalar<X>::type(x);
  } else {
    return (x);
  }
}

}  // namespace tessera::detail

// For a built-in `name` already declared in namespace `ns`: the call with some argument of a class
// type converting to a scalar (and none a vec, swizzle or marray, which convert only as
// themselves) is the call with those arguments converted.
#define TESSERA_IMPLICIT_SCALAR_FORM(ns, name)                                                  \
  template <typename A0, typename... A,                                                         \
            std::enable_if_t<!::tessera::detail::any_nonscalar_v<A0, A...> &&                   \
                                 ::tessera::detail::any_implicit_scalar_v<A0, A...>,            \
                             int> = 0>                                                          \
  TESSERA_HOST_DEVICE auto name(const A0& a0, const A&... a)                                    \
      ->decltype(ns::name(::tessera::detail::to_implicit_scalar(a0),                            \
                          ::tessera::detail::to_implicit_scalar(a)...)) {                       \
    return ns::name(::tessera::detail::to_implicit_scalar(a0),                                  \
                    ::tessera::detail::to_implicit_scalar(a)...);                               \
  }
