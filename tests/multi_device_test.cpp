// Several devices in one process (issue 29): a context over two devices, USM copies between their
// allocations, peer access (sycl_ext_oneapi_peer_access), a buffer used by queues on both in turn,
// and events of one device's queue as dependencies on the other's. The two devices are the first
// two GPUs where there are two, else two sub-devices of the CPU; and the CPU's pool follows the
// process's affinity mask, as mpirun sets it for each rank.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <sched.h>

#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

namespace {

namespace info = sycl::info;
using partition = sycl::info::partition_property;

template <typename F>
void expect_errc(sycl::errc code, F&& f) {
  try {
    f();
    ADD_FAILURE() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::make_error_code(code)) << e.what();
  }
}

sycl::device cpu() { return sycl::device(sycl::cpu_selector_v); }

// The two devices the tests span; empty where there are neither two GPUs nor two CPU cores.
std::vector<sycl::device> two_devices() {
  auto gpus = sycl::device::get_devices(info::device_type::gpu);
  if (gpus.size() >= 2) return {gpus[0], gpus[1]};
  if (cpu().get_info<info::device::max_compute_units>() < 2) return {};
  return cpu().create_sub_devices<partition::partition_by_counts>(std::vector<std::size_t>{1, 1});
}

#define TWO_DEVICES(VAR)                                                                                         \
  const std::vector<sycl::device> VAR = two_devices();                                                           \
  if (VAR.size() < 2) GTEST_SKIP() << "neither two GPUs nor two CPU cores";                                     \
  std::printf("on %s and %s\n", VAR[0].get_info<info::device::name>().c_str(),                                   \
              VAR[1].get_info<info::device::name>().c_str())

// A kernel that runs long enough (a single work-item over n values) for a command that does
// not wait for it to overtake it.
void slow_iota(sycl::queue& q, int* p, std::size_t n, int base, std::vector<sycl::event> deps, sycl::event* out) {
  *out = q.submit([&](sycl::handler& h) {
    h.depends_on(deps);
    h.single_task([=] {
      for (std::size_t i = 0; i < n; ++i) p[i] = base + static_cast<int>(i);
    });
  });
}

TEST(SubDevices, CpuPartitionsEquallyAndByCounts) {
  const sycl::device parent = cpu();
  const auto units = parent.get_info<info::device::max_compute_units>();
  if (units < 2) GTEST_SKIP() << "one compute unit";
  const auto equal = parent.create_sub_devices<partition::partition_equally>(1);
  ASSERT_EQ(equal.size(), units);
  for (const auto& d : equal) {
    EXPECT_TRUE(d.is_cpu());
    EXPECT_NE(d, parent);
    EXPECT_EQ(d.get_info<info::device::max_compute_units>(), 1u);
    EXPECT_EQ(d.get_info<info::device::parent_device>(), parent);
    EXPECT_EQ(d.get_info<info::device::partition_type_property>(), partition::partition_equally);
    EXPECT_EQ(d.get_platform(), parent.get_platform());
  }
  EXPECT_EQ(parent.create_sub_devices<partition::partition_equally>(1), equal); // the same devices again
  const auto counted = parent.create_sub_devices<partition::partition_by_counts>(std::vector<std::size_t>{1, 0, 1});
  ASSERT_EQ(counted.size(), 2u); // a zero count makes no device
  EXPECT_EQ(counted[0].get_info<info::device::partition_type_property>(), partition::partition_by_counts);
  // Sub-devices are not root devices.
  for (const auto& d : sycl::device::get_devices()) EXPECT_EQ(d.get_info<info::device::partition_type_property>(),
                                                              partition::no_partition);
  // A kernel runs on each.
  for (const auto& d : counted) {
    sycl::queue q(d);
    int* v = sycl::malloc_shared<int>(1, q);
    q.single_task([=] { *v = 42; }).wait();
    EXPECT_EQ(*v, 42);
    EXPECT_EQ(sycl::get_pointer_device(v, q.get_context()), d);
    sycl::free(v, q);
  }
}

TEST(SubDevices, BadPartitionsAreInvalid) {
  const sycl::device parent = cpu();
  const std::size_t units = parent.get_info<info::device::max_compute_units>();
  expect_errc(sycl::errc::invalid, [&] { (void)parent.create_sub_devices<partition::partition_equally>(0); });
  expect_errc(sycl::errc::invalid, [&] { (void)parent.create_sub_devices<partition::partition_equally>(units + 1); });
  expect_errc(sycl::errc::invalid, [&] {
    (void)parent.create_sub_devices<partition::partition_by_counts>(std::vector<std::size_t>{units, 1});
  });
  expect_errc(sycl::errc::invalid, [&] {
    (void)parent.create_sub_devices<partition::partition_by_counts>(std::vector<std::size_t>{0});
  });
}

TEST(Context, SpansTwoDevicesAndQueuesKeepIt) {
  TWO_DEVICES(d);
  const sycl::context both(d);
  EXPECT_EQ(both.get_devices(), d);
  sycl::queue q0(both, d[0]), q1(both, d[1]);
  EXPECT_EQ(q0.get_context(), both);
  EXPECT_EQ(q1.get_context(), both);
  EXPECT_EQ(q1.get_device(), d[1]);
  // A queue's device must be one of its context's.
  expect_errc(sycl::errc::invalid, [&] { sycl::queue bad(sycl::context(d[0]), d[1]); });
  expect_errc(sycl::errc::invalid, [] { sycl::context none(std::vector<sycl::device>{}); });
  // USM of one context, from either queue.
  int* p = sycl::malloc_device<int>(4, d[1], both);
  EXPECT_EQ(sycl::get_pointer_device(p, both), d[1]);
  EXPECT_EQ(sycl::get_pointer_type(p, both), sycl::usm::alloc::device);
  sycl::free(p, both);
}

TEST(Context, DevicesOfTwoPlatformsAreInvalid) {
  const auto gpus = sycl::device::get_devices(info::device_type::gpu);
  if (gpus.empty()) GTEST_SKIP() << "no GPU";
  expect_errc(sycl::errc::invalid, [&] { sycl::context mixed(std::vector<sycl::device>{cpu(), gpus[0]}); });
}

TEST(PeerAccess, EnableAndDisableBetweenTwoDevices) {
  TWO_DEVICES(d);
  EXPECT_TRUE(d[0].ext_oneapi_can_access_peer(d[0]));
  if (!d[0].ext_oneapi_can_access_peer(d[1])) {
    // GPUs without peer-to-peer: enabling it is a feature the pair does not support.
    expect_errc(sycl::errc::feature_not_supported, [&] { d[0].ext_oneapi_enable_peer_access(d[1]); });
    GTEST_SKIP() << "the two devices have no peer access";
  }
  std::printf("atomics across: %d\n",
              d[0].ext_oneapi_can_access_peer(d[1], sycl::ext::oneapi::peer_access::atomics_supported));
  d[0].ext_oneapi_enable_peer_access(d[1]);
  expect_errc(sycl::errc::invalid, [&] { d[0].ext_oneapi_enable_peer_access(d[1]); });
  // With access enabled, a kernel on d[0] reads and writes d[1]'s device memory.
  sycl::queue q0(d[0]), q1(d[1]);
  constexpr std::size_t n = 1024;
  int* theirs = sycl::malloc_device<int>(n, q1);
  q1.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { theirs[i] = static_cast<int>(i[0]); }).wait();
  q0.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { theirs[i] *= 3; }).wait();
  std::vector<int> host(n);
  q1.memcpy(host.data(), theirs, n * sizeof(int)).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(host[i], 3 * static_cast<int>(i)) << i;
  sycl::free(theirs, q1);
  d[0].ext_oneapi_disable_peer_access(d[1]);
  expect_errc(sycl::errc::invalid, [&] { d[0].ext_oneapi_disable_peer_access(d[1]); });
}

TEST(PeerAccess, NoneBetweenTheCpuAndAGpu) {
  const auto gpus = sycl::device::get_devices(info::device_type::gpu);
  if (gpus.empty()) GTEST_SKIP() << "no GPU";
  EXPECT_FALSE(cpu().ext_oneapi_can_access_peer(gpus[0]));
  EXPECT_FALSE(gpus[0].ext_oneapi_can_access_peer(cpu(), sycl::ext::oneapi::peer_access::atomics_supported));
  expect_errc(sycl::errc::feature_not_supported, [&] { gpus[0].ext_oneapi_enable_peer_access(cpu()); });
}

// Without peer access enabled: the copy is the runtime's to route (through the host if it must).
TEST(Usm, MemcpyBetweenTwoDevicesAllocations) {
  TWO_DEVICES(d);
  sycl::queue q0(d[0]), q1(d[1]);
  constexpr std::size_t n = 1 << 16;
  int* a = sycl::malloc_device<int>(n, q0);
  int* b = sycl::malloc_device<int>(n, q1);
  int* c = sycl::malloc_device<int>(n, q0);
  q0.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = 7 * static_cast<int>(i[0]); }).wait();
  q1.memcpy(b, a, n * sizeof(int)).wait(); // pulled by the destination's queue
  q1.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { b[i] += 1; }).wait();
  q1.memcpy(c, b, n * sizeof(int)).wait(); // pushed by the source's
  std::vector<int> host(n);
  q0.memcpy(host.data(), c, n * sizeof(int)).wait();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(host[i], 7 * static_cast<int>(i) + 1) << i;
  for (int* p : {a, c}) sycl::free(p, q0);
  sycl::free(b, q1);
}

// Each device in turn updates the whole buffer: each must see the other's last write.
TEST(Buffer, UsedByTwoDevicesInTurnStaysCoherent) {
  TWO_DEVICES(d);
  sycl::queue q[2] = {sycl::queue(d[0]), sycl::queue(d[1])};
  constexpr std::size_t n = 1 << 14;
  std::vector<int> init(n);
  std::iota(init.begin(), init.end(), 0);
  sycl::buffer<int> buf(init.data(), sycl::range<1>(n));
  for (int round = 0; round < 6; ++round)
    q[round % 2].submit([&](sycl::handler& h) {
      sycl::accessor a(buf, h, sycl::read_write);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = 2 * a[i] + 1; });
    });
  // Both read, then the host.
  sycl::buffer<int> sums(sycl::range<1>(2));
  for (int k = 0; k < 2; ++k)
    q[k].submit([&](sycl::handler& h) {
      sycl::accessor a(buf, h, sycl::read_only);
      sycl::accessor s(sums, h, sycl::write_only);
      h.single_task([=] { s[k] = a[n - 1]; });
    });
  sycl::host_accessor all(buf, sycl::read_only);
  sycl::host_accessor s(sums, sycl::read_only);
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(all[i], 64 * static_cast<int>(i) + 63) << i;
  EXPECT_EQ(s[0], all[n - 1]);
  EXPECT_EQ(s[1], all[n - 1]);
}

// A copy on one device's queue that depends on a kernel of the other's waits for it: the kernel
// is slow enough that a copy which did not wait would see the values before it.
TEST(Events, OfOneDevicesQueueOrderAnothersCommands) {
  TWO_DEVICES(d);
  sycl::queue q0(d[0]), q1(d[1]);
  constexpr std::size_t n = 1 << 20;
  int* a = sycl::malloc_device<int>(n, q0);
  int* b = sycl::malloc_device<int>(n, q1);
  q0.memset(a, 0, n * sizeof(int)).wait();
  sycl::event wrote;
  slow_iota(q0, a, n, 5, {}, &wrote);
  sycl::event copied = q1.memcpy(b, a, n * sizeof(int), wrote);
  // And back: a kernel on q0 after q1's copy.
  sycl::event doubled = q0.submit([&](sycl::handler& h) {
    h.depends_on(copied);
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = 0; });
  });
  doubled.wait();
  std::vector<int> host(n);
  q1.memcpy(host.data(), b, n * sizeof(int)).wait();
  for (std::size_t i = 0; i < n; i += 997) ASSERT_EQ(host[i], 5 + static_cast<int>(i)) << i;
  EXPECT_EQ(host[n - 1], 5 + static_cast<int>(n - 1));
  sycl::free(a, q0);
  sycl::free(b, q1);
}

// mpirun binds each rank to some cores: the CPU device's pool (and its compute units) must be
// that many threads, not one per core of the machine. In a child process, whose pool starts after
// its affinity is narrowed to one core.
TEST(ThreadPoolDeathTest, FollowsTheAffinityMask) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        unsetenv("TESSERA_NUM_THREADS");
        cpu_set_t allowed;
        sched_getaffinity(0, sizeof allowed, &allowed);
        int first = 0;
        while (!CPU_ISSET(first, &allowed)) ++first;
        CPU_ZERO(&allowed);
        CPU_SET(first, &allowed);
        sched_setaffinity(0, sizeof allowed, &allowed);
        std::exit(static_cast<int>(cpu().get_info<info::device::max_compute_units>()));
      },
      ::testing::ExitedWithCode(1), "");
}

} // namespace
