#pragma once
#include "sycl/id.hpp"

namespace sycl {

// SYCL 2020 §4.9.1.4: a work-item of a basic data-parallel kernel.
template <int D = 1, bool WithOffset = true>
class item {
public:
  static constexpr int dimensions = D;

  TESSERA_HOST_DEVICE constexpr item(const id<D>& i, const range<D>& r, const id<D>& off = {})
      : id_(i), range_(r), offset_(off) {}

  TESSERA_HOST_DEVICE constexpr id<D> get_id() const { return id_; }
  TESSERA_HOST_DEVICE constexpr std::size_t get_id(int d) const { return id_[d]; }
  TESSERA_HOST_DEVICE constexpr std::size_t operator[](int d) const { return id_[d]; }
  TESSERA_HOST_DEVICE constexpr range<D> get_range() const { return range_; }
  TESSERA_HOST_DEVICE constexpr std::size_t get_range(int d) const { return range_[d]; }
  TESSERA_HOST_DEVICE constexpr id<D> get_offset() const { return offset_; }
  // The linear id excludes the offset, as the spec requires.
  TESSERA_HOST_DEVICE constexpr std::size_t get_linear_id() const {
    return tessera::detail::linearize(id<D>(id_ - offset_), range_);
  }
  struct no_conversion {};
  TESSERA_HOST_DEVICE constexpr operator std::conditional_t<D == 1, std::size_t, no_conversion>() const {
    if constexpr (D == 1) return id_[0];
    else return {};
  }
  TESSERA_HOST_DEVICE constexpr operator item<D, true>() const { return item<D, true>(id_, range_, offset_); }

  TESSERA_HOST_DEVICE friend constexpr bool operator==(const item& a, const item& b) {
    return a.id_ == b.id_ && a.range_ == b.range_ && a.offset_ == b.offset_;
  }
  TESSERA_HOST_DEVICE friend constexpr bool operator!=(const item& a, const item& b) { return !(a == b); }

private:
  id<D> id_;
  range<D> range_;
  id<D> offset_;
};

} // namespace sycl
