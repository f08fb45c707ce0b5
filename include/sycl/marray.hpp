#pragma once
// sycl::marray<T, N> (SYCL 2020 §4.14.3): N elements of any count, element-wise operators, and
// comparisons that return marray<bool, N>.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sycl/half.hpp"
#include "tessera/detail/elementwise_operators.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/detail/nonscalar.hpp"

namespace sycl {

template <typename T, std::size_t N>
class marray : public tessera::detail::elementwise_operators<marray<T, N>, T, int(N), marray<bool, N>> {
  template <typename A>
  TESSERA_HOST_DEVICE constexpr void put(std::size_t& at, const A& a) {
    if constexpr (tessera::detail::is_nonscalar_v<A>) {
      for (int k = 0; k < tessera::detail::element_count_v<A>; ++k) data_[at++] = static_cast<T>(a[k]);
    } else {
      data_[at++] = static_cast<T>(a);
    }
  }

 public:
  using value_type = T;
  using reference = T&;
  using const_reference = const T&;
  using iterator = T*;
  using const_iterator = const T*;

  // Zero-initialised, as DPC++ does.
  TESSERA_HOST_DEVICE constexpr marray() : data_{} {}
  TESSERA_HOST_DEVICE explicit constexpr marray(const T& value) : data_{} {
    for (std::size_t i = 0; i < N; ++i) data_[i] = value;
  }
  // Any mix of scalars and marrays whose element counts add up to N.
  template <typename... A,
            std::enable_if_t<(sizeof...(A) >= 2) &&
                                 (std::size_t(tessera::detail::element_count_v<A>) + ...) == N,
                             int> = 0>
  TESSERA_HOST_DEVICE constexpr marray(const A&... args) : data_{} {  // NOLINT: {a, b, c} lists
    std::size_t at = 0;
    (put(at, args), ...);
  }
  marray(const marray&) = default;
  marray& operator=(const marray&) = default;
  TESSERA_HOST_DEVICE constexpr marray& operator=(const T& value) { return *this = marray(value); }
  template <std::size_t M = N, std::enable_if_t<M == 1, int> = 0>
  TESSERA_HOST_DEVICE constexpr operator T() const {  // NOLINT: a 1-element marray reads as T
    return data_[0];
  }

  TESSERA_HOST_DEVICE static constexpr std::size_t size() noexcept { return N; }

  TESSERA_HOST_DEVICE constexpr T& operator[](std::size_t i) { return data_[i]; }
  TESSERA_HOST_DEVICE constexpr const T& operator[](std::size_t i) const { return data_[i]; }

  TESSERA_HOST_DEVICE constexpr iterator begin() noexcept { return data_; }
  TESSERA_HOST_DEVICE constexpr const_iterator begin() const noexcept { return data_; }
  TESSERA_HOST_DEVICE constexpr iterator end() noexcept { return data_ + N; }
  TESSERA_HOST_DEVICE constexpr const_iterator end() const noexcept { return data_ + N; }

 private:
  T data_[N];
};

template <typename T, typename... U>
marray(T, U...) -> marray<T, sizeof...(U) + 1>;

#define TESSERA_MARRAY_ALIASES(name, type) \
  using m##name##2 = marray<type, 2>;      \
  using m##name##3 = marray<type, 3>;      \
  using m##name##4 = marray<type, 4>;      \
  using m##name##8 = marray<type, 8>;      \
  using m##name##16 = marray<type, 16>;
// SYCL 2020 §4.14.3.1 names fixed-width element types, as the vec aliases do
// (char is int8_t, long is int64_t). schar, longlong and ulonglong are not in
// SYCL 2020; they stay for older code and match the vec aliases of those names.
TESSERA_MARRAY_ALIASES(bool, bool)
TESSERA_MARRAY_ALIASES(char, std::int8_t)
TESSERA_MARRAY_ALIASES(schar, std::int8_t)
TESSERA_MARRAY_ALIASES(uchar, std::uint8_t)
TESSERA_MARRAY_ALIASES(short, std::int16_t)
TESSERA_MARRAY_ALIASES(ushort, std::uint16_t)
TESSERA_MARRAY_ALIASES(int, std::int32_t)
TESSERA_MARRAY_ALIASES(uint, std::uint32_t)
TESSERA_MARRAY_ALIASES(long, std::int64_t)
TESSERA_MARRAY_ALIASES(ulong, std::uint64_t)
TESSERA_MARRAY_ALIASES(longlong, std::int64_t)
TESSERA_MARRAY_ALIASES(ulonglong, std::uint64_t)
TESSERA_MARRAY_ALIASES(half, half)
TESSERA_MARRAY_ALIASES(float, float)
TESSERA_MARRAY_ALIASES(double, double)
#undef TESSERA_MARRAY_ALIASES

}  // namespace sycl

namespace tessera::detail {

template <typename T, std::size_t N>
struct nonscalar_traits<sycl::marray<T, N>> {
  static constexpr bool value = true;
  static constexpr int size = int(N);
  using element_type = T;
  template <typename U>
  using rebind = sycl::marray<U, N>;
  using bool_result = sycl::marray<bool, N>;
  TESSERA_HOST_DEVICE static constexpr bool from_bool(bool b) { return b; }
};

}  // namespace tessera::detail
