#pragma once
#include "tessera/backend/cuda/config.hpp"
#if TESSERA_CUDA_COMPILE
#include <cstring>
#include <tuple>
#include <utility>

#include "sycl/reducer.hpp"
#include "tessera/backend/cpu/reduction_launch.hpp"
#include "tessera/backend/cuda/group_ops.hpp"
#include "tessera/backend/cuda/launch.hpp"

// Reductions on the GPU: each work-item accumulates privately, each block reduces its items and
// combines the result into a device-side total with one atomic; a last single-thread kernel
// merges the total into the variable. So one atomic per work-group, never one per work-item.
namespace tessera::cuda {

#if TESSERA_DEVICE_PASS
template <typename T, typename Op>
__device__ void atomic_combine(T* p, const T& v, Op op) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "GPU reductions combine 4- or 8-byte values");
  using U = std::conditional_t<sizeof(T) == 4, unsigned int, unsigned long long>;
  U* a = reinterpret_cast<U*>(p);
  U old = *a, assumed;
  do {
    assumed = old;
    T cur;
    std::memcpy(&cur, &assumed, sizeof(T));
    const T next = op(cur, v);
    U bits;
    std::memcpy(&bits, &next, sizeof(T));
    old = atomicCAS(a, assumed, bits);
  } while (old != assumed);
}
#endif

// The device-side totals of a launch's reductions, one per variable, in one allocation.
template <typename... Vars>
struct totals {
  void* base;
  template <std::size_t I> TESSERA_HOST_DEVICE auto* at() const {
    using T = decltype(std::get<I>(std::declval<std::tuple<Vars...>>()).identity);
    return reinterpret_cast<T*>(static_cast<char*>(base) + I * 16);
  }
};

#if TESSERA_DEVICE_PASS
template <int D, typename... Vars, std::size_t... I>
__device__ void combine_block(const sycl::group<D>& g, const std::tuple<Vars...>& vars, totals<Vars...> t,
                              std::tuple<decltype(Vars::identity)...>& priv, std::index_sequence<I...>) {
  (
      [&] {
        const auto& v = std::get<I>(vars);
        const auto r = block_reduce(g, std::get<I>(priv), v.op);
        if (g.leader()) atomic_combine(t.template at<I>(), r, v.op);
      }(),
      ...);
}

template <typename... Vars, std::size_t... I>
__device__ std::tuple<decltype(Vars::identity)...> privates(const std::tuple<Vars...>& vars, std::index_sequence<I...>) {
  return {std::get<I>(vars).identity...};
}

// Reducers can be neither copied nor moved: each is made on the stack, one level per variable.
template <std::size_t I, typename K, typename Item, typename VarsT, typename PrivT, typename... Reds>
__device__ void call_with_reducers(const K& k, const Item& it, const VarsT& vars, PrivT& priv, Reds&... reds) {
  if constexpr (I == std::tuple_size_v<VarsT>) {
    k(it, reds...);
  } else {
    const auto& v = std::get<I>(vars);
    using T = std::decay_t<decltype(v.identity)>;
    sycl::reducer<T, std::decay_t<decltype(v.op)>, 0> r(&std::get<I>(priv), v.identity, v.op);
    call_with_reducers<I + 1>(k, it, vars, priv, reds..., r);
  }
}
#endif

template <int D, bool WithOffset, typename K, typename... Vars>
__global__ void range_reduce_kernel(K k, sycl::range<D> r, sycl::id<D> off, std::size_t n, std::tuple<Vars...> vars,
                                    totals<Vars...> t) {
#if TESSERA_DEVICE_PASS
  using seq = std::index_sequence_for<Vars...>;
  cpu::nd_geometry<1> geo{sycl::range<1>(gridDim.x * blockDim.x), sycl::range<1>(blockDim.x),
                          sycl::range<1>(gridDim.x), sycl::id<1>(), 32};
  const sycl::group<1> g(cpu::item_context<1>{&geo, nullptr, sycl::id<1>(blockIdx.x), sycl::id<1>(threadIdx.x), threadIdx.x});
  auto priv = privates(vars, seq{});
  const std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) call_with_reducers<0>(k, sycl::item<D, WithOffset>(detail::delinearize(i, r) + off, r, off), vars, priv);
  combine_block(g, vars, t, priv, seq{});
#endif
}

template <int D, typename K, typename... Vars>
__global__ void nd_reduce_kernel(K k, cpu::nd_geometry<D> geo, std::tuple<Vars...> vars, totals<Vars...> t) {
#if TESSERA_DEVICE_PASS
  using seq = std::index_sequence_for<Vars...>;
  cpu::item_context<D> c{&geo, nullptr, {}, {}, 0};
  const unsigned gi[3] = {blockIdx.x, blockIdx.y, blockIdx.z}, li[3] = {threadIdx.x, threadIdx.y, threadIdx.z};
  for (int d = 0; d < D; ++d) c.group[d] = gi[D - 1 - d], c.local[d] = li[D - 1 - d];
  c.local_linear = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  auto priv = privates(vars, seq{});
  call_with_reducers<0>(k, sycl::nd_item<D>(c), vars, priv);
  combine_block(sycl::group<D>(c), vars, t, priv, seq{});
#endif
}

template <typename... Vars, std::size_t... I>
void start_totals(stream s, const std::tuple<Vars...>& vars, totals<Vars...> t, std::index_sequence<I...>) {
  launch_single(s, [vars, t] TESSERA_HOST_DEVICE() { ((*t.template at<I>() = std::get<I>(vars).identity), ...); });
}
// Without initialize_to_identity the variable's original value takes part (§4.9.2.1).
template <typename... Vars, std::size_t... I>
void write_results(stream s, const std::tuple<Vars...>& vars, totals<Vars...> t, std::index_sequence<I...>) {
  launch_single(s, [vars, t] TESSERA_HOST_DEVICE() {
    (
        [&] {
          const auto& v = std::get<I>(vars);
          auto* dst = v.target.data();
          *dst = v.initialize_to_identity ? *t.template at<I>() : v.op(*dst, *t.template at<I>());
        }(),
        ...);
  });
}

template <typename... Vars>
void check_scalar(const std::tuple<Vars...>&) {
  static_assert(((!std::is_same_v<typename Vars::storage, std::unique_ptr<decltype(Vars::identity)[]>>)&&...),
                "array (span) reductions are not yet supported on the GPU");
}

template <typename Launch, typename... Vars>
void with_totals(stream s, const std::tuple<Vars...>& vars, runtime::completion done, Launch launch) {
  check_scalar(vars);
  totals<Vars...> t{stream_alloc(s, 16 * sizeof...(Vars))};
  start_totals(s, vars, t, std::index_sequence_for<Vars...>{});
  launch(t);
  write_results(s, vars, t, std::index_sequence_for<Vars...>{});
  stream_free(s, t.base);
  complete_after(s, std::move(done));
}

template <int D, bool WithOffset, typename K, typename... Vars>
void launch_range_reduce(stream s, const sycl::range<D>& r, const sycl::id<D>& off, const K& k,
                         const std::tuple<Vars...>& vars, runtime::completion done) {
  with_totals(s, vars, std::move(done), [&](totals<Vars...> t) {
    const std::size_t n = r.size();
    const auto blocks = static_cast<unsigned>((n + range_block - 1) / range_block);
    if (n) range_reduce_kernel<D, WithOffset><<<blocks, range_block, 0, static_cast<cudaStream_t>(s)>>>(k, r, off, n, vars, t);
    check_launch("parallel_for(range) with reductions");
  });
}

template <int D, typename K, typename... Vars>
void launch_nd_reduce(stream s, const cpu::nd_geometry<D>& geo, std::size_t local_bytes, const K& k,
                      const std::tuple<Vars...>& vars, runtime::completion done) {
  with_totals(s, vars, std::move(done), [&](totals<Vars...> t) {
    if (geo.global.size())
      nd_reduce_kernel<D><<<to_dim3(geo.groups), to_dim3(geo.local), local_bytes, static_cast<cudaStream_t>(s)>>>(k, geo, vars, t);
    check_launch("parallel_for(nd_range) with reductions");
  });
}

} // namespace tessera::cuda
#endif
