// The implicit conversions between accessor types (SYCL 2020 §4.7.6.9.1, §4.7.6.10.1,
// §4.7.6.11.1): read-write to read-only, and read-only between T and const T, for device,
// zero-dimensional, host and local accessors; the converted accessor sees the same elements.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <optional>
#include <type_traits>

namespace {

using sycl::access_mode;

template <typename T, int D, access_mode M>
using device_acc = sycl::accessor<T, D, M, sycl::target::device>;

template <int D>
constexpr bool DeviceConversions() {
  static_assert(std::is_convertible_v<device_acc<int, D, access_mode::read_write>, device_acc<const int, D, access_mode::read>>);
  static_assert(std::is_convertible_v<device_acc<int, D, access_mode::read_write>, device_acc<int, D, access_mode::read>>);
  static_assert(std::is_convertible_v<device_acc<int, D, access_mode::read>, device_acc<const int, D, access_mode::read>>);
  static_assert(std::is_convertible_v<device_acc<const int, D, access_mode::read>, device_acc<int, D, access_mode::read>>);
  // Nothing gains write access.
  static_assert(!std::is_convertible_v<device_acc<int, D, access_mode::read>, device_acc<int, D, access_mode::read_write>>);
  static_assert(!std::is_convertible_v<device_acc<int, D, access_mode::write>, device_acc<int, D, access_mode::read>>);
  static_assert(!std::is_convertible_v<device_acc<int, D, access_mode::read>, device_acc<long, D, access_mode::read>>);
  return true;
}
static_assert(DeviceConversions<0>() && DeviceConversions<1>() && DeviceConversions<3>());

static_assert(std::is_convertible_v<sycl::host_accessor<int, 2, access_mode::read_write>,
                                    sycl::host_accessor<const int, 2, access_mode::read>>);
static_assert(std::is_convertible_v<sycl::host_accessor<const int, 0, access_mode::read>,
                                    sycl::host_accessor<int, 0, access_mode::read>>);
static_assert(!std::is_convertible_v<sycl::host_accessor<int, 1, access_mode::read>,
                                     sycl::host_accessor<int, 1, access_mode::read_write>>);
static_assert(std::is_convertible_v<sycl::local_accessor<int, 2>, sycl::local_accessor<const int, 2>>);
static_assert(!std::is_convertible_v<sycl::local_accessor<const int, 1>, sycl::local_accessor<int, 1>>);

TEST(AccessorConversions, ConvertedDeviceAccessorsReadTheSameElements) {
  sycl::queue q;
  const int init[4] = {3, 5, 7, 9};
  sycl::buffer<int> in{init, sycl::range<1>(4)};
  sycl::buffer<int> out{sycl::range<1>(4)};
  q.submit([&](sycl::handler& h) {
    device_acc<int, 1, access_mode::read_write> rw(in, h);
    const device_acc<const int, 1, access_mode::read> as_const = rw;
    const device_acc<int, 0, access_mode::read_write> first_rw(in, h);
    const device_acc<const int, 0, access_mode::read> first = first_rw;
    device_acc<int, 1, access_mode::write> o(out, h);
    h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { o[i] = as_const[i] + first; });
  });
  sycl::host_accessor<int, 1, access_mode::read_write> h(out);
  const sycl::host_accessor<const int, 1, access_mode::read> r = h;
  for (int i = 0; i < 4; ++i) EXPECT_EQ(r[i], init[i] + init[0]);
}

// The converted host accessor keeps the buffer held: a command that writes it waits for both.
TEST(AccessorConversions, ConvertedHostAccessorHoldsTheBuffer) {
  sycl::buffer<int> b{sycl::range<1>(1)};
  {
    sycl::host_accessor<int, 1, access_mode::read_write> w(b);
    w[0] = 1;
  }
  std::optional<sycl::host_accessor<const int, 1, access_mode::read>> kept;
  {
    sycl::host_accessor<int, 1, access_mode::read_write> rw(b);
    kept.emplace(rw);
  }
  sycl::queue q;
  auto e = q.submit([&](sycl::handler& h) {
    device_acc<int, 1, access_mode::write> a(b, h);
    h.single_task([=] { a[0] = 2; });
  });
  EXPECT_EQ((*kept)[0], 1);
  kept.reset();
  e.wait();
  EXPECT_EQ(sycl::host_accessor(b)[0], 2);
}

TEST(AccessorConversions, LocalAccessorToConst) {
  sycl::queue q;
  sycl::buffer<int> out{sycl::range<1>(8)};
  q.submit([&](sycl::handler& h) {
    sycl::local_accessor<int, 1> tile(sycl::range<1>(8), h);
    const sycl::local_accessor<const int, 1> view = tile;
    sycl::accessor o(out, h, sycl::write_only);
    h.parallel_for(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) {
      const std::size_t i = it.get_local_id(0);
      tile[i] = static_cast<int>(i) * 10;
      sycl::group_barrier(it.get_group());
      o[i] = view[7 - i];
    });
  });
  sycl::host_accessor h(out);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(h[i], (7 - i) * 10);
}

}  // namespace
