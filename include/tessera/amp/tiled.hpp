#pragma once
#include <sycl/nd_item.hpp>

#include "tessera/amp/extent.hpp"
#include "tessera/group/call_site.hpp"

namespace concurrency {

namespace detail {
template <int D0, int D1, int D2>
constexpr int tiled_rank = D2 ? 3 : D1 ? 2 : 1;
}

// An extent split into tiles of D0[ x D1[ x D2]] items: a work-group of that shape.
template <int D0, int D1, int D2>
class tiled_extent : public extent<detail::tiled_rank<D0, D1, D2>> {
  static_assert(D0 > 0 && D1 >= 0 && D2 >= 0 && !(D2 && !D1), "tile dimensions must be positive");

public:
  static constexpr int rank = detail::tiled_rank<D0, D1, D2>;
  static constexpr int tile_dim0 = D0;
  static constexpr int tile_dim1 = D1;
  static constexpr int tile_dim2 = D2;

  TESSERA_HOST_DEVICE tiled_extent() = default;
  TESSERA_HOST_DEVICE explicit tiled_extent(const extent<rank>& e) : extent<rank>(e) {}

  TESSERA_HOST_DEVICE static extent<rank> get_tile_extent() {
    const int t[3] = {D0, D1, D2};
    return extent<rank>(t);
  }
  // The smallest extent of whole tiles that covers this one.
  TESSERA_HOST_DEVICE tiled_extent pad() const {
    tiled_extent p = *this;
    for (int d = 0; d < rank; ++d) p[d] = ((*this)[d] + tile(d) - 1) / tile(d) * tile(d);
    return p;
  }
  // The largest extent of whole tiles inside this one.
  TESSERA_HOST_DEVICE tiled_extent truncate() const {
    tiled_extent t = *this;
    for (int d = 0; d < rank; ++d) t[d] = (*this)[d] / tile(d) * tile(d);
    return t;
  }
  TESSERA_HOST_DEVICE static int tile(int d) { return d == 0 ? D0 : d == 1 ? D1 : D2; }
};

// A tile's barrier. The four waits are work-group barriers whose fence names the memory it orders;
// a tile whose items do not all reach the same wait is reported, with the wait's file and line,
// as every Tessera work-group barrier is. Every backend's work-group barrier orders all memory, so
// each fence is the strongest. The barrier keeps only what a backend's barrier needs, which is the
// same for every rank: the tile's group state and the item's place (unused, and dropped, on a GPU).
class tile_barrier {
public:
  template <int N>
  TESSERA_HOST_DEVICE explicit tile_barrier(const sycl::nd_item<N>& it)
      : exec_(it.context().exec), lid_(it.context().local_linear) {}

  TESSERA_HOST_DEVICE void wait(tessera::group::call_site site = tessera::group::call_site::here()) const {
    arrive(site);
  }
  TESSERA_HOST_DEVICE void wait_with_all_memory_fence(
      tessera::group::call_site site = tessera::group::call_site::here()) const {
    arrive(site);
  }
  TESSERA_HOST_DEVICE void wait_with_global_memory_fence(
      tessera::group::call_site site = tessera::group::call_site::here()) const {
    arrive(site);
  }
  TESSERA_HOST_DEVICE void wait_with_tile_static_memory_fence(
      tessera::group::call_site site = tessera::group::call_site::here()) const {
    arrive(site);
  }

private:
  TESSERA_HOST_DEVICE void arrive(tessera::group::call_site site) const {
    tessera::glue::ops::work_group_barrier(tessera::glue::item_context<1>{nullptr, exec_, {}, {}, lid_}, site);
  }
  tessera::glue::group_state* exec_;
  std::uint32_t lid_;
};

// What a work-item of a tiled parallel_for_each knows.
template <int D0, int D1 = 0, int D2 = 0>
class tiled_index {
public:
  static constexpr int rank = detail::tiled_rank<D0, D1, D2>;
  static constexpr int tile_dim0 = D0;
  static constexpr int tile_dim1 = D1;
  static constexpr int tile_dim2 = D2;

  TESSERA_HOST_DEVICE explicit tiled_index(const sycl::nd_item<rank>& it)
      : global(ids(it.get_global_id())), local(ids(it.get_local_id())), tile(group_ids(it)),
        tile_origin(origin(tile)), barrier(it) {}

  const index<rank> global;
  const index<rank> local;
  const index<rank> tile;
  const index<rank> tile_origin;
  const tile_barrier barrier;

  TESSERA_HOST_DEVICE operator const index<rank>() const { return global; }
  TESSERA_HOST_DEVICE static extent<rank> get_tile_extent() { return tiled_extent<D0, D1, D2>::get_tile_extent(); }

private:
  TESSERA_HOST_DEVICE static index<rank> ids(const sycl::id<rank>& i) {
    index<rank> r;
    for (int d = 0; d < rank; ++d) r[d] = static_cast<int>(i[d]);
    return r;
  }
  TESSERA_HOST_DEVICE static index<rank> origin(const index<rank>& t) {
    index<rank> r;
    for (int d = 0; d < rank; ++d) r[d] = t[d] * tiled_extent<D0, D1, D2>::tile(d);
    return r;
  }
  TESSERA_HOST_DEVICE static index<rank> group_ids(const sycl::nd_item<rank>& it) {
    index<rank> r;
    for (int d = 0; d < rank; ++d) r[d] = static_cast<int>(it.get_group(d));
    return r;
  }
};

} // namespace concurrency
