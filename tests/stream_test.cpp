// sycl::stream (§4.16): what kernels write reaches std::cout whole statement by whole statement,
// in order within a work-item, with the standard manipulators. The output is captured by
// replacing std::cout's buffer.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

namespace {

// std::cout's output while `f` runs and its queue drains.
template <typename F>
std::string captured(F f) {
  std::ostringstream text;
  auto* old = std::cout.rdbuf(text.rdbuf());
  {
    sycl::queue q;
    f(q);
    q.wait();
  }
  std::cout.rdbuf(old);
  return text.str();
}

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> v;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) v.push_back(l);
  return v;
}

constexpr int n = 64;

TEST(Stream, EveryWorkItemsStatementWhole) {
  const auto out = captured([](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::stream os(1 << 16, 128, h);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        os << "work-item " << i << " of " << n << sycl::endl;
        os << "then " << static_cast<int>(i[0]) * 2 << "\n";
      });
    });
  });
  auto got = lines(out);
  ASSERT_EQ(got.size(), 2u * n);
  // Each work-item's two statements in its order.
  for (int i = 0; i < n; ++i) {
    const auto first = std::find(got.begin(), got.end(), "work-item {" + std::to_string(i) + "} of 64");
    const auto second = std::find(got.begin(), got.end(), "then " + std::to_string(2 * i));
    ASSERT_NE(first, got.end()) << i;
    ASSERT_NE(second, got.end()) << i;
    EXPECT_LT(first, second) << i;
  }
}

// A kernel may copy and move the stream it captured (reference semantics, SYCL 2020 §4.5.2): the
// copies are equal and write to the same output. On the GPU such copies must leave the host's
// ownership count alone.
TEST(Stream, CopiedAndMovedInAKernel) {
  int* equal = nullptr;
  const auto out = captured([&](sycl::queue& q) {
    equal = sycl::malloc_shared<int>(2, q);
    q.submit([&](sycl::handler& h) {
      sycl::stream os(1 << 12, 64, h);
      h.parallel_for(sycl::nd_range<1>(1, 1), [=](sycl::nd_item<1>) {
        sycl::stream copy(os);
        equal[0] = copy == os;
        sycl::stream moved(std::move(copy));
        equal[1] = moved == os;
        moved << "from the moved copy" << sycl::endl;
      });
    });
  });
  EXPECT_EQ(lines(out), std::vector<std::string>{"from the moved copy"});
  EXPECT_EQ(equal[0], 1);
  EXPECT_EQ(equal[1], 1);
  sycl::free(equal, sycl::queue{});
}

TEST(Stream, Manipulators) {
  const auto out = captured([](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::stream os(1024, 256, h);
      h.single_task([=] {
        os << sycl::hex << 255 << ' ' << sycl::showbase << 255 << ' ' << sycl::oct << 8 << ' ' << sycl::dec
           << sycl::showpos << 5 << sycl::noshowpos << ' ' << -7 << ' ' << sycl::setprecision(3) << 3.14159 << ' '
           << sycl::fixed << 2.5 << ' ' << sycl::scientific << 1234.25 << ' ' << sycl::setw(5) << 42 << ' '
           << sycl::defaultfloat << 0.1f << ' ' << 1e20 << ' ' << true << ' ' << 'c' << ' ' << sycl::id<2>(1, 2)
           << ' ' << sycl::range<1>(3) << ' ' << sycl::hexfloat << 1.0 << sycl::endl;
      });
    });
  });
  EXPECT_EQ(out, "ff 0xff 010 +5 -7 3.14 2.500 1.234e+03    42 0.1 1e+20 true c {1, 2} {3} 0x1p+0\n");
}

TEST(Stream, ItemsAndLongStatementsCut) {
  const auto out = captured([](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::stream os(1024, 8, h);
      EXPECT_EQ(os.get_max_statement_size(), 8u);
      h.parallel_for(sycl::nd_range<1>(1, 1), [=](sycl::nd_item<1> it) { os << it.get_global_id() << " and more\n"; });
    });
  });
  EXPECT_EQ(out, "{0} and ");
}

// half prints as its float; a vec prints its elements separated by ", ", as DPC++'s stream does.
TEST(Stream, HalfAndVec) {
  const auto out = captured([](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::stream os(1 << 10, 128, h);
      h.single_task([=] {
        os << sycl::half(1.5f) << sycl::endl;
        os << sycl::vec<int, 3>(1, 2, 3) << sycl::endl;
        os << sycl::vec<sycl::half, 2>(0.5f, 2.0f) << sycl::endl;
      });
    });
  });
  EXPECT_EQ(lines(out), (std::vector<std::string>{"1.5", "1, 2, 3", "0.5, 2"}));
}

} // namespace
