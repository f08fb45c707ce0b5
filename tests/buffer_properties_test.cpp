// Buffer properties (use_mutex, use_host_ptr, context_bound), buffers of const elements, and the
// accessor and host_accessor forms of SYCL 2020 §4.7.6.9-10: tags, ranges and offsets, deduction.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace {

TEST(BufferProperties, PropertiesAreKeptWithTheirValues) {
  sycl::queue q;
  std::mutex m;
  int host[4] = {};
  sycl::buffer<int> b{host, sycl::range<1>(4), {sycl::property::buffer::use_mutex{m},
                                                 sycl::property::buffer::context_bound{q.get_context()}}};
  EXPECT_TRUE(b.has_property<sycl::property::buffer::use_mutex>());
  EXPECT_TRUE(b.has_property<sycl::property::buffer::context_bound>());
  EXPECT_FALSE(b.has_property<sycl::property::buffer::use_host_ptr>());
  EXPECT_EQ(b.get_property<sycl::property::buffer::use_mutex>().get_mutex_ptr(), &m);
  EXPECT_EQ(b.get_property<sycl::property::buffer::context_bound>().get_context(), q.get_context());
  try {
    (void)b.get_property<sycl::property::buffer::use_host_ptr>();
    FAIL() << "expected errc::invalid";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
  }
  sycl::buffer<int> sub(b, sycl::id<1>(1), sycl::range<1>(2));
  EXPECT_TRUE(sub.has_property<sycl::property::buffer::use_mutex>());
}

TEST(BufferProperties, UseHostPtrWritesBack) {
  sycl::queue q;
  std::vector<int> host(16, 1);
  {
    sycl::buffer<int> b{host.data(), sycl::range<1>(16), {sycl::property::buffer::use_host_ptr{}}};
    EXPECT_TRUE(b.has_property<sycl::property::buffer::use_host_ptr>());
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{b, h};
      h.parallel_for(sycl::range<1>(16), [=](sycl::id<1> i) { a[i] += static_cast<int>(i[0]); });
    });
  }
  for (int i = 0; i < 16; ++i) EXPECT_EQ(host[i], 1 + i);
}

TEST(BufferProperties, UseMutexIsHeldWhileTheHostMemoryIsWritten) {
  sycl::queue q;
  std::mutex m;
  int host[4] = {};
  auto* b = new sycl::buffer<int>{host, sycl::range<1>(4), {sycl::property::buffer::use_mutex{m}}};
  q.submit([&](sycl::handler& h) {
     sycl::accessor a{*b, h, sycl::write_only, sycl::no_init};
     h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { a[i] = 7; });
   }).wait();
  std::atomic<bool> gone{false};
  std::thread destroyer;
  {
    std::lock_guard<std::mutex> hold(m);
    destroyer = std::thread([&] {
      delete b;
      gone = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    EXPECT_FALSE(gone.load());
    EXPECT_EQ(host[0], 0);
  }
  destroyer.join();
  EXPECT_TRUE(gone.load());
  EXPECT_EQ(host[3], 7);
}

// use_mutex: what the host memory's owner writes under the mutex before the runtime first needs
// the data is what the buffer holds, and what it writes back (§4.7.2.2).
TEST(BufferProperties, UseMutexReadsTheHostMemoryWhenFirstNeeded) {
  std::mutex m;
  auto host = std::shared_ptr<int[]>(new int[4]{0, 0, 0, 0});
  int final_data[4] = {};
  {
    sycl::buffer<int> b{host, sycl::range<1>(4), {sycl::property::buffer::use_mutex{m}}};
    {
      std::lock_guard<std::mutex> hold(m);
      std::fill(host.get(), host.get() + 4, 5);
    }
    b.set_final_data(final_data);
  }
  for (int v : final_data) EXPECT_EQ(v, 5);

  int raw[2] = {1, 1};
  {
    sycl::buffer<int> b{raw, sycl::range<1>(2), {sycl::property::buffer::use_mutex{m}}};
    {
      std::lock_guard<std::mutex> hold(m);
      raw[1] = 2;
    }
    sycl::queue q;
    q.submit([&](sycl::handler& h) {
       sycl::accessor a{b, h};
       h.single_task([=] { a[0] += a[1]; });
     }).wait();
  }
  EXPECT_EQ(raw[0], 3);
}

// handler::update_host (§4.9.4.3): while the buffer lives, the accessor's window of it reaches the
// host memory the buffer was made from, which is not the buffer's storage here (a shared_ptr's, and
// use_mutex's), so that the host sees the kernel's results without the buffer going.
TEST(BufferProperties, UpdateHostWritesTheWindowToTheHostMemoryItWasMadeFrom) {
  sycl::queue q;
  std::mutex m;
  std::shared_ptr<int> host(new int[4 * 6], std::default_delete<int[]>());
  std::fill(host.get(), host.get() + 24, -1);
  sycl::buffer<int, 2> b{host, sycl::range<2>(4, 6), {sycl::property::buffer::use_mutex{m}}};
  q.submit([&](sycl::handler& h) {
    sycl::accessor a{b, h, sycl::write_only, sycl::no_init};
    h.parallel_for(sycl::range<2>(4, 6), [=](sycl::id<2> i) { a[i] = static_cast<int>(i[0] * 10 + i[1]); });
  });
  q.submit([&](sycl::handler& h) {
     auto a = b.get_access<sycl::access_mode::read>(h, sycl::range<2>(2, 3), sycl::id<2>(1, 2));
     h.update_host(a);
   }).wait();
  std::lock_guard<std::mutex> hold(m);
  for (int r = 1; r < 3; ++r)
    for (int c = 2; c < 5; ++c) EXPECT_EQ(host.get()[r * 6 + c], r * 10 + c) << r << "," << c;
}

TEST(BufferProperties, UpdateHostOfARawAndAnArrayPointer) {
  sycl::queue q;
  std::mutex m;
  int raw[4] = {0, 0, 0, 0};
  sycl::buffer<int> b{raw, sycl::range<1>(4), {sycl::property::buffer::use_mutex{m}}};
  auto array = std::shared_ptr<int[]>(new int[4]{0, 0, 0, 0});
  sycl::buffer<int> c{array, sycl::range<1>(4)};
  q.submit([&](sycl::handler& h) {
    sycl::accessor x{b, h};
    sycl::accessor y{c, h};
    h.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { x[i] = y[i] = static_cast<int>(i[0]) + 1; });
  });
  q.update_host(sycl::accessor{b, sycl::read_only});
  q.update_host(sycl::accessor{c, sycl::read_only});
  q.wait();
  std::lock_guard<std::mutex> hold(m);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(raw[i], i + 1);
    EXPECT_EQ(array[i], i + 1);
  }
}

TEST(ConstBuffers, ReadThroughDeducedAndExplicitAccessors) {
  sycl::queue q;
  const std::vector<int> in{1, 2, 3, 4, 5, 6, 7, 8};
  std::vector<int> out(8, 0);
  {
    sycl::buffer in_buf(in);
    static_assert(std::is_same_v<decltype(in_buf), sycl::buffer<const int, 1>>);
    sycl::buffer<int> out_buf(out.data(), sycl::range<1>(8));
    q.submit([&](sycl::handler& h) {
      sycl::accessor a{in_buf, h};
      static_assert(std::is_same_v<decltype(a), sycl::accessor<const int, 1, sycl::access_mode::read>>);
      auto r = in_buf.get_access<sycl::access_mode::read>(h);
      sycl::accessor<const int, 1> c(in_buf, h, sycl::range<1>(4), sycl::id<1>(4));
      sycl::accessor o{out_buf, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(8), [=](sycl::id<1> i) { o[i] = a[i] + r[i] + (i[0] < 4 ? c[i] : 0); });
    });
    sycl::host_accessor h{in_buf};
    static_assert(std::is_same_v<decltype(h), sycl::host_accessor<const int, 1, sycl::access_mode::read>>);
    EXPECT_EQ(h[7], 8);
  }
  for (int i = 0; i < 8; ++i) EXPECT_EQ(out[i], 2 * (i + 1) + (i < 4 ? i + 5 : 0)) << i;
}

TEST(AccessorForms, TagsRangesOffsetsAndPlaceholders) {
  sycl::queue q;
  std::vector<int> data(8, 1);
  {
    sycl::buffer<int> b(data.data(), sycl::range<1>(8));
    sycl::accessor whole{b, sycl::read_write};
    static_assert(std::is_same_v<decltype(whole), sycl::accessor<int, 1, sycl::access_mode::read_write,
                                                                  sycl::target::device, sycl::access::placeholder::true_t>>);
    sycl::accessor window{b, sycl::range<1>(2), sycl::id<1>(6), sycl::write_only};
    EXPECT_TRUE(window.is_placeholder());
    EXPECT_EQ(window.get_offset(), sycl::id<1>(6));
    q.submit([&](sycl::handler& h) {
      h.require(window);
      h.parallel_for(sycl::range<1>(2), [=](sycl::id<1> i) { window[i] = 9; });
    });
    q.submit([&](sycl::handler& h) {
      sycl::accessor mid{b, h, sycl::range<1>(2), sycl::id<1>(2), sycl::write_only, sycl::no_init};
      static_assert(std::is_same_v<decltype(mid), sycl::accessor<int, 1, sycl::access_mode::write>>);
      EXPECT_TRUE(mid.has_property<sycl::property::no_init>());
      sycl::accessor ro{b, h, sycl::read_only};
      EXPECT_FALSE(ro.has_property<sycl::property::no_init>());
      h.parallel_for(sycl::range<1>(2), [=](sycl::id<1> i) { mid[i] = 5; });
    });
    sycl::host_accessor ranged{b, sycl::range<1>(4), sycl::id<1>(4), sycl::read_only};
    static_assert(std::is_same_v<decltype(ranged), sycl::host_accessor<int, 1, sycl::access_mode::read>>);
    EXPECT_EQ(ranged[0], 1);
    EXPECT_EQ(ranged[3], 9);
    EXPECT_EQ(*ranged.rbegin(), 9);
    EXPECT_EQ(ranged.cend() - ranged.cbegin(), 4);
  }
  EXPECT_EQ(data, (std::vector<int>{1, 1, 5, 5, 1, 1, 9, 9}));
}

TEST(AccessorForms, ReadWriteConvertsToReadOnlyOfConst) {
  sycl::buffer<int> b{sycl::range<1>(4)};
  {
    sycl::host_accessor w{b, sycl::write_only};
    for (int i = 0; i < 4; ++i) w[i] = i * i;
  }
  sycl::queue q;
  int* sum = sycl::malloc_shared<int>(1, q);
  *sum = 0;
  q.submit([&](sycl::handler& h) {
     sycl::accessor<int, 1> rw{b, h};
     sycl::accessor<const int, 1, sycl::access_mode::read> ro = rw;
     using read_only_t = sycl::accessor<const int, 1, sycl::access_mode::read>;
     EXPECT_EQ(ro, read_only_t(rw));
     h.single_task([=] {
       for (int i = 0; i < 4; ++i) *sum += ro[i];
     });
   }).wait();
  EXPECT_EQ(*sum, 0 + 1 + 4 + 9);
  sycl::free(sum, q);
}

} // namespace
