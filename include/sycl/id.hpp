#pragma once
#include "sycl/range.hpp"

namespace sycl {

template <int D, bool WithOffset> class item;

// SYCL 2020 §4.9.1.3.
template <int D = 1>
class id : public tessera::detail::index_array<D, id<D>> {
public:
  constexpr id() = default; // host and device: a defaulted member takes them from its members
  template <int DD = D, typename = std::enable_if_t<DD == 1>>
  TESSERA_HOST_DEVICE constexpr id(std::size_t d0) { this->v_[0] = d0; }
  template <int DD = D, typename = std::enable_if_t<DD == 2>>
  TESSERA_HOST_DEVICE constexpr id(std::size_t d0, std::size_t d1) { this->v_[0] = d0, this->v_[1] = d1; }
  template <int DD = D, typename = std::enable_if_t<DD == 3>>
  TESSERA_HOST_DEVICE constexpr id(std::size_t d0, std::size_t d1, std::size_t d2) {
    this->v_[0] = d0, this->v_[1] = d1, this->v_[2] = d2;
  }
  TESSERA_HOST_DEVICE constexpr id(const range<D>& r) {
    for (int d = 0; d < D; ++d) this->v_[d] = r[d];
  }
  template <bool WithOffset>
  TESSERA_HOST_DEVICE constexpr id(const item<D, WithOffset>& it) : id(it.get_id()) {}
};

id(std::size_t)->id<1>;
id(std::size_t, std::size_t)->id<2>;
id(std::size_t, std::size_t, std::size_t)->id<3>;

} // namespace sycl

namespace tessera::detail {

// Row-major linearisation, the spec's order (the last dimension varies fastest).
template <int D>
TESSERA_HOST_DEVICE constexpr std::size_t linearize(const sycl::id<D>& i, const sycl::range<D>& r) {
  std::size_t l = 0;
  for (int d = 0; d < D; ++d) l = l * r[d] + i[d];
  return l;
}

// Requires l < r.size(): the first dimension then takes what is left without a division, which
// makes a 1-D range's index free (a 64-bit division per work-item costs more than its kernel).
template <int D>
TESSERA_HOST_DEVICE constexpr sycl::id<D> delinearize(std::size_t l, const sycl::range<D>& r) {
  sycl::id<D> i;
  for (int d = D - 1; d > 0; --d) {
    i[d] = l % r[d];
    l /= r[d];
  }
  i[0] = l;
  return i;
}

} // namespace tessera::detail
