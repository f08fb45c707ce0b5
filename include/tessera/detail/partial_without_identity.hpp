#pragma once
#include "tessera/detail/macros.hpp"

namespace tessera::detail {

// A reduction's partial result where the combiner has no identity to start from (SYCL 2020
// §4.9.2 allows such reductions): a value once anything was combined, nothing before. With
// `maybe_op` as its combiner the empty partial is an identity, so the launches reduce these as
// they reduce partials with an identity.
template <typename T>
struct maybe {
  T value{};
  bool has = false;
};

template <typename Op>
struct maybe_op {
  Op op;
  template <typename T>
  TESSERA_HOST_DEVICE maybe<T> operator()(const maybe<T>& a, const maybe<T>& b) const {
    if (!a.has) return b;
    if (!b.has) return a;
    return {op(a.value, b.value), true};
  }
};

// What a reducer without an identity keeps in place of one.
struct no_identity {};

} // namespace tessera::detail
