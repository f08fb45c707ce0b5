// DPC++'s dot_acc (sycl_ext_oneapi_dot_accumulate): four 8-bit products and an accumulator, for
// every mix of signedness, packed in words or as sycl::vec, against a sequential sum. On the GPU
// the same-signedness forms are dp4a.
#include <gtest/gtest.h>

#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/dot_product.hpp>

#include <cstdint>

namespace {
namespace oneapi = sycl::ext::oneapi;

std::uint32_t word(std::size_t i) { return static_cast<std::uint32_t>(i * 2654435761u + 0x80ff7f01u); }

template <typename A, typename B> std::int32_t expected(A a, B b, std::int32_t c) {
  using byte_a = std::conditional_t<std::is_signed_v<A>, std::int8_t, std::uint8_t>;
  using byte_b = std::conditional_t<std::is_signed_v<B>, std::int8_t, std::uint8_t>;
  for (int k = 0; k < 4; ++k)
    c += static_cast<byte_a>(static_cast<std::uint32_t>(a) >> (8 * k)) *
         static_cast<byte_b>(static_cast<std::uint32_t>(b) >> (8 * k));
  return c;
}

template <typename A, typename B> void expect_packed(sycl::queue& q) {
  constexpr std::size_t n = 512;
  std::int32_t* out = sycl::malloc_shared<std::int32_t>(n * 2, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
     const A a = static_cast<A>(word(i));
     const B b = static_cast<B>(word(i + 7));
     out[i * 2] = oneapi::dot_acc(a, b, static_cast<std::int32_t>(i) - 100);
     out[i * 2 + 1] = oneapi::dot_acc_4x8packed(a, b, 3);
   }).wait();
  for (std::size_t i = 0; i < n; ++i) {
    const A a = static_cast<A>(word(i));
    const B b = static_cast<B>(word(i + 7));
    EXPECT_EQ(out[i * 2], expected(a, b, static_cast<std::int32_t>(i) - 100)) << i;
    EXPECT_EQ(out[i * 2 + 1], expected(a, b, 3)) << i;
  }
  sycl::free(out, q);
}

TEST(DotAccumulate, PackedWordsOfEverySignedness) {
  sycl::queue q;
  expect_packed<std::int32_t, std::int32_t>(q);
  expect_packed<std::int32_t, std::uint32_t>(q);
  expect_packed<std::uint32_t, std::int32_t>(q);
  expect_packed<std::uint32_t, std::uint32_t>(q);
}

TEST(DotAccumulate, VectorsOfBytes) {
  sycl::queue q;
  std::int32_t* out = sycl::malloc_shared<std::int32_t>(2, q);
  q.single_task([=] {
     const sycl::vec<std::int8_t, 4> a(-128, 127, -1, 5);
     const sycl::vec<std::uint8_t, 4> b(255, 2, 200, 0);
     out[0] = oneapi::dot_acc(a, b, 10);
     out[1] = oneapi::dot_acc(a, a, -1);
   }).wait();
  EXPECT_EQ(out[0], -128 * 255 + 127 * 2 - 200 + 10);
  EXPECT_EQ(out[1], 128 * 128 + 127 * 127 + 1 + 25 - 1);
  sycl::free(out, q);
}

} // namespace
