#pragma once
#include <cstddef>
#include <type_traits>

#include "tessera/detail/macros.hpp"

// Reading and writing element i of a contiguous sequence, as the functors the algorithm library
// hands its patterns: a pattern set that knows these types can see through them to the pointers
// and use wide loads and stores (the GPU's), one that does not calls them like any other functor.
// Each reader also says what it makes of one element's value (`of`), for patterns that load the
// elements themselves.
namespace tessera::detail {

// Element i as a T (V: the array's element type).
template <typename T, typename V = T>
struct element_read {
  const V* p;
  TESSERA_HOST_DEVICE T operator()(std::size_t i) const { return p[i]; }
  TESSERA_HOST_DEVICE T of(const V& x) const { return x; }
};

// f of element i.
template <typename V, typename F>
struct element_map {
  const V* p;
  F f;
  TESSERA_HOST_DEVICE auto operator()(std::size_t i) const { return f(p[i]); }
  TESSERA_HOST_DEVICE auto of(const V& x) const { return f(x); }
};

template <typename T>
struct element_write {
  T* p;
  TESSERA_HOST_DEVICE void operator()(std::size_t i, const T& x) const { p[i] = x; }
};

// Element i of `from` to position k of `to` (a pack's selected elements).
template <typename V>
struct element_copy {
  const V* from;
  V* to;
  TESSERA_HOST_DEVICE void operator()(std::size_t i, std::size_t k) const { to[k] = from[i]; }
};

template <typename F> struct is_contiguous_read : std::false_type {};
template <typename T, typename V> struct is_contiguous_read<element_read<T, V>> : std::true_type {};
template <typename V, typename F> struct is_contiguous_read<element_map<V, F>> : std::true_type {};
template <typename F, typename T> struct is_element_read_as : std::false_type {};
template <typename T, typename V> struct is_element_read_as<element_read<T, V>, T> : std::true_type {};
template <typename F> struct is_element_map : std::false_type {};
template <typename V, typename F> struct is_element_map<element_map<V, F>> : std::true_type {};
template <typename F> struct is_element_write : std::false_type {};
template <typename T> struct is_element_write<element_write<T>> : std::true_type {};
template <typename F> struct is_element_copy : std::false_type {};
template <typename V> struct is_element_copy<element_copy<V>> : std::true_type {};

// The element type a contiguous reader reads.
template <typename F>
using read_element_t = std::remove_cv_t<std::remove_pointer_t<decltype(F::p)>>;

} // namespace tessera::detail
