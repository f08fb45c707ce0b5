// tessera-test-cuda: host-only
// Check mode (TESSERA_CHECK) in the kernel forms besides nd_range's local accessors: root-group
// kernels (use_root_sync), whose work-groups share a worker and switch at the root barrier. Each
// mistake seeded on purpose, and the same kernel without it, which must pass unreported. Compiled
// with -g (CMakeLists) so that reports name this file's lines.
#define TESSERA_CHECK 1
#include <gtest/gtest.h>
#include <sycl/sycl.hpp>
#include <sycl/ext/oneapi/experimental/root_group.hpp>

#include <regex>
#include <string>

namespace {

namespace syclex = sycl::ext::oneapi::experimental;

// Runs `submit` on a CPU queue and returns the message of the error it raised ("" if none).
template <typename Submit>
std::string error_of(Submit submit) {
  std::string message;
  sycl::queue q(sycl::cpu_selector_v, [&](sycl::exception_list errors) {
    for (auto& e : errors) try {
        std::rethrow_exception(e);
      } catch (const sycl::exception& x) {
        if (message.empty()) message = x.what();
        EXPECT_EQ(x.code(), sycl::errc::kernel);
      }
  });
  submit(q);
  q.wait_and_throw();
  return message;
}

bool mentions_line(const std::string& msg, int line) {
  return msg.find("kernel_forms_check_test.cpp:" + std::to_string(line)) != std::string::npos;
}

constexpr std::size_t n = 256, wg = 64;

// --- root-group kernels ---

// Every item writes its element of the tile and, after the root barrier or without it, reads its
// neighbour's; a second root barrier follows, so that the groups on one worker switch while their
// tiles hold what the next stretch reads. `last` items write (wg: all; wg - 1: not the last).
std::string root_exchange(bool with_barrier, std::size_t last, int* out, int& write_line, int& read_line) {
  write_line = __LINE__ + 8;
  read_line = __LINE__ + 9;
  return error_of([&](sycl::queue& q) {
    q.submit([&](sycl::handler& h) {
      sycl::local_accessor<int> tile(sycl::range<1>(wg), h);
      h.parallel_for<class RootExchange>(sycl::nd_range<1>(n, wg), syclex::properties{syclex::use_root_sync},
                                         [=](sycl::nd_item<1> it) {
                                           const std::size_t l = it.get_local_id(0);
                                           if (l < last) tile[l] = static_cast<int>(it.get_global_id(0));
                                           if (with_barrier) sycl::group_barrier(it.ext_oneapi_get_root_group());
                                           const int x = tile[(l + 1) % wg];
                                           sycl::group_barrier(it.ext_oneapi_get_root_group());
                                           out[it.get_global_id(0)] = x + tile[l];
                                         });
    });
  });
}

TEST(RootGroupCheck, CorrectKernelIsUnreported) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  int w = 0, r = 0;
  EXPECT_EQ(root_exchange(true, wg, out, w, r), "");
  for (std::size_t i = 0; i < n; ++i)
    EXPECT_EQ(out[i], static_cast<int>(i / wg * wg + (i % wg + 1) % wg + i)) << i;
  sycl::free(out, q);
}

TEST(RootGroupCheck, MissingRootBarrierIsARace) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  int write_line = 0, read_line = 0;
  const std::string msg = root_exchange(false, wg, out, write_line, read_line);
  EXPECT_NE(msg.find("race on local memory"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, write_line)) << msg;
  EXPECT_TRUE(mentions_line(msg, read_line)) << msg;
  EXPECT_NE(msg.find("RootExchange"), std::string::npos) << msg;
  EXPECT_TRUE(std::regex_search(msg, std::regex(R"(work-item \(\d+\) of work-group \((\d)\) .*work-item \(\d+\) of work-group \(\1\))")))
      << msg;
  sycl::free(out, q);
}

TEST(RootGroupCheck, ReadAcrossTheRootBarrierOfWhatNoItemWrote) {
  sycl::queue q(sycl::cpu_selector_v);
  int* out = sycl::malloc_shared<int>(n, q);
  int write_line = 0, read_line = 0;
  const std::string msg = root_exchange(true, wg - 1, out, write_line, read_line);
  EXPECT_NE(msg.find("that no work-item of the group wrote: work-item (62)"), std::string::npos) << msg;
  EXPECT_TRUE(mentions_line(msg, read_line)) << msg;
  EXPECT_NE(msg.find("RootExchange"), std::string::npos) << msg;
  sycl::free(out, q);
}

} // namespace
