// Images (SYCL 2020 4.7.3), their accessors and samplers, on the host: Tessera's devices have no
// aspect::image, so a kernel's image accessor throws feature_not_supported.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <mutex>

namespace {

using sycl::image_format;

TEST(Image, UnsampledImageKeepsWhatIsWrittenInEachFormat) {
  sycl::unsampled_image<1> ints(image_format::r32b32g32a32_sint, sycl::range<1>(4));
  ints.get_host_access<sycl::int4>().write(2, sycl::int4(-1, 2, 1 << 30, 4));
  const sycl::int4 i = ints.get_host_access<sycl::int4, sycl::access_mode::read>().read(2);
  EXPECT_EQ(i[0], -1);
  EXPECT_EQ(i[2], 1 << 30);
  EXPECT_EQ(ints.size(), 4u);
  EXPECT_EQ(ints.byte_size(), 64u);

  // Normalised integers round to nearest and saturate; b8g8r8a8 swaps red and blue in memory.
  std::uint8_t bytes[4] = {};
  {
    sycl::unsampled_image<1> bgra(bytes, image_format::b8g8r8a8_unorm, sycl::range<1>(1));
    sycl::host_unsampled_image_accessor<sycl::float4, 1, sycl::access_mode::write> w(bgra);
    w.write(0, sycl::float4(1.0f, 0.5f, -3.0f, 2.0f));
  }
  EXPECT_EQ(bytes[0], 0);    // blue, saturated from -3
  EXPECT_EQ(bytes[1], 128);  // green, 127.5 rounded to even
  EXPECT_EQ(bytes[2], 255);  // red
  EXPECT_EQ(bytes[3], 255);  // alpha, saturated from 2

  sycl::unsampled_image<1> halves(image_format::r16b16g16a16_sfloat, sycl::range<1>(1));
  halves.get_host_access<sycl::float4>().write(0, sycl::float4(0.25f, -2.0f, 1024.0f, 0.0f));
  const sycl::float4 h = halves.get_host_access<sycl::float4>().read(0);
  EXPECT_EQ(h[0], 0.25f);
  EXPECT_EQ(h[2], 1024.0f);
}

TEST(Image, CopiesShareTheImageAndThePitchLaysOutRows) {
  sycl::unsampled_image<2> a(image_format::r8g8b8a8_uint, sycl::range<2>(3, 2), sycl::range<1>(16));
  EXPECT_EQ(a.get_pitch()[0], 16u);
  EXPECT_EQ(a.byte_size(), 32u);
  EXPECT_EQ(a.get_range(), sycl::range<2>(3, 2));
  sycl::unsampled_image<2> b = a;
  EXPECT_TRUE(a == b);
  EXPECT_EQ(std::hash<sycl::unsampled_image<2>>{}(a), std::hash<sycl::unsampled_image<2>>{}(b));
  b.get_host_access<sycl::uint4>().write(sycl::int2(2, 1), sycl::uint4(9, 8, 7, 300));
  const sycl::uint4 t = a.get_host_access<sycl::uint4>().read(sycl::int2(2, 1));
  EXPECT_EQ(t[0], 9u);
  EXPECT_EQ(t[3], 255u);  // saturated to 8 bits
  EXPECT_THROW(sycl::unsampled_image<2>(image_format::r8g8b8a8_uint, sycl::range<2>(3, 2), sycl::range<1>(8)),
               sycl::exception);
}

TEST(Image, WritesBackToTheHostMemoryAtTheEnd) {
  std::int32_t host[8] = {};
  {
    sycl::unsampled_image<1> img(host, image_format::r32b32g32a32_sint, sycl::range<1>(2));
    img.get_host_access<sycl::int4>().write(1, sycl::int4(5, 6, 7, 8));
    EXPECT_EQ(host[4], 0);  // copied in: the host memory waits for the end
  }
  EXPECT_EQ(host[4], 5);
  EXPECT_EQ(host[7], 8);
}

sycl::sampled_image<1> ramp(const float* texels, sycl::addressing_mode a, sycl::filtering_mode f) {
  return {texels, image_format::r32g32b32a32_sfloat,
          sycl::image_sampler{a, sycl::coordinate_normalization_mode::unnormalized, f}, sycl::range<1>(4)};
}

TEST(Image, SamplerAddressesAndFilters) {
  // Texel k holds k in every channel.
  float texels[16];
  for (int k = 0; k < 16; ++k) texels[k] = static_cast<float>(k / 4);
  auto nearest = ramp(texels, sycl::addressing_mode::clamp_to_edge, sycl::filtering_mode::nearest);
  sycl::host_sampled_image_accessor<sycl::float4> n(nearest);
  EXPECT_EQ(n.read(2.9f)[0], 2.0f);
  EXPECT_EQ(n.read(9.0f)[0], 3.0f);   // clamped to the last texel
  EXPECT_EQ(n.read(-5.0f)[0], 0.0f);

  auto border = ramp(texels, sycl::addressing_mode::clamp, sycl::filtering_mode::nearest);
  EXPECT_EQ(border.get_host_access<sycl::float4>().read(9.0f)[3], 0.0f);  // the border colour

  auto linear = ramp(texels, sycl::addressing_mode::clamp_to_edge, sycl::filtering_mode::linear);
  EXPECT_FLOAT_EQ(linear.get_host_access<sycl::float4>().read(2.25f)[1], 1.75f);  // between texels 1 and 2

  // Normalised coordinates: repeat wraps, mirrored_repeat reflects.
  sycl::sampled_image<1> repeat(texels, image_format::r32g32b32a32_sfloat,
                                {sycl::addressing_mode::repeat, sycl::coordinate_normalization_mode::normalized,
                                 sycl::filtering_mode::nearest},
                                sycl::range<1>(4));
  EXPECT_EQ(repeat.get_host_access<sycl::float4>().read(1.3f)[0], 1.0f);
  sycl::sampled_image<1> mirror(texels, image_format::r32g32b32a32_sfloat,
                                {sycl::addressing_mode::mirrored_repeat,
                                 sycl::coordinate_normalization_mode::normalized, sycl::filtering_mode::nearest},
                                sycl::range<1>(4));
  EXPECT_EQ(mirror.get_host_access<sycl::float4>().read(1.3f)[0], 2.0f);
}

TEST(Image, HostTaskReadsAndKernelAccessorNeedsAspectImage) {
  sycl::queue q;
  ASSERT_FALSE(q.get_device().has(sycl::aspect::image));
  sycl::unsampled_image<1> img(image_format::r32b32g32a32_uint, sycl::range<1>(2));
  img.get_host_access<sycl::uint4>().write(1, sycl::uint4(42));
  unsigned seen = 0;
  q.submit([&](sycl::handler& h) {
     sycl::unsampled_image_accessor<sycl::uint4, 1, sycl::access_mode::read, sycl::image_target::host_task> a(img, h);
     h.host_task([=, &seen] { seen = a.read(1)[2]; });
   }).wait();
  EXPECT_EQ(seen, 42u);

  try {
    q.submit([&](sycl::handler& h) { (void)img.get_access<sycl::uint4, sycl::access_mode::read>(h); });
    FAIL() << "a kernel's image accessor on a device without aspect::image";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::feature_not_supported);
  }
}

// The kernel is compiled for every device although no device runs it: a copy of an image accessor
// in device code must not copy the image's host-side owner or property list (a CUDA build's
// device pass stopped there, on std::vector's allocation and shared_ptr's counts).
TEST(Image, KernelThatCopiesItsImageAccessorCompilesForEveryDevice) {
  sycl::queue q;
  sycl::unsampled_image<1> img(image_format::r32b32g32a32_uint, sycl::range<1>(2));
  sycl::buffer<unsigned> out{sycl::range<1>(1)};
  try {
    q.submit([&](sycl::handler& h) {
      sycl::unsampled_image_accessor<sycl::uint4, 1, sycl::access_mode::read> a(img, h, sycl::property_list{});
      sycl::accessor o(out, h, sycl::write_only);
      h.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) {
        const auto copy = a;
        o[0] = copy.read(0)[0];
      });
    });
    FAIL() << "a kernel's image accessor on a device without aspect::image";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::feature_not_supported);
  }
  sycl::host_unsampled_image_accessor<sycl::uint4, 1> host(img, {sycl::property::no_init{}});
  EXPECT_TRUE(host.has_property<sycl::property::no_init>());
}

TEST(Image, Properties) {
  std::mutex m;
  sycl::unsampled_image<1> img(image_format::r8g8b8a8_unorm, sycl::range<1>(1),
                               {sycl::property::image::use_mutex(m)});
  ASSERT_TRUE(img.has_property<sycl::property::image::use_mutex>());
  EXPECT_EQ(img.get_property<sycl::property::image::use_mutex>().get_mutex_ptr(), &m);
  EXPECT_FALSE(img.has_property<sycl::property::image::use_host_ptr>());
  static_assert(sycl::is_property_v<sycl::property::image::context_bound>);
  static_assert(sycl::is_property_of_v<sycl::property::image::use_mutex, sycl::sampled_image<2>>);
  static_assert(!sycl::is_property_of_v<sycl::property::buffer::use_mutex, sycl::unsampled_image<>>);
  static_assert(sycl::is_property_of_v<sycl::property::no_init, sycl::host_unsampled_image_accessor<sycl::int4, 1>>);
}

}  // namespace
