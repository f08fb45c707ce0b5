// Buffers, sub-buffers, accessors and host accessors: data movement to and from host memory,
// access windows and the ordering of the commands that use them. Compiled as CUDA the tests run on
// the GPU too (TESSERA_DEVICE=gpu), except those whose kernels use std::atomic
// (#if !defined(__CUDA__)).
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <list>
#include <memory>
#include <numeric>
#include <thread>
#include <vector>

#include "kernel_sleep.hpp"

namespace {

using tessera_test::kernel_sleep_ms;

template <int D>
sycl::range<D> make_range(std::size_t a, std::size_t b, std::size_t c) {
  if constexpr (D == 1) return sycl::range<1>(a);
  else if constexpr (D == 2) return sycl::range<2>(a, b);
  else return sycl::range<3>(a, b, c);
}

template <int D>
std::size_t linear(const sycl::id<D>& i, const sycl::range<D>& r) {
  std::size_t l = 0;
  for (int d = 0; d < D; ++d) l = l * r[d] + i[d];
  return l;
}

// ---------------------------------------------------------------- construction and write-back

template <typename Dim>
class HostPointerBuffer : public ::testing::Test {};
using Dims = ::testing::Types<std::integral_constant<int, 1>, std::integral_constant<int, 2>,
                              std::integral_constant<int, 3>>;
TYPED_TEST_SUITE(HostPointerBuffer, Dims);

// Each element becomes 3*old + its linear id; the host memory sees it once the buffer goes.
TYPED_TEST(HostPointerBuffer, KernelResultIsWrittenBackOnDestruction) {
  constexpr int D = TypeParam::value;
  const sycl::range<D> r = make_range<D>(7, 5, 3);
  std::vector<int> host(r.size());
  std::iota(host.begin(), host.end(), 100);
  const std::vector<int> before = host;
  sycl::queue q;
  {
    sycl::buffer<int, D> buf(host.data(), r);
    EXPECT_EQ(buf.get_range(), r);
    EXPECT_EQ(buf.size(), r.size());
    EXPECT_EQ(buf.byte_size(), r.size() * sizeof(int));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, sycl::read_write};
      h.parallel_for(r, [=](sycl::item<D> it) {
        a[it.get_id()] = 3 * a[it.get_id()] + static_cast<int>(it.get_linear_id());
      });
    });
  }
  for (std::size_t i = 0; i < host.size(); ++i) ASSERT_EQ(host[i], 3 * before[i] + static_cast<int>(i)) << i;
}

TYPED_TEST(HostPointerBuffer, ConstHostPointerIsNotWrittenBack) {
  constexpr int D = TypeParam::value;
  const sycl::range<D> r = make_range<D>(4, 3, 2);
  std::vector<int> host(r.size(), 5);
  const int* cp = host.data();
  sycl::queue q;
  std::vector<int> seen(r.size());
  {
    sycl::buffer<int, D> buf(cp, r);
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h};
      h.parallel_for(r, [=](sycl::item<D> it) { a[it.get_id()] += 1; });
    });
    sycl::host_accessor ha{buf, sycl::read_only};
    for (std::size_t i = 0; i < r.size(); ++i) seen[i] = ha.get_pointer()[i];
  }
  for (std::size_t i = 0; i < r.size(); ++i) {
    EXPECT_EQ(seen[i], 6);
    EXPECT_EQ(host[i], 5);
  }
}

TEST(Buffer, VectorContainerConstructorWritesBack) {
  std::vector<float> v(300);
  std::iota(v.begin(), v.end(), 0.0f);
  sycl::queue q;
  {
    sycl::buffer buf(v);
    static_assert(std::is_same_v<decltype(buf), sycl::buffer<float, 1>>);
    EXPECT_EQ(buf.size(), 300u);
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h};
      h.parallel_for(sycl::range<1>(300), [=](sycl::id<1> i) { a[i] = a[i] * 2.0f + 1.0f; });
    });
  }
  for (std::size_t i = 0; i < v.size(); ++i) ASSERT_EQ(v[i], 2.0f * static_cast<float>(i) + 1.0f);
}

TEST(Buffer, IteratorConstructorCopiesAndDoesNotWriteBack) {
  std::list<int> src{1, 2, 3, 4, 5, 6};
  sycl::queue q;
  std::vector<int> seen;
  {
    sycl::buffer<int, 1> buf(src.begin(), src.end());
    EXPECT_EQ(buf.size(), 6u);
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h};
      h.parallel_for(sycl::range<1>(6), [=](sycl::id<1> i) { a[i] *= 10; });
    });
    sycl::host_accessor ha{buf};
    seen.assign(ha.begin(), ha.end());
  }
  EXPECT_EQ(seen, (std::vector<int>{10, 20, 30, 40, 50, 60}));
  EXPECT_EQ(std::vector<int>(src.begin(), src.end()), (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST(Buffer, SetFinalDataRedirectsWriteBack) {
  std::vector<int> host(50, 1), other(50, 0);
  sycl::queue q;
  {
    sycl::buffer<int, 1> buf(host.data(), sycl::range<1>(50));
    buf.set_final_data(other.data());
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h};
      h.parallel_for(sycl::range<1>(50), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]) + 7; });
    });
  }
  for (int i = 0; i < 50; ++i) {
    EXPECT_EQ(host[i], 1);
    EXPECT_EQ(other[i], i + 7);
  }
}

TEST(Buffer, SetFinalDataNullptrDisablesWriteBack) {
  std::vector<int> host(50, 1);
  sycl::queue q;
  {
    sycl::buffer<int, 1> buf(host.data(), sycl::range<1>(50));
    buf.set_final_data(nullptr);
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h};
      h.parallel_for(sycl::range<1>(50), [=](sycl::id<1> i) { a[i] = 99; });
    });
  }
  for (int i = 0; i < 50; ++i) EXPECT_EQ(host[i], 1);
}

// A null raw pointer is a null destination too: no write-back, even with write-back asked for.
TEST(Buffer, SetFinalDataNullRawPointerDisablesWriteBack) {
  std::vector<int> host(8, 1);
  {
    sycl::buffer<int, 1> buf(host.data(), sycl::range<1>(8));
    int* nowhere = nullptr;
    buf.set_final_data(nowhere);
    buf.set_write_back(true);
    sycl::host_accessor<int> h(buf);
    h[0] = 5;
  }
  EXPECT_EQ(host[0], 1);
}

// The deprecated buffer::get_access<M>() gives SYCL 1.2.1's host accessor, of the host_buffer
// target, as SYCL 2020 declares it; it holds the buffer as a host_accessor does: a command that
// writes the buffer waits for it.
TEST(Buffer, DeprecatedHostGetAccessHoldsTheBuffer) {
  using sycl::access_mode;
  sycl::queue q;
  sycl::buffer<int, 2> b{sycl::range<2>(2, 2)};
  sycl::event e;
  {
    auto a = b.get_access<access_mode::read_write>();
    static_assert(std::is_same_v<decltype(a), sycl::accessor<int, 2, access_mode::read_write, sycl::target::host_buffer>>);
    a[1][1] = 1;
    e = q.submit([&](sycl::handler& h) {
      sycl::accessor d(b, h, sycl::write_only);
      h.single_task([=] { d[1][1] = 2; });
    });
    EXPECT_EQ(a[1][1], 1);
  }
  e.wait();
  auto part = b.get_access<access_mode::read>(sycl::range<2>(1, 2), sycl::id<2>(1, 0));
  static_assert(std::is_same_v<decltype(part), sycl::accessor<int, 2, access_mode::read, sycl::target::host_buffer>>);
  EXPECT_EQ(part[0][1], 2);
}

// The same accessor made directly from a buffer alone is a host accessor too: no placeholder, and
// it waits for the buffer's kernels and holds the buffer, of every rank (0 included).
TEST(Buffer, DeprecatedHostBufferAccessorMadeFromABufferIsAHostAccessor) {
  using sycl::access_mode;
  using sycl::target;
  sycl::queue q;
  sycl::buffer<int> b{sycl::range<1>(4)};
  q.submit([&](sycl::handler& h) {
    sycl::accessor d(b, h, sycl::write_only, sycl::no_init);
    h.single_task([=] {
      for (int i = 0; i < 4; ++i) d[i] = 10 + i;
    });
  });
  sycl::event e;
  {
    sycl::accessor<int, 0, access_mode::read, target::host_buffer> first(b);
    sycl::accessor<int, 1, access_mode::read, target::host_buffer> all(b);
    sycl::accessor<int, 1, access_mode::read, target::host_buffer> window(b, sycl::range<1>(2), sycl::id<1>(2));
    EXPECT_FALSE(first.is_placeholder());
    EXPECT_FALSE(all.is_placeholder());
    EXPECT_FALSE(window.is_placeholder());
    EXPECT_EQ(static_cast<int>(first), 10);
    EXPECT_EQ(all[1], 11);
    EXPECT_EQ(window[1], 13);
    e = q.submit([&](sycl::handler& h) {
      sycl::accessor d(b, h);
      h.single_task([=] { d[0] = 99; });
    });
    EXPECT_EQ(static_cast<int>(first), 10);
  }
  e.wait();
  EXPECT_EQ(sycl::host_accessor(b)[0], 99);
}

TEST(Buffer, SetWriteBackFalseDisablesAndTrueRestoresWriteBack) {
  std::vector<int> host(20, 1), host2(20, 1);
  sycl::queue q;
  {
    sycl::buffer<int, 1> buf(host.data(), sycl::range<1>(20));
    buf.set_write_back(false);
    sycl::buffer<int, 1> buf2(host2.data(), sycl::range<1>(20));
    buf2.set_write_back(false);
    buf2.set_write_back(true);
    for (auto* b : {&buf, &buf2})
      q.submit([&](sycl::handler& h) {
        sycl::accessor a{*b, h};
        h.parallel_for(sycl::range<1>(20), [=](sycl::id<1> i) { a[i] = 2; });
      });
  }
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(host[i], 1);
    EXPECT_EQ(host2[i], 2);
  }
}

TEST(Buffer, SharedPtrConstructorWritesBackWhileTheHostHoldsIt) {
  std::shared_ptr<int> data(new int[16], std::default_delete<int[]>());
  for (int i = 0; i < 16; ++i) data.get()[i] = i;
  sycl::queue q;
  {
    sycl::buffer<int, 1> buf(data, sycl::range<1>(16));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h};
      h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { a[i] = a[i] * a[i]; });
    });
  }
  for (int i = 0; i < 16; ++i) EXPECT_EQ(data.get()[i], i * i);
}

TEST(Buffer, CopiesShareStorageAndWriteBackWhenTheLastGoes) {
  // The final data goes to `out`: `host` itself is the buffer's storage while the buffer lives.
  std::vector<int> host(8, 0), out(8, 0);
  sycl::queue q;
  std::unique_ptr<sycl::buffer<int, 1>> copy;
  {
    sycl::buffer<int, 1> buf(host.data(), sycl::range<1>(8));
    buf.set_final_data(out.data());
    copy = std::make_unique<sycl::buffer<int, 1>>(buf);
    EXPECT_TRUE(*copy == buf);
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h};
      h.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { a[i] = 4; });
    });
  }
  {
    sycl::host_accessor ha{*copy};
    EXPECT_EQ(ha[3], 4);
  }
  EXPECT_EQ(out[3], 0) << "written back while a copy of the buffer still lives";
  copy.reset();
  EXPECT_EQ(out[3], 4);
  EXPECT_EQ(host[3], 0);
}

// ---------------------------------------------------------------- sub-buffers

class SubBuffer : public ::testing::TestWithParam<std::pair<std::size_t, std::size_t>> {};

TEST_P(SubBuffer, OneDimensionalWindowUsedInAKernel) {
  auto [off, len] = GetParam();
  constexpr std::size_t n = 64;
  std::vector<int> host(n, 0);
  sycl::queue q;
  {
    sycl::buffer<int, 1> parent(host.data(), sycl::range<1>(n));
    sycl::buffer<int, 1> sub(parent, sycl::id<1>(off), sycl::range<1>(len));
    EXPECT_TRUE(sub.is_sub_buffer());
    EXPECT_FALSE(parent.is_sub_buffer());
    EXPECT_EQ(sub.get_range()[0], len);
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{sub, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(len), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]) + 1; });
    });
  }
  for (std::size_t i = 0; i < n; ++i) {
    const int expect = (i >= off && i < off + len) ? static_cast<int>(i - off) + 1 : 0;
    ASSERT_EQ(host[i], expect) << i;
  }
}
INSTANTIATE_TEST_SUITE_P(Windows, SubBuffer,
                         ::testing::Values(std::pair<std::size_t, std::size_t>{0, 64},
                                           std::pair<std::size_t, std::size_t>{0, 10},
                                           std::pair<std::size_t, std::size_t>{13, 20},
                                           std::pair<std::size_t, std::size_t>{63, 1}));

TEST(SubBuffer, TwoDimensionalWholeRowsUsedInKernels) {
  constexpr std::size_t rows = 10, cols = 6;
  std::vector<int> host(rows * cols, -1);
  sycl::queue q;
  {
    sycl::buffer<int, 2> parent(host.data(), sycl::range<2>(rows, cols));
    sycl::buffer<int, 2> top(parent, sycl::id<2>(0, 0), sycl::range<2>(4, cols));
    sycl::buffer<int, 2> bottom(parent, sycl::id<2>(4, 0), sycl::range<2>(6, cols));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{top, h, sycl::write_only};
      h.parallel_for(sycl::range<2>(4, cols), [=](sycl::id<2> i) { a[i] = static_cast<int>(i[0] * 100 + i[1]); });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{bottom, h, sycl::write_only};
      h.parallel_for(sycl::range<2>(6, cols),
                     [=](sycl::id<2> i) { a[i[0]][i[1]] = -static_cast<int>(i[0] * 100 + i[1]); });
    });
  }
  for (std::size_t r = 0; r < rows; ++r)
    for (std::size_t c = 0; c < cols; ++c) {
      const int expect = r < 4 ? static_cast<int>(r * 100 + c) : -static_cast<int>((r - 4) * 100 + c);
      ASSERT_EQ(host[r * cols + c], expect) << r << "," << c;
    }
}

TEST(SubBuffer, PartialRowsAndOutOfBoundsAreRejected) {
  sycl::buffer<int, 2> parent{sycl::range<2>(4, 4)};
  EXPECT_THROW((sycl::buffer<int, 2>(parent, sycl::id<2>(0, 1), sycl::range<2>(2, 3))), sycl::exception);
  try {
    sycl::buffer<int, 1> p1{sycl::range<1>(10)};
    sycl::buffer<int, 1> s(p1, sycl::id<1>(8), sycl::range<1>(3));
    FAIL();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
}

// buffer(parent, 0, n): 0 and n convert to id<1> and range<1>; no other constructor may compete
// (buffer::reinterpret's private one did, with an unsigned n).
TEST(SubBuffer, OffsetAndSizeGivenAsIntegers) {
  std::vector<int> host(12, 0);
  sycl::buffer<int, 1> parent{host.data(), sycl::range<1>(12)};
  const unsigned n = 8;
  sycl::buffer<int, 1> first(parent, 0, n);
  sycl::buffer<int, 1> second(parent, 4, n);
  EXPECT_EQ(first.size(), 8u);
  EXPECT_EQ(second.get_range()[0], 8u);
  sycl::queue q;
  q.submit([&](sycl::handler& h) {
    sycl::accessor a(second, h, sycl::write_only);
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]) + 1; });
  });
  sycl::host_accessor p(parent, sycl::read_only);
  EXPECT_EQ(p[3], 0);
  EXPECT_EQ(p[4], 1);
  EXPECT_EQ(p[11], 8);
}

TEST(SubBuffer, ParentKernelOrderedAfterSubBufferKernel) {
  constexpr std::size_t n = 32;
  sycl::queue q;
  sycl::buffer<int, 1> parent{sycl::range<1>(n)};
  sycl::buffer<int, 1> sub(parent, sycl::id<1>(8), sycl::range<1>(8));
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{parent, h, sycl::write_only};
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = 1; });
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{sub, h};
    h.single_task([=] {
      kernel_sleep_ms(10);
      for (std::size_t i = 0; i < 8; ++i) a[i] += 10;
    });
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{parent, h};
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] *= 2; });
  });
  sycl::host_accessor ha{parent};
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(ha[i], (i >= 8 && i < 16) ? 22 : 2) << i;
}

// ---------------------------------------------------------------- accessor modes

TEST(Accessor, ReadOnlyWriteOnlyReadWriteAndNoInit) {
  constexpr std::size_t n = 128;
  std::vector<int> a(n), b(n, 0), c(n, 3);
  std::iota(a.begin(), a.end(), 0);
  sycl::queue q;
  {
    sycl::buffer<int, 1> ba(a.data(), sycl::range<1>(n)), bb(b.data(), sycl::range<1>(n)),
        bc(c.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor ra{ba, h, sycl::read_only};
      sycl::accessor wb{bb, h, sycl::write_only, sycl::no_init};
      sycl::accessor rwc{bc, h, sycl::read_write};
      static_assert(std::is_same_v<decltype(ra)::value_type, const int>);
      static_assert(std::is_same_v<decltype(wb)::value_type, int>);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        wb[i] = ra[i] * 2;
        rwc[i] = rwc[i] + ra[i];
      });
    });
  }
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_EQ(a[i], static_cast<int>(i));
    EXPECT_EQ(b[i], 2 * static_cast<int>(i));
    EXPECT_EQ(c[i], 3 + static_cast<int>(i));
  }
}

// ---------------------------------------------------------------- ranged and offset accessors

TEST(Accessor, OneDimensionalOffsetAccessorIndexesRelativeToItsOffset) {
  constexpr std::size_t n = 40, off = 12, len = 9;
  std::vector<int> host(n, 0);
  sycl::queue q;
  {
    sycl::buffer<int, 1> buf(host.data(), sycl::range<1>(n));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, sycl::range<1>(len), sycl::id<1>(off)};
      EXPECT_EQ(a.get_range()[0], len);
      EXPECT_EQ(a.get_offset()[0], off);
      EXPECT_EQ(a.size(), len);
      h.parallel_for(sycl::range<1>(len), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]) + 1; });
    });
  }
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(host[i], (i >= off && i < off + len) ? int(i - off) + 1 : 0) << i;
}

TEST(Accessor, RangedAccessorWithoutOffsetStartsAtZero) {
  std::vector<int> host(10, 0);
  sycl::queue q;
  {
    sycl::buffer<int, 1> buf(host.data(), sycl::range<1>(10));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, sycl::range<1>(4), sycl::write_only};
      h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { a[i] = 8; });
    });
  }
  EXPECT_EQ(host, (std::vector<int>{8, 8, 8, 8, 0, 0, 0, 0, 0, 0}));
}

// (buffer, range) without an offset names one constructor of each: a placeholder accessor, and
// the host_accessor whose access tag follows the range.
TEST(Accessor, PlaceholderAndHostAccessorFromBufferAndRangeOnly) {
  std::vector<int> host(10, 0);
  sycl::queue q;
  {
    sycl::buffer<int, 1> buf(host.data(), sycl::range<1>(10));
    sycl::accessor<int, 1, sycl::access_mode::write> a(buf, sycl::range<1>(3));
    EXPECT_TRUE(a.is_placeholder());  // made without a handler, though P is the default false_t
    q.submit([&](sycl::handler& h) {
      h.require(a);
      sycl::accessor<int, 1, sycl::access_mode::read> bound(buf, h);
      EXPECT_FALSE(bound.is_placeholder());
      h.parallel_for(sycl::range<1>(3), [=](sycl::id<1> i) { a[i] = 5; });
    });
    sycl::host_accessor ha(buf, sycl::range<1>(4), sycl::read_only);
    EXPECT_EQ(ha.get_range(), sycl::range<1>(4));
    EXPECT_EQ(ha[2], 5);
    EXPECT_EQ(ha[3], 0);
  }
  EXPECT_EQ(host, (std::vector<int>{5, 5, 5, 0, 0, 0, 0, 0, 0, 0}));
}

// Expected: value of element (r, c) of the buffer after a kernel over the window wrote
// 1000 + local linear id into it through `a[id]`.
TEST(Accessor, TwoDimensionalOffsetAccessorWithIdSubscript) {
  constexpr std::size_t R = 8, C = 9;
  const sycl::range<2> win(3, 4);
  const sycl::id<2> off(2, 3);
  std::vector<int> host(R * C, 0);
  sycl::queue q;
  {
    sycl::buffer<int, 2> buf(host.data(), sycl::range<2>(R, C));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, win, off, sycl::write_only};
      h.parallel_for(win, [=](sycl::item<2> it) { a[it.get_id()] = 1000 + static_cast<int>(it.get_linear_id()); });
    });
  }
  for (std::size_t r = 0; r < R; ++r)
    for (std::size_t c = 0; c < C; ++c) {
      const bool in = r >= off[0] && r < off[0] + win[0] && c >= off[1] && c < off[1] + win[1];
      const int expect = in ? 1000 + static_cast<int>((r - off[0]) * win[1] + (c - off[1])) : 0;
      ASSERT_EQ(host[r * C + c], expect) << r << "," << c;
    }
}

// LIBRARY BUG (include/sycl/accessor.hpp, accessor::operator[](std::size_t) with
// tessera::memory::first_subscript/subscript): `a[i][j]` adds the accessor's offset only in the
// first dimension, so with a column offset it addresses (i + off0, j) instead of
// (i + off0, j + off1), unlike `a[id]`.
TEST(Accessor, TwoDimensionalOffsetAccessorChainedSubscriptHonoursColumnOffset) {
  constexpr std::size_t R = 8, C = 9;
  const sycl::range<2> win(3, 4);
  const sycl::id<2> off(2, 3);
  std::vector<int> host(R * C, 0);
  sycl::queue q;
  {
    sycl::buffer<int, 2> buf(host.data(), sycl::range<2>(R, C));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, win, off, sycl::write_only};
      h.parallel_for(win, [=](sycl::item<2> it) {
        a[it.get_id(0)][it.get_id(1)] = 1000 + static_cast<int>(it.get_linear_id());
      });
    });
  }
  for (std::size_t r = 0; r < R; ++r)
    for (std::size_t c = 0; c < C; ++c) {
      const bool in = r >= off[0] && r < off[0] + win[0] && c >= off[1] && c < off[1] + win[1];
      const int expect = in ? 1000 + static_cast<int>((r - off[0]) * win[1] + (c - off[1])) : 0;
      ASSERT_EQ(host[r * C + c], expect) << r << "," << c;
    }
}

TEST(Accessor, ThreeDimensionalOffsetAccessorWithIdSubscriptAndRowOffsetChain) {
  const sycl::range<3> whole(5, 4, 6);
  const sycl::range<3> win(2, 4, 6); // whole planes: a[i][j][k] needs no inner offset
  const sycl::id<3> off(2, 0, 0);
  std::vector<int> host(whole.size(), 0);
  sycl::queue q;
  {
    sycl::buffer<int, 3> buf(host.data(), whole);
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, win, off};
      h.parallel_for(win, [=](sycl::id<3> i) { a[i[0]][i[1]][i[2]] = static_cast<int>(1 + i[0] * 100 + i[1] * 10 + i[2]); });
    });
  }
  for (std::size_t x = 0; x < whole[0]; ++x)
    for (std::size_t y = 0; y < whole[1]; ++y)
      for (std::size_t z = 0; z < whole[2]; ++z) {
        const int expect = (x >= 2 && x < 4) ? static_cast<int>(1 + (x - 2) * 100 + y * 10 + z) : 0;
        ASSERT_EQ(host[(x * whole[1] + y) * whole[2] + z], expect);
      }
}

template <typename Dim>
class Subscripts : public ::testing::Test {};
TYPED_TEST_SUITE(Subscripts, Dims);

// `a[id]` and `a[i][j]...` name the same element, in row-major order.
TYPED_TEST(Subscripts, ChainedAndIdSubscriptsAgreeWithRowMajorLayout) {
  constexpr int D = TypeParam::value;
  const sycl::range<D> r = make_range<D>(3, 4, 5);
  std::vector<int> host(r.size(), 0);
  std::vector<int> via_chain(r.size(), 0);
  sycl::queue q;
  {
    sycl::buffer<int, D> buf(host.data(), r);
    sycl::buffer<int, D> chain(via_chain.data(), r);
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, sycl::write_only};
      sycl::accessor b{chain, h, sycl::write_only};
      h.parallel_for(r, [=](sycl::item<D> it) {
        const int v = static_cast<int>(it.get_linear_id()) * 3 + 1;
        a[it.get_id()] = v;
        if constexpr (D == 1) b[it.get_id(0)] = v;
        else if constexpr (D == 2) b[it.get_id(0)][it.get_id(1)] = v;
        else b[it.get_id(0)][it.get_id(1)][it.get_id(2)] = v;
      });
    });
  }
  for (std::size_t i = 0; i < r.size(); ++i) {
    ASSERT_EQ(host[i], static_cast<int>(i) * 3 + 1);
    ASSERT_EQ(via_chain[i], static_cast<int>(i) * 3 + 1);
  }
}

TEST(Accessor, RangeBeyondTheBufferThrowsInvalid) {
  sycl::queue q;
  sycl::buffer<int, 1> buf{sycl::range<1>(10)};
  try {
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h, sycl::range<1>(5), sycl::id<1>(6)};
      h.single_task([=] { a[0] = 1; });
    });
    FAIL() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid) << e.what();
  }
  sycl::buffer<int, 2> b2{sycl::range<2>(4, 4)};
  EXPECT_THROW(q.submit([&](sycl::handler& h) {
    sycl::accessor a{b2, h, sycl::range<2>(4, 5)};
    h.single_task([=] { a[0][0] = 1; });
  }),
               sycl::exception);
  EXPECT_THROW((sycl::host_accessor<int, 1>{buf, sycl::range<1>(11)}), sycl::exception);
  // the buffer is still usable
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{buf, h};
    h.parallel_for(sycl::range<1>(10), [=](sycl::id<1> i) { a[i] = 5; });
  });
  sycl::host_accessor ha{buf};
  EXPECT_EQ(ha[9], 5);
}

// ---------------------------------------------------------------- host accessors and ordering

TEST(HostAccessor, WaitsForTheKernelThatWritesTheBuffer) {
  sycl::queue q;
  sycl::buffer<int, 1> buf{sycl::range<1>(256)};
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{buf, h, sycl::write_only};
    h.single_task([=] {
      kernel_sleep_ms(30);
      for (int i = 0; i < 256; ++i) a[i] = i * 2;
    });
  });
  sycl::host_accessor ha{buf, sycl::read_only};
  for (int i = 0; i < 256; ++i) ASSERT_EQ(ha[i], i * 2);
}

// LIBRARY BUG (include/sycl/accessor.hpp:239): host_accessor::acquire does
// `release_ = std::make_shared<release>(release{ev})`; the temporary `release{ev}` is destroyed at
// the end of the statement and its destructor marks the host access complete at once, so a
// command submitted while the host_accessor lives runs concurrently with the host's accesses.
TEST(HostAccessor, LaterKernelWaitsForTheHostAccessorToGo) {
  sycl::queue q;
  sycl::buffer<int, 1> buf{sycl::range<1>(4)};
  sycl::event e;
  {
    sycl::host_accessor ha{buf};
    for (int i = 0; i < 4; ++i) ha[i] = 1;
    e = q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h};
      h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { a[i] += 1; });
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_NE(e.get_info<sycl::info::event::command_execution_status>(), sycl::info::event_command_status::complete);
    for (int i = 0; i < 4; ++i) ha[i] = 10;
  }
  e.wait();
  sycl::host_accessor ha{buf};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(ha[i], 11);
}

TEST(HostAccessor, TwoDimensionalOffsetHostAccessor) {
  std::vector<int> host(6 * 5);
  std::iota(host.begin(), host.end(), 0);
  sycl::buffer<int, 2> buf(host.data(), sycl::range<2>(6, 5));
  sycl::host_accessor ha{buf, sycl::range<2>(2, 5), sycl::id<2>(3, 0)};
  EXPECT_EQ((ha[sycl::id<2>(0, 0)]), 15);
  EXPECT_EQ((ha[sycl::id<2>(1, 4)]), 24);
  EXPECT_EQ(ha[1][2], 22);
  EXPECT_EQ(ha.get_offset(), (sycl::id<2>(3, 0)));
  EXPECT_EQ(ha.get_range(), (sycl::range<2>(2, 5)));
}

// A writer, two independent readers, then a writer that overwrites what the readers read.
TEST(Dag, WriterThenTwoReadersThenWriter) {
  constexpr std::size_t n = 1000;
  sycl::queue q;
  sycl::buffer<int, 1> data{sycl::range<1>(n)};
  sycl::buffer<long, 1> sum1{sycl::range<1>(1)}, sum2{sycl::range<1>(1)};
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{data, h, sycl::write_only, sycl::no_init};
    h.single_task([=] {
      kernel_sleep_ms(20);
      for (std::size_t i = 0; i < n; ++i) a[i] = static_cast<int>(i);
    });
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{data, h, sycl::read_only};
    sycl::accessor s{sum1, h, sycl::write_only, sycl::no_init};
    h.single_task([=] {
      kernel_sleep_ms(10);
      long t = 0;
      for (std::size_t i = 0; i < n; ++i) t += a[i];
      s[0] = t;
    });
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{data, h, sycl::read_only};
    sycl::accessor s{sum2, h, sycl::write_only, sycl::no_init};
    h.single_task([=] {
      kernel_sleep_ms(10);
      long t = 0;
      for (std::size_t i = 0; i < n; ++i) t += static_cast<long>(a[i]) * a[i];
      s[0] = t;
    });
  });
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{data, h, sycl::write_only};
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = -1; });
  });
  long expect1 = 0, expect2 = 0;
  for (long i = 0; i < static_cast<long>(n); ++i) expect1 += i, expect2 += i * i;
  sycl::host_accessor h1{sum1}, h2{sum2};
  EXPECT_EQ(h1[0], expect1);
  EXPECT_EQ(h2[0], expect2);
  sycl::host_accessor hd{data};
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(hd[i], -1);
}

#if !defined(__CUDA__) // kernels that use std::atomic
TEST(Dag, ReadersOfDifferentBuffersRunConcurrently) {
  // Two kernels that each wait for the other would deadlock if they were serialised; they touch
  // different buffers (read only), so they must be allowed to overlap.
  sycl::queue q;
  sycl::buffer<int, 1> b1{sycl::range<1>(1)}, b2{sycl::range<1>(1)};
  auto* flags = sycl::malloc_shared<std::atomic<int>>(2, q);
  new (&flags[0]) std::atomic<int>(0);
  new (&flags[1]) std::atomic<int>(0);
  for (int k = 0; k < 2; ++k)
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{k == 0 ? b1 : b2, h, sycl::read_only};
      h.single_task([=] {
        (void)a;
        flags[k].store(1);
        auto t0 = std::chrono::steady_clock::now();
        while (flags[1 - k].load() == 0 && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(2))
          std::this_thread::yield();
      });
    });
  auto t0 = std::chrono::steady_clock::now();
  q.wait();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(1500));
  sycl::free(flags, q);
}

TEST(Buffer, DestructionWaitsForItsKernels) {
  std::vector<int> host(100, 0);
  sycl::queue q;
  std::atomic<bool> finished{false};
  std::atomic<bool>* f = &finished;
  {
    sycl::buffer<int, 1> buf(host.data(), sycl::range<1>(100));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{buf, h};
      h.single_task([=] {
        kernel_sleep_ms(30);
        for (int i = 0; i < 100; ++i) a[i] = i + 1;
        f->store(true);
      });
    });
  }
  EXPECT_TRUE(finished.load());
  for (int i = 0; i < 100; ++i) ASSERT_EQ(host[i], i + 1);
}
#endif

TEST(Buffer, GetAccessAndGetHostAccess) {
  sycl::queue q;
  sycl::buffer<int, 1> buf{sycl::range<1>(16)};
  q.submit([&](sycl::handler& h) {
    auto a = buf.get_access<sycl::access_mode::write>(h);
    h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]) * 5; });
  });
  auto ha = buf.get_host_access();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(ha[i], i * 5);
}

// Deprecated: get_access<mode>() without a handler is a host accessor, of a window too.
TEST(Buffer, DeprecatedHostGetAccessOfAWindow) {
  std::vector<int> v{1, 2, 3, 4, 5};
  sycl::buffer buf(v);
  auto a = buf.get_access<sycl::access_mode::read>(sycl::range<1>(2), sycl::id<1>(3));
  EXPECT_EQ(a.get_range(), sycl::range<1>(2));
  EXPECT_EQ(a[0], 4);
  EXPECT_EQ(a[1], 5);
}

// SYCL 2020's get_access and get_host_access take what the accessors' constructors take.
TEST(Buffer, GetAccessForwardsTagsRangesAndProperties) {
  sycl::queue q;
  sycl::buffer<int, 1> buf{sycl::range<1>(16)};
  q.submit([&](sycl::handler& h) {
    auto a = buf.get_access(h, sycl::write_only, sycl::no_init);
    static_assert(std::is_same_v<decltype(a), sycl::accessor<int, 1, sycl::access_mode::write>>);
    h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { a[i] = static_cast<int>(i[0]) + 1; });
  });
  auto ha = buf.get_host_access(sycl::range<1>(4), sycl::id<1>(2), sycl::read_only);
  static_assert(std::is_same_v<decltype(ha), sycl::host_accessor<int, 1, sycl::access_mode::read>>);
  EXPECT_EQ(ha[0], 3);
  EXPECT_EQ(ha[3], 6);
}

// An allocator with state, to tell the one a buffer keeps from a default-constructed one.
template <typename T>
struct tagged_allocator : std::allocator<T> {
  int tag = 0;
  tagged_allocator() = default;
  explicit tagged_allocator(int t) : tag(t) {}
  template <typename U> struct rebind { using other = tagged_allocator<U>; };
};

TEST(Buffer, AllocatorIsDeducedAndKept) {
  std::vector<int> v(4, 1);
  sycl::buffer from_iterators(v.begin(), v.end(), tagged_allocator<int>(3));
  static_assert(std::is_same_v<decltype(from_iterators), sycl::buffer<int, 1, tagged_allocator<int>>>);
  EXPECT_EQ(from_iterators.get_allocator().tag, 3);
  sycl::buffer from_container(v, tagged_allocator<int>(4), sycl::property_list{});
  static_assert(std::is_same_v<decltype(from_container), sycl::buffer<int, 1, tagged_allocator<int>>>);
  EXPECT_EQ(from_container.get_allocator().tag, 4);
  sycl::buffer from_pointer(v.data(), sycl::range<2>(2, 2), tagged_allocator<int>(5));
  static_assert(std::is_same_v<decltype(from_pointer), sycl::buffer<int, 2, tagged_allocator<int>>>);
  EXPECT_EQ(from_pointer.get_allocator().tag, 5);
  sycl::buffer<int, 1, tagged_allocator<int>> sub(from_container, sycl::id<1>(1), sycl::range<1>(2));
  EXPECT_EQ(sub.get_allocator().tag, 4);
  auto shared = std::make_shared<int>(0);
  sycl::buffer<int, 1, tagged_allocator<int>> from_shared(shared, sycl::range<1>(1), tagged_allocator<int>(6));
  EXPECT_EQ(from_shared.get_allocator().tag, 6);
}

TEST(Buffer, ReinterpretSharesTheStorageAsOtherElementsAndShapes) {
  std::vector<std::uint32_t> words(4, 0);
  sycl::queue q;
  {
    sycl::buffer<std::uint32_t, 1> b(words.data(), sycl::range<1>(4));
    auto bytes = b.reinterpret<std::uint8_t>();
    static_assert(std::is_same_v<decltype(bytes), sycl::buffer<std::uint8_t, 1>>);
    EXPECT_EQ(bytes.get_range(), sycl::range<1>(16));
    auto grid = b.reinterpret<std::uint16_t, 2>(sycl::range<2>(2, 4));
    EXPECT_EQ(grid.byte_size(), b.byte_size());
    q.submit([&](sycl::handler& h) {
      sycl::accessor a(bytes, h, sycl::write_only);
      h.single_task([=] { a[4] = 0x7f; });
    });
    sycl::host_accessor g(grid, sycl::read_only);
    EXPECT_EQ(g[0][2] & 0xff, 0x7f);  // bytes 4-5, little-endian
    EXPECT_THROW((b.reinterpret<std::uint8_t, 1>(sycl::range<1>(15))), sycl::exception);
  }
  EXPECT_EQ(words[1] & 0xff, 0x7fu);
}

TEST(Buffer, SetFinalDataToArrayWeakPtrAndSharedPtr) {
  std::shared_ptr<int[]> weak_target(new int[3]());
  auto shared_target = std::make_shared<int>(0);
  {
    sycl::buffer<int, 1> a{sycl::range<1>(3)};
    sycl::buffer<int, 1> b{sycl::range<1>(1)};
    a.set_final_data(std::weak_ptr<int[]>(weak_target));
    b.set_final_data(shared_target);
    sycl::host_accessor ha(a), hb(b);
    for (int i = 0; i < 3; ++i) ha[i] = 10 + i;
    hb[0] = 42;
  }
  EXPECT_EQ(weak_target[2], 12);
  EXPECT_EQ(*shared_target, 42);
}

} // namespace

// DPC++ keeps writable host memory as the buffer's host storage, and the book's fig 11-4 relies on
// it: the kernel's results are in the array while a host_accessor is open.
TEST(Buffer, WritableHostMemoryIsTheStorageWhileAHostAccessorIsOpen) {
  std::array<float, 64> data;
  data.fill(8.0f);
  sycl::buffer buf(data);
  sycl::queue q;
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{buf, h};
    h.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { a[i] *= 2.0f; });
  });
  sycl::host_accessor ha(buf);
  EXPECT_EQ(&ha[0], data.data());
  for (float x : data) EXPECT_EQ(x, 16.0f);
}

TEST(Buffer, ReadOnlyHostMemoryIsCopiedNotAdopted) {
  const std::vector<int> host(16, 3);
  sycl::buffer<int, 1> buf(host.data(), sycl::range<1>(16));
  sycl::host_accessor ha(buf);
  EXPECT_NE(&ha[0], host.data());
  EXPECT_EQ(ha[15], 3);
}

namespace {
// The book's fig 6-9 helper: the accessor arrives by value, so the kernel copies it on the device.
template <typename Access>
void write_index_plus(Access a, sycl::id<1> i, int k) {
  a[i] = static_cast<int>(i[0]) + k;
}
} // namespace

TEST(Buffer, KernelsCopyTheirAccessors) {
  sycl::queue q;
  sycl::buffer<int, 1> buf{sycl::range<1>(42)};
  q.submit([&](sycl::handler& h) {
    sycl::accessor a(buf, h);
    h.parallel_for(sycl::range<1>(42), [=](sycl::id<1> i) { write_index_plus(a, i, 1); });
  });
  sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::device, sycl::access::placeholder::true_t> p(buf);
  q.submit([&](sycl::handler& h) {
    h.require(p);
    h.parallel_for(sycl::range<1>(42), [=](sycl::id<1> i) {
      auto copy = p;
      copy[i] += 100;
    });
  });
  sycl::host_accessor ha(buf);
  for (int i = 0; i < 42; ++i) EXPECT_EQ(ha[i], i + 101) << "at " << i;
}

// The host_task tags (SYCL 2020 §4.7.6.9) make accessors whose target is host_task.
TEST(Buffer, HostTaskTagsMakeHostTaskAccessors) {
  sycl::queue q;
  std::vector<int> data(8, 1);
  {
    sycl::buffer<int> buf(data.data(), sycl::range<1>(8));
    q.submit([&](sycl::handler& h) {
      sycl::accessor in(buf, h, sycl::range<1>(4), sycl::read_write_host_task);
      static_assert(std::is_same_v<decltype(in), sycl::accessor<int, 1, sycl::access_mode::read_write, sycl::target::host_task>>);
      h.host_task([=] {
        for (int i = 0; i < 4; ++i) in[i] += i;
      });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor out(buf, h, sycl::read_only_host_task);
      static_assert(std::is_same_v<decltype(out), sycl::accessor<int, 1, sycl::access_mode::read, sycl::target::host_task>>);
      h.host_task([=] { EXPECT_EQ(out[3], 4); });
    });
    sycl::accessor placeholder(buf, sycl::write_only_host_task);
    static_assert(std::is_same_v<decltype(placeholder), sycl::accessor<int, 1, sycl::access_mode::write, sycl::target::host_task,
                                                                      sycl::access::placeholder::true_t>>);
  }
  EXPECT_EQ(data[3], 4);
  EXPECT_EQ(data[4], 1);
}
