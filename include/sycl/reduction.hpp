#pragma once
// SYCL 2020 §4.9.2: the reduction variables a parallel_for can take between its range and its
// kernel. Each becomes a tessera::detail::reduction_var, which the backends' launches combine.
#include <type_traits>

#include "sycl/buffer.hpp"
#include "sycl/handler.hpp"
#include "sycl/known_identity.hpp"
#include "sycl/property_list.hpp"
#include "sycl/span.hpp"
#include "tessera/detail/reduction_var.hpp"

namespace tessera::detail {

template <typename T>
struct usm_target {
  T* ptr;
  TESSERA_HOST_DEVICE T* data() const { return ptr; }
};

// The accessor both orders the kernel after the buffer's earlier users and finds its storage.
template <typename T>
struct buffer_target {
  sycl::accessor<T, 1, sycl::access_mode::read_write> acc;
  TESSERA_HOST_DEVICE T* data() const { return acc.get_pointer(); }
};

// An identity argument converts to T instead of taking part in deducing it.
template <typename T>
struct exactly {
  using type = T;
};
template <typename T>
using nondeduced_t = typename exactly<T>::type;

template <typename T, typename Op, bool Array, typename Target>
reduction_var<T, Op, Target, Array> make_reduction(Target target, std::size_t count, const T& identity, Op op,
                                                   const sycl::property_list& props) {
  return {{}, target, count, identity, op, props.has_property<sycl::property::reduction::initialize_to_identity>()};
}

// Without an identity argument: the combiner's known identity, or else partial results that
// start empty (SYCL 2020 §4.9.2 allows a reduction whose combiner has no known identity).
template <typename T, typename Op, bool Array, typename Target>
auto make_reduction(Target target, std::size_t count, Op op, const sycl::property_list& props) {
  if constexpr (sycl::has_known_identity_v<Op, T>) {
    return make_reduction<T, Op, Array>(target, count, sycl::known_identity_v<Op, T>, op, props);
  } else {
    const bool initialize = props.has_property<sycl::property::reduction::initialize_to_identity>();
    return reduction_var<T, Op, Target, Array, false>{{}, target, count, maybe<T>{}, maybe_op<Op>{op}, initialize};
  }
}

} // namespace tessera::detail

namespace sycl {

template <typename T, typename BinaryOperation>
auto reduction(T* variable, const tessera::detail::nondeduced_t<T>& identity, BinaryOperation combiner,
               const property_list& props = {}) {
  return tessera::detail::make_reduction<T, BinaryOperation, false>(tessera::detail::usm_target<T>{variable}, 1,
                                                                     identity, combiner, props);
}
template <typename T, typename BinaryOperation>
auto reduction(T* variable, BinaryOperation combiner, const property_list& props = {}) {
  return tessera::detail::make_reduction<T, BinaryOperation, false>(tessera::detail::usm_target<T>{variable}, 1,
                                                                     combiner, props);
}

template <typename T, typename A, typename BinaryOperation>
auto reduction(buffer<T, 1, A> variable, handler& h, const tessera::detail::nondeduced_t<T>& identity,
               BinaryOperation combiner, const property_list& props = {}) {
  tessera::detail::buffer_target<T> target{variable.template get_access<access_mode::read_write>(h)};
  return tessera::detail::make_reduction<T, BinaryOperation, false>(target, 1, identity, combiner, props);
}
template <typename T, typename A, typename BinaryOperation>
auto reduction(buffer<T, 1, A> variable, handler& h, BinaryOperation combiner, const property_list& props = {}) {
  tessera::detail::buffer_target<T> target{variable.template get_access<access_mode::read_write>(h)};
  return tessera::detail::make_reduction<T, BinaryOperation, false>(target, 1, combiner, props);
}

template <typename T, std::size_t Extent, typename BinaryOperation>
auto reduction(span<T, Extent> variables, const tessera::detail::nondeduced_t<T>& identity, BinaryOperation combiner,
               const property_list& props = {}) {
  return tessera::detail::make_reduction<T, BinaryOperation, true>(tessera::detail::usm_target<T>{variables.data()},
                                                                    variables.size(), identity, combiner, props);
}
template <typename T, std::size_t Extent, typename BinaryOperation>
auto reduction(span<T, Extent> variables, BinaryOperation combiner, const property_list& props = {}) {
  return tessera::detail::make_reduction<T, BinaryOperation, true>(tessera::detail::usm_target<T>{variables.data()},
                                                                    variables.size(), combiner, props);
}

} // namespace sycl
