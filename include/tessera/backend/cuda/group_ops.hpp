#pragma once
#include "tessera/detail/macros.hpp"
#if TESSERA_DEVICE_PASS
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <type_traits>

#include "sycl/functional.hpp"
#include "sycl/group.hpp"
#include "sycl/known_identity.hpp"
#include "sycl/sub_group.hpp"
#include "tessera/backend/cuda/barrier_check.hpp"
#include "tessera/group/load_store_layout.hpp"

// Group algorithms in CUDA device code (only a device pass includes this): sub-groups are warps (shuffles and votes), work-groups are blocks
// (shared memory and __syncthreads). The host versions meet at the CPU rendezvous instead.
namespace tessera::cuda {

// A shuffle of any trivially copyable value, one 32-bit word at a time.
template <typename T, typename Shfl>
__device__ T shuffle_words(const T& x, Shfl shfl) {
  constexpr int words = (sizeof(T) + 3) / 4;
  int w[words] = {};
  std::memcpy(w, &x, sizeof(T));
  for (int i = 0; i < words; ++i) w[i] = shfl(w[i]);
  T r;
  std::memcpy(&r, w, sizeof(T));
  return r;
}

template <typename T> __device__ T warp_select(const sycl::sub_group& sg, const T& x, unsigned src) {
  return shuffle_words(x, [&](int w) { return __shfl_sync(sg.active_mask(), w, static_cast<int>(src)); });
}
template <typename T> __device__ T warp_down(const sycl::sub_group& sg, const T& x, unsigned d) {
  return shuffle_words(x, [&](int w) { return __shfl_down_sync(sg.active_mask(), w, d); });
}
template <typename T> __device__ T warp_up(const sycl::sub_group& sg, const T& x, unsigned d) {
  return shuffle_words(x, [&](int w) { return __shfl_up_sync(sg.active_mask(), w, d); });
}
template <typename T> __device__ T warp_xor(const sycl::sub_group& sg, const T& x, unsigned m) {
  return shuffle_words(x, [&](int w) { return __shfl_xor_sync(sg.active_mask(), w, static_cast<int>(m)); });
}

// The folds CUDA's __reduce_*_sync do in one instruction (REDUX, sm_80 and later) on 32-bit
// integers, partial warps included (the mask names the lanes).
enum class redux { none, add, min, max, bit_and, bit_or, bit_xor };
template <typename Op> constexpr redux redux_of = redux::none;
template <typename U> constexpr redux redux_of<sycl::plus<U>> = redux::add;
template <typename U> constexpr redux redux_of<sycl::minimum<U>> = redux::min;
template <typename U> constexpr redux redux_of<sycl::maximum<U>> = redux::max;
template <typename U> constexpr redux redux_of<sycl::bit_and<U>> = redux::bit_and;
template <typename U> constexpr redux redux_of<sycl::bit_or<U>> = redux::bit_or;
template <typename U> constexpr redux redux_of<sycl::bit_xor<U>> = redux::bit_xor;

template <typename T, typename Op>
constexpr bool has_redux = __CUDA_ARCH__ >= 800 && std::is_integral_v<T> && !std::is_same_v<T, bool> && sizeof(T) == 4 &&
                           redux_of<Op> != redux::none;

// Written in PTX: clang 19's __reduce_*_sync hand the mask and the value to the builtin the wrong
// way round (the PTX reads the value as the member mask: an illegal instruction on the H100).
template <typename T, typename Op> __device__ T warp_redux(unsigned mask, T x) {
  constexpr redux r = redux_of<Op>;
  unsigned v = static_cast<unsigned>(x), out;
  if constexpr (r == redux::add) asm volatile("redux.sync.add.u32 %0, %1, %2;" : "=r"(out) : "r"(v), "r"(mask));
  else if constexpr (r == redux::min && std::is_signed_v<T>) asm volatile("redux.sync.min.s32 %0, %1, %2;" : "=r"(out) : "r"(v), "r"(mask));
  else if constexpr (r == redux::min) asm volatile("redux.sync.min.u32 %0, %1, %2;" : "=r"(out) : "r"(v), "r"(mask));
  else if constexpr (r == redux::max && std::is_signed_v<T>) asm volatile("redux.sync.max.s32 %0, %1, %2;" : "=r"(out) : "r"(v), "r"(mask));
  else if constexpr (r == redux::max) asm volatile("redux.sync.max.u32 %0, %1, %2;" : "=r"(out) : "r"(v), "r"(mask));
  else if constexpr (r == redux::bit_and) asm volatile("redux.sync.and.b32 %0, %1, %2;" : "=r"(out) : "r"(v), "r"(mask));
  else if constexpr (r == redux::bit_or) asm volatile("redux.sync.or.b32 %0, %1, %2;" : "=r"(out) : "r"(v), "r"(mask));
  else asm volatile("redux.sync.xor.b32 %0, %1, %2;" : "=r"(out) : "r"(v), "r"(mask));
  return static_cast<T>(out);
}

// Sums of 0s and 1s (the pack and unpack idiom: a predicate scanned to find each item's slot)
// are counts of the set bits of one ballot, as a CUDA programmer writes them. Where the optimiser
// has proved the values are flags (a bool converted, as in the seed's pack and unpack) nothing
// checks them; otherwise one vote does, and other values take the shuffles.
template <typename T, typename Op>
constexpr bool counts_flags = std::is_integral_v<T> && !std::is_same_v<T, bool> && redux_of<Op> == redux::add;

template <typename T> __device__ bool known_flag(const T& x) {
#if defined(__clang__) && !defined(__NVCC__)
  const bool flag = x == T(0) || x == T(1);
  return __builtin_constant_p(flag) && flag;
#else
  (void)x; // nvcc has no __builtin_constant_p in device code: the vote checks instead
  return false;
#endif
}
template <typename T> __device__ bool all_flags(unsigned mask, const T& x) {
  return known_flag(x) || __all_sync(mask, x == T(0) || x == T(1));
}
// The lanes below `lane`, and those up to `lane` inclusive (2u << 31 wraps to 0: all lanes).
__device__ inline unsigned lanes_below(unsigned lane) { return (1u << lane) - 1u; }
__device__ inline unsigned lanes_through(unsigned lane) { return (2u << lane) - 1u; }

// Hillis-Steele inside the warp, over the sub-group's lanes only: a partial warp's missing lanes
// never feed in, and a sub-group of 8 takes 3 steps, not 5.
template <typename T, typename Op> __device__ T warp_shuffle_scan(const sycl::sub_group& sg, T x, Op op) {
  const unsigned lane = sg.get_local_linear_id(), n = sg.get_local_linear_range();
  for (unsigned o = 1; o < 32 && o < n; o <<= 1) {
    const T y = warp_up(sg, x, o);
    if (lane >= o) x = op(y, x);
  }
  return x;
}
template <typename T, typename Op> __device__ T warp_inclusive_scan(const sycl::sub_group& sg, const T& x, Op op) {
  if constexpr (counts_flags<T, Op>) {
    const unsigned mask = sg.active_mask();
    if (all_flags(mask, x)) return T(__popc(__ballot_sync(mask, x != T(0)) & lanes_through(sg.get_local_linear_id())));
  }
  return warp_shuffle_scan(sg, x, op);
}
// A full warp folds by butterfly (every lane ends with the total); a partial warp cannot, since
// a butterfly reads lanes that do not exist, so it scans and takes the last lane's value.
template <typename T, typename Op> __device__ T warp_reduce(const sycl::sub_group& sg, T x, Op op) {
  if constexpr (counts_flags<T, Op>)
    if (known_flag(x)) return T(__popc(__ballot_sync(sg.active_mask(), x != T(0))));
  if constexpr (has_redux<T, Op>) return warp_redux<T, Op>(sg.active_mask(), x);
  if (sg.get_local_linear_range() != 32)
    return warp_select(sg, warp_shuffle_scan(sg, x, op), sg.get_local_linear_range() - 1);
  for (unsigned m = 16; m > 0; m >>= 1) x = op(x, warp_xor(sg, x, m));
  return x;
}
template <typename T, typename Op> __device__ T warp_exclusive_scan(const sycl::sub_group& sg, const T& x, Op op) {
  const unsigned lane = sg.get_local_linear_id();
  if constexpr (counts_flags<T, Op>) {
    const unsigned mask = sg.active_mask();
    if (all_flags(mask, x)) {
      return T(__popc(__ballot_sync(mask, x != T(0)) & lanes_below(lane)));
    }
  }
  const T prev = warp_up(sg, warp_shuffle_scan(sg, x, op), 1);
  return lane == 0 ? T(sycl::known_identity<Op, T>::value) : prev;
}

// Shared scratch for work-group collectives: one slot per warp plus one for a broadcast value.
// Values of up to 16 bytes share one scratch; a larger type (a long vec or marray, a user's
// struct) gets scratch of its own size, so that small collectives do not pay its shared memory.
constexpr std::size_t scratch_slot = 16;
template <std::size_t Slot, std::size_t Align> __device__ char* block_scratch() {
  __shared__ __align__(Align) char s[(32 + 1) * Slot];
  return s;
}
template <typename T> __device__ T& slot(int i) {
  constexpr std::size_t size = (sizeof(T) + scratch_slot - 1) / scratch_slot * scratch_slot;
  constexpr std::size_t align = alignof(T) > scratch_slot ? alignof(T) : scratch_slot;
  return *reinterpret_cast<T*>(block_scratch<size, align>() + i * size);
}

template <int D> __device__ sycl::sub_group warp_of(const sycl::group<D>& g) { return sycl::sub_group(g.context()); }
__device__ inline unsigned warps_in_block() { return (blockDim.x * blockDim.y * blockDim.z + 31) / 32; }

template <int D, typename T> __device__ T block_broadcast(const sycl::group<D>& g, const T& x, std::size_t src) {
  if (g.get_local_linear_id() == src) slot<T>(32) = x;
  __syncthreads();
  const T r = slot<T>(32);
  __syncthreads();
  return r;
}

// Every item folds the warps' partial results itself: one barrier fewer than a leader that
// folds and broadcasts. The last barrier keeps a fast warp's next collective from overwriting a
// slot that a slow warp is still reading.
template <int D, typename T, typename Op> __device__ T block_reduce(const sycl::group<D>& g, const T& x, Op op) {
  const auto sg = warp_of(g);
  const T partial = warp_reduce(sg, x, op);
  if (sg.leader()) slot<T>(static_cast<int>(sg.get_group_linear_id())) = partial;
  __syncthreads();
  T acc = slot<T>(0);
  for (unsigned w = 1; w < warps_in_block(); ++w) acc = op(acc, slot<T>(static_cast<int>(w)));
  __syncthreads();
  return acc;
}

// Inclusive scans per warp, then each warp adds the total of the warps before it.
template <int D, typename T, typename Op>
__device__ T block_scan(const sycl::group<D>& g, const T& x, Op op, bool inclusive) {
  const auto sg = warp_of(g);
  const T incl = warp_inclusive_scan(sg, x, op);
  const int w = static_cast<int>(sg.get_group_linear_id());
  if (sg.get_local_linear_id() == sg.get_local_linear_range() - 1) slot<T>(w) = incl;
  __syncthreads();
  if (g.get_local_linear_id() == 0) {
    T acc = sycl::known_identity<Op, T>::value;
    for (unsigned k = 0; k < warps_in_block(); ++k) {
      const T total = slot<T>(static_cast<int>(k));
      slot<T>(static_cast<int>(k)) = acc;
      acc = op(acc, total);
    }
  }
  __syncthreads();
  const T before = slot<T>(w);
  const T prev = warp_up(sg, incl, 1);
  __syncthreads();
  if (inclusive) return op(before, incl);
  return sg.get_local_linear_id() == 0 ? before : op(before, prev);
}

// Moves between arbitrary items of a work-group go through shared memory, one 8-byte word per
// item at a time (a larger value in several rounds, as the warp shuffles move 4-byte words).
template <int D, typename T> __device__ T block_exchange(const sycl::group<D>& g, const T& x, std::size_t from) {
  if constexpr (sizeof(T) > 8) {
    constexpr int words = (sizeof(T) + 7) / 8;
    std::uint64_t w[words] = {};
    std::memcpy(w, &x, sizeof(T));
    for (int i = 0; i < words; ++i) w[i] = block_exchange(g, w[i], from);
    T r;
    std::memcpy(&r, w, sizeof(T));
    return r;
  } else {
    __shared__ __align__(8) char values[1024 * 8];
    T* v = reinterpret_cast<T*>(values);
    v[g.get_local_linear_id()] = x;
    __syncthreads();
    const T r = from < g.get_local_linear_range() ? v[from] : x;
    __syncthreads();
    return r;
  }
}

} // namespace tessera::cuda

// The same names and signatures as the CPU backend's group_ops.hpp; tessera/glue/group_ops.hpp
// picks one. A call site only serves the CPU's misuse reports.
namespace tessera::cuda::ops {

using group::call_site;
using collective = group::collective_op;

// Under TESSERA_CHECK a work-group collective first meets the group (barrier_check.hpp); sub-group
// collectives are not checked.
template <int D> __device__ void arrive(const sycl::group<D>& g, collective c, const call_site& s) { check_arrival(g.context(), c, s); }
__device__ inline void arrive(const sycl::sub_group&, collective, const call_site&) {}

template <typename T> __device__ T broadcast(const sycl::sub_group& g, const T& x, std::size_t src, const call_site&) { return warp_select(g, x, static_cast<unsigned>(src)); }
template <int D, typename T> __device__ T broadcast(const sycl::group<D>& g, const T& x, std::size_t src, const call_site& s) {
  arrive(g, collective::broadcast, s);
  return block_broadcast(g, x, src);
}

__device__ inline bool any(const sycl::sub_group& g, bool p, const call_site&) { return __any_sync(g.active_mask(), p); }
__device__ inline bool all(const sycl::sub_group& g, bool p, const call_site&) { return __all_sync(g.active_mask(), p); }
template <int D> __device__ bool any(const sycl::group<D>& g, bool p, const call_site& s) {
  arrive(g, collective::any_of, s);
  return __syncthreads_or(p) != 0;
}
template <int D> __device__ bool all(const sycl::group<D>& g, bool p, const call_site& s) {
  arrive(g, collective::all_of, s);
  return __syncthreads_and(p) != 0;
}
__device__ inline bool none(const sycl::sub_group& g, bool p, const call_site& s) { return !any(g, p, s); }
template <int D> __device__ bool none(const sycl::group<D>& g, bool p, const call_site& s) {
  arrive(g, collective::none_of, s);
  return __syncthreads_or(p) == 0;
}

template <typename T> __device__ T shift_left(const sycl::sub_group& g, const T& x, std::size_t d, const call_site&) { return warp_down(g, x, static_cast<unsigned>(d)); }
template <typename T> __device__ T shift_right(const sycl::sub_group& g, const T& x, std::size_t d, const call_site&) { return warp_up(g, x, static_cast<unsigned>(d)); }
template <typename T> __device__ T permute_xor(const sycl::sub_group& g, const T& x, std::size_t m, const call_site&) { return warp_xor(g, x, static_cast<unsigned>(m)); }
template <typename T> __device__ T select(const sycl::sub_group& g, const T& x, std::size_t r, const call_site&) { return warp_select(g, x, static_cast<unsigned>(r)); }
template <int D, typename T> __device__ T shift_left(const sycl::group<D>& g, const T& x, std::size_t d, const call_site& s) {
  arrive(g, collective::shift_left, s);
  return block_exchange(g, x, g.get_local_linear_id() + d);
}
template <int D, typename T> __device__ T shift_right(const sycl::group<D>& g, const T& x, std::size_t d, const call_site& s) {
  arrive(g, collective::shift_right, s);
  const std::size_t me = g.get_local_linear_id();
  return block_exchange(g, x, me >= d ? me - d : me);
}
template <int D, typename T> __device__ T permute_xor(const sycl::group<D>& g, const T& x, std::size_t m, const call_site& s) {
  arrive(g, collective::permute_xor, s);
  return block_exchange(g, x, g.get_local_linear_id() ^ m);
}
template <int D, typename T> __device__ T select(const sycl::group<D>& g, const T& x, std::size_t r, const call_site& s) {
  arrive(g, collective::select, s);
  return block_exchange(g, x, r);
}

template <typename T, typename Op> __device__ T reduce(const sycl::sub_group& g, const T& x, Op op, const call_site&) { return warp_reduce(g, x, op); }
template <typename T, typename Op> __device__ T inclusive_scan(const sycl::sub_group& g, const T& x, Op op, const call_site&) { return warp_inclusive_scan(g, x, op); }
template <typename T, typename Op> __device__ T exclusive_scan(const sycl::sub_group& g, const T& x, Op op, const call_site&) { return warp_exclusive_scan(g, x, op); }
template <int D, typename T, typename Op> __device__ T reduce(const sycl::group<D>& g, const T& x, Op op, const call_site& s) {
  arrive(g, collective::reduce, s);
  return block_reduce(g, x, op);
}
template <int D, typename T, typename Op> __device__ T inclusive_scan(const sycl::group<D>& g, const T& x, Op op, const call_site& s) {
  arrive(g, collective::inclusive_scan, s);
  return block_scan(g, x, op, true);
}
template <int D, typename T, typename Op> __device__ T exclusive_scan(const sycl::group<D>& g, const T& x, Op op, const call_site& s) {
  arrive(g, collective::exclusive_scan, s);
  return block_scan(g, x, op, false);
}

__device__ inline void barrier(const sycl::sub_group& g) { __syncwarp(g.active_mask()); }
template <int D> __device__ void barrier(const sycl::group<D>&) { __syncthreads(); }

// Joint algorithms: each item folds a strided share of the range, then the group combines.
template <typename G, typename Ptr, typename T, typename Op>
__device__ T joint_reduce(const G& g, Ptr first, Ptr last, T init, Op op, const call_site& s) {
  arrive(g, collective::joint, s);
  T acc = sycl::known_identity<Op, T>::value;
  const auto n = static_cast<std::ptrdiff_t>(g.get_local_linear_range());
  for (Ptr p = first + static_cast<std::ptrdiff_t>(g.get_local_linear_id()); p < last; p += n) acc = op(acc, *p);
  return op(init, reduce(g, acc, op, s));
}
template <typename G, typename Ptr, typename Pred>
__device__ bool joint_any(const G& g, Ptr first, Ptr last, Pred pred, const call_site& s) {
  arrive(g, collective::joint, s);
  bool some = false;
  const auto n = static_cast<std::ptrdiff_t>(g.get_local_linear_range());
  for (Ptr p = first + static_cast<std::ptrdiff_t>(g.get_local_linear_id()); p < last; p += n) some = some || pred(*p);
  return any(g, some, s);
}
// Scans of a whole range: the leader walks it while the others wait; correct, not yet fast.
template <typename G, typename InPtr, typename OutPtr, typename T, typename Op>
__device__ OutPtr joint_scan(const G& g, InPtr first, InPtr last, OutPtr result, T init, Op op, bool inclusive,
                             const call_site& s) {
  arrive(g, collective::joint, s);
  if (g.leader()) {
    T acc = init;
    OutPtr o = result;
    for (InPtr p = first; p != last; ++p, ++o) {
      const T x = *p;
      if (inclusive) *o = acc = op(acc, x);
      else *o = acc, acc = op(acc, x);
    }
  }
  barrier(g);
  return result + (last - first);
}

// group_load/group_store: each member moves its own elements (tessera/group/load_store_layout.hpp
// places them) between two group barriers, DPC++'s path on devices without block reads.
template <typename G, typename Move>
__device__ void move_own_elements(const G& g, std::size_t count, bool striped, Move move) {
  const auto member = static_cast<std::uint32_t>(g.get_local_linear_id());
  const auto members = static_cast<std::uint32_t>(g.get_local_linear_range());
  const auto layout = group::layout(count, striped);
  barrier(g);
  for (std::size_t k = 0; k < count; ++k) move(k, group::element(layout, member, members, k));
  barrier(g);
}
template <typename G, typename It, typename T>
__device__ void group_load(const G& g, It in, T* out, std::size_t count, bool striped, const call_site& s) {
  arrive(g, collective::load, s);
  using diff = typename std::iterator_traits<It>::difference_type;
  move_own_elements(g, count, striped, [&](std::size_t k, std::size_t e) { out[k] = in[static_cast<diff>(e)]; });
}
template <typename G, typename It, typename T>
__device__ void group_store(const G& g, const T* in, It out, std::size_t count, bool striped, const call_site& s) {
  arrive(g, collective::store, s);
  using diff = typename std::iterator_traits<It>::difference_type;
  move_own_elements(g, count, striped, [&](std::size_t k, std::size_t e) { out[static_cast<diff>(e)] = in[k]; });
}

} // namespace tessera::cuda::ops
#endif
