// local_accessor's interface (SYCL 2020 §4.7.6.11) beyond subscripts: the zero-dimensional accessor
// of one element, which converts to a reference and takes assignments (HeCBench's split, radixsort
// and scan2 share a counter this way), its pointers, and the iterators and queries of any accessor;
// and the deprecated accessor with target::local, which is a local accessor (the SYCL-CTS's
// hierarchical category uses it).
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <type_traits>

namespace {

// A helper taking the element by reference, as HeCBench's rank4 takes its counter.
TESSERA_HOST_DEVICE void add_to(unsigned& counter, unsigned x) {
  sycl::atomic_ref<unsigned, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                   sycl::access::address_space::local_space>(counter) += x;
}

TEST(LocalAccessor, ZeroDimensionsHoldOneElement) {
  sycl::queue q;
  constexpr int groups = 4, local = 32;
  unsigned* out = sycl::malloc_shared<unsigned>(groups * local, q);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<unsigned, 0> counter(h);
     sycl::local_accessor<float, 0> scale(h);
     h.parallel_for(sycl::nd_range<1>(groups * local, local), [=](sycl::nd_item<1> it) {
       if (it.get_local_linear_id() == 0) {
         counter = 0u;
         scale = float(it.get_group_linear_id() + 1);
       }
       sycl::group_barrier(it.get_group());
       add_to(counter, 1);
       sycl::group_barrier(it.get_group());
       const unsigned n = counter;
       const bool pointers = counter.get_pointer() == &static_cast<unsigned&>(counter) &&
                             counter.get_multi_ptr<sycl::access::decorated::no>().get() == counter.get_pointer();
       out[it.get_global_linear_id()] = pointers && counter.size() == 1 ? n * unsigned(float(scale)) : 0;
     });
   }).wait();
  for (int g = 0; g < groups; ++g)
    for (int i = 0; i < local; ++i) EXPECT_EQ(out[g * local + i], unsigned(local * (g + 1))) << g << ", " << i;
  sycl::free(out, q);
}

TEST(LocalAccessor, Interface) {
  using A = sycl::local_accessor<int, 1>;
  static_assert(std::is_same_v<A::const_iterator, const int*>);
  static_assert(std::is_same_v<A::reverse_iterator, std::reverse_iterator<int*>>);
  static_assert(std::is_same_v<A::accessor_ptr<sycl::access::decorated::no>, sycl::local_ptr<int, sycl::access::decorated::no>>);
  static_assert(!std::is_constructible_v<sycl::local_accessor<int, 0>, sycl::range<1>, sycl::handler&>);
  static_assert(!std::is_constructible_v<A, sycl::handler&>);
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(4, q);
  q.submit([&](sycl::handler& h) {
     A a(4, h);
     A b(sycl::range<1>(2), h);
     EXPECT_EQ(a.get_range(), sycl::range<1>(4));
     EXPECT_EQ(a.byte_size(), 4 * sizeof(int));
     EXPECT_FALSE(a.has_property<sycl::property::no_init>());
     EXPECT_TRUE(a != b);
     a.swap(b);
     EXPECT_EQ(a.size(), 2u);
     EXPECT_EQ(b.size(), 4u);
     h.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
       b[it.get_local_id()] = int(it.get_local_linear_id());
       sycl::group_barrier(it.get_group());
       int reversed = 0, k = 0;
       for (auto r = b.crbegin(); r != b.crend(); ++r) reversed += *r * (k++ == int(it.get_local_linear_id()));
       out[it.get_local_linear_id()] = reversed;
     });
   }).wait();
  for (int i = 0; i < 4; ++i) EXPECT_EQ(out[i], 3 - i);
  sycl::free(out, q);
}

using local_target = sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::local>;

TEST(LocalAccessor, DeprecatedTargetLocalInAHierarchicalKernel) {
  sycl::queue q;
  constexpr int groups = 3, local = 8;
  int* out = sycl::malloc_shared<int>(groups * local, q);
  q.submit([&](sycl::handler& h) {
     local_target tile(sycl::range<1>(local), h);
     EXPECT_EQ(tile.get_count(), std::size_t(local));
     EXPECT_EQ(tile.get_size(), local * sizeof(int));
     h.parallel_for_work_group(sycl::range<1>(groups), sycl::range<1>(local), [=](sycl::group<1> g) {
       g.parallel_for_work_item([&](sycl::h_item<1> it) {
         tile[it.get_local().get_linear_id()] = int(it.get_global().get_linear_id());
       });
       // The implicit barrier between the two: each item reads what another wrote.
       g.parallel_for_work_item([&](sycl::h_item<1> it) {
         const std::size_t l = it.get_local().get_linear_id();
         out[it.get_global().get_linear_id()] = tile[local - 1 - l];
       });
     });
   }).wait();
  for (int g = 0; g < groups; ++g)
    for (int i = 0; i < local; ++i) EXPECT_EQ(out[g * local + i], g * local + local - 1 - i);
  sycl::free(out, q);
}

TEST(LocalAccessor, DeprecatedTargetLocalInAnNdRangeKernel) {
  static_assert(std::is_base_of_v<sycl::local_accessor<int, 1>, local_target>);
  static_assert(std::is_same_v<decltype(std::declval<local_target>().get_pointer()), sycl::local_ptr<int>>);
  static_assert(std::is_same_v<decltype(std::declval<sycl::local_accessor<int, 2>>().get_pointer()), sycl::local_ptr<int>>);
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(4, q);
  q.submit([&](sycl::handler& h) {
     local_target values(4, h);
     sycl::accessor<int, 0, sycl::access_mode::read_write, sycl::target::local> total(h);
     h.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
       const std::size_t i = it.get_local_linear_id();
       values.get_pointer()[i] = int(i) + 1;
       if (i == 0) total = 0;
       sycl::group_barrier(it.get_group());
       if (i == 0)
         for (int v : values) static_cast<int&>(total) += v;
       sycl::group_barrier(it.get_group());
       out[i] = total * values[i];
     });
   }).wait();
  for (int i = 0; i < 4; ++i) EXPECT_EQ(out[i], 10 * (i + 1));
  sycl::free(out, q);
}

// The read mode (which DPC++ takes for target::local) gives the elements as const.
TEST(LocalAccessor, DeprecatedTargetLocalInTheReadMode) {
  using reader = sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::local>;
  static_assert(std::is_same_v<decltype(std::declval<reader>()[0]), const int&>);
  static_assert(std::is_same_v<decltype(std::declval<reader>().get_pointer()), sycl::local_ptr<const int>>);
  sycl::queue q;
  q.submit([&](sycl::handler& h) {
     reader r(sycl::range<1>(3), h);
     sycl::accessor<double, 0, sycl::access_mode::read, sycl::target::local> scalar(h);
     EXPECT_EQ(r.get_count(), 3u);
     EXPECT_EQ(r.get_size(), 3 * sizeof(int));
     EXPECT_EQ(scalar.get_size(), sizeof(double));
     h.parallel_for(sycl::nd_range<1>(1, 1), [=](sycl::nd_item<1>) { (void)r[0]; });
   }).wait();
}

}  // namespace
