#pragma once
// DPC++'s sub-group masks and group_ballot (sycl_ext_oneapi_sub_group_mask, revision 2), which
// warp-level code ported from CUDA uses for __ballot_sync. A mask holds one bit per item of the
// sub-group, up to 64 (the CPU's largest sub-group; the GPU's warp is 32), bit 0 for local id 0.
#include <climits>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sycl/functional.hpp"
#include "sycl/group_algorithms.hpp"
#include "sycl/id.hpp"
#include "sycl/marray.hpp"
#include "sycl/sub_group.hpp"
#include "tessera/detail/macros.hpp"

#define SYCL_EXT_ONEAPI_SUB_GROUP_MASK 2

namespace sycl::ext::oneapi {

struct sub_group_mask {
  static constexpr std::size_t max_bits = 64;

  class reference {
  public:
    TESSERA_HOST_DEVICE reference& operator=(bool x) {
      mask_->set(pos_, x);
      return *this;
    }
    TESSERA_HOST_DEVICE reference& operator=(const reference& x) { return *this = static_cast<bool>(x); }
    TESSERA_HOST_DEVICE bool operator~() const { return !mask_->test(pos_); }
    TESSERA_HOST_DEVICE operator bool() const { return mask_->test(pos_); }
    TESSERA_HOST_DEVICE reference& flip() {
      mask_->flip(pos_);
      return *this;
    }

  private:
    friend struct sub_group_mask;
    TESSERA_HOST_DEVICE reference(sub_group_mask* mask, id<1> pos) : mask_(mask), pos_(pos) {}
    sub_group_mask* mask_;
    id<1> pos_;
  };

  // A default-made mask is as wide as the largest mask; group_ballot's is as wide as its sub-group.
  TESSERA_HOST_DEVICE sub_group_mask() = default;
  TESSERA_HOST_DEVICE sub_group_mask(unsigned long long val) : bits_(val) {}
  template <typename T, std::size_t K> TESSERA_HOST_DEVICE sub_group_mask(const marray<T, K>& val) { insert_bits(val); }

  TESSERA_HOST_DEVICE bool operator[](id<1> i) const { return test(i); }
  TESSERA_HOST_DEVICE reference operator[](id<1> i) { return reference(this, i); }
  TESSERA_HOST_DEVICE bool test(id<1> i) const { return i[0] < size_ && (bits_ >> i[0] & 1u); }
  TESSERA_HOST_DEVICE bool all() const { return bits_ == low(size_); }
  TESSERA_HOST_DEVICE bool any() const { return bits_ != 0; }
  TESSERA_HOST_DEVICE bool none() const { return bits_ == 0; }
  TESSERA_HOST_DEVICE std::uint32_t count() const {
    std::uint32_t n = 0;
    for (std::uint64_t b = bits_; b; b &= b - 1) ++n;
    return n;
  }
  TESSERA_HOST_DEVICE std::uint32_t size() const { return size_; }
  TESSERA_HOST_DEVICE id<1> find_low() const {
    for (std::uint32_t i = 0; i < size_; ++i)
      if (bits_ >> i & 1u) return i;
    return size_;
  }
  TESSERA_HOST_DEVICE id<1> find_high() const {
    for (std::uint32_t i = size_; i-- > 0;)
      if (bits_ >> i & 1u) return i;
    return size_;
  }

  template <typename T> TESSERA_HOST_DEVICE void insert_bits(const T& bits, id<1> pos = 0) {
    if constexpr (std::is_integral_v<T>) {
      for (std::size_t k = 0; k < CHAR_BIT * sizeof(T); ++k) set(pos[0] + k, (bits >> k) & 1);
    } else {
      for (std::size_t e = 0; e < bits.size(); ++e) insert_bits(bits[e], pos[0] + e * CHAR_BIT * sizeof(bits[e]));
    }
  }
  template <typename T> TESSERA_HOST_DEVICE void extract_bits(T& out, id<1> pos = 0) const {
    if constexpr (std::is_integral_v<T>) {
      out = 0;
      for (std::size_t k = 0; k < CHAR_BIT * sizeof(T); ++k)
        if (test(pos[0] + k)) out |= static_cast<T>(std::make_unsigned_t<T>{1} << k);
    } else {
      for (std::size_t e = 0; e < out.size(); ++e) extract_bits(out[e], pos[0] + e * CHAR_BIT * sizeof(out[e]));
    }
  }

  TESSERA_HOST_DEVICE void set() { bits_ = low(size_); }
  TESSERA_HOST_DEVICE void set(id<1> i, bool value = true) {
    if (i[0] >= size_) return;
    const std::uint64_t bit = std::uint64_t{1} << i[0];
    bits_ = value ? bits_ | bit : bits_ & ~bit;
  }
  TESSERA_HOST_DEVICE void reset() { bits_ = 0; }
  TESSERA_HOST_DEVICE void reset(id<1> i) { set(i, false); }
  TESSERA_HOST_DEVICE void reset_low() { reset(find_low()); }
  TESSERA_HOST_DEVICE void reset_high() { reset(find_high()); }
  TESSERA_HOST_DEVICE void flip() { bits_ = ~bits_ & low(size_); }
  TESSERA_HOST_DEVICE void flip(id<1> i) { set(i, !test(i)); }

  TESSERA_HOST_DEVICE bool operator==(const sub_group_mask& rhs) const { return bits_ == rhs.bits_; }
  TESSERA_HOST_DEVICE bool operator!=(const sub_group_mask& rhs) const { return bits_ != rhs.bits_; }
  TESSERA_HOST_DEVICE sub_group_mask& operator&=(const sub_group_mask& rhs) {
    bits_ &= rhs.bits_;
    return *this;
  }
  TESSERA_HOST_DEVICE sub_group_mask& operator|=(const sub_group_mask& rhs) {
    bits_ |= rhs.bits_;
    return *this;
  }
  TESSERA_HOST_DEVICE sub_group_mask& operator^=(const sub_group_mask& rhs) {
    bits_ ^= rhs.bits_;
    return *this;
  }
  TESSERA_HOST_DEVICE sub_group_mask& operator<<=(std::size_t n) {
    bits_ = n >= max_bits ? 0 : bits_ << n & low(size_);
    return *this;
  }
  TESSERA_HOST_DEVICE sub_group_mask& operator>>=(std::size_t n) {
    bits_ = n >= max_bits ? 0 : bits_ >> n;
    return *this;
  }
  TESSERA_HOST_DEVICE sub_group_mask operator~() const { return sub_group_mask(~bits_, size_); }
  TESSERA_HOST_DEVICE sub_group_mask operator<<(std::size_t n) const { return sub_group_mask(*this) <<= n; }
  TESSERA_HOST_DEVICE sub_group_mask operator>>(std::size_t n) const { return sub_group_mask(*this) >>= n; }
  TESSERA_HOST_DEVICE friend sub_group_mask operator&(sub_group_mask a, const sub_group_mask& b) { return a &= b; }
  TESSERA_HOST_DEVICE friend sub_group_mask operator|(sub_group_mask a, const sub_group_mask& b) { return a |= b; }
  TESSERA_HOST_DEVICE friend sub_group_mask operator^(sub_group_mask a, const sub_group_mask& b) { return a ^= b; }

private:
  friend TESSERA_HOST_DEVICE sub_group_mask group_ballot(sub_group, bool);
  TESSERA_HOST_DEVICE sub_group_mask(std::uint64_t bits, std::uint32_t size) : bits_(bits & low(size)), size_(size) {}
  TESSERA_HOST_DEVICE static constexpr std::uint64_t low(std::uint32_t n) {
    return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  }
  std::uint64_t bits_ = 0;
  std::uint32_t size_ = max_bits;
};

// A collective of the sub-group, like the other group algorithms: an OR of each item's bit. The
// extension defines it for sub-groups only, so it is not a template here.
TESSERA_HOST_DEVICE inline sub_group_mask group_ballot(sub_group g, bool predicate = true) {
  const std::uint64_t mine = predicate ? std::uint64_t{1} << g.get_local_linear_id() : 0;
  return sub_group_mask(reduce_over_group(g, mine, bit_or<std::uint64_t>()),
                        static_cast<std::uint32_t>(g.get_max_local_range()[0]));
}

} // namespace sycl::ext::oneapi
