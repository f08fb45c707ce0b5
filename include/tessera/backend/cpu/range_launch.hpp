#pragma once
#include <cstddef>
#include <functional>

#include "sycl/item.hpp"
#include "tessera/runtime/command_group.hpp"

namespace tessera::cpu {

// Splits [0, n) into chunks for the pool; body(first, last) must handle exceptions' reporting
// through the returned completion: the first exception of any chunk reaches `done`.
void execute_chunks(std::size_t n, std::function<void(std::size_t, std::size_t)> body, runtime::completion done);

// A basic data-parallel kernel is a plain loop per chunk, the innermost dimension innermost, so
// that the compiler can vectorise it as it would an OpenMP loop.
template <int D, bool WithOffset, typename K>
void launch_range(const sycl::range<D>& r, const sycl::id<D>& off, const K& k, runtime::completion done) {
  if (r.size() == 0) return done(nullptr);
  const std::size_t inner = r[D - 1];
  const std::size_t rows = r.size() / inner;
  execute_chunks(
      D == 1 ? inner : rows,
      [r, off, k, inner](std::size_t first, std::size_t last) {
        if constexpr (D == 1) {
          (void)inner;
          for (std::size_t i = first; i < last; ++i)
            k(sycl::item<1, WithOffset>(sycl::id<1>(i + off[0]), r, off));
        } else {
          for (std::size_t row = first; row < last; ++row) {
            sycl::id<D> i = detail::delinearize(row * inner, r) + off;
            for (std::size_t j = 0; j < inner; ++j) {
              i[D - 1] = j + off[D - 1];
              k(sycl::item<D, WithOffset>(i, r, off));
            }
          }
        }
      },
      std::move(done));
}

template <typename K>
void launch_single(const K& k, runtime::completion done) {
  execute_chunks(
      1, [k](std::size_t, std::size_t) { k(); }, std::move(done));
}

} // namespace tessera::cpu
