// Specialization constants (§4.11.12): set on the handler, read through the kernel_handler of
// range, nd_range, single_task and reduction kernels, defaults when unset.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

namespace {

constexpr sycl::specialization_id<int> scale_id(3);
constexpr sycl::specialization_id<double> offset_id(0.5);
struct pair {
  int a;
  float b;
};
constexpr sycl::specialization_id<pair> pair_id(pair{1, 2.0f});

constexpr std::size_t n = 19;

TEST(SpecConstants, HandlerSetAndGet) {
  sycl::queue q;
  q.submit([&](sycl::handler& h) {
    EXPECT_EQ(h.get_specialization_constant<scale_id>(), 3);
    h.set_specialization_constant<scale_id>(7);
    h.set_specialization_constant<scale_id>(8);
    EXPECT_EQ(h.get_specialization_constant<scale_id>(), 8);
    EXPECT_EQ(h.get_specialization_constant<offset_id>(), 0.5);
    h.single_task([] {});
  });
  q.wait();
}

TEST(SpecConstants, RangeKernel) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(n, q);
  q.submit([&](sycl::handler& h) {
     h.set_specialization_constant<scale_id>(5);
     h.parallel_for(sycl::range<1>(n), [=](sycl::item<1> it, sycl::kernel_handler kh) {
       out[it[0]] = static_cast<int>(it[0]) * kh.get_specialization_constant<scale_id>();
     });
   }).wait();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], static_cast<int>(i) * 5);
  sycl::free(out, q);
}

TEST(SpecConstants, NdRangeKernelAndDefaults) {
  sycl::queue q;
  double* out = sycl::malloc_shared<double>(n, q);
  q.submit([&](sycl::handler& h) {
     h.set_specialization_constant<pair_id>(pair{4, 0.25f});
     h.parallel_for(sycl::nd_range<1>(n, 1), [=](sycl::nd_item<1>& it, sycl::kernel_handler kh) {
       const pair p = kh.get_specialization_constant<pair_id>();
       out[it.get_global_id(0)] = p.a * p.b + kh.get_specialization_constant<offset_id>() +
                                  kh.get_specialization_constant<scale_id>();
     });
   }).wait();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], 4 * 0.25 + 0.5 + 3);
  sycl::free(out, q);
}

TEST(SpecConstants, SingleTaskAndReduction) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(2, q);
  out[1] = 0;
  q.submit([&](sycl::handler& h) {
     h.set_specialization_constant<scale_id>(-2);
     h.single_task([=](sycl::kernel_handler kh) { out[0] = kh.get_specialization_constant<scale_id>(); });
   }).wait();
  q.submit([&](sycl::handler& h) {
     h.set_specialization_constant<scale_id>(10);
     h.parallel_for(sycl::range<1>(n), sycl::reduction(out + 1, sycl::plus<int>()),
                    [=](sycl::id<1>, auto& sum, sycl::kernel_handler kh) { sum += kh.get_specialization_constant<scale_id>(); });
   }).wait();
  EXPECT_EQ(out[0], -2);
  EXPECT_EQ(out[1], static_cast<int>(n) * 10);
  sycl::free(out, q);
}

TEST(SpecConstants, HierarchicalKernel) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(n, q);
  q.submit([&](sycl::handler& h) {
     h.set_specialization_constant<scale_id>(6);
     h.parallel_for_work_group(sycl::range<1>(1), sycl::range<1>(n), [=](sycl::group<1> g, sycl::kernel_handler kh) {
       const int s = kh.get_specialization_constant<scale_id>();
       g.parallel_for_work_item([&](sycl::h_item<1> i) { out[i.get_global_id(0)] = s; });
     });
   }).wait();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], 6);
  sycl::free(out, q);
}

// A generic kernel that may only be called with its item and its reducers: whether it wants a
// kernel_handler is decided without instantiating its body with one (which would fire the
// static_assert), as Celerity's kernel wrapper, `[=](auto item, auto&... reducers)`, needs.
template <std::size_t Reducers>
struct strict_generic_kernel {
  int* out;
  // The return type is deduced, as a lambda's is: asking whether it can be called instantiates it.
  template <typename Item, typename... Rest>
  auto operator()(Item it, Rest&... rest) const {
    static_assert(sizeof...(Rest) == Reducers, "called with a kernel_handler it does not take");
    if constexpr (Reducers == 0)
      out[it.get_linear_id()] = 4;
    else
      (rest += ...) += 1;
  }
};

TEST(SpecConstants, GenericKernelWithoutHandlerIsNotProbedWithOne) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(n + 1, q);
  out[n] = 0;
  q.parallel_for(sycl::range<1>(n), strict_generic_kernel<0>{out}).wait();
  q.submit([&](sycl::handler& h) {
     h.parallel_for(sycl::range<1>(n), sycl::reduction(out + n, sycl::plus<int>()), strict_generic_kernel<1>{out});
   }).wait();
  for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(out[i], 4);
  EXPECT_EQ(out[n], static_cast<int>(n));
  sycl::free(out, q);
}

struct big {
  char bytes[200];
};
constexpr sycl::specialization_id<big> big1{};
constexpr sycl::specialization_id<big> big2{};

TEST(SpecConstants, TooManyBytesThrows) {
  sycl::queue q;
  q.submit([&](sycl::handler& h) {
    const big v{};
    h.set_specialization_constant<big1>(v);
    EXPECT_THROW(h.set_specialization_constant<big2>(v), sycl::exception);
    h.single_task([] {});
  });
  q.wait();
}

} // namespace
