#pragma once
// SYCL 2020 §4.7.8: how a sampled image is read: what a coordinate outside the image gives,
// whether neighbouring texels are blended, and whether coordinates are normalised to [0, 1).
namespace sycl {

enum class addressing_mode { mirrored_repeat, repeat, clamp_to_edge, clamp, none };
enum class filtering_mode { nearest, linear };
enum class coordinate_normalization_mode { normalized, unnormalized };

struct image_sampler {
  addressing_mode addressing;
  coordinate_normalization_mode coordinate;
  filtering_mode filtering;
};

} // namespace sycl
