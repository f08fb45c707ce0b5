#pragma once
#include <cstddef>
#include <type_traits>

#include "tessera/detail/macros.hpp"

// Reading and writing element i of a contiguous sequence, as the functors the algorithm library
// hands its patterns: a pattern set that knows these types can see through them to the pointer
// and use wide loads and stores (the GPU's), one that does not calls them like any other functor.
namespace tessera::detail {

template <typename T>
struct element_read {
  const T* p;
  TESSERA_HOST_DEVICE T operator()(std::size_t i) const { return p[i]; }
};

template <typename T>
struct element_write {
  T* p;
  TESSERA_HOST_DEVICE void operator()(std::size_t i, const T& x) const { p[i] = x; }
};

template <typename F, typename T> struct is_element_read : std::false_type {};
template <typename T> struct is_element_read<element_read<T>, T> : std::true_type {};
template <typename F, typename T> struct is_element_write : std::false_type {};
template <typename T> struct is_element_write<element_write<T>, T> : std::true_type {};

} // namespace tessera::detail
