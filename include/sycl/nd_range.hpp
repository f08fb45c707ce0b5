#pragma once
#include "sycl/id.hpp"

namespace sycl {

// SYCL 2020 §4.9.1.2. Divisibility is checked where the kernel is submitted, so that the error
// carries errc::nd_range and names the offending dimension.
template <int D = 1>
class nd_range {
public:
  static constexpr int dimensions = D;

  TESSERA_HOST_DEVICE constexpr nd_range(range<D> global, range<D> local, id<D> offset = {})
      : global_(global), local_(local), offset_(offset) {}

  TESSERA_HOST_DEVICE constexpr range<D> get_global_range() const { return global_; }
  TESSERA_HOST_DEVICE constexpr range<D> get_local_range() const { return local_; }
  TESSERA_HOST_DEVICE constexpr range<D> get_group_range() const { return global_ / local_; }
  TESSERA_HOST_DEVICE constexpr id<D> get_offset() const { return offset_; }

  TESSERA_HOST_DEVICE friend constexpr bool operator==(const nd_range& a, const nd_range& b) {
    return a.global_ == b.global_ && a.local_ == b.local_ && a.offset_ == b.offset_;
  }
  TESSERA_HOST_DEVICE friend constexpr bool operator!=(const nd_range& a, const nd_range& b) { return !(a == b); }

private:
  range<D> global_;
  range<D> local_;
  id<D> offset_;
};

} // namespace sycl
