// sycl::atomic_ref and sycl::atomic_fence on the host. Most tests race many threads on one object
// and check totals that any lost or torn update would spoil; the ordering tests also serve as
// race detectors when built with -fsanitize=thread.
#include <sycl/atomic_fence.hpp>
#include <sycl/atomic_ref.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>
#include <type_traits>
#include <vector>

namespace {

constexpr int kThreads = 8;
constexpr int kIterations = 10000;
constexpr int kTotal = kThreads * kIterations;

template <typename T>
using relaxed_ref = sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::device>;

template <typename T>
using acq_rel_ref = sycl::atomic_ref<T, sycl::memory_order::acq_rel, sycl::memory_scope::device>;

// Runs body(thread_index) on kThreads threads at once and waits for all of them.
template <typename Body>
void run_on_threads(Body body) {
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(body, t);
  for (auto& thread : threads) thread.join();
}

template <typename T>
std::vector<T> flatten(const std::vector<std::vector<T>>& per_thread) {
  std::vector<T> all;
  for (const auto& values : per_thread) all.insert(all.end(), values.begin(), values.end());
  return all;
}

// Every value first, first + 1, ... appears exactly once, so no two operations ever saw the same
// old value: none was lost or duplicated.
template <typename T>
void expect_consecutive_once(std::vector<T> values, T first) {
  std::sort(values.begin(), values.end());
  for (std::size_t i = 0; i < values.size(); ++i) {
    ASSERT_EQ(values[i], static_cast<T>(first + static_cast<T>(i))) << "at sorted position " << i;
  }
}

template <typename T>
class AtomicIntegral : public ::testing::Test {};
using IntegralTypes = ::testing::Types<int, unsigned int, long, unsigned long, long long, unsigned long long>;
TYPED_TEST_SUITE(AtomicIntegral, IntegralTypes);

TYPED_TEST(AtomicIntegral, FetchAddHandsOutEveryOldValueOnce) {
  using T = TypeParam;
  T counter = 0;
  std::vector<std::vector<T>> seen(kThreads);
  run_on_threads([&](int t) {
    relaxed_ref<T> ref(counter);
    for (int i = 0; i < kIterations; ++i) seen[t].push_back(ref.fetch_add(1));
  });
  EXPECT_EQ(counter, T(kTotal));
  expect_consecutive_once(flatten(seen), T(0));
}

TYPED_TEST(AtomicIntegral, FetchSubHandsOutEveryOldValueOnce) {
  using T = TypeParam;
  T counter = kTotal;
  std::vector<std::vector<T>> seen(kThreads);
  run_on_threads([&](int t) {
    relaxed_ref<T> ref(counter);
    for (int i = 0; i < kIterations; ++i) seen[t].push_back(ref.fetch_sub(1));
  });
  EXPECT_EQ(counter, T(0));
  expect_consecutive_once(flatten(seen), T(1));
}

TYPED_TEST(AtomicIntegral, IncrementAndDecrementOperatorsCountExactly) {
  using T = TypeParam;
  T counter = 0;
  run_on_threads([&](int) {
    acq_rel_ref<T> ref(counter);
    for (int i = 0; i < kIterations; ++i) {
      ref++;
      ++ref;
      ref += 3;
    }
  });
  EXPECT_EQ(counter, T(5 * kTotal));
  run_on_threads([&](int) {
    acq_rel_ref<T> ref(counter);
    for (int i = 0; i < kIterations; ++i) {
      ref--;
      --ref;
      ref -= 3;
    }
  });
  EXPECT_EQ(counter, T(0));
}

// Each thread owns one bit and flips it with every bitwise operation; a non-atomic update by a
// neighbour would restore a stale copy of that bit, which its owner then notices.
TYPED_TEST(AtomicIntegral, BitwiseOpsNeverLoseAnotherThreadsBit) {
  using T = TypeParam;
  T bits = 0;
  std::vector<int> surprises(kThreads);
  run_on_threads([&](int t) {
    relaxed_ref<T> ref(bits);
    const T mine = T(1) << t;
    for (int i = 0; i < kIterations; ++i) {
      surprises[t] += (ref.fetch_or(mine) & mine) != 0;
      surprises[t] += (ref.fetch_xor(mine) & mine) == 0;
      surprises[t] += (ref.fetch_xor(mine) & mine) != 0;
      surprises[t] += (ref.fetch_and(T(~mine)) & mine) == 0;
    }
  });
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(surprises[t], 0) << "thread " << t;
  EXPECT_EQ(bits, T(0));
}

// The minimum only ever falls, so each thread must see old values that never rise.
TYPED_TEST(AtomicIntegral, FetchMinKeepsTheSmallest) {
  using T = TypeParam;
  T low = kTotal;
  std::vector<int> rises(kThreads);
  run_on_threads([&](int t) {
    relaxed_ref<T> ref(low);
    T previous = kTotal;
    for (int i = 0; i < kIterations; ++i) {
      const T old = ref.fetch_min(T(kTotal - 1 - (i * kThreads + t)));
      rises[t] += old > previous;
      previous = old;
    }
  });
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(rises[t], 0) << "thread " << t;
  EXPECT_EQ(low, T(0));
}

TYPED_TEST(AtomicIntegral, FetchMaxKeepsTheLargest) {
  using T = TypeParam;
  T high = 0;
  std::vector<int> falls(kThreads);
  run_on_threads([&](int t) {
    relaxed_ref<T> ref(high);
    T previous = 0;
    for (int i = 0; i < kIterations; ++i) {
      const T old = ref.fetch_max(T(i * kThreads + t));
      falls[t] += old < previous;
      previous = old;
    }
  });
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(falls[t], 0) << "thread " << t;
  EXPECT_EQ(high, T(kTotal - 1));
}

TYPED_TEST(AtomicIntegral, MinAndMaxCompareWithTheTypesSignedness) {
  using T = TypeParam;
  const T all_ones = static_cast<T>(-1);
  T value = 1;
  relaxed_ref<T> ref(value);
  EXPECT_EQ(ref.fetch_min(all_ones), T(1));
  EXPECT_EQ(value, std::is_signed_v<T> ? all_ones : T(1));
  value = 1;
  EXPECT_EQ(ref.fetch_max(all_ones), T(1));
  EXPECT_EQ(value, std::is_signed_v<T> ? T(1) : all_ones);
}

TYPED_TEST(AtomicIntegral, CompareExchangeLoopsCountExactly) {
  using T = TypeParam;
  T counter = 0;
  run_on_threads([&](int t) {
    acq_rel_ref<T> ref(counter);
    for (int i = 0; i < kIterations; ++i) {
      T expected = ref.load();
      if (t % 2 == 0) {
        while (!ref.compare_exchange_weak(expected, T(expected + 1))) {
        }
      } else {
        while (!ref.compare_exchange_strong(expected, T(expected + 1), sycl::memory_order::acq_rel,
                                            sycl::memory_order::relaxed)) {
        }
      }
    }
  });
  EXPECT_EQ(counter, T(kTotal));
}

TYPED_TEST(AtomicIntegral, CompareExchangeFailureReportsTheCurrentValue) {
  using T = TypeParam;
  T value = 5;
  relaxed_ref<T> ref(value);
  T expected = 3;
  EXPECT_FALSE(ref.compare_exchange_strong(expected, 7));
  EXPECT_EQ(expected, T(5));
  EXPECT_EQ(value, T(5));
  EXPECT_TRUE(ref.compare_exchange_strong(expected, 7));
  EXPECT_EQ(value, T(7));
}

// Every token goes into the slot once and comes out once: exchanges never duplicate or drop one.
TYPED_TEST(AtomicIntegral, ExchangePassesEveryTokenOnce) {
  using T = TypeParam;
  T slot = kTotal;
  std::vector<std::vector<T>> seen(kThreads);
  run_on_threads([&](int t) {
    relaxed_ref<T> ref(slot);
    for (int i = 0; i < kIterations; ++i) seen[t].push_back(ref.exchange(T(i * kThreads + t)));
  });
  auto tokens = flatten(seen);
  tokens.push_back(slot);
  expect_consecutive_once(tokens, T(0));
}

TYPED_TEST(AtomicIntegral, OperatorsReturnTheSpecifiedValue) {
  using T = TypeParam;
  T value = 10;
  relaxed_ref<T> ref(value);
  EXPECT_EQ(ref++, T(10));
  EXPECT_EQ(++ref, T(12));
  EXPECT_EQ(ref--, T(12));
  EXPECT_EQ(--ref, T(10));
  EXPECT_EQ(ref += 5, T(15));
  EXPECT_EQ(ref -= 3, T(12));
  EXPECT_EQ(ref &= T(0b1010), T(0b1000));
  EXPECT_EQ(ref |= T(0b0011), T(0b1011));
  EXPECT_EQ(ref ^= T(0b1111), T(0b0100));
  EXPECT_EQ(ref = T(9), T(9));
  EXPECT_EQ(static_cast<T>(ref), T(9));
  EXPECT_EQ(value, T(9));
}

// Every order and scope reaches a builtin that does the operation, whichever case of the
// order dispatch it lands in.
TYPED_TEST(AtomicIntegral, EveryOrderAndScopeDoesTheOperation) {
  using T = TypeParam;
  const sycl::memory_order orders[] = {sycl::memory_order::relaxed, sycl::memory_order::acquire,
                                       sycl::memory_order::release, sycl::memory_order::acq_rel,
                                       sycl::memory_order::seq_cst};
  const sycl::memory_scope scopes[] = {sycl::memory_scope::work_item, sycl::memory_scope::sub_group,
                                       sycl::memory_scope::work_group, sycl::memory_scope::device,
                                       sycl::memory_scope::system};
  T value = 0;
  relaxed_ref<T> ref(value);
  T expected_value = 0;
  for (auto order : orders) {
    for (auto scope : scopes) {
      EXPECT_EQ(ref.fetch_add(2, order, scope), expected_value);
      EXPECT_EQ(ref.exchange(T(expected_value + 3), order, scope), T(expected_value + 2));
      T expected = T(expected_value + 3);
      EXPECT_TRUE(ref.compare_exchange_strong(expected, T(expected_value + 4), order, scope));
      for (auto failure : orders) {
        T wrong = T(expected_value);
        EXPECT_FALSE(ref.compare_exchange_strong(wrong, T(0), order, failure, scope));
        EXPECT_EQ(wrong, T(expected_value + 4));
      }
      expected_value += 4;
      ref.store(expected_value, order, scope);
      EXPECT_EQ(ref.load(order, scope), expected_value);
    }
  }
}

template <typename T>
class AtomicFloating : public ::testing::Test {};
using FloatingTypes = ::testing::Types<float, double>;
TYPED_TEST_SUITE(AtomicFloating, FloatingTypes);

// Integer-valued sums below 2^24 are exact even in float, so the totals must match exactly.
TYPED_TEST(AtomicFloating, FetchAddHandsOutEveryOldValueOnce) {
  using T = TypeParam;
  T sum = 0;
  std::vector<std::vector<T>> seen(kThreads);
  run_on_threads([&](int t) {
    relaxed_ref<T> ref(sum);
    for (int i = 0; i < kIterations; ++i) seen[t].push_back(ref.fetch_add(1));
  });
  EXPECT_EQ(sum, T(kTotal));
  expect_consecutive_once(flatten(seen), T(0));
}

TYPED_TEST(AtomicFloating, FetchSubAndOperatorsCountExactly) {
  using T = TypeParam;
  T sum = 3 * kTotal;
  run_on_threads([&](int) {
    acq_rel_ref<T> ref(sum);
    for (int i = 0; i < kIterations; ++i) {
      ref.fetch_sub(1);
      ref -= 4;
      ref += 2;
    }
  });
  EXPECT_EQ(sum, T(0));
}

TYPED_TEST(AtomicFloating, FetchMinAndMaxKeepTheExtremes) {
  using T = TypeParam;
  T low = 0, high = 0;
  run_on_threads([&](int t) {
    relaxed_ref<T> low_ref(low), high_ref(high);
    for (int i = 0; i < kIterations; ++i) {
      const T step = T(i * kThreads + t) + T(0.5);
      low_ref.fetch_min(-step);
      high_ref.fetch_max(step);
    }
  });
  EXPECT_EQ(low, -(T(kTotal - 1) + T(0.5)));
  EXPECT_EQ(high, T(kTotal - 1) + T(0.5));
}

// Compare-exchange compares bit patterns, as C++ does: a NaN matches the NaN it was read from,
// and +0 does not match -0.
TYPED_TEST(AtomicFloating, CompareExchangeComparesBitPatterns) {
  using T = TypeParam;
  T value = std::numeric_limits<T>::quiet_NaN();
  relaxed_ref<T> ref(value);
  T expected = ref.load();
  EXPECT_TRUE(ref.compare_exchange_strong(expected, T(1)));
  EXPECT_EQ(value, T(1));

  value = T(-0.0);
  expected = T(0.0);
  EXPECT_FALSE(ref.compare_exchange_strong(expected, T(2)));
  EXPECT_TRUE(std::signbit(expected));
  EXPECT_TRUE(ref.compare_exchange_strong(expected, T(2)));
  EXPECT_EQ(value, T(2));
}

TYPED_TEST(AtomicFloating, OperatorsReturnTheSpecifiedValue) {
  using T = TypeParam;
  T value = 1.5;
  relaxed_ref<T> ref(value);
  EXPECT_EQ(ref += T(2), T(3.5));
  EXPECT_EQ(ref -= T(0.25), T(3.25));
  EXPECT_EQ(ref.fetch_min(T(-1)), T(3.25));
  EXPECT_EQ(ref.fetch_max(T(8)), T(-1));
  EXPECT_EQ(ref.exchange(T(0.5)), T(8));
  EXPECT_EQ(ref = T(4), T(4));
  EXPECT_EQ(static_cast<T>(ref), T(4));
}

// Three ints: a pointer step that forgot to scale by the element size would land mid-element.
struct Element {
  int parts[3];
};

TEST(AtomicPointer, FetchAddHandsOutEveryElementOnce) {
  std::vector<Element> items(kTotal + 1);
  Element* cursor = items.data();
  std::vector<std::vector<Element*>> seen(kThreads);
  run_on_threads([&](int t) {
    relaxed_ref<Element*> ref(cursor);
    for (int i = 0; i < kIterations; ++i) seen[t].push_back(ref.fetch_add(1));
  });
  EXPECT_EQ(cursor, items.data() + kTotal);
  auto handed_out = flatten(seen);
  std::sort(handed_out.begin(), handed_out.end());
  for (int i = 0; i < kTotal; ++i) ASSERT_EQ(handed_out[i], items.data() + i);
}

TEST(AtomicPointer, DecrementsFromManyThreadsReturnToTheStart) {
  std::vector<Element> items(3 * kTotal + 1);
  Element* cursor = items.data() + 3 * kTotal;
  run_on_threads([&](int) {
    acq_rel_ref<Element*> ref(cursor);
    for (int i = 0; i < kIterations; ++i) {
      ref.fetch_sub(1);
      ref--;
      --ref;
      ref -= 2;
      ref += 2;
    }
  });
  EXPECT_EQ(cursor, items.data());
}

TEST(AtomicPointer, OperatorsReturnTheSpecifiedValue) {
  Element items[10];
  Element* cursor = items + 5;
  relaxed_ref<Element*> ref(cursor);
  EXPECT_EQ(ref++, items + 5);
  EXPECT_EQ(++ref, items + 7);
  EXPECT_EQ(ref--, items + 7);
  EXPECT_EQ(--ref, items + 5);
  EXPECT_EQ(ref += 3, items + 8);
  EXPECT_EQ(ref -= 6, items + 2);
  EXPECT_EQ(ref.fetch_sub(2), items + 2);
  EXPECT_EQ(ref.exchange(items + 9), items + 0);
  EXPECT_EQ(cursor, items + 9);
}

TEST(AtomicRefTraits, DefaultOrdersFollowTheDefaultOrder) {
  using relaxed = sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group>;
  using acq_rel = sycl::atomic_ref<long, sycl::memory_order::acq_rel, sycl::memory_scope::device>;
  using seq_cst = sycl::atomic_ref<double*, sycl::memory_order::seq_cst, sycl::memory_scope::system>;
  EXPECT_TRUE(relaxed::default_read_order == sycl::memory_order::relaxed);
  EXPECT_TRUE(relaxed::default_write_order == sycl::memory_order::relaxed);
  EXPECT_TRUE(relaxed::default_read_modify_write_order == sycl::memory_order::relaxed);
  EXPECT_TRUE(relaxed::default_scope == sycl::memory_scope::work_group);
  EXPECT_TRUE(acq_rel::default_read_order == sycl::memory_order::acquire);
  EXPECT_TRUE(acq_rel::default_write_order == sycl::memory_order::release);
  EXPECT_TRUE(acq_rel::default_read_modify_write_order == sycl::memory_order::acq_rel);
  EXPECT_TRUE(acq_rel::default_scope == sycl::memory_scope::device);
  EXPECT_TRUE(seq_cst::default_read_order == sycl::memory_order::seq_cst);
  EXPECT_TRUE(seq_cst::default_write_order == sycl::memory_order::seq_cst);
  EXPECT_TRUE(seq_cst::default_read_modify_write_order == sycl::memory_order::seq_cst);
  EXPECT_TRUE(seq_cst::default_scope == sycl::memory_scope::system);
}

TEST(AtomicRefTraits, TypesAlignmentAndLockFreedom) {
  using ints = relaxed_ref<unsigned long long>;
  using floats = relaxed_ref<float>;
  using pointers = relaxed_ref<Element*>;
  EXPECT_TRUE((std::is_same_v<ints::value_type, unsigned long long>));
  EXPECT_TRUE((std::is_same_v<ints::difference_type, unsigned long long>));
  EXPECT_TRUE((std::is_same_v<floats::difference_type, float>));
  EXPECT_TRUE((std::is_same_v<pointers::value_type, Element*>));
  EXPECT_TRUE((std::is_same_v<pointers::difference_type, std::ptrdiff_t>));
  EXPECT_EQ(ints::required_alignment, sizeof(unsigned long long));
  EXPECT_EQ(floats::required_alignment, sizeof(float));
  EXPECT_TRUE(ints::is_always_lock_free);
  EXPECT_TRUE(pointers::is_always_lock_free);
  float f = 0;
  EXPECT_TRUE(floats(f).is_lock_free());
}

TEST(AtomicRefTraits, AcceptsGlobalAndLocalAddressSpaces) {
  int value = 1;
  sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::device,
                   sycl::access::address_space::global_space>
      global(value);
  sycl::atomic_ref<int, sycl::memory_order::relaxed, sycl::memory_scope::work_group,
                   sycl::access::address_space::local_space>
      local(value);
  global += 2;
  local += 3;
  EXPECT_EQ(value, 6);
}

// The payload is plain data, so only the release/acquire pair orders it; ThreadSanitizer reports
// a race if either half were dropped to relaxed.
TEST(AtomicRefOrdering, ReleaseStorePublishesToAcquireLoad) {
  for (int round = 0; round < 200; ++round) {
    int payload = 0;
    int flag = 0;
    std::thread producer([&] {
      payload = round + 1;
      acq_rel_ref<int>(flag).store(1);
    });
    while (acq_rel_ref<int>(flag).load() == 0) {
    }
    EXPECT_EQ(payload, round + 1);
    producer.join();
  }
}

TEST(AtomicRefOrdering, CompareExchangeLockGuardsPlainData) {
  int lock = 0;
  long guarded = 0;
  run_on_threads([&](int) {
    relaxed_ref<int> ref(lock);
    for (int i = 0; i < kIterations / 10; ++i) {
      int expected = 0;
      while (!ref.compare_exchange_weak(expected, 1, sycl::memory_order::acquire, sycl::memory_order::relaxed))
        expected = 0;
      ++guarded;
      ref.store(0, sycl::memory_order::release);
    }
  });
  EXPECT_EQ(guarded, kTotal / 10);
}

// The accesses themselves are relaxed; only the fences order the payload after the flag.
// ThreadSanitizer does not model fences, so the payload stays atomic to keep it quiet.
TEST(AtomicFence, FencesOrderRelaxedAccesses) {
  const sycl::memory_scope scopes[] = {sycl::memory_scope::work_group, sycl::memory_scope::device,
                                       sycl::memory_scope::system};
  for (auto scope : scopes) {
    for (int round = 0; round < 100; ++round) {
      int payload = 0;
      int flag = 0;
      std::thread producer([&] {
        relaxed_ref<int>(payload).store(round + 1);
        sycl::atomic_fence(sycl::memory_order::release, scope);
        relaxed_ref<int>(flag).store(1);
      });
      while (relaxed_ref<int>(flag).load() == 0) {
      }
      sycl::atomic_fence(sycl::memory_order::acquire, scope);
      EXPECT_EQ(relaxed_ref<int>(payload).load(), round + 1);
      producer.join();
    }
  }
}

} // namespace
