#pragma once
// Reading an image through a sampler (SYCL 2020 §4.7.8), with OpenCL's addressing and filtering
// rules, which SYCL's sampler takes over: a coordinate picks the nearest texel or blends the 2, 4
// or 8 around it, after the addressing mode has mapped it into the image (or, for clamp, to the
// border colour, all zeros for these formats, which all have alpha).
#include <array>
#include <cmath>
#include <cstddef>
#include <type_traits>

#include "sycl/image_sampler.hpp"
#include "sycl/vec.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/memory/texel_format.hpp"

namespace tessera::memory {

// Where an image's texels are: its extents (1 beyond its dimensions), pitches and format.
struct image_layout {
  const std::byte* data;
  std::array<std::size_t, 3> extent;
  std::array<std::size_t, 2> pitch;
  sycl::image_format format;
};

// A coordinate argument (a scalar, or a vec of 2 or 4) as D floats.
template <int D, typename CoordT>
TESSERA_HOST_DEVICE std::array<float, 3> coordinates(const CoordT& c) {
  std::array<float, 3> at{};
  if constexpr (std::is_arithmetic_v<CoordT>) at[0] = static_cast<float>(c);
  else
    for (int d = 0; d < D; ++d) at[d] = static_cast<float>(c[d]);
  return at;
}

// The texel at integer coordinates, or the border colour (zeros) outside the image.
template <typename DataT>
TESSERA_HOST_DEVICE DataT fetch(const image_layout& img, const std::array<long, 3>& at) {
  for (int d = 0; d < 3; ++d)
    if (at[d] < 0 || static_cast<std::size_t>(at[d]) >= img.extent[d]) return DataT{};
  const std::size_t texel = layout_of(img.format).bytes();
  const std::size_t offset = static_cast<std::size_t>(at[0]) * texel + static_cast<std::size_t>(at[1]) * img.pitch[0] +
                             static_cast<std::size_t>(at[2]) * img.pitch[1];
  return read_texel<DataT>(img.data + offset, img.format);
}

namespace sampling_detail {

// The two texels around coordinate x of one dimension of extent w, and the second one's weight;
// nearest filtering uses the first alone. An index outside [0, w) stands for the border.
struct taps {
  long i0, i1;
  float weight;
};

TESSERA_HOST_DEVICE inline long clamp_index(long i, long w) { return i < 0 ? 0 : i > w - 1 ? w - 1 : i; }

TESSERA_HOST_DEVICE inline taps along(float x, long w, const sycl::image_sampler& s) {
  using sycl::addressing_mode;
  const bool linear = s.filtering == sycl::filtering_mode::linear;
  const bool normalized = s.coordinate == sycl::coordinate_normalization_mode::normalized;
  float u = normalized ? x * static_cast<float>(w) : x;
  if (normalized && s.addressing == addressing_mode::repeat) {
    u = (x - std::floor(x)) * static_cast<float>(w);
  } else if (normalized && s.addressing == addressing_mode::mirrored_repeat) {
    const float mirrored = std::fabs(x - 2.0f * std::rint(0.5f * x));
    u = mirrored * static_cast<float>(w);
  }
  if (!linear) {
    long i = static_cast<long>(std::floor(u));
    if (normalized && s.addressing == addressing_mode::repeat && i > w - 1) i -= w;
    if (s.addressing == addressing_mode::mirrored_repeat || s.addressing == addressing_mode::clamp_to_edge ||
        s.addressing == addressing_mode::none)
      i = clamp_index(i, w);
    return {i, i, 0.0f};
  }
  const float shifted = u - 0.5f;
  long i0 = static_cast<long>(std::floor(shifted));
  long i1 = i0 + 1;
  const float weight = shifted - std::floor(shifted);
  if (normalized && s.addressing == addressing_mode::repeat) {
    if (i0 < 0) i0 += w;
    if (i1 > w - 1) i1 -= w;
  } else if (s.addressing != addressing_mode::clamp) {
    i0 = clamp_index(i0, w);
    i1 = clamp_index(i1, w);
  }
  return {i0, i1, weight};
}

} // namespace sampling_detail

// The image read at `at` (D coordinates) through sampler `s`.
template <typename DataT, int D>
TESSERA_HOST_DEVICE DataT sample(const image_layout& img, const sycl::image_sampler& s, const std::array<float, 3>& at) {
  sampling_detail::taps t[3] = {{0, 0, 0.0f}, {0, 0, 0.0f}, {0, 0, 0.0f}};
  for (int d = 0; d < D; ++d) t[d] = sampling_detail::along(at[d], static_cast<long>(img.extent[d]), s);
  if (s.filtering == sycl::filtering_mode::nearest) return fetch<DataT>(img, {t[0].i0, t[1].i0, t[2].i0});
  // Blend the 2^D corners, each weighted by how near the coordinate is to it along each dimension.
  using float4 = sycl::vec<float, 4>;
  float4 sum{};
  for (int corner = 0; corner < (1 << D); ++corner) {
    std::array<long, 3> idx{0, 0, 0};
    float weight = 1.0f;
    for (int d = 0; d < D; ++d) {
      const bool second = (corner >> d) & 1;
      idx[d] = second ? t[d].i1 : t[d].i0;
      weight *= second ? t[d].weight : 1.0f - t[d].weight;
    }
    sum += fetch<float4>(img, idx) * weight;
  }
  DataT out;
  for (int c = 0; c < 4; ++c) out[c] = static_cast<typename DataT::element_type>(sum[c]);
  return out;
}

} // namespace tessera::memory
