// Each specialization_id is its own specialization constant, also when it is one specialisation of
// a variable template among several with the same type and the same default: clang 19 names them
// all alike in __PRETTY_FUNCTION__ ("flag" for flag<1> and flag<2>), which once gave them one key.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

class IdentityReader;

namespace {

template <int N>
constexpr sycl::specialization_id<bool> flag(true);
template <typename T, int N>
constexpr sycl::specialization_id<T> number(T(1));
struct point {
  int x;
  int y;
};
template <int N>
constexpr sycl::specialization_id<point> corner(point{0, 0});

struct readings {
  bool flags[3];
  int ints[3];
  float floats[2];
  point corners[2];
};

template <typename Set>
readings run(sycl::queue& q, Set set) {
  readings* out = sycl::malloc_shared<readings>(1, q);
  q.submit([&](sycl::handler& h) {
     set(h);
     h.single_task<IdentityReader>([=](sycl::kernel_handler kh) {
       *out = readings{{kh.get_specialization_constant<flag<1>>(), kh.get_specialization_constant<flag<2>>(),
                        kh.get_specialization_constant<flag<3>>()},
                       {kh.get_specialization_constant<number<int, 1>>(),
                        kh.get_specialization_constant<number<int, 2>>(),
                        kh.get_specialization_constant<number<int, 3>>()},
                       {kh.get_specialization_constant<number<float, 1>>(),
                        kh.get_specialization_constant<number<float, 2>>()},
                       {kh.get_specialization_constant<corner<1>>(), kh.get_specialization_constant<corner<2>>()}};
     });
   }).wait();
  const readings r = *out;
  sycl::free(out, q);
  return r;
}

TEST(SpecConstantIdentity, VariableTemplateSpecialisationsHoldTheirOwnValues) {
  sycl::queue q;
  const readings r = run(q, [](sycl::handler& h) {
    h.set_specialization_constant<flag<2>>(false);
    h.set_specialization_constant<number<int, 1>>(10);
    h.set_specialization_constant<number<int, 3>>(30);
    h.set_specialization_constant<number<float, 2>>(2.5f);
    h.set_specialization_constant<corner<1>>(point{4, 5});
  });
  EXPECT_TRUE(r.flags[0]);
  EXPECT_FALSE(r.flags[1]);
  EXPECT_TRUE(r.flags[2]);
  EXPECT_EQ(r.ints[0], 10);
  EXPECT_EQ(r.ints[1], 1);
  EXPECT_EQ(r.ints[2], 30);
  EXPECT_EQ(r.floats[0], 1.0f);
  EXPECT_EQ(r.floats[1], 2.5f);
  EXPECT_EQ(r.corners[0].x, 4);
  EXPECT_EQ(r.corners[0].y, 5);
  EXPECT_EQ(r.corners[1].x, 0);
  EXPECT_EQ(r.corners[1].y, 0);
}

TEST(SpecConstantIdentity, HandlerReadsBackEachSpecialisation) {
  sycl::queue q;
  q.submit([&](sycl::handler& h) {
    h.set_specialization_constant<number<int, 2>>(20);
    EXPECT_EQ((h.get_specialization_constant<number<int, 1>>()), 1);
    EXPECT_EQ((h.get_specialization_constant<number<int, 2>>()), 20);
    h.single_task([] {});
  });
  q.wait();
}

// Only constants that a kernel reads are in a bundle: number<int, 4> is not, though its siblings are.
TEST(SpecConstantIdentity, KernelBundleTellsEachSpecialisationApart) {
  sycl::queue q;
  const auto bundle =
      sycl::get_kernel_bundle<IdentityReader, sycl::bundle_state::executable>(q.get_context(), {q.get_device()});
  EXPECT_TRUE((bundle.has_specialization_constant<number<int, 3>>()));
  EXPECT_FALSE((bundle.has_specialization_constant<number<int, 4>>()));
  EXPECT_TRUE((bundle.has_specialization_constant<number<float, 2>>()));
  EXPECT_FALSE((bundle.has_specialization_constant<number<float, 3>>()));
  EXPECT_FALSE(bundle.has_specialization_constant<flag<4>>());
  const readings r = run(q, [&](sycl::handler& h) { h.use_kernel_bundle(bundle); });
  EXPECT_TRUE(r.flags[1]);
  EXPECT_EQ(r.ints[1], 1);
  EXPECT_EQ(r.corners[1].x, 0);
}

} // namespace
