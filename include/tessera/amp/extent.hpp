#pragma once
#include "tessera/amp/index.hpp"

namespace concurrency {

template <int D0, int D1 = 0, int D2 = 0>
class tiled_extent;

// The shape of a compute domain or an array.
template <int N>
class extent : public detail::coordinates<N, extent<N>> {
  using base = detail::coordinates<N, extent<N>>;

public:
  using base::base;
  TESSERA_HOST_DEVICE extent() = default;

  TESSERA_HOST_DEVICE unsigned int size() const {
    unsigned int n = 1;
    for (int d = 0; d < N; ++d) n *= static_cast<unsigned int>((*this)[d]);
    return n;
  }
  TESSERA_HOST_DEVICE bool contains(const index<N>& i) const {
    for (int d = 0; d < N; ++d)
      if (i[d] < 0 || i[d] >= (*this)[d]) return false;
    return true;
  }
  template <int D0>
  tiled_extent<D0> tile() const {
    static_assert(N == 1, "tile<D0>() tiles a rank-1 extent");
    return tiled_extent<D0>(*this);
  }
  template <int D0, int D1>
  tiled_extent<D0, D1> tile() const {
    static_assert(N == 2, "tile<D0, D1>() tiles a rank-2 extent");
    return tiled_extent<D0, D1>(*this);
  }
  template <int D0, int D1, int D2>
  tiled_extent<D0, D1, D2> tile() const {
    static_assert(N == 3, "tile<D0, D1, D2>() tiles a rank-3 extent");
    return tiled_extent<D0, D1, D2>(*this);
  }

  TESSERA_HOST_DEVICE extent& operator+=(const index<N>& i) {
    for (int d = 0; d < N; ++d) (*this)[d] += i[d];
    return *this;
  }
  TESSERA_HOST_DEVICE extent& operator-=(const index<N>& i) {
    for (int d = 0; d < N; ++d) (*this)[d] -= i[d];
    return *this;
  }
  TESSERA_HOST_DEVICE friend extent operator+(extent e, const index<N>& i) { return e += i; }
  TESSERA_HOST_DEVICE friend extent operator-(extent e, const index<N>& i) { return e -= i; }
  using base::operator+=;
  using base::operator-=;
};

} // namespace concurrency
