// multi_ptr (§4.7.7), its aliases and address_space_cast, accessors' get_multi_ptr, bit_cast.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <type_traits>

namespace {

using sycl::access::address_space;
using sycl::access::decorated;

TEST(MultiPtr, ArithmeticComparisonsAndConversions) {
  int data[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  sycl::raw_global_ptr<int> p = sycl::address_space_cast<address_space::global_space, decorated::no>(data);
  static_assert(std::is_same_v<decltype(p), sycl::multi_ptr<int, address_space::global_space, decorated::no>>);
  static_assert(!sycl::raw_global_ptr<int>::is_decorated && sycl::decorated_local_ptr<int>::is_decorated);
  EXPECT_EQ(p.get(), data);
  EXPECT_EQ(p.get_raw(), data);
  EXPECT_EQ(p.get_decorated(), data);
  EXPECT_EQ(*(p + 3), 3);
  EXPECT_EQ(p[5], 5);
  auto q = p;
  ++q;
  q += 2;
  EXPECT_EQ(q - p, 3);
  EXPECT_TRUE(p < q && q > p && p <= p && q >= p && p != q);
  EXPECT_EQ(*q--, 3);
  EXPECT_EQ(*q, 2);
  int* raw = p;
  EXPECT_EQ(raw, data);
  sycl::decorated_global_ptr<int> d = p;
  sycl::multi_ptr<void, address_space::global_space, decorated::no> v = p;
  sycl::generic_ptr<const int> g = p;
  EXPECT_EQ(d.get(), data);
  EXPECT_EQ(v.get(), static_cast<void*>(data));
  EXPECT_EQ(g.get(), data);
  sycl::private_ptr<int> none;
  EXPECT_TRUE(none == nullptr);
  EXPECT_FALSE(static_cast<bool>(none));
  sycl::local_ptr<int> l(data + 1);
  EXPECT_EQ(*l, 1);
}

// Every comparison with nullptr, on either side; a legacy multi_ptr<void> compared with a void*.
TEST(MultiPtr, ComparisonsWithNullptrAndRawPointers) {
  int x[2] = {};
  sycl::global_ptr<int, sycl::access::decorated::no> null, p(&x[1]);
  EXPECT_TRUE(null == nullptr && nullptr == null && !(null != nullptr) && !(nullptr != null));
  EXPECT_TRUE(!(null < nullptr) && !(nullptr < null) && !(null > nullptr) && !(nullptr > null));
  EXPECT_TRUE(null <= nullptr && nullptr <= null && null >= nullptr && nullptr >= null);
  EXPECT_TRUE(p != nullptr && nullptr != p);
  EXPECT_TRUE((p > sycl::global_ptr<int, sycl::access::decorated::no>(&x[0])));
  void* raw = &x[0];
  sycl::multi_ptr<void, sycl::access::address_space::global_space, sycl::access::decorated::legacy> v(raw);
  EXPECT_TRUE(v == raw);
  EXPECT_FALSE(v != raw);
  using legacy = sycl::global_ptr<const int>;  // the legacy interface's member types
  static_assert(std::is_same_v<legacy::pointer_t, const int*> && std::is_same_v<legacy::reference_t, const int&>);
  static_assert(std::is_same_v<legacy::const_pointer_t, const int*> &&
                std::is_same_v<legacy::const_reference_t, const int&>);
  static_assert(std::is_same_v<decltype(v)::pointer_t, void*>);
  auto typed = static_cast<sycl::global_ptr<int>>(v);
  EXPECT_EQ(typed.get(), &x[0]);
  const sycl::global_ptr<const void> cv(v);
  EXPECT_EQ(static_cast<sycl::global_ptr<const int>>(cv).get(), &x[0]);
}

TEST(MultiPtr, FromAccessorsInKernels) {
  sycl::queue q;
  constexpr std::size_t n = 64;
  sycl::buffer<int> in{sycl::range<1>(n)}, out{sycl::range<1>(n)};
  {
    sycl::host_accessor h(in);
    for (std::size_t i = 0; i < n; ++i) h[i] = static_cast<int>(i);
  }
  q.submit([&](sycl::handler& h) {
    sycl::accessor a(in, h, sycl::read_only);
    sycl::accessor b(out, h, sycl::write_only);
    sycl::local_accessor<int, 1> tile(sycl::range<1>(n), h);
    h.parallel_for(sycl::nd_range<1>(n, n), [=](sycl::nd_item<1> it) {
      const std::size_t i = it.get_local_id(0);
      const int* src = a.get_multi_ptr<decorated::no>().get();
      auto t = tile.get_multi_ptr<decorated::yes>();
      t[i] = src[i] * 2;
      sycl::group_barrier(it.get_group());
      sycl::global_ptr<int> dst = b.get_multi_ptr<decorated::no>();
      dst[i] = t[n - 1 - i] + sycl::bit_cast<int>(1.0f == 1.0f ? 0 : 1);
    });
  });
  sycl::host_accessor h(out);
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(h[i], static_cast<int>(2 * (n - 1 - i)));
}

// §4.7.7.1's deduction guides: multi_ptr(accessor) is an undecorated global pointer to the
// accessor's value_type, multi_ptr(local_accessor) an undecorated local one.
TEST(MultiPtr, DeducedFromAccessors) {
  sycl::queue q;
  const int init[4] = {1, 2, 3, 4};
  sycl::buffer<int> in{init, sycl::range<1>(4)}, out{sycl::range<1>(4)};
  q.submit([&](sycl::handler& h) {
     sycl::accessor<int, 1, sycl::access_mode::read> a(in, h);
     sycl::accessor<int, 1, sycl::access_mode::write> b(out, h);
     sycl::local_accessor<int, 1> tile(sycl::range<1>(4), h);
     h.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
       auto src = sycl::multi_ptr(a);
       auto dst = sycl::multi_ptr(b);
       auto t = sycl::multi_ptr(tile);
       static_assert(std::is_same_v<decltype(src), sycl::raw_global_ptr<const int>>);
       static_assert(std::is_same_v<decltype(dst), sycl::raw_global_ptr<int>>);
       static_assert(std::is_same_v<decltype(t), sycl::raw_local_ptr<int>>);
       const std::size_t i = it.get_local_id(0);
       t[i] = 7;
       dst[i] = src[i] + t[i];
     });
   }).wait();
  sycl::host_accessor h(out);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(h[i], init[i] + 7);
}

// The deprecated constant_buffer accessor hands out SYCL 1.2.1's constant_ptr (the SYCL-CTS's
// address_space category passes it where a constant_ptr<T> is taken).
TEST(MultiPtr, ConstantBufferAccessorGivesConstantPtr) {
  sycl::queue q;
  int value = 42, seen = 0;
  {
    sycl::buffer<int> in(&value, sycl::range<1>(1)), out(&seen, sycl::range<1>(1));
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::constant_buffer> c(in, h);
      sycl::accessor o(out, h, sycl::write_only);
      static_assert(std::is_same_v<decltype(c.get_pointer()), sycl::constant_ptr<int>>);
      h.single_task([=] {
        sycl::constant_ptr<int> p = c.get_pointer();
        o[0] = *p + c[0];
      });
    });
  }
  EXPECT_EQ(seen, 84);
}

TEST(BitCast, RoundTrips) {
  EXPECT_EQ(sycl::bit_cast<std::uint32_t>(1.0f), 0x3f800000u);
  EXPECT_EQ(sycl::bit_cast<float>(0x40000000u), 2.0f);
  constexpr auto bits = sycl::bit_cast<std::uint64_t>(1.0);
  static_assert(bits == 0x3ff0000000000000ull);
}

} // namespace
