#pragma once
// What the image classes and their accessors share: the storage (a buffer's, so that commands
// and host accessors are ordered on an image as on a buffer), the shape and the format.
#include <array>
#include <cstddef>
#include <memory>
#include <string>

#include "sycl/exception.hpp"
#include "sycl/image_sampler.hpp"
#include "sycl/range.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/memory/texel_format.hpp"
#include "tessera/runtime/buffer_impl.hpp"

namespace tessera::memory {

// An image of D dimensions: range[0] is its width, range[1] its height and range[2] its depth;
// rows are pitch[0] bytes apart and slices pitch[1] (SYCL 2020 §4.7.3). A sampled image keeps its
// sampler here for its accessors.
template <int D>
struct image_core {
  std::shared_ptr<runtime::buffer_owner> owner;
  sycl::range<D> range;
  std::array<std::size_t, 2> pitch{};
  sycl::image_format format{};
  sycl::image_sampler sampler{}; // a sampled image's

  std::size_t texel_bytes() const { return layout_of(format).bytes(); }
  std::size_t byte_size() const { return D == 1 ? range[0] * texel_bytes() : pitch[D - 2] * range[D - 1]; }
  const std::shared_ptr<runtime::buffer_impl>& storage() const { return owner->impl(); }
};

// Byte offset of the texel at (x, y, z) of an image laid out as `pitch` says.
TESSERA_HOST_DEVICE inline std::size_t texel_offset(const std::array<std::size_t, 3>& at, std::size_t texel_bytes,
                                                    const std::array<std::size_t, 2>& pitch) {
  return at[0] * texel_bytes + at[1] * pitch[0] + at[2] * pitch[1];
}

// The pitches of a tightly packed image, or the ones given, which must leave room for each row
// (and slice).
template <int D>
std::array<std::size_t, 2> image_pitch(const sycl::range<D>& r, sycl::image_format f, const std::size_t* given) {
  const std::size_t row = r[0] * layout_of(f).bytes();
  std::array<std::size_t, 2> p{row, D > 1 ? row * r[D > 1 ? 1 : 0] : row};
  if (!given) return p;
  for (int i = 0; i + 1 < D; ++i) {
    const std::size_t least = i == 0 ? row : p[0] * r[1];
    if (given[i] < least)
      throw sycl::exception(sycl::errc::invalid, "image pitch " + std::to_string(given[i]) + " is less than the " +
                                                     std::to_string(least) + " bytes of one " +
                                                     (i == 0 ? "row" : "slice"));
    p[i] = given[i];
  }
  if (D == 2) p[1] = p[0] * r[D - 1];
  return p;
}

} // namespace tessera::memory
