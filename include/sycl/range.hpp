#pragma once
#include "tessera/detail/index_array.hpp"

namespace sycl {

// SYCL 2020 §4.9.1.1.
template <int D = 1>
class range : public tessera::detail::index_array<D, range<D>> {
  using base = tessera::detail::index_array<D, range<D>>;

public:
  constexpr range() = default; // host and device: a defaulted member takes them from its members
  template <int DD = D, typename = std::enable_if_t<DD == 1>>
  TESSERA_HOST_DEVICE constexpr range(std::size_t d0) { this->v_[0] = d0; }
  template <int DD = D, typename = std::enable_if_t<DD == 2>>
  TESSERA_HOST_DEVICE constexpr range(std::size_t d0, std::size_t d1) { this->v_[0] = d0, this->v_[1] = d1; }
  template <int DD = D, typename = std::enable_if_t<DD == 3>>
  TESSERA_HOST_DEVICE constexpr range(std::size_t d0, std::size_t d1, std::size_t d2) {
    this->v_[0] = d0, this->v_[1] = d1, this->v_[2] = d2;
  }

  TESSERA_HOST_DEVICE constexpr std::size_t size() const {
    std::size_t n = 1;
    for (int d = 0; d < D; ++d) n *= this->v_[d];
    return n;
  }
};

range(std::size_t)->range<1>;
range(std::size_t, std::size_t)->range<2>;
range(std::size_t, std::size_t, std::size_t)->range<3>;

} // namespace sycl
