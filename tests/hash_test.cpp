// std::hash for the classes with common reference semantics (SYCL 2020 §4.5.2): copies of a handle
// hash equal, handles equal by operator== hash equal (a device found twice), and the handles of
// different objects hash apart (the SYCL-CTS checks that too), so that they can key unordered
// containers as the CTS's own device list does.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <functional>
#include <unordered_set>

class HashedKernel;

namespace {

// t and its copies hash equal; t and other, which differ, hash apart.
template <typename T>
void expect_hashes(const T& t, const T& other) {
  const std::hash<T> hash;
  const T copy = t;
  T assigned = other;
  assigned = t;
  EXPECT_TRUE(copy == t);
  EXPECT_EQ(hash(copy), hash(t));
  EXPECT_EQ(hash(assigned), hash(t));
  EXPECT_TRUE(t != other);
  EXPECT_NE(hash(t), hash(other));
}

TEST(Hash, DevicesFoundTwiceHashEqual) {
  const sycl::device a = sycl::device::get_devices().front();
  const sycl::device b = sycl::device::get_devices().front();
  EXPECT_TRUE(a == b);
  EXPECT_EQ(std::hash<sycl::device>{}(a), std::hash<sycl::device>{}(b));
  EXPECT_EQ(std::hash<sycl::platform>{}(a.get_platform()), std::hash<sycl::platform>{}(b.get_platform()));
  std::unordered_set<sycl::device> devices;
  for (const auto& d : sycl::device::get_devices()) devices.insert(d);
  devices.insert(a);
  EXPECT_EQ(devices.size(), sycl::device::get_devices().size());
  // Contexts are not values: two made apart for the same device are two contexts.
  expect_hashes(sycl::context(a), sycl::context(b));
}

TEST(Hash, QueuesEventsAndStreams) {
  sycl::queue q1, q2;
  expect_hashes(q1, q2);
  const sycl::event e1 = q1.single_task([] {});
  const sycl::event e2 = q1.single_task([] {});
  q1.wait();
  expect_hashes(e1, e2);
  q1.submit([&](sycl::handler& h) {
    const sycl::stream s1(1024, 128, h), s2(1024, 128, h);
    expect_hashes(s1, s2);
    h.single_task([] {});
  });
  q1.wait();
}

TEST(Hash, BuffersAndAccessors) {
  sycl::buffer<int> b1{sycl::range<1>(8)}, b2{sycl::range<1>(8)};
  expect_hashes(b1, b2);
  sycl::buffer<int> sub{b1, sycl::id<1>(4), sycl::range<1>(4)};
  expect_hashes(b1, sub);
  sycl::queue q;
  q.submit([&](sycl::handler& h) {
    const sycl::accessor a1(b1, h), a2(b2, h);
    expect_hashes(a1, a2);
    const sycl::local_accessor<int> l1(sycl::range<1>(4), h), l2(sycl::range<1>(4), h);
    expect_hashes(l1, l2);
    h.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) { a1[it.get_global_id()] = a2[0]; });
  });
  const sycl::host_accessor h1(b1), h2(b2);
  expect_hashes(h1, h2);
}

TEST(Hash, KernelsAndBundles) {
  sycl::queue q;
  q.single_task<HashedKernel>([] {}).wait();
  const auto kb1 = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  const auto kb2 = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  expect_hashes(kb1, kb2);
  const sycl::kernel_id id = sycl::get_kernel_id<HashedKernel>();
  const sycl::kernel_id other = kb1.get_kernel_ids().front() == id ? kb1.get_kernel_ids().back()
                                                                   : kb1.get_kernel_ids().front();
  ASSERT_TRUE(other != id);
  expect_hashes(id, other);
  expect_hashes(kb1.get_kernel(id), kb2.get_kernel(id));
  const auto& image = *kb1.begin();
  EXPECT_EQ(std::hash<sycl::device_image<sycl::bundle_state::executable>>{}(image),
            std::hash<sycl::device_image<sycl::bundle_state::executable>>{}(*kb2.begin()));
  EXPECT_TRUE(image == *kb2.begin());
}

}  // namespace
