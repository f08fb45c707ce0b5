#pragma once
#include <algorithm>
#include <iterator>
#include <vector>

#include "tessera/amp/array.hpp"

// C++ AMP's copies between arrays, array_views and host iterators. An array moves in one transfer;
// a view moves element by element through its host side (it may be a section).
namespace concurrency {

namespace detail {
template <typename T, int N, typename F>
void for_each_index(const extent<N>& e, F f) {
  index<N> i;
  for (unsigned n = 0; n < e.size(); ++n) {
    unsigned rest = n;
    for (int d = N - 1; d >= 0; --d) i[d] = static_cast<int>(rest % e[d]), rest /= e[d];
    f(i);
  }
}
} // namespace detail

template <typename T, int N>
void copy(const array<T, N>& src, array<T, N>& dest) {
  src.copy_to(dest);
}
template <typename T, int N, typename OutIt>
void copy(const array<T, N>& src, OutIt dest) {
  std::vector<T> v = src;
  std::copy(v.begin(), v.end(), dest);
}
template <typename InIt, typename T, int N>
void copy(InIt first, InIt last, array<T, N>& dest) {
  std::vector<T> v(first, last);
  if (v.size() < dest.get_extent().size())
    throw runtime_exception("copy: the source range is smaller than the destination array", E_INVALIDARG);
  dest.copy_in(v.data());
}
template <typename InIt, typename T, int N>
void copy(InIt first, array<T, N>& dest) {
  copy(first, std::next(first, dest.get_extent().size()), dest);
}
template <typename T, int N, typename OutIt>
void copy(const array_view<T, N>& src, OutIt dest) {
  detail::for_each_index<T>(src.get_extent(), [&](const index<N>& i) { *dest++ = src[i]; });
}
template <typename InIt, typename T, int N>
void copy(InIt first, InIt last, const array_view<T, N>& dest) {
  detail::for_each_index<T>(dest.get_extent(), [&](const index<N>& i) {
    if (first == last) throw runtime_exception("copy: the source range is smaller than the view", E_INVALIDARG);
    dest[i] = *first++;
  });
}
template <typename InIt, typename T, int N>
void copy(InIt first, const array_view<T, N>& dest) {
  detail::for_each_index<T>(dest.get_extent(), [&](const index<N>& i) { dest[i] = *first++; });
}
template <typename T, typename U, int N>
void copy(const array_view<T, N>& src, const array_view<U, N>& dest) {
  detail::for_each_index<T>(src.get_extent(), [&](const index<N>& i) { dest[i] = src[i]; });
}
template <typename T, typename U, int N>
void copy(const array_view<T, N>& src, array<U, N>& dest) {
  std::vector<U> v;
  v.reserve(src.get_extent().size());
  copy(src, std::back_inserter(v));
  dest.copy_in(v.data());
}
template <typename T, int N>
void copy(const array<T, N>& src, const array_view<T, N>& dest) {
  const std::vector<T> v = src;
  copy(v.begin(), v.end(), dest);
}

template <typename... A>
completion_future copy_async(A&&... a) {
  copy(std::forward<A>(a)...);
  return completion_future();
}

template <typename T, int N>
void array_view<T, N>::copy_to(const array_view<elem, N>& dest) const {
  copy(*this, dest);
}
template <typename T, int N>
void array_view<T, N>::copy_to(array<elem, N>& dest) const {
  copy(*this, dest);
}
template <typename T, int N>
void array<T, N>::copy_to(const array_view<T, N>& dest) const {
  copy(*this, dest);
}

} // namespace concurrency
