#pragma once
#include <sstream>
#include <string>

#include "tessera/amp/accelerator.hpp"
#include "tessera/amp/tiled.hpp"
#include "tessera/amp/view_source.hpp"

namespace concurrency {

namespace detail {
template <int N>
sycl::range<N> to_range(const extent<N>& e) {
  sycl::range<N> r;
  for (int d = 0; d < N; ++d) r[d] = static_cast<std::size_t>(e[d]);
  return r;
}
template <int N>
TESSERA_HOST_DEVICE index<N> to_index(const sycl::id<N>& i) {
  index<N> r;
  for (int d = 0; d < N; ++d) r[d] = static_cast<int>(i[d]);
  return r;
}
template <int N>
std::string text(const extent<N>& e) {
  std::ostringstream s;
  for (int d = 0; d < N; ++d) s << (d ? " x " : "") << e[d];
  return s.str();
}
template <int N>
void check_domain(const extent<N>& e) {
  for (int d = 0; d < N; ++d)
    if (e[d] < 0) throw invalid_compute_domain("parallel_for_each: the extent " + text(e) + " has a negative dimension");
}

// Issues a kernel on `av`: the copy of `kernel` taken here binds the array_views it captured to
// their data on the accelerator (capture), and the views learn that a kernel uses them.
template <typename Kernel, typename Submit>
void issue(const accelerator_view& av, const Kernel& kernel, Submit submit) {
  capture views(av);
  const Kernel bound = kernel;
  views.end();
  as_amp([&] { av.get_sycl_queue().submit([&](sycl::handler& h) { submit(h, bound); }); });
  views.kernel_issued();
}

template <int N, typename F>
struct simple_kernel {
  F f;
  TESSERA_HOST_DEVICE void operator()(sycl::item<N> it) const { f(to_index<N>(it.get_id())); }
};
template <int D0, int D1, int D2, typename F>
struct tiled_kernel {
  F f;
  static constexpr int rank = tiled_rank<D0, D1, D2>;
  TESSERA_HOST_DEVICE void operator()(sycl::nd_item<rank> it) const { f(tiled_index<D0, D1, D2>(it)); }
};
} // namespace detail

// One call of `f` per index of `e`, on `av`.
template <int N, typename F>
void parallel_for_each(const accelerator_view& av, const extent<N>& e, const F& f) {
  detail::check_domain(e);
  if (e.size() == 0) return;
  detail::issue(av, detail::simple_kernel<N, F>{f}, [&](sycl::handler& h, const auto& k) {
    h.parallel_for(detail::to_range(e), k);
  });
}
template <int N, typename F>
void parallel_for_each(const extent<N>& e, const F& f) {
  parallel_for_each(accelerator().get_default_view(), e, f);
}

// One call of `f` per index of `e`, in tiles that each run as one work-group: the tile's items
// share tile_static memory and meet at its barrier. As in C++ AMP, `e` must be a whole number of
// tiles (pad() or truncate() it otherwise).
template <int D0, int D1, int D2, typename F>
void parallel_for_each(const accelerator_view& av, const tiled_extent<D0, D1, D2>& e, const F& f) {
  constexpr int N = tiled_extent<D0, D1, D2>::rank;
  detail::check_domain<N>(e);
  for (int d = 0; d < N; ++d)
    if (e[d] % e.tile(d))
      throw invalid_compute_domain("parallel_for_each: the extent " + detail::text<N>(e) +
                                   " is not a whole number of tiles of " + detail::text(e.get_tile_extent()) +
                                   " (use pad() or truncate())");
  if (e.size() == 0) return;
  detail::issue(av, detail::tiled_kernel<D0, D1, D2, F>{f}, [&](sycl::handler& h, const auto& k) {
    h.parallel_for(sycl::nd_range<N>(detail::to_range<N>(e), detail::to_range(e.get_tile_extent())), k);
  });
}
template <int D0, int D1, int D2, typename F>
void parallel_for_each(const tiled_extent<D0, D1, D2>& e, const F& f) {
  parallel_for_each(accelerator().get_default_view(), e, f);
}

} // namespace concurrency
