// nd_item and group's async_work_group_copy, device_event and wait_for (SYCL 2020 §4.9.1.5,
// §4.9.1.7, §4.15.2): global to local and back, with and without strides, through decorated and
// legacy pointers, in an nd_range kernel (the group's work-items share the copy) and at work-group
// scope of a hierarchical kernel.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <type_traits>
#include <vector>

namespace {

constexpr int local = 64, groups = 3, tile = 100;  // more elements than work-items

TEST(AsyncWorkGroupCopy, NdItemCopiesInAndOutWithStrides) {
  sycl::queue q;
  constexpr int n = groups * 2 * tile;
  std::vector<int> in(n), out(n, -1);
  for (int i = 0; i < n; ++i) in[i] = i;
  {
    sycl::buffer<int> bin(in.data(), sycl::range<1>(n)), bout(out.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor src(bin, h, sycl::read_only);
      sycl::accessor dst(bout, h, sycl::write_only);
      sycl::local_accessor<int> whole(tile, h), every_other(tile, h);
      h.parallel_for(sycl::nd_range<1>(groups * local, local), [=](sycl::nd_item<1> it) {
        const auto g = static_cast<std::ptrdiff_t>(it.get_group_linear_id() * 2 * tile);
        auto global_in = src.get_multi_ptr<sycl::access::decorated::yes>() + g;
        auto global_out = dst.get_multi_ptr<sycl::access::decorated::yes>() + g;
        sycl::device_event copied = it.async_work_group_copy(
            whole.get_multi_ptr<sycl::access::decorated::yes>(), global_in, tile);
        // Every other element of the group's 2 * tile.
        sycl::device_event strided = it.async_work_group_copy(
            every_other.get_multi_ptr<sycl::access::decorated::yes>(), global_in, tile, 2);
        it.wait_for(copied, strided);
        // Back out: the whole tile to the even places, the strided one to the odd ones.
        sycl::device_event evens = it.async_work_group_copy(
            global_out, whole.get_multi_ptr<sycl::access::decorated::yes>(), tile, 2);
        sycl::device_event odds = it.async_work_group_copy(
            global_out + 1, every_other.get_multi_ptr<sycl::access::decorated::yes>(), tile, 2);
        evens.wait();
        odds.wait();
      });
    });
  }
  for (int g = 0; g < groups; ++g)
    for (int i = 0; i < tile; ++i) {
      EXPECT_EQ(out[g * 2 * tile + 2 * i], g * 2 * tile + i) << g << ", " << i;
      EXPECT_EQ(out[g * 2 * tile + 2 * i + 1], g * 2 * tile + 2 * i) << g << ", " << i;
    }
}

// The copy is visible to every work-item of the group once wait_for returns: each reads elements
// that other work-items copied.
TEST(AsyncWorkGroupCopy, LegacyPointersAndConstSources) {
  sycl::queue q;
  const float* in = [&] {
    float* p = sycl::malloc_shared<float>(tile, q);
    for (int i = 0; i < tile; ++i) p[i] = 0.5f * float(i);
    return p;
  }();
  float* out = sycl::malloc_shared<float>(local, q);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<float> t(tile, h);
     h.parallel_for(sycl::nd_range<1>(local, local), [=](sycl::nd_item<1> it) {
       const sycl::global_ptr<const float> src(in);
       const sycl::local_ptr<float> dest(t.get_pointer());
       it.wait_for(it.async_work_group_copy(dest, src, tile));
       const std::size_t l = it.get_local_linear_id();
       out[l] = t[tile - 1 - l];
     });
   }).wait();
  for (int l = 0; l < local; ++l) EXPECT_EQ(out[l], 0.5f * float(tile - 1 - l)) << l;
  sycl::free(out, q);
  sycl::free(const_cast<float*>(in), q);
}

TEST(AsyncWorkGroupCopy, GroupAtWorkGroupScope) {
  sycl::queue q;
  constexpr int items = 8;
  int* data = sycl::malloc_shared<int>(groups * 2 * items, q);
  for (int i = 0; i < groups * 2 * items; ++i) data[i] = i;
  int* out = sycl::malloc_shared<int>(groups * items, q);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<int> t(items, h);
     h.parallel_for_work_group(sycl::range<1>(groups), sycl::range<1>(items), [=](sycl::group<1> g) {
       const auto base = static_cast<std::ptrdiff_t>(g.get_group_linear_id() * 2 * items);
       const sycl::decorated_global_ptr<int> src(data + base);
       g.wait_for(g.async_work_group_copy(t.get_multi_ptr<sycl::access::decorated::yes>(), src, items, 2));
       g.parallel_for_work_item([&](sycl::h_item<1> it) {
         out[it.get_global().get_linear_id()] = t[items - 1 - it.get_local().get_linear_id()];
       });
     });
   }).wait();
  for (int g = 0; g < groups; ++g)
    for (int i = 0; i < items; ++i) EXPECT_EQ(out[g * items + i], g * 2 * items + 2 * (items - 1 - i)) << g << ", " << i;
  sycl::free(out, q);
  sycl::free(data, q);
}

// The CTS copies vecs of the deprecated sycl::byte (DPC++'s alias of std::uint8_t).
TEST(AsyncWorkGroupCopy, VecsOfTheDeprecatedByte) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  using byte4 = sycl::vec<sycl::byte, 4>;
  static_assert(std::is_same_v<sycl::byte, std::uint8_t>);
#pragma GCC diagnostic pop
  sycl::queue q;
  byte4* data = sycl::malloc_shared<byte4>(2 * local, q);
  for (int i = 0; i < local; ++i) data[i] = byte4(std::uint8_t(i), 1, 2, 3);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<byte4> t(local, h);
     h.parallel_for(sycl::nd_range<1>(local, local), [=](sycl::nd_item<1> it) {
       it.wait_for(it.async_work_group_copy(t.get_multi_ptr<sycl::access::decorated::no>(),
                                            sycl::global_ptr<byte4>(data), local));
       const std::size_t l = it.get_local_linear_id();
       data[local + l] = t[local - 1 - l];
     });
   }).wait();
  for (int l = 0; l < local; ++l) EXPECT_EQ(int(data[local + l][0]), local - 1 - l) << l;
  sycl::free(data, q);
}

}  // namespace
