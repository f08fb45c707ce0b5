// Seed 002 ("global synchronisation in OpenCL"): a barrier across every work-group of a launch.
// The seed's experiment: 2048 work-items, each reads its value and its two right neighbours,
// synchronises, writes their sum, synchronises, many times over; if every synchronisation held, all
// values stay equal (3^iterations, modulo 2^32). It is run with Tessera's root-group barrier
// (sycl_ext_oneapi_root_group) and with the seed's three hand-made barriers, written in SYCL:
//   1. one global counter that every work-item increments and then polls;
//   2. the same counter, incremented by one leader per work-group, the others held by the
//      work-group barrier;
//   3. a flag per work-group, set by its leader and cleared by work-group 0 once all are set.
// All need every work-group resident at once, hence use_root_sync on every launch. Hand-made
// barriers spin, and spinning work-items need to progress independently: on the CPU the items
// of a work-group are fibers that run one at a time, so only the root-group barrier runs there.
#pragma once
#include "common.hpp"

namespace figures::seed002 {

namespace syclex = sycl::ext::oneapi::experimental;
using counter_ref = sycl::atomic_ref<unsigned long long, sycl::memory_order::acq_rel, sycl::memory_scope::device>;
using flag_ref = sycl::atomic_ref<unsigned, sycl::memory_order::acq_rel, sycl::memory_scope::device>;

// Each barrier is a functor with the state one work-item keeps between calls; the kernel
// copies it. The counters and flags are device memory that starts at zero.
struct root_group_barrier {
  SYCL_EXTERNAL void operator()(const sycl::nd_item<1>& it) { sycl::group_barrier(it.ext_oneapi_get_root_group()); }
};

// Method 1. The seed resets the counter after each barrier (item 0 subtracts the global size),
// which races with items still polling for the full count; counting on, with the target moving by
// the global size each time, keeps the method (one atomic per work-item) without the race.
struct global_counter {
  unsigned long long* count;
  unsigned long long target = 0;
  SYCL_EXTERNAL void operator()(const sycl::nd_item<1>& it) {
    counter_ref c(*count);
    target += it.get_global_range(0);
    c.fetch_add(1);
    while (c.load(sycl::memory_order::acquire) < target) {
    }
  }
};

// Method 2: one atomic per work-group.
struct group_leaders {
  unsigned long long* count;
  unsigned long long target = 0;
  SYCL_EXTERNAL void operator()(const sycl::nd_item<1>& it) {
    target += it.get_group_range(0);
    if (it.get_local_id(0) == 0) {
      counter_ref c(*count);
      c.fetch_add(1);
      while (c.load(sycl::memory_order::acquire) < target) {
      }
    }
    sycl::group_barrier(it.get_group());
  }
};

// Method 3: no read-modify-write at all. Work-group 0 watches every group's flag; the seed has one
// of its work-items per flag (so no more groups than items per group), here each item takes every
// L-th flag, which is the same for the seed's sizes.
struct group_flags {
  unsigned* flags;
  SYCL_EXTERNAL void operator()(const sycl::nd_item<1>& it) {
    const std::size_t lid = it.get_local_id(0), gid = it.get_group(0);
    const std::size_t groups = it.get_group_range(0), local = it.get_local_range(0);
    if (lid == 0) flag_ref(flags[gid]).store(1, sycl::memory_order::release);
    if (gid == 0) {
      for (std::size_t g = lid; g < groups; g += local)
        while (flag_ref(flags[g]).load(sycl::memory_order::acquire) == 0) {
        }
      sycl::group_barrier(it.get_group());
      for (std::size_t g = lid; g < groups; g += local) flag_ref(flags[g]).store(0, sycl::memory_order::release);
    }
    if (lid == 0)
      while (flag_ref(flags[gid]).load(sycl::memory_order::acquire) != 0) {
      }
    sycl::group_barrier(it.get_group());
  }
};

enum class method { root_group, global_counter, group_leaders, group_flags };
inline constexpr method all_methods[] = {method::root_group, method::global_counter, method::group_leaders,
                                         method::group_flags};

inline const char* name(method m) {
  switch (m) {
  case method::root_group: return "root-group barrier (Tessera)";
  case method::global_counter: return "seed method 1: global counter";
  case method::group_leaders: return "seed method 2: group leaders";
  case method::group_flags: return "seed method 3: group flags";
  }
  return "?";
}

// Only the root-group barrier waits without spinning (see the top of this file).
inline bool runs_on(method m, const sycl::queue& q) { return m == method::root_group || q.get_device().is_gpu(); }

// Calls f(barrier functor) with the barrier of method `m`, whose zeroed state lives in `scratch`
// (at least one counter, and one flag per group).
template <typename F>
void with_barrier(method m, void* scratch, const F& f) {
  switch (m) {
  case method::root_group: return f(root_group_barrier{});
  case method::global_counter: return f(global_counter{static_cast<unsigned long long*>(scratch)});
  case method::group_leaders: return f(group_leaders{static_cast<unsigned long long*>(scratch)});
  case method::group_flags: return f(group_flags{static_cast<unsigned*>(scratch)});
  }
}

// Bytes of zeroed state a launch of `groups` work-groups needs, for any method.
inline std::size_t scratch_bytes(std::size_t groups) {
  return std::max(sizeof(unsigned long long), groups * sizeof(unsigned));
}

// The seed's kernel: `n` (a power of two) items in groups of `local`.
template <typename Barrier>
void experiment(sycl::queue& q, unsigned* a, std::size_t n, std::size_t local, std::size_t iterations,
                Barrier barrier) {
  q.parallel_for(sycl::nd_range<1>(n, local), syclex::properties{syclex::use_root_sync}, [=](sycl::nd_item<1> it) {
     Barrier sync = barrier;
     const std::size_t i = it.get_global_id(0);
     for (std::size_t j = 0; j < iterations; ++j) {
       const unsigned temp = a[i] + a[(i + 1) & (n - 1)] + a[(i + 2) & (n - 1)];
       sync(it);
       a[i] = temp;
       sync(it);
     }
   }).wait();
}

// Runs the experiment with method `m`; checks that every value is 3^iterations (mod 2^32).
inline result run(sycl::queue& q, method m, std::size_t local, std::size_t iterations, std::size_t n = 2048) {
  unsigned* a = sycl::malloc_shared<unsigned>(n, q);
  void* scratch = sycl::malloc_device(scratch_bytes(n / local), q);
  q.fill(a, 1u, n).wait();
  q.memset(scratch, 0, scratch_bytes(n / local)).wait();
  const auto t0 = clock::now();
  with_barrier(m, scratch, [&](auto barrier) { experiment(q, a, n, local, iterations, barrier); });
  result r;
  r.seconds = seconds_since(t0);
  unsigned expected = 1;
  for (std::size_t j = 0; j < iterations; ++j) expected *= 3;
  r.ok = std::all_of(a, a + n, [&](unsigned v) { return v == expected; });
  sycl::free(a, q);
  sycl::free(scratch, q);
  return r;
}

} // namespace figures::seed002
