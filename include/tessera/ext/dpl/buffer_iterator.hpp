#pragma once
#include <cstddef>

#include "sycl/buffer.hpp"
#include "tessera/ext/dpl/iterator_facade.hpp"

namespace tessera::dpl {

// A position in a one-dimensional buffer. Algorithms reach its elements through the buffer's
// memory on the policy's device, ordered after the commands that use the buffer; the host
// cannot dereference it (as in oneDPL).
template <typename T, typename Alloc>
class buffer_iterator
    : public iterator_facade<buffer_iterator<T, Alloc>, std::remove_const_t<T>, T&> {
public:
  buffer_iterator() = default;
  buffer_iterator(sycl::buffer<T, 1, Alloc> b, std::ptrdiff_t pos) : buffer_(b), pos_(pos) {}

  void advance(std::ptrdiff_t n) { pos_ += n; }
  std::ptrdiff_t distance_to(const buffer_iterator& o) const { return o.pos_ - pos_; }

  sycl::buffer<T, 1, Alloc> get_buffer() const { return buffer_; }
  std::ptrdiff_t get_idx() const { return pos_; }

private:
  sycl::buffer<T, 1, Alloc> buffer_{sycl::range<1>(0)};
  std::ptrdiff_t pos_ = 0;
};

} // namespace tessera::dpl

namespace oneapi::dpl {

template <typename T, typename Alloc>
tessera::dpl::buffer_iterator<T, Alloc> begin(sycl::buffer<T, 1, Alloc> b) {
  return {b, 0};
}
template <typename T, typename Alloc>
tessera::dpl::buffer_iterator<T, Alloc> end(sycl::buffer<T, 1, Alloc> b) {
  const auto n = static_cast<std::ptrdiff_t>(b.size());
  return {b, n};
}
// The access-mode tags (sycl::read_only, write_only, no_init) only hint at the access.
template <typename T, typename Alloc, typename Tag>
tessera::dpl::buffer_iterator<T, Alloc> begin(sycl::buffer<T, 1, Alloc> b, Tag) {
  return begin(b);
}
template <typename T, typename Alloc, typename Tag>
tessera::dpl::buffer_iterator<T, Alloc> end(sycl::buffer<T, 1, Alloc> b, Tag) {
  return end(b);
}

} // namespace oneapi::dpl
