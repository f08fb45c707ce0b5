#pragma once
// What the element-wise machinery knows about the non-scalar types (vec, its swizzles, marray):
// vec.hpp and marray.hpp specialise nonscalar_traits; everything else is a scalar.
#include <cstdint>
#include <type_traits>

#include "tessera/detail/implicit_scalar.hpp"
#include "tessera/detail/macros.hpp"

namespace tessera::detail {

// Specialisations provide: element_type, size, rebind<U> (the same kind of container holding U),
// bool_result and from_bool (what a bool-valued scalar function becomes for this container: vec
// uses signed integers holding -1/0, marray keeps bool).
template <typename X, typename = void>
struct nonscalar_traits {
  static constexpr bool value = false;
  static constexpr int size = 1;
};

template <typename X>
using remove_cvref_t = std::remove_cv_t<std::remove_reference_t<X>>;

template <typename X>
inline constexpr bool is_nonscalar_v = nonscalar_traits<remove_cvref_t<X>>::value;

template <typename... A>
inline constexpr bool any_nonscalar_v = (is_nonscalar_v<A> || ...);

// How many elements an argument contributes to a vec/marray constructor.
template <typename A>
inline constexpr int element_count_v = nonscalar_traits<remove_cvref_t<A>>::size;

template <typename T>
using signed_int_of_size_t = std::conditional_t<
    sizeof(T) == 1, std::int8_t,
    std::conditional_t<sizeof(T) == 2, std::int16_t,
                       std::conditional_t<sizeof(T) == 4, std::int32_t, std::int64_t>>>;

template <typename... A>
struct first_nonscalar {
  using type = void;
};
template <typename A, typename... R>
struct first_nonscalar<A, R...> {
  using type = std::conditional_t<is_nonscalar_v<A>, remove_cvref_t<A>,
                                  typename first_nonscalar<R...>::type>;
};

template <typename P, typename = void>
struct pointee_of_handle {};  // types with get() returning a pointer (multi_ptr) act as pointers
template <typename P>
struct pointee_of_handle<P, std::void_t<decltype(std::declval<const P&>().get())>> {
  using type = std::remove_pointer_t<decltype(std::declval<const P&>().get())>;
};

// The raw pointer behind a pointer-like argument: a raw pointer (or array), or anything with get().
template <typename P>
TESSERA_HOST_DEVICE constexpr auto raw_pointer(const P& p) {
  if constexpr (std::is_pointer_v<P> || std::is_array_v<P>) {
    return p;
  } else {
    return p.get();
  }
}

template <typename P, typename = void>
inline constexpr bool points_to_nonscalar_v = false;
template <typename P>
inline constexpr bool points_to_nonscalar_v<P*, void> = is_nonscalar_v<P>;
template <typename P>
inline constexpr bool points_to_nonscalar_v<P, std::void_t<typename pointee_of_handle<P>::type>> =
    is_nonscalar_v<typename pointee_of_handle<P>::type>;

// Element i of an argument of an element-wise call: a non-scalar's element, a pointer to a
// non-scalar's element, or a scalar as it is (scalars broadcast).
template <typename A>
TESSERA_HOST_DEVICE constexpr decltype(auto) element_of(const A& a, int i) {
  if constexpr (is_nonscalar_v<A>) {
    return a[i];
  } else if constexpr (points_to_nonscalar_v<A>) {
    return &(*raw_pointer(a))[i];
  } else {
    return (a);
  }
}

// Applies the scalar function object f element by element. The result is the container kind of the
// first non-scalar argument, holding what f returns (a swizzle gives a vec).
template <typename F, typename... A>
TESSERA_HOST_DEVICE auto map_elements(F f, const A&... a) {
  using traits = nonscalar_traits<typename first_nonscalar<A...>::type>;
  using R = decltype(f(element_of(a, 0)...));
  if constexpr (std::is_same_v<R, bool>) {
    typename traits::bool_result out{};
    for (int i = 0; i < traits::size; ++i) out[i] = traits::from_bool(f(element_of(a, i)...));
    return out;
  } else {
    typename traits::template rebind<R> out{};
    for (int i = 0; i < traits::size; ++i) out[i] = f(element_of(a, i)...);
    return out;
  }
}

}  // namespace tessera::detail

// Declares, for a scalar function `name` already declared in namespace `ns`, its element-wise
// form for vec, swizzles and marray (any argument may be a non-scalar, scalars broadcast, pointers
// to non-scalars become pointers to their elements), and its form for arguments of a class type
// that converts to a scalar (implicit_scalar.hpp).
#define TESSERA_ELEMENTWISE(ns, name)                                                            \
  namespace tessera_scalar_fn {                                                                  \
  struct name {                                                                                  \
    template <typename... A>                                                                     \
    TESSERA_HOST_DEVICE auto operator()(const A&... a) const {                                   \
      return ns::name(a...);                                                                     \
    }                                                                                            \
  };                                                                                             \
  }                                                                                              \
  template <typename A0, typename... A,                                                          \
            std::enable_if_t<::tessera::detail::any_nonscalar_v<A0, A...>, int> = 0>             \
  TESSERA_HOST_DEVICE auto name(const A0& a0, const A&... a) {                                   \
    return ::tessera::detail::map_elements(tessera_scalar_fn::name{}, a0, a...);                 \
  }                                                                                              \
  /* SYCL 2020's mixed forms name only the non-scalar type, wherever its argument is            \
     (step<NonScalar>(float, NonScalar)): reached only so, and the same as the call unnamed. */  \
  template <typename NonScalar, typename... A,                                                   \
            std::enable_if_t<::tessera::detail::is_nonscalar_v<NonScalar> &&                     \
                                 ::tessera::detail::any_nonscalar_v<A...>,                       \
                             int> = 0>                                                           \
  TESSERA_HOST_DEVICE auto name(const A&... a) {                                                 \
    return ::tessera::detail::map_elements(tessera_scalar_fn::name{}, a...);                     \
  }                                                                                              \
  TESSERA_IMPLICIT_SCALAR_FORM(ns, name)
