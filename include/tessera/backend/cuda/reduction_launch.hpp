#pragma once
#include "tessera/detail/macros.hpp"
#if TESSERA_CUDA_COMPILE
#include <algorithm>
#include <cstring>
#include <tuple>
#include <utility>

#include "sycl/reducer.hpp"
#include "tessera/detail/reduction_var.hpp"
#include "tessera/backend/cuda/atomic_combine.hpp"
#include "tessera/backend/cuda/group_ops.hpp"
#include "tessera/backend/cuda/launch.hpp"

// Reductions on the GPU: each work-item accumulates privately, each block reduces its items and
// combines the result into a device-side total with one atomic; a last single-thread kernel
// merges the total into the variable. So one atomic per work-group, never one per work-item.
namespace tessera::cuda {

// What the GPU path combines (atomic_combine.hpp): any value whose alignment the totals' 16-byte
// slots keep.
template <typename... Vars>
inline constexpr bool gpu_reducible_v = ((alignof(decltype(Vars::identity)) <= 16) && ...);

template <typename Tuple> struct gpu_reducible;
template <typename... Vars> struct gpu_reducible<std::tuple<Vars...>> : std::bool_constant<gpu_reducible_v<Vars...>> {};

template <typename V>
inline constexpr bool is_array_var = !std::is_same_v<typename V::storage, std::array<decltype(V::identity), 1>>;

// The device-side totals of a launch's reductions, `count` values per variable, in one allocation.
template <typename... Vars>
struct totals {
  void* base;
  std::size_t offset[sizeof...(Vars)];
  template <std::size_t I> TESSERA_HOST_DEVICE auto* at() const {
    using T = decltype(std::get<I>(std::declval<std::tuple<Vars...>>()).identity);
    return reinterpret_cast<T*>(static_cast<char*>(base) + offset[I]);
  }
};

#if TESSERA_DEVICE_PASS
template <int D, typename... Vars, std::size_t... I>
__device__ void combine_block(const sycl::group<D>& g, const std::tuple<Vars...>& vars, totals<Vars...> t,
                              std::tuple<decltype(Vars::identity)...>& priv, std::index_sequence<I...>) {
  (
      [&] {
        if constexpr (!is_array_var<std::tuple_element_t<I, std::tuple<Vars...>>>) {
          const auto& v = std::get<I>(vars);
          const auto r = block_reduce(g, std::get<I>(priv), v.op);
          if (g.leader()) atomic_combine(t.template at<I>(), r, v.op);
        }
      }(),
      ...);
}

template <typename... Vars, std::size_t... I>
__device__ std::tuple<decltype(Vars::identity)...> privates(const std::tuple<Vars...>& vars, std::index_sequence<I...>) {
  return {std::get<I>(vars).identity...};
}

// Reducers can be neither copied nor moved: each is made on the stack, one level per variable.
// An array reduction's reducer combines atomically straight into the totals: a work-item cannot
// hold a private copy of a whole array.
template <std::size_t I, typename K, typename Item, typename VarsT, typename PrivT, typename TotalsT, typename... Reds>
__device__ void call_with_reducers(const K& k, const Item& it, const VarsT& vars, PrivT& priv, const TotalsT& t,
                                   Reds&... reds) {
  if constexpr (I == std::tuple_size_v<VarsT>) {
    detail::invoke(k, it, reds...);
  } else {
    const auto& v = std::get<I>(vars);
    if constexpr (is_array_var<std::tuple_element_t<I, VarsT>>) {
      auto r = v.reducer_at(t.template at<I>(), true);
      call_with_reducers<I + 1>(k, it, vars, priv, t, reds..., r);
    } else {
      auto r = v.reducer_at(&std::get<I>(priv));
      call_with_reducers<I + 1>(k, it, vars, priv, t, reds..., r);
    }
  }
}
#endif

constexpr unsigned reduce_unroll = 8;

// A memory-bound reduction needs every thread slot of the GPU: left alone, the compiler keeps
// the unrolled loop's eight addresses in 48 registers, which lets only 5 of 8 blocks fit on a
// multiprocessor (measured: 0.90x of CUB on an H100). The bound holds it to 32 registers.
template <int D, bool WithOffset, typename K, typename... Vars>
__global__ void range_reduce_kernel(K k, sycl::range<D> r, sycl::id<D> off, std::size_t n, std::tuple<Vars...> vars,
                                    totals<Vars...> t) {
#if TESSERA_DEVICE_PASS
  using seq = std::index_sequence_for<Vars...>;
  auto priv = privates(vars, seq{});
  // A resident grid strides over the range, so that each block's one atomic combine is amortised
  // over many items. While `reduce_unroll` strides remain, they go unrolled and unchecked: the
  // kernel's loads then issue back to back, which a memory-bound reduction needs to reach the
  // bandwidth (one load in flight per thread reaches about half of it).
  const auto call = [&](std::size_t i) {
    // Without an offset nothing is added: an addend unknown to the compiler would cost the
    // unrolled loop a register pair per load.
    const sycl::id<D> id = WithOffset ? detail::delinearize(i, r) + off : detail::delinearize(i, r);
    call_with_reducers<0>(k, sycl::item<D, WithOffset>(id, r, off), vars, priv, t);
  };
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; i + (reduce_unroll - 1) * stride < n; i += reduce_unroll * stride) {
#pragma unroll
    for (unsigned u = 0; u < reduce_unroll; ++u) call(i + u * stride);
  }
  for (; i < n; i += stride) call(i);
  // The block's group is made only now, so that it holds no registers during the loop.
  glue::nd_geometry<1> geo{sycl::range<1>(gridDim.x * blockDim.x), sycl::range<1>(blockDim.x),
                          sycl::range<1>(gridDim.x), sycl::id<1>(), 32};
  const sycl::group<1> g(glue::item_context<1>{&geo, nullptr, sycl::id<1>(blockIdx.x), sycl::id<1>(threadIdx.x), threadIdx.x});
  combine_block(g, vars, t, priv, seq{});
#endif
}

template <int D, typename K, typename... Vars>
__global__ void nd_reduce_kernel(K k, glue::nd_geometry<D> geo, std::tuple<Vars...> vars, totals<Vars...> t) {
#if TESSERA_DEVICE_PASS
  using seq = std::index_sequence_for<Vars...>;
  glue::item_context<D> c{&geo, nullptr, {}, {}, 0};
  const unsigned gi[3] = {blockIdx.x, blockIdx.y, blockIdx.z}, li[3] = {threadIdx.x, threadIdx.y, threadIdx.z};
  for (int d = 0; d < D; ++d) c.group[d] = gi[D - 1 - d], c.local[d] = li[D - 1 - d];
  c.local_linear = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  auto priv = privates(vars, seq{});
  call_with_reducers<0>(k, sycl::nd_item<D>(c), vars, priv, t);
  combine_block(sycl::group<D>(c), vars, t, priv, seq{});
#endif
}

// The single-thread kernels around a reduction are functors, not lambdas: nvcc cannot name the
// enclosing function of an extended lambda when that template has two parameter packs.
template <typename... Vars>
struct start_totals {
  std::tuple<Vars...> vars;
  totals<Vars...> t;
  template <std::size_t... I>
  TESSERA_HOST_DEVICE void run(std::index_sequence<I...>) const {
    (
        [&] {
          const auto& v = std::get<I>(vars);
          for (std::size_t e = 0; e < v.count; ++e) t.template at<I>()[e] = v.identity;
        }(),
        ...);
  }
  TESSERA_HOST_DEVICE void operator()() const { run(std::index_sequence_for<Vars...>{}); }
};
// Without initialize_to_identity the variable's original value takes part (§4.9.2.1).
template <typename... Vars>
struct write_results {
  std::tuple<Vars...> vars;
  totals<Vars...> t;
  template <std::size_t... I>
  TESSERA_HOST_DEVICE void run(std::index_sequence<I...>) const {
    (
        [&] {
          const auto& v = std::get<I>(vars);
          auto* dst = v.target.data();
          const auto* total = t.template at<I>();
          for (std::size_t e = 0; e < v.count; ++e) v.write_element(dst[e], total[e]);
        }(),
        ...);
  }
  TESSERA_HOST_DEVICE void operator()() const { run(std::index_sequence_for<Vars...>{}); }
};

template <typename... Vars, std::size_t... I>
std::size_t lay_out(totals<Vars...>& t, const std::tuple<Vars...>& vars, std::index_sequence<I...>) {
  std::size_t bytes = 0;
  ((t.offset[I] = bytes, bytes += (std::get<I>(vars).count * sizeof(decltype(Vars::identity)) + 15) / 16 * 16), ...);
  return bytes;
}

template <typename Launch, typename... Vars>
void with_totals(stream s, const std::tuple<Vars...>& vars, Launch launch) {
  totals<Vars...> t{};
  t.base = scratch(s, lay_out(t, vars, std::index_sequence_for<Vars...>{}));
  launch_single(s, start_totals<Vars...>{vars, t});
  launch(t);
  launch_single(s, write_results<Vars...>{vars, t});
}

template <int D, bool WithOffset, typename K, typename... Vars>
void launch_range_reduce(stream s, const sycl::range<D>& r, const sycl::id<D>& off, const K& k,
                         const std::tuple<Vars...>& vars) {
  with_totals(s, vars, [&](totals<Vars...> t) {
    const std::size_t n = r.size();
    // Exactly the blocks that fit at once: one block more than fits is a second wave that leaves
    // the GPU mostly idle while it runs (a kernel's registers decide how many fit).
    static const unsigned resident = [] {
      int device = 0, sms = 0, per_sm = 0;
      cudaGetDevice(&device);
      cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, range_reduce_kernel<D, WithOffset, K, Vars...>,
                                                    range_block, 0);
      return static_cast<unsigned>(sms > 0 && per_sm > 0 ? sms * per_sm : 1024);
    }();
    const auto blocks = static_cast<unsigned>(std::min<std::size_t>((n + range_block - 1) / range_block, resident));
    if (n)
      launch_kernel("parallel_for(range) with reductions", range_reduce_kernel<D, WithOffset, K, Vars...>, blocks,
                    range_block, 0, s, k, r, off, n, vars, t);
  });
}

template <int D, typename K, typename... Vars>
void launch_nd_reduce(stream s, const glue::nd_geometry<D>& geo, std::size_t local_bytes, const K& k,
                      const std::tuple<Vars...>& vars) {
  with_totals(s, vars, [&](totals<Vars...> t) {
    if (geo.global.size())
      launch_kernel("parallel_for(nd_range) with reductions", nd_reduce_kernel<D, K, Vars...>, to_dim3(geo.groups),
                    to_dim3(geo.local), local_bytes, s, k, geo, vars, t);
  });
}

} // namespace tessera::cuda
#endif
