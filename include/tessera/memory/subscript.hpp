#pragma once
#include "sycl/id.hpp"
#include "tessera/memory/access_seam.hpp"

namespace tessera::memory {

// What the last `[]` of a chain gives for the element: the element itself, unless an accessor
// hands its elements out otherwise (the deprecated atomic mode's sycl::atomic).
struct as_reference {
  template <typename T>
  TESSERA_HOST_DEVICE T& operator()(T& e) const { return e; }
};

// The `a[i][j][k]` chain of multi-dimensional accessors: each `[]` fixes one more dimension,
// shifted by the accessor's offset in that dimension. `Local`: a local accessor's (element()).
template <typename T, int D, int Fixed, typename Wrap = as_reference, bool Local = false>
class subscript {
public:
  TESSERA_HOST_DEVICE subscript(T* base, const sycl::range<D>& r, std::size_t linear, const sycl::id<D>& offset)
      : base_(base), range_(r), linear_(linear), offset_(offset) {}

  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE decltype(auto) operator[](std::size_t i) const {
    const std::size_t l = linear_ * range_[Fixed] + i + offset_[Fixed];
    if constexpr (Fixed + 1 == D) return Wrap{}(element<T, Local>(base_, l, range_.size()));
    else return subscript<T, D, Fixed + 1, Wrap, Local>(base_, range_, l, offset_);
  }

private:
  T* base_;
  sycl::range<D> range_;
  std::size_t linear_;
  sycl::id<D> offset_;
};

// Element `i` of a D-dimensional view over `base` laid out with extents `r`.
template <typename T, int D, bool Local = false>
TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE T& at(T* base, const sycl::range<D>& r, const sycl::id<D>& i) {
  return element<T, Local>(base, detail::linearize(i, r), r.size());
}

// `a[i]` on a view: an element in one dimension, the start of a chain otherwise.
template <typename T, int D, typename Wrap = as_reference, bool Local = false>
TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE decltype(auto) first_subscript(T* base, const sycl::range<D>& r, std::size_t i,
                                                   const sycl::id<D>& offset = {}) {
  if constexpr (D == 1) return Wrap{}(element<T, Local>(base, i + offset[0], r.size()));
  else return subscript<T, D, 1, Wrap, Local>(base, r, i + offset[0], offset);
}

} // namespace tessera::memory
