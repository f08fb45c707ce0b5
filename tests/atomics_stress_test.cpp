// sycl::atomic_ref hammered from kernels: many work-groups of nd_range kernels and many items of
// range kernels update shared counters in USM and in local memory. Every final value and every
// returned old value is checked exactly against a sequential reference, so a lost, duplicated or
// torn update fails the test.
#include <gtest/gtest.h>
#include <sycl/sycl.hpp>

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

namespace {
using sycl::memory_order;
using sycl::memory_scope;
using space = sycl::access::address_space;

// The counters each set of items shares, and what each item records.
enum slot : std::size_t { sum, ones, lowest, highest, cas, xchg, slots };
enum record : std::size_t { ones_old, cas_old, xchg_old, records };

// Values are small integers, exact in float as in every integer type.
template <typename T> SYCL_EXTERNAL T weight(std::size_t gid) { return static_cast<T>(gid % 13 + 1); }
template <typename T> SYCL_EXTERNAL T key(std::size_t gid) {
  const auto k = static_cast<long long>((gid * 7919) % 100003);
  return std::is_signed_v<T> ? static_cast<T>(k - 50000) : static_cast<T>(k + 5);
}
template <typename T> SYCL_EXTERNAL void init(T* c) {
  c[sum] = c[ones] = c[cas] = c[xchg] = T(0);
  c[lowest] = static_cast<T>(200000);
  c[highest] = std::is_signed_v<T> ? static_cast<T>(-200000) : T(0);
}

// One item's updates. `k` numbers the item among those sharing `c`, from 0.
template <typename T, memory_order O, memory_scope S, space Sp>
SYCL_EXTERNAL void hammer(T* c, std::size_t k, std::size_t gid, T* rec) {
  using ref = sycl::atomic_ref<T, O, S, Sp>;
  ref(c[sum]).fetch_add(weight<T>(gid));
  rec[ones_old] = ref(c[ones]).fetch_add(T(1));
  ref(c[lowest]).fetch_min(key<T>(gid));
  ref(c[highest]).fetch_max(key<T>(gid));
  T old = ref(c[cas]).load();
  while (!ref(c[cas]).compare_exchange_strong(old, static_cast<T>(old + T(1)))) {
  }
  rec[cas_old] = old;
  rec[xchg_old] = ref(c[xchg]).exchange(static_cast<T>(k + 1));
}

// Checks the counters `c` shared by the items with global ids first .. first + m - 1 (numbered k
// = 0 .. m-1 among themselves), whose records are at rec.
template <typename T>
void check_set(const T* c, std::size_t first, std::size_t m, const T* rec, const std::string& what) {
  SCOPED_TRACE(what);
  T total = T(0), lo = static_cast<T>(200000), hi = std::is_signed_v<T> ? static_cast<T>(-200000) : T(0);
  std::vector<T> ones_seen, cas_seen, xchg_seen;
  for (std::size_t g = first; g < first + m; ++g) {
    total = static_cast<T>(total + weight<T>(g));
    lo = std::min(lo, key<T>(g));
    hi = std::max(hi, key<T>(g));
    ones_seen.push_back(rec[g * records + ones_old]);
    cas_seen.push_back(rec[g * records + cas_old]);
    xchg_seen.push_back(rec[g * records + xchg_old]);
  }
  ASSERT_EQ(c[sum], total);
  ASSERT_EQ(c[ones], static_cast<T>(m));
  ASSERT_EQ(c[lowest], lo);
  ASSERT_EQ(c[highest], hi);
  ASSERT_EQ(c[cas], static_cast<T>(m));
  // fetch_add(1) and the compare-exchange loop hand out every old value 0 .. m-1 exactly once.
  std::sort(ones_seen.begin(), ones_seen.end());
  std::sort(cas_seen.begin(), cas_seen.end());
  for (std::size_t i = 0; i < m; ++i) {
    ASSERT_EQ(ones_seen[i], static_cast<T>(i)) << "fetch_add old values, sorted position " << i;
    ASSERT_EQ(cas_seen[i], static_cast<T>(i)) << "compare_exchange old values, sorted position " << i;
  }
  // The exchanges form one chain: 0, then each item's k+1 exactly once, the last one left behind.
  xchg_seen.push_back(c[xchg]);
  std::sort(xchg_seen.begin(), xchg_seen.end());
  for (std::size_t i = 0; i <= m; ++i) ASSERT_EQ(xchg_seen[i], static_cast<T>(i)) << "exchange, sorted position " << i;
}

constexpr std::size_t L = 64, G = 256, nd_items = L * G, range_items = 100000;

// nd_range: all groups on one set of device-scope counters, and each group on its own set with
// work_group scope, both in USM.
template <typename T, memory_order O>
void nd_range_on_usm(sycl::queue& q) {
  T* c = sycl::malloc_shared<T>(slots * (G + 1), q);
  T* rec = sycl::malloc_shared<T>(nd_items * records * 2, q);
  for (std::size_t s = 0; s <= G; ++s) init(c + s * slots);
  q.parallel_for(sycl::nd_range<1>{nd_items, L}, [=](sycl::nd_item<1> it) {
     const std::size_t gid = it.get_global_id(0);
     hammer<T, O, memory_scope::device, space::global_space>(c, gid, gid, rec + gid * records);
     T* mine = c + (1 + it.get_group_linear_id()) * slots;
     hammer<T, O, memory_scope::work_group, space::generic_space>(mine, it.get_local_linear_id(), gid,
                                                                 rec + (nd_items + gid) * records);
   }).wait_and_throw();
  check_set(c, 0, nd_items, rec, "nd_range, device scope, USM");
  for (std::size_t grp = 0; grp < G && !::testing::Test::HasFatalFailure(); ++grp)
    check_set(c + (1 + grp) * slots, grp * L, L, rec + nd_items * records,
              "nd_range, work_group scope, USM, group " + std::to_string(grp));
  sycl::free(c, q);
  sycl::free(rec, q);
}

// nd_range: each group's counters in local memory, work_group scope; the leader copies them out.
template <typename T, memory_order O>
void nd_range_on_local(sycl::queue& q, std::size_t local) {
  const std::size_t groups = 40, items = local * groups;
  T* c = sycl::malloc_shared<T>(slots * groups, q);
  T* rec = sycl::malloc_shared<T>(items * records, q);
  q.submit([&](sycl::handler& h) {
     sycl::local_accessor<T, 1> shared(sycl::range<1>(slots), h);
     h.parallel_for(sycl::nd_range<1>{items, local}, [=](sycl::nd_item<1> it) {
       T* lc = &shared[0];
       if (it.get_local_linear_id() == 0) init(lc);
       sycl::group_barrier(it.get_group());
       const std::size_t gid = it.get_global_id(0);
       hammer<T, O, memory_scope::work_group, space::local_space>(lc, it.get_local_linear_id(), gid, rec + gid * records);
       sycl::group_barrier(it.get_group());
       if (it.get_local_linear_id() == 0)
         for (std::size_t s = 0; s < slots; ++s) c[it.get_group_linear_id() * slots + s] = lc[s];
     });
   }).wait_and_throw();
  for (std::size_t grp = 0; grp < groups && !::testing::Test::HasFatalFailure(); ++grp)
    check_set(c + grp * slots, grp * local, local, rec,
              "nd_range, local memory, local size " + std::to_string(local) + ", group " + std::to_string(grp));
  sycl::free(c, q);
  sycl::free(rec, q);
}

// range: every item on one set of device-scope counters.
template <typename T, memory_order O>
void range_on_usm(sycl::queue& q) {
  T* c = sycl::malloc_shared<T>(slots, q);
  T* rec = sycl::malloc_shared<T>(range_items * records, q);
  init(c);
  q.parallel_for(sycl::range<1>{range_items}, [=](sycl::item<1> it) {
     const std::size_t gid = it.get_linear_id();
     hammer<T, O, memory_scope::device, space::generic_space>(c, gid, gid, rec + gid * records);
   }).wait_and_throw();
  check_set(c, 0, range_items, rec, "range, device scope, USM");
  sycl::free(c, q);
  sycl::free(rec, q);
}

template <typename T> class AtomicsStress : public ::testing::Test {};
using Types = ::testing::Types<int, unsigned, long long, float, double>;
TYPED_TEST_SUITE(AtomicsStress, Types);

TYPED_TEST(AtomicsStress, NdRangeOnUsmRelaxed) {
  sycl::queue q;
  nd_range_on_usm<TypeParam, memory_order::relaxed>(q);
}
TYPED_TEST(AtomicsStress, NdRangeOnUsmAcqRel) {
  sycl::queue q;
  nd_range_on_usm<TypeParam, memory_order::acq_rel>(q);
}
TYPED_TEST(AtomicsStress, NdRangeOnLocalMemoryRelaxed) {
  sycl::queue q;
  nd_range_on_local<TypeParam, memory_order::relaxed>(q, 64);
  nd_range_on_local<TypeParam, memory_order::relaxed>(q, 37);
}
TYPED_TEST(AtomicsStress, NdRangeOnLocalMemoryAcqRel) {
  sycl::queue q;
  nd_range_on_local<TypeParam, memory_order::acq_rel>(q, 128);
  nd_range_on_local<TypeParam, memory_order::acq_rel>(q, 5);
}
TYPED_TEST(AtomicsStress, RangeOnUsmRelaxed) {
  sycl::queue q;
  range_on_usm<TypeParam, memory_order::relaxed>(q);
}
TYPED_TEST(AtomicsStress, RangeOnUsmAcqRel) {
  sycl::queue q;
  range_on_usm<TypeParam, memory_order::acq_rel>(q);
}

// acq_rel publishes plain writes: each group's last arrival at a device-scope counter must see
// every item's plain write made before its own arrival, across all groups.
TEST(AtomicsStressOrdering, LastArrivalSeesEveryoneElsesPlainWrites) {
  sycl::queue q;
  constexpr std::size_t n = nd_items;
  int* data = sycl::malloc_shared<int>(n, q);
  int* arrived = sycl::malloc_shared<int>(1, q);
  long long* seen = sycl::malloc_shared<long long>(1, q);
  *arrived = 0;
  *seen = -1;
  q.parallel_for(sycl::nd_range<1>{n, L}, [=](sycl::nd_item<1> it) {
     const std::size_t i = it.get_global_id(0);
     data[i] = static_cast<int>(i % 1000) + 1;
     sycl::atomic_ref<int, memory_order::acq_rel, memory_scope::device> a(*arrived);
     if (a.fetch_add(1) == static_cast<int>(n) - 1) {
       long long s = 0;
       for (std::size_t j = 0; j < n; ++j) s += data[j];
       *seen = s;
     }
   }).wait_and_throw();
  long long want = 0;
  for (std::size_t j = 0; j < n; ++j) want += static_cast<long long>(j % 1000) + 1;
  EXPECT_EQ(*arrived, static_cast<int>(n));
  EXPECT_EQ(*seen, want);
  sycl::free(data, q);
  sycl::free(arrived, q);
  sycl::free(seen, q);
}

} // namespace
