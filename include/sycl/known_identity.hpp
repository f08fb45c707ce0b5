#pragma once
// SYCL 2020 §4.17.3: the identity values of the standard function objects, which let a reduction
// start from a neutral value instead of asking the user for one.
#include <limits>
#include <type_traits>

#include "sycl/functional.hpp"
#include "sycl/half.hpp"
#include "tessera/detail/nonscalar.hpp"

namespace tessera::detail {

// The spec treats Op<T> and the transparent Op<void> alike.
template <template <typename> class Op, typename BinaryOperation, typename AccumulatorT>
inline constexpr bool is_op_v = std::is_same_v<BinaryOperation, Op<std::remove_cv_t<AccumulatorT>>> ||
                                std::is_same_v<BinaryOperation, Op<void>>;

template <typename T>
inline constexpr bool is_bool_v = std::is_same_v<std::remove_cv_t<T>, bool>;

// The spec's table names sycl::half beside the arithmetic and floating-point types.
template <typename T>
inline constexpr bool is_half_v = std::is_same_v<std::remove_cv_t<T>, sycl::half>;
template <typename T>
inline constexpr bool is_arithmetic_or_half_v = std::is_arithmetic_v<T> || is_half_v<T>;
template <typename T>
inline constexpr bool is_floating_or_half_v = std::is_floating_point_v<T> || is_half_v<T>;

// Has a `value` member exactly where the spec's table names an identity.
template <typename BinaryOperation, typename T, typename = void>
struct identity {};

template <typename Op, typename T>
struct identity<Op, T, std::enable_if_t<is_op_v<sycl::plus, Op, T> && is_arithmetic_or_half_v<T>>> {
  static constexpr T value = T{};
};

template <typename Op, typename T>
struct identity<Op, T, std::enable_if_t<is_op_v<sycl::multiplies, Op, T> && is_arithmetic_or_half_v<T>>> {
  static constexpr T value = static_cast<T>(1);
};

// -1 converts to all bits set for every integral type, bool included, where ~T{} would not.
template <typename Op, typename T>
struct identity<Op, T, std::enable_if_t<is_op_v<sycl::bit_and, Op, T> && std::is_integral_v<T>>> {
  static constexpr T value = static_cast<T>(-1);
};

template <typename Op, typename T>
struct identity<Op, T,
                std::enable_if_t<(is_op_v<sycl::bit_or, Op, T> || is_op_v<sycl::bit_xor, Op, T>) &&
                                 std::is_integral_v<T>>> {
  static constexpr T value = T{};
};

template <typename Op, typename T>
struct identity<Op, T, std::enable_if_t<is_op_v<sycl::logical_and, Op, T> && is_bool_v<T>>> {
  static constexpr T value = true;
};

template <typename Op, typename T>
struct identity<Op, T, std::enable_if_t<is_op_v<sycl::logical_or, Op, T> && is_bool_v<T>>> {
  static constexpr T value = false;
};

template <typename Op, typename T>
struct identity<Op, T, std::enable_if_t<is_op_v<sycl::minimum, Op, T> && std::is_integral_v<T>>> {
  static constexpr T value = std::numeric_limits<std::remove_cv_t<T>>::max();
};

template <typename Op, typename T>
struct identity<Op, T, std::enable_if_t<is_op_v<sycl::minimum, Op, T> && is_floating_or_half_v<T>>> {
  static constexpr T value = std::numeric_limits<std::remove_cv_t<T>>::infinity();
};

template <typename Op, typename T>
struct identity<Op, T, std::enable_if_t<is_op_v<sycl::maximum, Op, T> && std::is_integral_v<T>>> {
  static constexpr T value = std::numeric_limits<std::remove_cv_t<T>>::lowest();
};

template <typename Op, typename T>
struct identity<Op, T, std::enable_if_t<is_op_v<sycl::maximum, Op, T> && is_floating_or_half_v<T>>> {
  static constexpr T value = -std::numeric_limits<std::remove_cv_t<T>>::infinity();
};

template <typename Identity, typename = void>
struct has_identity_value : std::false_type {};

template <typename Identity>
struct has_identity_value<Identity, std::void_t<decltype(Identity::value)>> : std::true_type {};

// What combines the elements of a vec or marray X that Op combines: F<element> for F<X>, the
// transparent F<void> as it is; void (no identity) for anything else.
template <typename Op, typename X>
struct element_op {
  using type = void;
};
template <template <typename> class F, typename X>
struct element_op<F<X>, X> {
  using type = F<typename nonscalar_traits<X>::element_type>;
};
template <template <typename> class F, typename X>
struct element_op<F<void>, X> {
  using type = F<void>;
};
template <typename Op, typename X, bool = is_nonscalar_v<X>>
struct element_identity {};
template <typename Op, typename X>
struct element_identity<Op, X, true>
    : identity<typename element_op<Op, X>::type, typename nonscalar_traits<X>::element_type> {};

// vec and marray: their elements' identity in every element. The spec's table names scalars
// only; DPC++ gives vec and marray their elements' identities, and so does this.
template <typename Op, typename X>
struct identity<Op, X, std::enable_if_t<has_identity_value<element_identity<Op, X>>::value>> {
  static constexpr X value = X(element_identity<Op, X>::value);
};

} // namespace tessera::detail

namespace sycl {

template <typename BinaryOperation, typename AccumulatorT>
struct known_identity : tessera::detail::identity<BinaryOperation, AccumulatorT> {};

template <typename BinaryOperation, typename AccumulatorT>
inline constexpr AccumulatorT known_identity_v = known_identity<BinaryOperation, AccumulatorT>::value;

template <typename BinaryOperation, typename AccumulatorT>
struct has_known_identity
    : std::bool_constant<
          tessera::detail::has_identity_value<tessera::detail::identity<BinaryOperation, AccumulatorT>>::value> {};

template <typename BinaryOperation, typename AccumulatorT>
inline constexpr bool has_known_identity_v = has_known_identity<BinaryOperation, AccumulatorT>::value;

} // namespace sycl
