#pragma once
#include <cstddef>
#include <type_traits>

#include "tessera/detail/contiguous_access.hpp"

// The functors an algorithm hands its patterns to read its input and write its output: over
// bound arrays (pointers) the contiguous ones of tessera/detail/contiguous_access.hpp, which the
// GPU's patterns load and store in wide chunks; over other iterators, lambdas doing the same.
namespace tessera::dpl {

template <typename P>
using pointee_t = std::remove_cv_t<std::remove_pointer_t<P>>;

// in[i] as a T.
template <typename T, typename In>
auto read_as(In in) {
  if constexpr (std::is_pointer_v<In>)
    return tessera::detail::element_read<T, pointee_t<In>>{in};
  else
    return [=](std::size_t i) -> T { return in[i]; };
}

// f(in[i]).
template <typename In, typename F>
auto read_mapped(In in, F f) {
  if constexpr (std::is_pointer_v<In>)
    return tessera::detail::element_map<pointee_t<In>, F>{in, f};
  else
    return [=](std::size_t i) { return f(in[i]); };
}

// out[i] = x, for x a T.
template <typename T, typename Out>
auto write_as(Out out) {
  if constexpr (std::is_same_v<Out, T*>)
    return tessera::detail::element_write<T>{out};
  else
    return [=](std::size_t i, const T& x) { out[i] = x; };
}

// out[k] = in[i] (a pack's selected element i, the k-th).
template <typename In, typename Out>
auto copy_to(In in, Out out) {
  if constexpr (std::is_pointer_v<In> && std::is_same_v<Out, pointee_t<In>*>)
    return tessera::detail::element_copy<pointee_t<In>>{in, out};
  else
    return [=](std::size_t i, std::size_t k) { out[k] = in[i]; };
}

} // namespace tessera::dpl
