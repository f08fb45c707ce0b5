#pragma once
#include <cstddef>
#include <functional>

#include "sycl/item.hpp"
#include "tessera/detail/kernel_invoke.hpp"
#include "tessera/runtime/command_group.hpp"

namespace tessera::cpu {

// Splits [0, n) into chunks for the pool; body(first, last) must handle exceptions' reporting
// through the returned completion: the first exception of any chunk reaches `done`.
void execute_chunks(std::size_t n, std::function<void(std::size_t, std::size_t)> body, runtime::completion done);

// A basic data-parallel kernel is split into rows, the last dimension (in 1-D a row is one item),
// so that a chunk is a plain loop, the innermost dimension innermost, which the compiler can
// vectorise as it would an OpenMP loop.
template <int D>
std::size_t row_count(const sycl::range<D>& r) {
  return D == 1 ? r[0] : r.size() / r[D - 1];
}

template <int D, bool WithOffset, typename F>
void for_each_item_of_rows(const sycl::range<D>& r, const sycl::id<D>& off, std::size_t first, std::size_t last,
                           const F& f) {
  if constexpr (D == 1) {
    for (std::size_t i = first; i < last; ++i) detail::invoke(f, sycl::item<1, WithOffset>(sycl::id<1>(i + off[0]), r, off));
  } else {
    const std::size_t inner = r[D - 1];
    for (std::size_t row = first; row < last; ++row) {
      sycl::id<D> i = detail::delinearize(row * inner, r) + off;
      for (std::size_t j = 0; j < inner; ++j) {
        i[D - 1] = j + off[D - 1];
        detail::invoke(f, sycl::item<D, WithOffset>(i, r, off));
      }
    }
  }
}

template <int D, bool WithOffset, typename K>
void launch_range(const sycl::range<D>& r, const sycl::id<D>& off, const K& k, runtime::completion done) {
  if (r.size() == 0) return done(nullptr);
  execute_chunks(
      row_count(r),
      [r, off, k](std::size_t first, std::size_t last) { for_each_item_of_rows<D, WithOffset>(r, off, first, last, k); },
      std::move(done));
}

template <typename K>
void launch_single(const K& k, runtime::completion done) {
  execute_chunks(
      1, [k](std::size_t, std::size_t) { detail::invoke(k); }, std::move(done));
}

} // namespace tessera::cpu
