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

template <int D, bool WithOffset, typename K, typename... Vars>
void launch_range_reduce(const sycl::range<D>& r, const sycl::id<D>& off, const K& k, std::tuple<Vars...> vars,
                         runtime::completion done) {
  auto st = std::make_shared<reduction_state<Vars...>>(std::move(vars));
  if (r.size() == 0) return finishing(st, std::move(done))(nullptr);
  execute_chunks(
      row_count(r),
      [r, off, k, st](std::size_t first, std::size_t last) {
        auto part = st->fresh();
        st->with_reducers(part, [&](auto&&... red) {
          for_each_item_of_rows<D, WithOffset>(r, off, first, last, [&](const auto& it) { detail::invoke(k, it, red...); });
        });
        st->add(part);
      },
      finishing(st, std::move(done)));
}

// The nd_range kernel with its reductions. nd_launch binds one copy per chunk of groups; each
// copy starts from the identity and hands its partial result over in chunk_end().
template <int D, typename K, typename State>
class nd_reduction_kernel {
public:
  nd_reduction_kernel(const K& k, std::shared_ptr<State> st) : k_(k), st_(std::move(st)), part_(st_->fresh()) {}
  nd_reduction_kernel(const nd_reduction_kernel& o) : k_(o.k_), st_(o.st_), part_(st_->fresh()) {}
  nd_reduction_kernel& operator=(const nd_reduction_kernel&) = delete;

  void operator()(const glue::item_context<D>& c) const {
    st_->with_reducers(part_, [&](auto&&... red) { detail::invoke(k_, sycl::nd_item<D>(c), red...); });
  }
  void chunk_end() { st_->add(part_); }

private:
  K k_;
  std::shared_ptr<State> st_;
  // The items of a group share it; they run on one thread, fibers or not.
  mutable typename State::storages part_;
};

template <int D, typename K, typename... Vars>
void launch_nd_reduce(const glue::nd_geometry<D>& geo, std::size_t local_bytes, const K& k, std::tuple<Vars...> vars,
                      runtime::completion done) {
  using state = reduction_state<Vars...>;
  auto st = std::make_shared<state>(std::move(vars));
  auto launch = std::make_shared<nd_launch<D, nd_reduction_kernel<D, K, state>>>(geo, nd_reduction_kernel<D, K, state>(k, st));
  launch->local_bytes = local_bytes;
  execute(std::move(launch), finishing(st, std::move(done)));
}

} // namespace tessera::cpu
