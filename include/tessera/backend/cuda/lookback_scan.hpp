#pragma once
#include "tessera/detail/macros.hpp"
#if TESSERA_CUDA_COMPILE
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "tessera/backend/cuda/runtime.hpp"

// A single-pass scan of a contiguous array of 4- or 8-byte arithmetic values under any
// associative operator (Merrill and Garland's decoupled look-back): the data is read once and
// written once, where CUB's DeviceScan over the library's index functors reached 0.85x its own
// pointer speed. Each block scans one tile; tiles are numbered by an atomic ticket taken when the
// block starts, never by blockIdx, so every tile a block waits for belongs to a block that is
// already running and will finish. A tile publishes its aggregate as soon as it has it, then
// combines its predecessors' published values, a warp's width of them at a time, until it meets
// one that carries the whole prefix before it.
namespace tessera::cuda::lookback {

template <typename T>
inline constexpr bool fits = std::is_arithmetic_v<T> && (sizeof(T) == 4 || sizeof(T) == 8);

// 8 warps; each thread holds `rows` 16-byte chunks (32 ints or 16 doubles): a 32 KiB tile. A
// block spends most of its life waiting for its predecessors (without the look-back the same
// kernel runs at memcpy's rate), holding its tile in registers, so the bytes in flight per SM
// set the speed: an int sum takes 60 registers, 4 blocks per SM, 128 KiB (bounding every
// instance to 64 registers would spill heavier operators'). The best of the tunings measured on
// an H100 (docs/performance.md: 2 to 16 rows, 4 to 16 warps, a sleep between looks, speculative
// loads, a ninth warp that looks back while the others load, blocks that copy their next tile
// to shared memory while scanning the current one).
struct tuning {
  static constexpr unsigned warps = 8, rows = 8;
};

template <typename T>
using bits_t = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

// A tile's published state: flag and value in one aligned 8- or 16-byte word, so that one store
// publishes both and a reader never sees a flag without its value. The flag carries the scan's
// epoch above its status: the states are never cleared between scans (cuda::scan_states), and a
// word of an earlier scan's epoch reads as pending.
enum : unsigned { pending = 0, aggregate_only = 1, inclusive_prefix = 2 };
inline constexpr unsigned status_bits = 2, max_epoch = (1u << (32 - status_bits)) - 1;
template <typename T>
struct alignas(2 * sizeof(T)) tile_word {
  bits_t<T> flag;
  T value;
};
template <typename T>
__device__ unsigned status(const tile_word<T>& w, unsigned epoch) {
  return w.flag >> status_bits == epoch ? static_cast<unsigned>(w.flag) & ((1u << status_bits) - 1) : pending;
}

template <typename T>
struct alignas(16) chunk {
  static constexpr unsigned size = 16 / sizeof(T);
  T e[size];
};

template <typename T>
__device__ void publish(tile_word<T>* at, unsigned epoch, unsigned st, T value) {
  const tile_word<T> w{static_cast<bits_t<T>>(epoch) << status_bits | st, value};
  if constexpr (sizeof(T) == 4) {
    unsigned long long b;
    __builtin_memcpy(&b, &w, sizeof b);
    asm volatile("st.volatile.global.u64 [%0], %1;" ::"l"(at), "l"(b) : "memory");
  } else {
    unsigned long long b[2];
    __builtin_memcpy(b, &w, sizeof b);
    asm volatile("st.volatile.global.v2.u64 [%0], {%1, %2};" ::"l"(at), "l"(b[0]), "l"(b[1]) : "memory");
  }
}

template <typename T>
__device__ tile_word<T> observe(const tile_word<T>* at) {
  tile_word<T> w;
  if constexpr (sizeof(T) == 4) {
    unsigned long long b;
    asm volatile("ld.volatile.global.u64 %0, [%1];" : "=l"(b) : "l"(at) : "memory");
    __builtin_memcpy(&w, &b, sizeof b);
  } else {
    unsigned long long b[2];
    asm volatile("ld.volatile.global.v2.u64 {%0, %1}, [%2];" : "=l"(b[0]), "=l"(b[1]) : "l"(at) : "memory");
    __builtin_memcpy(&w, b, sizeof b);
  }
  return w;
}

// A whole tile's 16-byte chunks are read once, by the thread that writes them back, and never
// again in the kernel: loads take the non-coherent path without allocating in L1 and stores are
// marked streaming (evict first). Also in place (in == out): the only thread that writes an
// element has read it before, so no load can see another thread's store.
template <typename T>
__device__ chunk<T> load_chunk(const chunk<T>* at) {
  unsigned w[4];
  asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3])
               : "l"(at));
  chunk<T> c;
  __builtin_memcpy(&c, w, sizeof c);
  return c;
}
template <typename T>
__device__ void store_chunk(chunk<T>* at, const chunk<T>& c) {
  unsigned w[4];
  __builtin_memcpy(w, &c, sizeof c);
  asm volatile("st.global.cs.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(at), "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3])
               : "memory");
}

// Warp shuffles of any 4- or 8-byte value, through its bits.
template <typename T, typename Shuffle>
__device__ T shuffled(T x, Shuffle shuffle) {
  bits_t<T> b;
  __builtin_memcpy(&b, &x, sizeof b);
  b = shuffle(b);
  __builtin_memcpy(&x, &b, sizeof b);
  return x;
}
template <typename T>
__device__ T shuffle_up(T x, unsigned d) {
  return shuffled(x, [d](auto b) { return __shfl_up_sync(~0u, b, d); });
}
template <typename T>
__device__ T shuffle_down(T x, unsigned d) {
  return shuffled(x, [d](auto b) { return __shfl_down_sync(~0u, b, d); });
}
template <typename T>
__device__ T shuffle_from(T x, unsigned lane) {
  return shuffled(x, [lane](auto b) { return __shfl_sync(~0u, b, lane); });
}

// The inclusive scan of a warp's rows in place, in element order (row by row, lane by lane,
// then along the lane's chunk); returns the warp's total, in every lane. Functions that take the
// rows by reference are always inlined: an array passed to a call that is not inlined lives in
// local memory (8 rows did so, at 2.4x the time).
template <unsigned rows, typename T, typename Op>
__device__ __forceinline__ T scan_rows(chunk<T> (&x)[rows], const Op& op, unsigned lane) {
  constexpr unsigned vec = chunk<T>::size;
  T carry{};
#pragma unroll
  for (unsigned r = 0; r < rows; ++r) {
#pragma unroll
    for (unsigned k = 1; k < vec; ++k) x[r].e[k] = op(x[r].e[k - 1], x[r].e[k]);
    T s = x[r].e[vec - 1];
#pragma unroll
    for (unsigned d = 1; d < 32; d *= 2) {
      const T t = shuffle_up(s, d);
      if (lane >= d) s = op(t, s);
    }
    // What precedes this lane's chunk: the earlier rows, then the earlier lanes of this row.
    const T left = shuffle_up(s, 1);
    const T row_total = shuffle_from(s, 31);
    if (r > 0 || lane > 0) {
      const T before = lane == 0 ? carry : r > 0 ? op(carry, left) : left;
#pragma unroll
      for (unsigned k = 0; k < vec; ++k) x[r].e[k] = op(before, x[r].e[k]);
    }
    carry = r > 0 ? op(carry, row_total) : row_total;
  }
  return carry;
}

// Inclusive to exclusive: each element takes its predecessor's value, the warp's first `before`.
template <unsigned rows, typename T>
__device__ __forceinline__ void shift_right(chunk<T> (&x)[rows], T before, unsigned lane) {
  constexpr unsigned vec = chunk<T>::size;
#pragma unroll
  for (int r = rows - 1; r >= 0; --r) {
    const T up = shuffle_up(x[r].e[vec - 1], 1);
    const T row_before = r > 0 ? shuffle_from(x[r > 0 ? r - 1 : 0].e[vec - 1], 31) : before;
#pragma unroll
    for (unsigned k = vec - 1; k > 0; --k) x[r].e[k] = x[r].e[k - 1];
    x[r].e[0] = lane > 0 ? up : row_before;
  }
}

// The combination of every tile before `tile` (init included), by one warp: each lane watches
// one predecessor (lane 0 the nearest); once none is pending, the window up to the nearest
// inclusive prefix is combined in tile order, or all of it and the next 32 are looked at.
template <typename T, typename Op>
__device__ __forceinline__ T look_back(const tile_word<T>* states, unsigned epoch, unsigned tile, const Op& op,
                                       unsigned lane) {
  T acc{};
  bool have = false;
  for (long long last = static_cast<long long>(tile) - 1;; last -= 32) {
    const long long mine = last - lane;
    tile_word<T> w{};
    unsigned st = inclusive_prefix; // before tile 0: nothing to combine
    do {
      if (mine >= 0) w = observe(states + mine), st = status(w, epoch);
    } while (__any_sync(~0u, st == pending));
    const unsigned prefixes = __ballot_sync(~0u, st == inclusive_prefix);
    const unsigned stop = prefixes ? __ffs(prefixes) - 1 : 31;
    // Higher lanes are earlier tiles: each lane's value goes before its lower neighbours'.
    T v = w.value;
#pragma unroll
    for (unsigned d = 1; d < 32; d *= 2) {
      const T u = shuffle_down(v, d);
      if (lane + d <= stop) v = op(u, v);
    }
    v = shuffle_from(v, 0);
    acc = have ? op(v, acc) : v;
    have = true;
    if (prefixes) return acc;
  }
}

// What a tile's warps share: each warp's total, and the combination of all before the tile.
template <typename T, unsigned warps>
struct tile_shared {
  T warp_total[warps];
  T before_tile;
  bool has_before_tile;
};

// The operands of one scan, as every block sees them.
template <typename T, typename Op>
struct scan_args {
  const T* in;
  T* out;
  std::size_t n;
  Op op;
  T init;
  bool has_init, inclusive;
  tile_word<T>* states;
  unsigned epoch;
  unsigned* tickets; // 0 when the kernel starts; the block that takes the last ticket resets it
};

// Where a warp's part of a tile starts, and whether the tile is whole.
template <typename Tuning, typename T>
struct warp_span {
  static constexpr unsigned vec = chunk<T>::size, warp_elems = 32 * Tuning::rows * vec,
                            tile_elems = Tuning::warps * warp_elems;
  std::size_t first;
  bool whole;
  __device__ warp_span(unsigned tile, std::size_t n)
      : first(std::size_t{tile} * tile_elems + threadIdx.x / 32 * warp_elems),
        whole((std::size_t{tile} + 1) * tile_elems <= n) {}
};

// A tile that is not whole, element by element; past the end, T{} (its results are not stored).
template <unsigned rows, typename T>
__device__ __forceinline__ void load_part(chunk<T> (&x)[rows], const T* in, std::size_t first, std::size_t n, unsigned lane) {
  constexpr unsigned vec = chunk<T>::size;
#pragma unroll
  for (unsigned r = 0; r < rows; ++r)
#pragma unroll
    for (unsigned k = 0; k < vec; ++k) {
      const std::size_t i = first + (r * 32 + lane) * vec + k;
      x[r].e[k] = i < n ? in[i] : T{};
    }
}

// The tile's combination of everything before it: published, then looked back for (warp 0).
template <typename Tuning, typename T, typename Op>
__device__ __forceinline__ void find_before_tile(const scan_args<T, Op>& a, unsigned tile, tile_shared<T, Tuning::warps>& sh,
                                 unsigned lane) {
  T aggregate = sh.warp_total[0];
  for (unsigned w = 1; w < Tuning::warps; ++w) aggregate = a.op(aggregate, sh.warp_total[w]);
  if (tile == 0) {
    if (lane == 0) {
      publish(a.states, a.epoch, inclusive_prefix, a.has_init ? a.op(a.init, aggregate) : aggregate);
      sh.before_tile = a.init;
      sh.has_before_tile = a.has_init;
    }
    return;
  }
  if (lane == 0) publish(a.states + tile, a.epoch, aggregate_only, aggregate);
  const T before = look_back(a.states, a.epoch, tile, a.op, lane);
  if (lane == 0) {
    publish(a.states + tile, a.epoch, inclusive_prefix, a.op(before, aggregate));
    sh.before_tile = before;
    sh.has_before_tile = true;
  }
}

// Scans a tile whose elements this thread holds in x, and stores the results; every thread of
// the block calls it (it synchronises the block twice).
template <typename Tuning, typename T, typename Op>
__device__ __forceinline__ void scan_tile(chunk<T> (&x)[Tuning::rows], const scan_args<T, Op>& a, unsigned tile,
                          tile_shared<T, Tuning::warps>& sh) {
  constexpr unsigned vec = chunk<T>::size, rows = Tuning::rows;
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const warp_span<Tuning, T> span(tile, a.n);
  const T total = scan_rows(x, a.op, lane);
  if (lane == 0) sh.warp_total[warp] = total;
  __syncthreads();
  if (warp == 0) find_before_tile<Tuning>(a, tile, sh, lane);
  __syncthreads();

  bool has_before = sh.has_before_tile;
  T before = sh.before_tile;
  for (unsigned w = 0; w < warp; ++w) {
    before = has_before ? a.op(before, sh.warp_total[w]) : sh.warp_total[w];
    has_before = true;
  }
  if (has_before)
#pragma unroll
    for (unsigned r = 0; r < rows; ++r)
#pragma unroll
      for (unsigned k = 0; k < vec; ++k) x[r].e[k] = a.op(before, x[r].e[k]);
  if (!a.inclusive) shift_right(x, before, lane);

  if (span.whole) {
#pragma unroll
    for (unsigned r = 0; r < rows; ++r) store_chunk(reinterpret_cast<chunk<T>*>(a.out + span.first) + r * 32 + lane, x[r]);
  } else {
#pragma unroll
    for (unsigned r = 0; r < rows; ++r)
#pragma unroll
      for (unsigned k = 0; k < vec; ++k) {
        const std::size_t i = span.first + (r * 32 + lane) * vec + k;
        if (i < a.n) a.out[i] = x[r].e[k];
      }
  }
}

// One tile per block, loaded into registers.
template <typename Tuning, typename T, typename Op>
__global__ void __launch_bounds__(Tuning::warps * 32) scan_tiles(scan_args<T, Op> a) {
  __shared__ unsigned ticket;
  __shared__ tile_shared<T, Tuning::warps> sh;
  if (threadIdx.x == 0) {
    ticket = atomicAdd(a.tickets, 1u);
    // Every other block has taken its ticket: the next scan on the stream starts from 0.
    if (ticket == gridDim.x - 1) atomicExch(a.tickets, 0u);
    // The tile's word, marked pending in this scan's epoch before its successors poll it. Left
    // as an earlier scan wrote it, the scan ran 2% slower at 2^28 than with the states cleared
    // by a memset first; marked here it ran as fast or faster at every size (performance.md,
    // session 11), as if the write brought the word's line into L2 ahead of the polls.
    if (ticket > 0) publish(a.states + ticket, a.epoch, pending, T{});
  }
  __syncthreads();
  const unsigned tile = ticket, lane = threadIdx.x % 32;
  const warp_span<Tuning, T> span(tile, a.n);
  chunk<T> x[Tuning::rows];
  if (span.whole) {
#pragma unroll
    for (unsigned r = 0; r < Tuning::rows; ++r) x[r] = load_chunk(reinterpret_cast<const chunk<T>*>(a.in + span.first) + r * 32 + lane);
  } else {
    load_part(x, a.in, span.first, a.n, lane);
  }
  scan_tile<Tuning>(x, a, tile, sh);
}

template <typename T>
bool aligned(const T* p) {
  return reinterpret_cast<std::uintptr_t>(p) % 16 == 0;
}

template <typename T, typename Tuning = tuning>
constexpr std::size_t tile_elements() {
  return std::size_t{Tuning::warps} * 32 * Tuning::rows * chunk<T>::size;
}

// Whether scan() takes these arrays: aligned for 16-byte chunks, tile numbers within a grid.
template <typename T>
bool takes(const T* in, const T* out, std::size_t n) {
  return aligned(in) && aligned(out) && n / tile_elements<T>() < (1u << 31) - 1;
}

// out = the inclusive or exclusive scan of in[0, n) under op (after *init, if given; an
// exclusive scan always has one), queued on s (n > 0; takes(in, out, n)). in == out is allowed:
// a tile reads all its elements before writing any.
template <typename Tuning = tuning, typename T, typename Op>
void scan(stream s, const T* in, T* out, std::size_t n, const Op& op, const T* init, bool inclusive) {
  const auto cs = static_cast<cudaStream_t>(s);
  const std::size_t tiles = (n + tile_elements<T, Tuning>() - 1) / tile_elements<T, Tuning>();
  constexpr std::size_t header = 256; // the ticket counter, keeping the states aligned
  const auto states = scan_states(s, header + tiles * sizeof(tile_word<T>), max_epoch);
  char* base = static_cast<char*>(states.p);
  const scan_args<T, Op> a{in, out, n, op, init ? *init : T{}, init != nullptr, inclusive,
                           reinterpret_cast<tile_word<T>*>(base + header), states.epoch,
                           reinterpret_cast<unsigned*>(base)};
  scan_tiles<Tuning><<<static_cast<unsigned>(tiles), Tuning::warps * 32, 0, cs>>>(a);
  throw_if_error(cudaGetLastError(), "a scan's kernel");
}

} // namespace tessera::cuda::lookback
#endif
