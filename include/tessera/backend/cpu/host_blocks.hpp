#pragma once
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

// The CPU's parallel patterns for the algorithm library (tessera/ext/dpl): the index space [0, n)
// is cut into one contiguous block per worker, as OpenMP's static schedule cuts a loop, so that
// each block is a plain loop the compiler vectorises. Scan and pack take two passes over the
// blocks (per-block totals, then each block again from its offset; a scan's blocks hand their
// carries along within one pool job). Every function returns when the work is done and rethrows
// the first exception a block raised.
namespace tessera::cpu {

// The worker pool's size (TESSERA_NUM_THREADS or one per core).
unsigned worker_count();
// body(b) for every b in [0, blocks), one pool chunk each; returns when all have run.
void run_blocks(std::size_t blocks, const std::function<void(std::size_t)>& body);

// [0, n) in `count` nearly equal blocks, `per_worker` per worker; below `grain` items per block
// the pool's dispatch would cost more than it saves, so small ranges are one block run on the
// calling thread, as are all ranges of a sequential policy (`parallel` false).
struct block_split {
  static constexpr std::size_t grain = 1 << 14;
  std::size_t n, count;
  explicit block_split(std::size_t n_, bool parallel = true, std::size_t per_worker = 1)
      : n(n_), count(parallel ? std::max<std::size_t>(1, std::min<std::size_t>(per_worker * worker_count(), n_ / grain))
                              : 1) {}
  std::size_t begin(std::size_t b) const { return b * n / count; }
  std::size_t end(std::size_t b) const { return (b + 1) * n / count; }
  template <typename F>
  void run(const F& f) const {
    if (count == 1) return f(std::size_t{0});
    run_blocks(count, std::function<void(std::size_t)>(std::cref(f)));
  }
};

// f(first, last) over blocks of [0, n).
template <typename F>
void blocked_for(std::size_t n, const F& f, bool parallel = true) {
  if (n == 0) return;
  const block_split s(n, parallel);
  s.run([&](std::size_t b) { f(s.begin(b), s.end(b)); });
}

// Blocks per worker of a reduction. With one block each, the job lasts as long as its slowest
// block: on 16 cores a count_if block alone on its core took 2.7-3.0 ms, one whose thread shared a
// core with another block's or woke late 4.4-10.8 ms (docs/performance.md, "CPU, session 11").
// Four each, taken as threads come free, let the others take over a slow thread's share.
inline constexpr std::size_t reduce_blocks_per_worker = 4;

// op(...op(init, map(0)), ..., map(n-1)) for an associative op: each block folds its items in
// order, then the block results are folded in block order.
template <typename T, typename Map, typename Op>
T blocked_reduce(std::size_t n, T init, const Map& map, const Op& op, bool parallel = true) {
  if (n == 0) return init;
  const block_split s(n, parallel, reduce_blocks_per_worker);
  std::vector<T> partial(s.count, init);
  s.run([&](std::size_t b) {
    const std::size_t first = s.begin(b), last = s.end(b);
    T acc = map(first);
    for (std::size_t i = first + 1; i < last; ++i) acc = op(acc, map(i));
    partial[b] = acc;
  });
  for (const T& p : partial) init = op(init, p);
  return init;
}

// What the blocks of a scan hand along: block b's carry-out (the scan's value at its last item)
// for block b+1. The blocks run at once, so a carry is usually moments away: a waiting block
// polls first, then sleeps.
template <typename T>
class scan_carries {
public:
  explicit scan_carries(std::size_t blocks) : slot_(new slot[blocks]) {}
  void publish(std::size_t b, const T& v) {
    slot_[b].value = v;
    set(b, ready);
  }
  void fail(std::size_t b) { set(b, failed); }
  // Block b's carry-out; none if block b failed (its exception reaches the caller through the pool).
  std::optional<T> await(std::size_t b) {
    for (int k = 0; k < polls && pending(b); ++k) std::this_thread::yield();
    if (pending(b)) {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return !pending(b); });
    }
    if (slot_[b].state.load(std::memory_order_acquire) == failed) return std::nullopt;
    return slot_[b].value;
  }

private:
  enum : int { waiting, ready, failed };
  struct slot {
    std::atomic<int> state{waiting};
    T value{};
  };
  static constexpr int polls = 1000;
  bool pending(std::size_t b) const { return slot_[b].state.load(std::memory_order_acquire) == waiting; }
  void set(std::size_t b, int state) {
    {
      std::lock_guard lock(mutex_);
      slot_[b].state.store(state, std::memory_order_release);
    }
    changed_.notify_all();
  }
  std::unique_ptr<slot[]> slot_;
  std::mutex mutex_;
  std::condition_variable changed_;
};

// write(i, x_i) where x is the scan of map(0..n-1) under op: inclusive (x_i includes map(i)) or
// exclusive (x_i = op(init, map(0..i-1)), x_0 = init). Inclusive scans with `has_init` start
// from init too. One pool job: each block folds its items, waits for the previous block's carry,
// hands its own to the next and writes its items from its carry-in. Blocks are the pool's chunks,
// taken in order, so the block waited for has started; two jobs (totals, then writes) woke every
// worker twice and ran the carry step on the calling thread between them.
template <typename T, typename Map, typename Op, typename Write>
void blocked_scan(std::size_t n, const Map& map, const Op& op, const T* init, bool inclusive, const Write& write,
                  bool parallel = true) {
  if (n == 0) return;
  const block_split s(n, parallel);
  scan_carries<T> carries(s.count);
  s.run([&](std::size_t b) {
    const std::size_t first = s.begin(b), last = s.end(b);
    std::optional<T> in = b == 0 && init ? std::optional<T>(*init) : std::nullopt;
    if (b + 1 < s.count) { // the last block's total is nobody's carry
      try {
        T total = map(first);
        for (std::size_t i = first + 1; i < last; ++i) total = op(total, map(i));
        if (b > 0 && !(in = carries.await(b - 1))) return carries.fail(b);
        carries.publish(b, in ? op(*in, total) : total);
      } catch (...) {
        carries.fail(b);
        throw;
      }
    } else if (b > 0 && !(in = carries.await(b - 1))) {
      return;
    }
    std::size_t i = first;
    T acc = in ? *in : T{};
    if (!in) {
      // The very first item of an inclusive scan without init is map(0) itself.
      acc = map(i);
      write(i, acc);
      ++i;
    }
    if (inclusive)
      for (; i < last; ++i) acc = op(acc, map(i)), write(i, acc);
    else
      for (; i < last; ++i) {
        T x = map(i);
        write(i, acc);
        acc = op(acc, x);
      }
  });
}

// The stable pack of [0, n): selected(i, k) for each i with pred(i), k its rank among the
// selected items; returns how many were selected. With `rejected`, also rejected(i, p) for every
// other i, p = count + its rank among the rejected: the stable partition's final place. Two
// passes over the blocks (each counts; each writes from its offset) unless there is one block
// and no rejected items, whose places depend on the total.
template <typename Pred, typename Selected, typename Rejected>
std::size_t blocked_partition(std::size_t n, const Pred& pred, const Selected& selected, const Rejected* rejected,
                              bool parallel = true) {
  if (n == 0) return 0;
  const block_split s(n, parallel);
  std::vector<std::size_t> offset(s.count + 1, 0);
  const bool count_first = s.count > 1 || rejected;
  if (count_first) {
    s.run([&](std::size_t b) {
      std::size_t c = 0;
      for (std::size_t i = s.begin(b), last = s.end(b); i < last; ++i) c += pred(i) ? 1 : 0;
      offset[b + 1] = c;
    });
    for (std::size_t b = 0; b < s.count; ++b) offset[b + 1] += offset[b];
  }
  std::vector<std::size_t> kept(s.count, 0);
  s.run([&](std::size_t b) {
    const std::size_t first = s.begin(b);
    std::size_t k = offset[b];
    if (rejected) {
      std::size_t p = offset[s.count] + first - offset[b];
      for (std::size_t i = first, last = s.end(b); i < last; ++i)
        if (pred(i)) selected(i, k++);
        else (*rejected)(i, p++);
    } else {
      for (std::size_t i = first, last = s.end(b); i < last; ++i)
        if (pred(i)) selected(i, k++);
    }
    kept[b] = k - offset[b];
  });
  std::size_t count = 0;
  for (std::size_t c : kept) count += c;
  return count;
}

// The smallest i with pred(i), or n. Blocks stop early once an earlier block has found one.
template <typename Pred>
std::size_t blocked_find_first(std::size_t n, const Pred& pred, bool parallel = true) {
  if (n == 0) return 0;
  const block_split s(n, parallel);
  std::atomic<std::size_t> best{n};
  s.run([&](std::size_t b) {
    for (std::size_t i = s.begin(b), last = s.end(b); i < last; ++i) {
      // Checked every so often: an earlier block's find makes the rest of this one moot.
      if ((i & 1023) == 0 && best.load(std::memory_order_relaxed) < i) return;
      if (pred(i)) {
        std::size_t cur = best.load(std::memory_order_relaxed);
        while (i < cur && !best.compare_exchange_weak(cur, i, std::memory_order_relaxed)) {
        }
        return;
      }
    }
  });
  return best.load();
}

} // namespace tessera::cpu
