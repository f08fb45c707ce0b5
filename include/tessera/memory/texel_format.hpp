#pragma once
// How each sycl::image_format lays out a texel, and the conversions between a stored texel and
// the four-element vec an image accessor reads and writes (SYCL 2020 §4.7.3; the conversions
// are OpenCL's, which SYCL's image formats come from: normalised integers map to [0, 1], and
// writes round to nearest and saturate).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sycl/half.hpp"
#include "sycl/vec.hpp"
#include "tessera/detail/macros.hpp"

namespace sycl {
enum class image_format : unsigned int {
  r8g8b8a8_unorm,
  r16g16b16a16_unorm,
  r8g8b8a8_sint,
  r16g16b16a16_sint,
  r32b32g32a32_sint,
  r8g8b8a8_uint,
  r16g16b16a16_uint,
  r32b32g32a32_uint,
  r16b16g16a16_sfloat,
  r32g32b32a32_sfloat,
  b8g8r8a8_unorm
};
} // namespace sycl

namespace tessera::memory {

enum class channel_kind { unorm, sint, uint, sfloat };

// Four channels of one kind and width; b8g8r8a8 stores red and blue swapped.
struct texel_layout {
  channel_kind kind;
  std::size_t channel_bytes;
  bool bgra = false;

  TESSERA_HOST_DEVICE constexpr std::size_t bytes() const { return 4 * channel_bytes; }
};

TESSERA_HOST_DEVICE constexpr texel_layout layout_of(sycl::image_format f) {
  using sycl::image_format;
  switch (f) {
    case image_format::r8g8b8a8_unorm: return {channel_kind::unorm, 1};
    case image_format::r16g16b16a16_unorm: return {channel_kind::unorm, 2};
    case image_format::r8g8b8a8_sint: return {channel_kind::sint, 1};
    case image_format::r16g16b16a16_sint: return {channel_kind::sint, 2};
    case image_format::r32b32g32a32_sint: return {channel_kind::sint, 4};
    case image_format::r8g8b8a8_uint: return {channel_kind::uint, 1};
    case image_format::r16g16b16a16_uint: return {channel_kind::uint, 2};
    case image_format::r32b32g32a32_uint: return {channel_kind::uint, 4};
    case image_format::r16b16g16a16_sfloat: return {channel_kind::sfloat, 2};
    case image_format::r32g32b32a32_sfloat: return {channel_kind::sfloat, 4};
    case image_format::b8g8r8a8_unorm: return {channel_kind::unorm, 1, true};
  }
  return {channel_kind::uint, 4};
}

namespace texel_detail {

template <typename U>
TESSERA_HOST_DEVICE U load(const std::byte* p) {
  U u;
  std::memcpy(&u, p, sizeof(U));
  return u;
}
template <typename U>
TESSERA_HOST_DEVICE void store(std::byte* p, U u) {
  std::memcpy(p, &u, sizeof(U));
}

// One channel as a double: exact for every integer and float channel there is.
TESSERA_HOST_DEVICE inline double decode(const std::byte* p, texel_layout l) {
  switch (l.kind) {
    case channel_kind::sint:
      return l.channel_bytes == 1 ? load<std::int8_t>(p) : l.channel_bytes == 2 ? load<std::int16_t>(p) : load<std::int32_t>(p);
    case channel_kind::uint:
      return l.channel_bytes == 1 ? load<std::uint8_t>(p) : l.channel_bytes == 2 ? load<std::uint16_t>(p) : load<std::uint32_t>(p);
    case channel_kind::unorm:
      return l.channel_bytes == 1 ? load<std::uint8_t>(p) / 255.0 : load<std::uint16_t>(p) / 65535.0;
    case channel_kind::sfloat:
      return l.channel_bytes == 2 ? static_cast<double>(static_cast<float>(load<sycl::half>(p))) : load<float>(p);
  }
  return 0;
}

// Rounds to nearest (ties to even, the default rounding mode) and saturates to [lo, hi].
TESSERA_HOST_DEVICE inline double saturate(double v, double lo, double hi) {
  v = std::nearbyint(v);
  return v < lo ? lo : v > hi ? hi : v;
}

TESSERA_HOST_DEVICE inline void encode(std::byte* p, texel_layout l, double v) {
  switch (l.kind) {
    case channel_kind::sint:
      if (l.channel_bytes == 1) return store(p, static_cast<std::int8_t>(saturate(v, INT8_MIN, INT8_MAX)));
      if (l.channel_bytes == 2) return store(p, static_cast<std::int16_t>(saturate(v, INT16_MIN, INT16_MAX)));
      return store(p, static_cast<std::int32_t>(saturate(v, INT32_MIN, INT32_MAX)));
    case channel_kind::uint:
      if (l.channel_bytes == 1) return store(p, static_cast<std::uint8_t>(saturate(v, 0, UINT8_MAX)));
      if (l.channel_bytes == 2) return store(p, static_cast<std::uint16_t>(saturate(v, 0, UINT16_MAX)));
      return store(p, static_cast<std::uint32_t>(saturate(v, 0, UINT32_MAX)));
    case channel_kind::unorm:
      if (l.channel_bytes == 1) return store(p, static_cast<std::uint8_t>(saturate(v * 255.0, 0, UINT8_MAX)));
      return store(p, static_cast<std::uint16_t>(saturate(v * 65535.0, 0, UINT16_MAX)));
    case channel_kind::sfloat:
      if (l.channel_bytes == 2) return store(p, sycl::half(static_cast<float>(v)));
      return store(p, static_cast<float>(v));
  }
}

// Where channel c (0 red ... 3 alpha) of a texel is stored.
TESSERA_HOST_DEVICE constexpr std::size_t channel_offset(texel_layout l, int c) {
  const int stored = l.bgra && c != 3 ? 2 - c : c;
  return static_cast<std::size_t>(stored) * l.channel_bytes;
}

} // namespace texel_detail

// The texel at `p` as a four-element vec (int4, uint4, float4 or half4, as the format's kind).
template <typename DataT>
TESSERA_HOST_DEVICE DataT read_texel(const std::byte* p, sycl::image_format f) {
  using E = typename DataT::element_type;
  const texel_layout l = layout_of(f);
  DataT v;
  for (int c = 0; c < 4; ++c) {
    const double d = texel_detail::decode(p + texel_detail::channel_offset(l, c), l);
    if constexpr (std::is_integral_v<E>) v[c] = static_cast<E>(d);
    else v[c] = static_cast<E>(static_cast<float>(d));
  }
  return v;
}

template <typename DataT>
TESSERA_HOST_DEVICE void write_texel(std::byte* p, sycl::image_format f, const DataT& v) {
  const texel_layout l = layout_of(f);
  for (int c = 0; c < 4; ++c) {
    const auto e = v[c];
    double d;
    if constexpr (std::is_integral_v<std::remove_cv_t<decltype(e)>>) d = static_cast<double>(e);
    else d = static_cast<double>(static_cast<float>(e));
    texel_detail::encode(p + texel_detail::channel_offset(l, c), l, d);
  }
}

} // namespace tessera::memory
