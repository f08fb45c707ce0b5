// Zero-dimensional accessors (SYCL 2020 4.7.6.9, 4.7.6.10): to the first element of a
// one-dimensional buffer, which they convert to and assign; and host_accessor's constructors,
// properties and pointer.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <type_traits>

namespace {

TEST(ScalarAccessor, HostAccessorReadsAndAssignsTheFirstElement) {
  int data[3] = {7, 8, 9};
  {
    sycl::buffer<int> b(data, sycl::range<1>(3));
    sycl::host_accessor<int, 0> acc(b);
    static_assert(std::is_same_v<decltype(acc)::reference, int&>);
    static_assert(std::is_same_v<decltype(acc)::value_type, int>);
    static_assert(decltype(acc)::dimensions == 0);
    int& r = acc;
    EXPECT_EQ(r, 7);
    EXPECT_EQ(acc + 1, 8);
    acc = 70;
    EXPECT_EQ(r, 70);
    EXPECT_EQ(acc.size(), 1u);
    EXPECT_EQ(acc.byte_size(), sizeof(int));
    EXPECT_FALSE(acc.empty());
    EXPECT_EQ(acc.get_pointer(), &r);
    EXPECT_EQ(acc.end() - acc.begin(), 1);
  }
  EXPECT_EQ(data[0], 70);
  EXPECT_EQ(data[1], 8);

  sycl::host_accessor<const int, 0, sycl::access_mode::read> none;
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(none.byte_size(), 0u);
  sycl::buffer<int> empty{sycl::range<1>(0)};
  sycl::host_accessor<int, 0> of_empty(empty);
  EXPECT_TRUE(of_empty.empty());
}

TEST(ScalarAccessor, SwapExchangesTheElements) {
  int x = 1, y = 2;
  {
    sycl::buffer<int> bx(&x, sycl::range<1>(1)), by(&y, sycl::range<1>(1));
    sycl::host_accessor<int, 0> ax(bx), ay(by);
    ax.swap(ay);
    EXPECT_EQ(static_cast<int>(ax), 2);
    EXPECT_EQ(static_cast<int>(ay), 1);
    ax = 20;
  }
  EXPECT_EQ(y, 20);
  EXPECT_EQ(x, 1);
}

TEST(ScalarAccessor, DeviceAccessorInAKernel) {
  sycl::queue q;
  int in = 5, out = 0;
  {
    sycl::buffer<int> bi(&in, sycl::range<1>(1)), bo(&out, sycl::range<1>(1));
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 0, sycl::access_mode::read> a(bi, h);
      sycl::accessor<int, 0, sycl::access_mode::write> o(bo, h);
      h.single_task([=] { o = a * 3; });
    });
  }
  EXPECT_EQ(out, 15);
}

TEST(ScalarAccessor, HostAccessorOfARangeWithProperties) {
  int data[4] = {0, 1, 2, 3};
  sycl::buffer<int> b(data, sycl::range<1>(4));
  sycl::host_accessor<int, 1, sycl::access_mode::read> a(b, sycl::range<1>(2), sycl::property_list{});
  EXPECT_EQ(a.size(), 2u);
  EXPECT_EQ(a.get_offset(), sycl::id<1>(0));
  sycl::host_accessor<int, 1, sycl::access_mode::read> c(b, sycl::range<1>(2), sycl::read_only);
  EXPECT_EQ(c[1], 1);
}

TEST(ScalarAccessor, HostAccessorKeepsNoInitAndAReadOneRefusesIt) {
  int data[2] = {1, 2};
  sycl::buffer<int> b(data, sycl::range<1>(2));
  {
    sycl::host_accessor<int, 1, sycl::access_mode::write> w(b, sycl::property_list{sycl::no_init});
    EXPECT_TRUE(w.has_property<sycl::property::no_init>());
    (void)w.get_property<sycl::property::no_init>();
  }
  sycl::host_accessor<int> plain(b);
  EXPECT_FALSE(plain.has_property<sycl::property::no_init>());
  try {
    sycl::host_accessor<int, 0, sycl::access_mode::read> r(b, sycl::property_list{sycl::no_init});
    FAIL() << "no_init on a read-only accessor";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
}

// get_pointer() is the start of the buffer, even for a ranged accessor; begin() the range's.
TEST(ScalarAccessor, GetPointerIsTheBufferStart) {
  int data[4] = {10, 11, 12, 13};
  sycl::buffer<int> b(data, sycl::range<1>(4));
  sycl::host_accessor<int> a(b, sycl::range<1>(2), sycl::id<1>(2));
  EXPECT_EQ(*a.get_pointer(), 10);
  EXPECT_EQ(*a.begin(), 12);
  EXPECT_EQ(a[0], 12);
}

// SYCL 2020 declares a device accessor's get_pointer() (deprecated) as global_ptr<value_type>,
// a host_task accessor's as a raw pointer.
TEST(ScalarAccessor, DeviceAccessorsPointerIsAGlobalPtr) {
  using device_read = sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::device>;
  using device_write = sycl::accessor<int, 2, sycl::access_mode::write, sycl::target::device>;
  using device_scalar = sycl::accessor<int, 0, sycl::access_mode::read_write, sycl::target::device>;
  using task = sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::host_task>;
  static_assert(std::is_same_v<decltype(std::declval<device_read>().get_pointer()), sycl::global_ptr<const int>>);
  static_assert(std::is_same_v<decltype(std::declval<device_write>().get_pointer()), sycl::global_ptr<int>>);
  static_assert(std::is_same_v<decltype(std::declval<device_scalar>().get_pointer()), sycl::global_ptr<int>>);
  static_assert(std::is_same_v<decltype(std::declval<task>().get_pointer()), int*>);
  static_assert(std::is_same_v<device_read::accessor_ptr<sycl::access::decorated::yes>,
                               sycl::multi_ptr<const int, sycl::access::address_space::global_space,
                                               sycl::access::decorated::yes>>);
  static_assert(std::is_same_v<decltype(std::declval<device_write>().get_multi_ptr<sycl::access::decorated::no>()),
                               device_write::accessor_ptr<sycl::access::decorated::no>>);
  int data[3] = {1, 2, 3};
  {
    sycl::buffer<int> b(data, sycl::range<1>(3));
    sycl::queue q;
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(b, h, sycl::range<1>(2), sycl::id<1>(1));
      h.single_task([=] {
        sycl::global_ptr<int> p = a.get_pointer();
        int* raw = p;
        raw[0] = p[2] * 10;
      });
    });
  }
  EXPECT_EQ(data[0], 30);
}

}  // namespace
