#pragma once
#include <cstddef>
#include <functional>
#include <typeinfo>

#include "sycl/item.hpp"
#include "tessera/detail/kernel_invoke.hpp"
#include "tessera/runtime/command_group.hpp"
#if defined(TESSERA_CHECK)
#include "tessera/memory/access_check.hpp"
#endif

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

// In check mode the chunks of a kernel named `name` say which kernel runs (check::kernel_scope).
template <typename Chunk>
auto named_chunks([[maybe_unused]] const std::type_info* name, Chunk chunk) {
#if defined(TESSERA_CHECK)
  return [name, chunk](std::size_t first, std::size_t last) {
    const check::kernel_scope running(name);
    chunk(first, last);
  };
#else
  return chunk;
#endif
}

template <int D, bool WithOffset, typename K>
void launch_range(const sycl::range<D>& r, const sycl::id<D>& off, const K& k, runtime::completion done,
                  const std::type_info* name = nullptr) {
  if (r.size() == 0) return done(nullptr);
  execute_chunks(row_count(r), named_chunks(name, [r, off, k](std::size_t first, std::size_t last) {
                   for_each_item_of_rows<D, WithOffset>(r, off, first, last, k);
                 }),
                 std::move(done));
}

template <typename K>
void launch_single(const K& k, runtime::completion done, const std::type_info* name = nullptr) {
  execute_chunks(1, named_chunks(name, [k](std::size_t, std::size_t) { detail::invoke(k); }), std::move(done));
}

} // namespace tessera::cpu
