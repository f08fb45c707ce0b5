#pragma once
#include <cstddef>
#include <type_traits>

#include "sycl/known_identity.hpp"
#include "tessera/detail/partial_without_identity.hpp"
#include "tessera/glue/device_ops.hpp"
#include "tessera/detail/macros.hpp"

namespace sycl {

// SYCL 2020 §4.9.2.3. A reducer refers to an accumulator private to the chunk of work-items that
// one worker runs, never to the reduction variable, so combining costs no synchronisation. The
// shorthand operators exist only for the combiner they stand for. `Accumulator` is T, or for a
// reduction without an identity a tessera::detail::maybe<T> (the spec leaves a reducer's further
// template parameters unspecified); such a reducer has no identity().
template <typename T, typename BinaryOperation, int Dimensions = 0, typename Accumulator = T>
class reducer;

template <typename T, typename BinaryOperation, typename Accumulator>
class reducer<T, BinaryOperation, 0, Accumulator> {
  template <template <typename> class Op>
  static constexpr bool is = tessera::detail::is_op_v<Op, BinaryOperation, T>;
  static constexpr bool identityless = !std::is_same_v<Accumulator, T>;

public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = 0;

  // `atomic`: the accumulator is shared with other work-items (a GPU array reduction's element).
  TESSERA_HOST_DEVICE reducer(Accumulator* accumulator, const T& identity, const BinaryOperation& op,
                              bool atomic = false)
      : acc_(accumulator), identity_(identity), op_(op), atomic_(atomic) {}
  template <bool B = identityless, typename = std::enable_if_t<B>>
  TESSERA_HOST_DEVICE reducer(Accumulator* accumulator, const BinaryOperation& op, bool atomic = false)
      : acc_(accumulator), op_(op), atomic_(atomic) {}
  reducer(const reducer&) = delete;
  TESSERA_HOST_DEVICE reducer& operator=(const reducer&) = delete;

  TESSERA_HOST_DEVICE reducer& combine(const T& partial) {
    if constexpr (identityless)
      tessera::glue::ops::combine(acc_, Accumulator{partial, true}, tessera::detail::maybe_op<BinaryOperation>{op_},
                                  atomic_);
    else
      tessera::glue::ops::combine(acc_, partial, op_, atomic_);
    return *this;
  }
  template <bool B = !identityless, typename = std::enable_if_t<B>>
  TESSERA_HOST_DEVICE T identity() const {
    return identity_;
  }

  template <bool B = is<plus>, typename = std::enable_if_t<B>>
  TESSERA_HOST_DEVICE reducer& operator+=(const T& x) { return combine(x); }
  template <bool B = is<multiplies>, typename = std::enable_if_t<B>>
  TESSERA_HOST_DEVICE reducer& operator*=(const T& x) { return combine(x); }
  template <bool B = is<bit_and>, typename = std::enable_if_t<B>>
  TESSERA_HOST_DEVICE reducer& operator&=(const T& x) { return combine(x); }
  template <bool B = is<bit_or>, typename = std::enable_if_t<B>>
  TESSERA_HOST_DEVICE reducer& operator|=(const T& x) { return combine(x); }
  template <bool B = is<bit_xor>, typename = std::enable_if_t<B>>
  TESSERA_HOST_DEVICE reducer& operator^=(const T& x) { return combine(x); }
  template <bool B = is<plus> && std::is_integral_v<T> && !std::is_same_v<T, bool>, typename = std::enable_if_t<B>>
  TESSERA_HOST_DEVICE reducer& operator++() { return combine(T(1)); }
  // Not in the spec's list but in its examples (`histogram[i]++`), and in DPC++.
  template <bool B = is<plus> && std::is_integral_v<T> && !std::is_same_v<T, bool>, typename = std::enable_if_t<B>>
  TESSERA_HOST_DEVICE void operator++(int) { combine(T(1)); }

private:
  Accumulator* acc_;
  std::conditional_t<identityless, tessera::detail::no_identity, T> identity_;
  BinaryOperation op_;
  bool atomic_;
};

// An array reduction (over a span) is one scalar reduction per element.
template <typename T, typename BinaryOperation, typename Accumulator>
class reducer<T, BinaryOperation, 1, Accumulator> {
  static constexpr bool identityless = !std::is_same_v<Accumulator, T>;

public:
  using value_type = T;
  using binary_operation = BinaryOperation;
  static constexpr int dimensions = 1;

  TESSERA_HOST_DEVICE reducer(Accumulator* accumulators, const T& identity, const BinaryOperation& op,
                              bool atomic = false)
      : acc_(accumulators), identity_(identity), op_(op), atomic_(atomic) {}
  template <bool B = identityless, typename = std::enable_if_t<B>>
  TESSERA_HOST_DEVICE reducer(Accumulator* accumulators, const BinaryOperation& op, bool atomic = false)
      : acc_(accumulators), op_(op), atomic_(atomic) {}
  reducer(const reducer&) = delete;
  TESSERA_HOST_DEVICE reducer& operator=(const reducer&) = delete;

  TESSERA_HOST_DEVICE reducer<T, BinaryOperation, 0, Accumulator> operator[](std::size_t i) const {
    if constexpr (identityless)
      return {acc_ + i, op_, atomic_};
    else
      return {acc_ + i, identity_, op_, atomic_};
  }
  template <bool B = !identityless, typename = std::enable_if_t<B>>
  TESSERA_HOST_DEVICE T identity() const {
    return identity_;
  }

private:
  Accumulator* acc_;
  std::conditional_t<identityless, tessera::detail::no_identity, T> identity_;
  BinaryOperation op_;
  bool atomic_;
};

} // namespace sycl
