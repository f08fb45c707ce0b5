#pragma once
// sycl::vec<T, N> and its swizzles (SYCL 2020 §4.14.2). A 3-element vec is stored as 4, as the
// spec requires of its size and alignment. Operators come from tessera::detail::
// elementwise_operators, the named accessors/swizzles from tessera::detail::swizzle_accessors.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "sycl/half.hpp"
#include "sycl/opencl_types.hpp"
#include "sycl/rounding_mode.hpp"
#include "sycl/bit_cast.hpp"
#include "tessera/detail/convert.hpp"
#include "tessera/detail/elementwise_operators.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/detail/nonscalar.hpp"
#include "tessera/detail/swizzle_accessors.hpp"

namespace sycl {

template <typename T, int N>
class vec;

// Element names for vec::swizzle<...>() (SYCL 2020 §4.14.2.1).
namespace elem {
inline constexpr int x = 0, y = 1, z = 2, w = 3;
inline constexpr int r = 0, g = 1, b = 2, a = 3;
inline constexpr int s0 = 0, s1 = 1, s2 = 2, s3 = 3, s4 = 4, s5 = 5, s6 = 6, s7 = 7, s8 = 8,
                     s9 = 9, sA = 10, sB = 11, sC = 12, sD = 13, sE = 14, sF = 15;
}  // namespace elem

}  // namespace sycl

namespace tessera::detail {

// The result of a swizzle member: a handle on the elements I... of *VecT that reads as, and (for
// a non-const source) assigns like, a Res = vec<T, sizeof...(I)>. Res is a template argument so
// that ADL finds vec's operators for swizzles too.
template <typename VecT, typename Res, int... I>
class swizzled_vec : public swizzle_accessors<swizzled_vec<VecT, Res, I...>, int(sizeof...(I))> {
  using T = typename Res::element_type;
  static constexpr int N = int(sizeof...(I));

  TESSERA_HOST_DEVICE static constexpr int index(int k) {
    constexpr int indices[] = {I...};
    return indices[k];
  }

 public:
  using element_type = T;
  using value_type = T;

  TESSERA_HOST_DEVICE explicit constexpr swizzled_vec(VecT* v) noexcept : vec_(v) {}
  swizzled_vec(const swizzled_vec&) = default;

  TESSERA_HOST_DEVICE static constexpr std::size_t size() noexcept { return N; }
  TESSERA_HOST_DEVICE static constexpr std::size_t byte_size() noexcept { return Res::byte_size(); }
  // Deprecated, as vec's.
  TESSERA_HOST_DEVICE static constexpr std::size_t get_count() noexcept { return N; }
  TESSERA_HOST_DEVICE static constexpr std::size_t get_size() noexcept { return byte_size(); }
  TESSERA_HOST_DEVICE constexpr auto& operator[](int k) const { return (*vec_)[index(k)]; }

  TESSERA_HOST_DEVICE constexpr operator Res() const {  // NOLINT: reads as a vec
    Res r;
    for (int k = 0; k < N; ++k) r[k] = (*vec_)[index(k)];
    return r;
  }
  template <int M = N, std::enable_if_t<M == 1, int> = 0>
  TESSERA_HOST_DEVICE constexpr operator T() const {  // NOLINT: like vec<T, 1>
    return (*vec_)[index(0)];
  }

  // Assignment writes through to the source; the right side is read in full first, so that
  // v.xy() = v.yx() swaps.
  TESSERA_HOST_DEVICE swizzled_vec& operator=(const swizzled_vec& other) { return *this = Res(other); }
  TESSERA_HOST_DEVICE swizzled_vec& operator=(const Res& value) {
    static_assert(!std::is_const_v<VecT>, "a swizzle of a const vec is not assignable");
    for (int k = 0; k < N; ++k) (*vec_)[index(k)] = value[k];
    return *this;
  }
  TESSERA_HOST_DEVICE swizzled_vec& operator=(const T& value) { return *this = Res(value); }

#define TESSERA_SWIZZLE_COMPOUND(op)                                                             \
  template <typename U>                                                                          \
  TESSERA_HOST_DEVICE swizzled_vec& operator op##=(const U & rhs) {                              \
    Res r = *this;                                                                               \
    r op## = rhs;                                                                                \
    return *this = r;                                                                            \
  }
  TESSERA_SWIZZLE_COMPOUND(+)
  TESSERA_SWIZZLE_COMPOUND(-)
  TESSERA_SWIZZLE_COMPOUND(*)
  TESSERA_SWIZZLE_COMPOUND(/)
  TESSERA_SWIZZLE_COMPOUND(%)
  TESSERA_SWIZZLE_COMPOUND(&)
  TESSERA_SWIZZLE_COMPOUND(|)
  TESSERA_SWIZZLE_COMPOUND(^)
  TESSERA_SWIZZLE_COMPOUND(<<)
  TESSERA_SWIZZLE_COMPOUND(>>)
#undef TESSERA_SWIZZLE_COMPOUND
  TESSERA_HOST_DEVICE swizzled_vec& operator++() { return *this += T(1); }
  TESSERA_HOST_DEVICE swizzled_vec& operator--() { return *this -= T(1); }
  TESSERA_HOST_DEVICE Res operator++(int) {
    Res old = *this;
    *this += T(1);
    return old;
  }
  TESSERA_HOST_DEVICE Res operator--(int) {
    Res old = *this;
    *this -= T(1);
    return old;
  }

  template <int... J>
  TESSERA_HOST_DEVICE constexpr auto swizzle() const {
    return swizzled_vec<VecT, sycl::vec<T, int(sizeof...(J))>, index(J)...>(vec_);
  }
  template <typename U, sycl::rounding_mode Mode = sycl::rounding_mode::automatic>
  TESSERA_HOST_DEVICE constexpr auto convert() const {
    return Res(*this).template convert<U, Mode>();
  }
  template <typename As>
  TESSERA_HOST_DEVICE constexpr As as() const {
    return Res(*this).template as<As>();
  }

 private:
  VecT* vec_;
};

template <typename T, int N>
struct nonscalar_traits<sycl::vec<T, N>> {
  static constexpr bool value = true;
  static constexpr int size = N;
  using element_type = T;
  template <typename U>
  using rebind = sycl::vec<U, N>;
  using bool_result = sycl::vec<signed_int_of_size_t<T>, N>;
  TESSERA_HOST_DEVICE static constexpr signed_int_of_size_t<T> from_bool(bool b) { return b ? -1 : 0; }
};

template <typename VecT, typename Res, int... I>
struct nonscalar_traits<swizzled_vec<VecT, Res, I...>> : nonscalar_traits<Res> {};

template <typename VecT, typename Res, int... I>
struct swizzle_result<swizzled_vec<VecT, Res, I...>> {
  using type = Res;
};

}  // namespace tessera::detail

namespace sycl {

template <typename T, int N>
class vec : public tessera::detail::elementwise_operators<
                vec<T, N>, T, N, vec<tessera::detail::signed_int_of_size_t<T>, N>>,
            public tessera::detail::swizzle_accessors<vec<T, N>, N> {
  static_assert(N == 1 || N == 2 || N == 3 || N == 4 || N == 8 || N == 16,
                "sycl::vec has 1, 2, 3, 4, 8 or 16 elements");
  static constexpr int kStored = N == 3 ? 4 : N;

  template <typename A>
  TESSERA_HOST_DEVICE constexpr void put(int& at, const A& a) {
    if constexpr (tessera::detail::is_nonscalar_v<A>) {
      for (int k = 0; k < tessera::detail::element_count_v<A>; ++k) data_[at++] = static_cast<T>(a[k]);
    } else {
      data_[at++] = static_cast<T>(a);
    }
  }

 public:
  using element_type = T;
  using value_type = T;

  // Zero-initialised, as DPC++ does (the spec leaves the elements default-constructed).
  TESSERA_HOST_DEVICE constexpr vec() : data_{} {}
  vec(const vec&) = default;
  vec& operator=(const vec&) = default;
  TESSERA_HOST_DEVICE explicit constexpr vec(const T& value) : data_{} {
    for (int i = 0; i < N; ++i) data_[i] = value;
  }
  // Any mix of scalars and vecs/swizzles whose element counts add up to N.
  template <typename... A,
            std::enable_if_t<(sizeof...(A) >= 2) &&
                                 (tessera::detail::element_count_v<A> + ...) == N,
                             int> = 0>
  TESSERA_HOST_DEVICE constexpr vec(const A&... args) : data_{} {  // NOLINT: {a, b, c} lists
    int at = 0;
    (put(at, args), ...);
  }
  template <int M = N, std::enable_if_t<M == 1, int> = 0>
  TESSERA_HOST_DEVICE constexpr operator T() const {  // NOLINT: a 1-element vec reads as T
    return data_[0];
  }
  TESSERA_HOST_DEVICE vec& operator=(const T& value) { return *this = vec(value); }
  // From a swizzle of N elements element by element: with one, it converts to both vec and T.
  template <typename S, std::enable_if_t<std::is_same_v<typename tessera::detail::swizzle_result<S>::type, vec>, int> = 0>
  TESSERA_HOST_DEVICE vec& operator=(const S& s) {
    for (int i = 0; i < N; ++i) data_[i] = s[i];
    return *this;
  }

  TESSERA_HOST_DEVICE static constexpr std::size_t size() noexcept { return N; }
  TESSERA_HOST_DEVICE static constexpr std::size_t get_count() noexcept { return N; }
  TESSERA_HOST_DEVICE static constexpr std::size_t byte_size() noexcept { return sizeof(T) * kStored; }
  TESSERA_HOST_DEVICE static constexpr std::size_t get_size() noexcept { return byte_size(); }

  TESSERA_HOST_DEVICE constexpr T& operator[](int i) { return data_[i]; }
  TESSERA_HOST_DEVICE constexpr const T& operator[](int i) const { return data_[i]; }

  template <int... I>
  TESSERA_HOST_DEVICE constexpr auto swizzle() {
    return tessera::detail::swizzled_vec<vec, vec<T, int(sizeof...(I))>, I...>(this);
  }
  template <int... I>
  TESSERA_HOST_DEVICE constexpr auto swizzle() const {
    return tessera::detail::swizzled_vec<const vec, vec<T, int(sizeof...(I))>, I...>(this);
  }

  template <typename U, rounding_mode Mode = rounding_mode::automatic>
  TESSERA_HOST_DEVICE constexpr vec<U, N> convert() const {
    vec<U, N> r;
    for (int i = 0; i < N; ++i) r[i] = tessera::detail::convert_element<U, Mode>(data_[i]);
    return r;
  }
  // Bit reinterpretation: the sizes (a 3-element vec counting as 4) must match.
  template <typename As>
  TESSERA_HOST_DEVICE constexpr As as() const {
    static_assert(sizeof(As) == sizeof(vec), "vec::as needs a type of the same size");
    return sycl::bit_cast<As>(*this);
  }

  // Elements [offset * N, offset * N + N) of the pointer: a raw pointer or a multi_ptr (get()).
  template <typename Ptr>
  TESSERA_HOST_DEVICE void load(std::size_t offset, Ptr ptr) {
    const auto* p = tessera::detail::raw_pointer(ptr) + offset * N;
    for (int i = 0; i < N; ++i) data_[i] = static_cast<T>(p[i]);
  }
  template <typename Ptr>
  TESSERA_HOST_DEVICE void store(std::size_t offset, Ptr ptr) const {
    auto* p = tessera::detail::raw_pointer(ptr) + offset * N;
    for (int i = 0; i < N; ++i) p[i] = data_[i];
  }

 private:
  alignas(sizeof(T) * kStored) T data_[kStored];
};

// Deduction from the element list (SYCL 2020 §4.14.2.1).
template <typename T, typename... U>
vec(T, U...) -> vec<T, int(sizeof...(U) + 1)>;

#define TESSERA_VEC_ALIASES(name, type) \
  using name##2 = vec<type, 2>;         \
  using name##3 = vec<type, 3>;         \
  using name##4 = vec<type, 4>;         \
  using name##8 = vec<type, 8>;         \
  using name##16 = vec<type, 16>;
TESSERA_VEC_ALIASES(char, std::int8_t)
TESSERA_VEC_ALIASES(schar, std::int8_t)
TESSERA_VEC_ALIASES(uchar, std::uint8_t)
TESSERA_VEC_ALIASES(short, std::int16_t)
TESSERA_VEC_ALIASES(ushort, std::uint16_t)
TESSERA_VEC_ALIASES(int, std::int32_t)
TESSERA_VEC_ALIASES(uint, std::uint32_t)
TESSERA_VEC_ALIASES(long, std::int64_t)
TESSERA_VEC_ALIASES(ulong, std::uint64_t)
TESSERA_VEC_ALIASES(longlong, std::int64_t)
TESSERA_VEC_ALIASES(ulonglong, std::uint64_t)
TESSERA_VEC_ALIASES(half, half)
TESSERA_VEC_ALIASES(float, float)
TESSERA_VEC_ALIASES(double, double)
// SYCL 1.2.1's vectors of the OpenCL types (cl_int4 ...), which DPC++ keeps and the SYCL-CTS's
// deprecated-feature tests name.
TESSERA_VEC_ALIASES(cl_char, opencl::cl_char)
TESSERA_VEC_ALIASES(cl_uchar, opencl::cl_uchar)
TESSERA_VEC_ALIASES(cl_short, opencl::cl_short)
TESSERA_VEC_ALIASES(cl_ushort, opencl::cl_ushort)
TESSERA_VEC_ALIASES(cl_int, opencl::cl_int)
TESSERA_VEC_ALIASES(cl_uint, opencl::cl_uint)
TESSERA_VEC_ALIASES(cl_long, opencl::cl_long)
TESSERA_VEC_ALIASES(cl_ulong, opencl::cl_ulong)
TESSERA_VEC_ALIASES(cl_half, opencl::cl_half)
TESSERA_VEC_ALIASES(cl_float, opencl::cl_float)
TESSERA_VEC_ALIASES(cl_double, opencl::cl_double)
#undef TESSERA_VEC_ALIASES

}  // namespace sycl
