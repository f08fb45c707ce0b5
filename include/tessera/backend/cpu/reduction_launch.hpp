#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <memory>
#include <mutex>
#include <tuple>
#include <type_traits>
#include <utility>

#include "sycl/nd_item.hpp"
#include "sycl/reducer.hpp"
#include "tessera/backend/cpu/nd_launch.hpp"
#include "tessera/backend/cpu/range_launch.hpp"
#include "tessera/detail/kernel_invoke.hpp"
#include "tessera/detail/reduction_var.hpp"

namespace tessera::cpu {

// The reductions of one launch. Each chunk of work accumulates into a partial result of its own
// and adds it to the total once, under a mutex; the total reaches the variables when all chunks
// are done. So the cost of combining grows with the number of chunks, not of work-items.
template <typename... Vars>
class reduction_state {
  using seq = std::index_sequence_for<Vars...>;

public:
  using storages = std::tuple<typename Vars::storage...>;

  explicit reduction_state(std::tuple<Vars...> vars) : vars_(std::move(vars)), total_(fresh()) {}

  storages fresh() const {
    return std::apply([](const auto&... v) { return storages(v.fresh()...); }, vars_);
  }
  // f(reducer&&...), one reducer over each of `part`'s accumulators.
  template <typename F>
  void with_reducers(storages& part, const F& f) const {
    with_reducers(part, f, seq{});
  }
  void add(const storages& part) {
    std::lock_guard lock(mutex_);
    add(part, seq{});
  }
  void finish() const { finish(seq{}); }
  const std::tuple<Vars...>& vars() const { return vars_; }

private:
  template <typename F, std::size_t... I>
  void with_reducers(storages& part, const F& f, std::index_sequence<I...>) const {
    f(std::get<I>(vars_).reducer_over(std::get<I>(part))...);
  }
  template <std::size_t... I>
  void add(const storages& part, std::index_sequence<I...>) {
    (std::get<I>(vars_).add(std::get<I>(total_), std::get<I>(part)), ...);
  }
  template <std::size_t... I>
  void finish(std::index_sequence<I...>) const {
    (std::get<I>(vars_).write(std::get<I>(total_)), ...);
  }

  std::tuple<Vars...> vars_;
  storages total_;
  std::mutex mutex_;
};

// The variables are written only if every work-item ran: after an error they keep their value.
template <typename State>
runtime::completion finishing(std::shared_ptr<State> st, runtime::completion done) {
  return [st = std::move(st), done = std::move(done)](std::exception_ptr e) {
    if (!e) st->finish();
    done(std::move(e));
  };
}

// One scalar variable whose operator has a known identity (plus, multiplies, minimum, maximum, the
// bitwise and logical ones: associative and commutative, and SYCL leaves the order of combination
// unspecified) can be spread over `reduction_lanes` accumulators, item i combining into lane i mod 8:
// eight independent chains instead of one, which the compiler keeps in registers and vectorises
// as it does an OpenMP `simd reduction` (a chain of dependent double additions runs at a quarter
// of the core's rate).
inline constexpr std::size_t reduction_lanes = 8;

template <typename Var>
inline constexpr bool lane_reducible_v = false;
template <typename T, typename Op, typename Target>
inline constexpr bool lane_reducible_v<detail::reduction_var<T, Op, Target, false>> =
    std::is_arithmetic_v<T> && sycl::has_known_identity_v<Op, T>;
template <typename... Vars>
inline constexpr bool all_lane_reducible_v = (lane_reducible_v<Vars> && ...);

template <typename Var, std::size_t... L>
auto reducers_over(const Var& var, std::array<typename Var::storage, sizeof...(L)>& lane, std::index_sequence<L...>) {
  return std::array{var.reducer_over(lane[L])...};
}

template <bool WithOffset, typename K, typename Red, std::size_t... L>
void lanes_of_items(const K& k, const sycl::range<1>& r, const sycl::id<1>& off, std::size_t i, Red* red,
                    std::index_sequence<L...>) {
  (detail::invoke(k, sycl::item<1, WithOffset>(sycl::id<1>(i + L + off[0]), r, off), red[L]), ...);
}

template <bool WithOffset, typename K, typename Var>
void reduce_rows_in_lanes(const K& k, const Var& var, const sycl::range<1>& r, const sycl::id<1>& off,
                          std::size_t first, std::size_t last, typename Var::storage& part) {
  std::array<typename Var::storage, reduction_lanes> lane;
  lane.fill(var.fresh());
  auto reds = reducers_over(var, lane, std::make_index_sequence<reduction_lanes>{});
  std::size_t i = first;
  for (; i + reduction_lanes <= last; i += reduction_lanes)
    lanes_of_items<WithOffset>(k, r, off, i, reds.data(), std::make_index_sequence<reduction_lanes>{});
  for (; i < last; ++i) detail::invoke(k, sycl::item<1, WithOffset>(sycl::id<1>(i + off[0]), r, off), reds[0]);
  for (const auto& l : lane) var.add(part, l);
}

template <int D, bool WithOffset, typename K, typename... Vars>
void launch_range_reduce(const sycl::range<D>& r, const sycl::id<D>& off, const K& k, std::tuple<Vars...> vars,
                         runtime::completion done) {
  auto st = std::make_shared<reduction_state<Vars...>>(std::move(vars));
  if (r.size() == 0) return finishing(st, std::move(done))(nullptr);
  execute_chunks(
      row_count(r),
      [r, off, k, st](std::size_t first, std::size_t last) {
        auto part = st->fresh();
        if constexpr (D == 1 && sizeof...(Vars) == 1 && all_lane_reducible_v<Vars...>) {
          reduce_rows_in_lanes<WithOffset>(k, std::get<0>(st->vars()), r, off, first, last, std::get<0>(part));
        } else {
          st->with_reducers(part, [&](auto&&... red) {
            for_each_item_of_rows<D, WithOffset>(r, off, first, last, [&](const auto& it) { detail::invoke(k, it, red...); });
          });
        }
        st->add(part);
      },
      finishing(st, std::move(done)));
}

// The nd_range kernel with its reductions. nd_launch binds one copy per chunk of groups; each
// copy starts from the identity and hands its partial result over in chunk_end(). Items combine
// into lane local_linear_id mod Lanes (Lanes = 1 unless every variable is lane-reducible).
template <int D, typename K, typename State, std::size_t Lanes>
class nd_reduction_kernel {
public:
  nd_reduction_kernel(const K& k, std::shared_ptr<State> st)
      : k_(k), st_(std::move(st)), lanes_(fresh_lanes(std::make_index_sequence<Lanes>{})) {}
  nd_reduction_kernel(const nd_reduction_kernel& o)
      : k_(o.k_), st_(o.st_), lanes_(fresh_lanes(std::make_index_sequence<Lanes>{})) {}
  nd_reduction_kernel& operator=(const nd_reduction_kernel&) = delete;

  void operator()(const glue::item_context<D>& c) const {
    st_->with_reducers(lanes_[c.local_linear % Lanes],
                       [&](auto&&... red) { detail::invoke(k_, sycl::nd_item<D>(c), red...); });
  }
  void chunk_end() {
    for (auto& l : lanes_) st_->add(l);
  }

  // A group's items in a loop (nd_launch::run_loop), one scalar variable spread over lanes: the
  // lanes are the loop's own, so the compiler keeps them in registers, as in the range form; the
  // shared ones above took a load and a store per item. They join the shared lanes when the loop
  // ends, or stops because an item switched the group to fibers (that item's own contributions
  // land here before it returns; later items run through operator()).
  template <typename ContextOf, typename S = State,
            std::enable_if_t<(Lanes > 1) && std::tuple_size_v<typename S::storages> == 1, int> = 0>
  void run_items(std::uint32_t n, const ContextOf& context_of, const bool& stop) const {
    const auto& var = std::get<0>(st_->vars());
    std::array<std::tuple_element_t<0, typename State::storages>, Lanes> lane;
    lane.fill(var.fresh());
    auto red = reducers_over(var, lane, std::make_index_sequence<Lanes>{});
    std::uint32_t i = 0;
    for (; i + Lanes <= n; i += Lanes)
      if (lanes_of_items(context_of, i, red.data(), stop, std::make_index_sequence<Lanes>{})) break;
    for (; i < n && !stop; ++i) detail::invoke(k_, sycl::nd_item<D>(context_of(i)), red[i % Lanes]);
    for (std::size_t l = 0; l < Lanes; ++l) var.add(std::get<0>(lanes_[l]), lane[l]);
  }

private:
  // Items i .. i+Lanes-1, item i+L into lane L; true once `stop` is set.
  template <typename ContextOf, typename Red, std::size_t... L>
  bool lanes_of_items(const ContextOf& context_of, std::uint32_t i, Red* red, const bool& stop,
                      std::index_sequence<L...>) const {
    return ((detail::invoke(k_, sycl::nd_item<D>(context_of(i + L)), red[L]), stop) || ...);
  }

  template <std::size_t... I>
  std::array<typename State::storages, Lanes> fresh_lanes(std::index_sequence<I...>) const {
    return {((void)I, st_->fresh())...};
  }
  K k_;
  std::shared_ptr<State> st_;
  // The items of a group share them; they run on one thread, fibers or not.
  mutable std::array<typename State::storages, Lanes> lanes_;
};

template <int D, typename K, typename... Vars>
void launch_nd_reduce(const glue::nd_geometry<D>& geo, std::size_t local_bytes, const K& k, std::tuple<Vars...> vars,
                      runtime::completion done) {
  using state = reduction_state<Vars...>;
  using kernel = nd_reduction_kernel<D, K, state, all_lane_reducible_v<Vars...> ? reduction_lanes : 1>;
  auto st = std::make_shared<state>(std::move(vars));
  auto launch = std::make_shared<nd_launch<D, kernel>>(geo, kernel(k, st));
  launch->local_bytes = local_bytes;
  execute(std::move(launch), finishing(st, std::move(done)));
}

} // namespace tessera::cpu
