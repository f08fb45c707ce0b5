// SYCL 1.2.1's sycl::atomic and its free functions, deprecated by SYCL 2020 but kept: from an
// accessor in atomic mode (global and local) and from a multi_ptr.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

namespace {

using sycl::access::address_space;

TEST(LegacyAtomic, GlobalAccessorCountsEveryWorkItem) {
  sycl::queue q;
  constexpr std::size_t n = 512;
  int counter = 0, maximum = 0;
  {
    sycl::buffer<int> c(&counter, sycl::range<1>(1)), m(&maximum, sycl::range<1>(1));
    q.submit([&](sycl::handler& h) {
      auto ca = c.get_access<sycl::access_mode::atomic>(h);
      sycl::accessor<int, 1, sycl::access_mode::atomic> ma(m, h);
      static_assert(std::is_same_v<decltype(ca[0]), sycl::atomic<int, address_space::global_space>>);
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) {
        ca[0].fetch_add(1);
        sycl::atomic_fetch_max(ma[0], static_cast<int>(i[0]));
      });
    });
  }
  EXPECT_EQ(counter, static_cast<int>(n));
  EXPECT_EQ(maximum, static_cast<int>(n) - 1);
}

// Each work-group's leader starts its local counter with start(c), every item adds through
// add(c), and the leader reads read(c) into the group's result; c is the local atomic accessor
// that make_counter(h) makes.
template <typename MakeCounter, typename Start, typename Add, typename Read>
std::vector<int> count_per_group(std::size_t groups, std::size_t local, MakeCounter make_counter, Start start, Add add,
                                 Read read) {
  sycl::queue q;
  std::vector<int> per_group(groups, 0);
  {
    sycl::buffer<int> out(per_group.data(), sycl::range<1>(groups));
    q.submit([&](sycl::handler& h) {
      const auto count = make_counter(h);
      sycl::accessor o(out, h, sycl::write_only);
      h.parallel_for(sycl::nd_range<1>(groups * local, local), [=](sycl::nd_item<1> it) {
        if (it.get_local_id(0) == 0) start(count);
        sycl::group_barrier(it.get_group());
        add(count);
        sycl::group_barrier(it.get_group());
        if (it.get_local_id(0) == 0) o[it.get_group(0)] = read(count);
      });
    });
  }
  return per_group;
}

TEST(LegacyAtomic, LocalAccessorCountsTheWorkGroup) {
  constexpr std::size_t local = 64;
  const std::vector<int> per_group = count_per_group(
      4, local,
      [](sycl::handler& h) {
        sycl::accessor<int, 1, sycl::access_mode::atomic, sycl::target::local> count(sycl::range<1>(1), h);
        static_assert(std::is_same_v<decltype(count[0]), sycl::atomic<int, address_space::local_space>>);
        return count;
      },
      [](const auto& count) { count[0].store(0); }, [](const auto& count) { sycl::atomic_fetch_add(count[0], 2); },
      [](const auto& count) { return sycl::atomic_load(count[0]); });
  for (int g : per_group) EXPECT_EQ(g, static_cast<int>(2 * local));
}

// Zero dimensions: the accessor converts to the atomic of its one element.
TEST(LegacyAtomic, ZeroDimensionalLocalAccessorIsItsElementsAtomic) {
  using local_atomic = sycl::atomic<int, address_space::local_space>;
  constexpr std::size_t local = 32;
  const std::vector<int> per_group = count_per_group(
      3, local,
      [](sycl::handler& h) {
        return sycl::accessor<int, 0, sycl::access_mode::atomic, sycl::target::local>(h);
      },
      [](const auto& count) {
        const local_atomic a = count;
        a.store(1);
      },
      [](const auto& count) { static_cast<local_atomic>(count).fetch_add(3); },
      [](const auto& count) {
        const local_atomic a = count;
        return a.load();
      });
  for (int g : per_group) EXPECT_EQ(g, static_cast<int>(1 + 3 * local));
}

// Several dimensions: a[i][j] ends in the atomic of the element, globally and locally.
TEST(LegacyAtomic, SubscriptChainsEndInTheElementsAtomic) {
  sycl::queue q;
  constexpr std::size_t local = 16;
  std::vector<int> out(4, 0);
  {
    sycl::buffer<int, 2> grid(out.data(), sycl::range<2>(2, 2));
    q.submit([&](sycl::handler& h) {
      sycl::accessor<int, 2, sycl::access_mode::atomic, sycl::target::local> cells(sycl::range<2>(2, 2), h);
      auto g = grid.get_access<sycl::access_mode::atomic>(h);
      static_assert(std::is_same_v<decltype(g[0][1]), sycl::atomic<int>>);
      static_assert(std::is_same_v<decltype(cells[1][0]), sycl::atomic<int, address_space::local_space>>);
      h.parallel_for(sycl::nd_range<1>(2 * local, local), [=](sycl::nd_item<1> it) {
        const std::size_t l = it.get_local_id(0);
        if (l < 4) cells[l / 2][l % 2].store(0);
        sycl::group_barrier(it.get_group());
        cells[l % 2][1].fetch_add(1);
        sycl::group_barrier(it.get_group());
        if (l == 0) g[0][1].fetch_add(cells[1][1].load());
        g[1][0].fetch_add(1);
      });
    });
  }
  EXPECT_EQ(out, (std::vector<int>{0, int(local), int(2 * local), 0}));
}

// Each operation and free function on one object, from host code (where a global_ptr is a pointer).
TEST(LegacyAtomic, OperationsReturnTheOldValue) {
  unsigned value = 0b1100;
  sycl::atomic<unsigned> a{sycl::global_ptr<unsigned>(&value)};
  EXPECT_EQ(a.fetch_and(0b0100u), 0b1100u);
  EXPECT_EQ(a.fetch_or(0b0011u), 0b0100u);
  EXPECT_EQ(sycl::atomic_fetch_xor(a, 0b0001u), 0b0111u);
  EXPECT_EQ(sycl::atomic_fetch_sub(a, 2u, sycl::memory_order::relaxed), 0b0110u);
  EXPECT_EQ(sycl::atomic_fetch_min(a, 1u), 4u);
  EXPECT_EQ(sycl::atomic_exchange(a, 9u), 1u);
  unsigned expected = 8;
  EXPECT_FALSE(sycl::atomic_compare_exchange_strong(a, expected, 3u));
  EXPECT_EQ(expected, 9u);
  EXPECT_TRUE(a.compare_exchange_strong(expected, 3u));
  sycl::atomic_store(a, 5u);
  EXPECT_EQ(a.load(), 5u);

  float f = 1.5f;
  sycl::atomic<float> af{sycl::global_ptr<float>(&f)};
  EXPECT_EQ(sycl::atomic_exchange(af, 2.5f), 1.5f);
  EXPECT_EQ(sycl::atomic_load(af), 2.5f);
}

}  // namespace
