// operator== and != of the classes with common by-value semantics (SYCL 2020 §4.5.3) that kernels
// get: nd_item, group, sub_group, item, h_item, and the nd_range they come from. A copy equals its
// original; another work-item's object (another group, sub-group, item) differs.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

namespace {

template <typename T>
TESSERA_HOST_DEVICE bool equal_to_copy(const T& t) {
  const T copy = t;
  return copy == t && t == copy && !(copy != t) && !(t != copy);
}

template <typename T>
TESSERA_HOST_DEVICE bool differ(const T& a, const T& b) {
  return a != b && b != a && !(a == b) && !(b == a);
}

TEST(ByValueEquality, NdItemGroupAndSubGroup) {
  sycl::queue q;
  constexpr int groups = 2, local = 64;
  int* ok = sycl::malloc_shared<int>(groups * local, q);
  q.parallel_for(sycl::nd_range<1>(groups * local, local), [=](sycl::nd_item<1> it) {
     const sycl::sub_group sg = it.get_sub_group();
     bool good = equal_to_copy(it) && equal_to_copy(it.get_group()) && equal_to_copy(sg) &&
                 equal_to_copy(it.get_nd_range());
     good = good && it.get_sub_group() == sg && it.get_group() == it.get_group();
     ok[it.get_global_linear_id()] = good;
   }).wait();
  for (int i = 0; i < groups * local; ++i) EXPECT_EQ(ok[i], 1) << "work-item " << i;
  sycl::free(ok, q);
}

// Objects of different work-items meet in local memory: each item compares its own with those of
// work-item 0, which differ from its own exactly where the ids do.
TEST(ByValueEquality, OtherWorkItemsDiffer) {
  sycl::queue q;
  constexpr int local = 64;
  int* ok = sycl::malloc_shared<int>(local, q);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<sycl::nd_item<1>> first_item(1, h);
     sycl::local_accessor<sycl::sub_group> first_sub_group(1, h);
     h.parallel_for(sycl::nd_range<1>(local, local), [=](sycl::nd_item<1> it) {
       const sycl::sub_group sg = it.get_sub_group();
       if (it.get_local_linear_id() == 0) {
         first_item[0] = it;
         first_sub_group[0] = sg;
       }
       sycl::group_barrier(it.get_group());
       const bool first = it.get_local_linear_id() == 0;
       const bool same_sub_group = sg.get_group_linear_id() == 0;
       const bool items = first ? first_item[0] == it : differ(first_item[0], it);
       const bool sub_groups = same_sub_group ? first_sub_group[0] == sg : differ(first_sub_group[0], sg);
       ok[it.get_global_linear_id()] = items && sub_groups;
     });
   }).wait();
  for (int i = 0; i < local; ++i) EXPECT_EQ(ok[i], 1) << "work-item " << i;
  sycl::free(ok, q);
}

TEST(ByValueEquality, ItemsAndHierarchicalItems) {
  sycl::queue q;
  int* ok = sycl::malloc_shared<int>(8, q);
  q.parallel_for(sycl::range<1>(4), [=](sycl::item<1> it) {
     ok[it.get_linear_id()] = equal_to_copy(it);
   }).wait();
  q.submit([&](sycl::handler& h) {
     h.parallel_for_work_group(sycl::range<1>(2), sycl::range<1>(2), [=](sycl::group<1> g) {
       g.parallel_for_work_item([&](sycl::h_item<1> hi) {
         ok[4 + hi.get_global().get_linear_id()] = equal_to_copy(hi) && equal_to_copy(g);
       });
     });
   }).wait();
  for (int i = 0; i < 8; ++i) EXPECT_EQ(ok[i], 1) << i;
  sycl::free(ok, q);
}

// A group is a value: stored by a kernel and queried on the host once the kernel is done, it
// answers as it did in the kernel (the launch's geometry, and a GPU's memory, are gone by then).
TEST(ByValueEquality, GroupStoredByAKernelAnswersOnTheHost) {
  sycl::queue q;
  using g2 = sycl::group<2>;
  // group has no default constructor: raw storage, filled by the kernel.
  auto* raw = static_cast<g2*>(sycl::malloc_shared(sizeof(g2) * 6, q));
  q.parallel_for(sycl::nd_range<2>({6, 8}, {2, 4}), [=](sycl::nd_item<2> it) {
     if (it.get_local_linear_id() == 0) new (&raw[it.get_group_linear_id()]) g2(it.get_group());
   }).wait();
  q.parallel_for(sycl::range<1>(1024), [](sycl::id<1>) {}).wait(); // another launch in between
  for (std::size_t i = 0; i < 6; ++i) {
    const g2& g = raw[i];
    EXPECT_EQ(g.get_group_linear_id(), i);
    EXPECT_EQ(g.get_group_range(), sycl::range<2>(3, 2));
    EXPECT_EQ(g.get_local_range(), sycl::range<2>(2, 4));
    EXPECT_EQ(g.get_group_linear_range(), 6u);
    EXPECT_EQ(g.get_local_linear_range(), 8u);
    EXPECT_EQ(g.get_max_local_range(), sycl::range<2>(2, 4));
  }
  sycl::free(raw, q);
}

}  // namespace
