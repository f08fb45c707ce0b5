#pragma once
// The iterator of a multi-dimensional accessor: it walks the accessor's range row by row, which a
// ranged accessor narrower than its buffer does not lay out contiguously (SYCL 2020 4.7.6.9.1:
// begin() to end() are the accessor's size() elements). One-dimensional accessors are contiguous
// and iterate with plain pointers.
#include <cstddef>
#include <iterator>
#include <type_traits>

#include "sycl/id.hpp"
#include "sycl/range.hpp"
#include "tessera/detail/macros.hpp"

namespace tessera::memory {

template <typename T, int D>
class window_iterator {
public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_const_t<T>;
  using difference_type = std::ptrdiff_t;
  using pointer = T*;
  using reference = T&;

  window_iterator() = default;
  // `base` is the buffer's first element, laid out as `whole`; the window is `window` at `offset`.
  TESSERA_HOST_DEVICE window_iterator(T* base, const sycl::range<D>& whole, const sycl::range<D>& window,
                                      const sycl::id<D>& offset, difference_type at)
      : base_(base), whole_(whole), window_(window), offset_(offset), at_(at) {}
  // An iterator converts to one to const elements.
  template <typename U, typename = std::enable_if_t<std::is_same_v<const U, T> && !std::is_same_v<U, T>>>
  TESSERA_HOST_DEVICE window_iterator(const window_iterator<U, D>& o)
      : base_(o.base_), whole_(o.whole_), window_(o.window_), offset_(o.offset_), at_(o.at_) {}

  TESSERA_HOST_DEVICE reference operator*() const { return (*this)[0]; }
  TESSERA_HOST_DEVICE pointer operator->() const { return &**this; }
  TESSERA_HOST_DEVICE reference operator[](difference_type n) const {
    const sycl::id<D> in_window = detail::delinearize(static_cast<std::size_t>(at_ + n), window_);
    return base_[detail::linearize(sycl::id<D>(in_window + offset_), whole_)];
  }

  TESSERA_HOST_DEVICE window_iterator& operator++() { return ++at_, *this; }
  TESSERA_HOST_DEVICE window_iterator operator++(int) { return step(at_++); }
  TESSERA_HOST_DEVICE window_iterator& operator--() { return --at_, *this; }
  TESSERA_HOST_DEVICE window_iterator operator--(int) { return step(at_--); }
  TESSERA_HOST_DEVICE window_iterator& operator+=(difference_type n) { return at_ += n, *this; }
  TESSERA_HOST_DEVICE window_iterator& operator-=(difference_type n) { return at_ -= n, *this; }
  TESSERA_HOST_DEVICE friend window_iterator operator+(window_iterator i, difference_type n) { return i += n; }
  TESSERA_HOST_DEVICE friend window_iterator operator+(difference_type n, window_iterator i) { return i += n; }
  TESSERA_HOST_DEVICE friend window_iterator operator-(window_iterator i, difference_type n) { return i -= n; }
  TESSERA_HOST_DEVICE friend difference_type operator-(const window_iterator& a, const window_iterator& b) {
    return a.at_ - b.at_;
  }

  TESSERA_HOST_DEVICE friend bool operator==(const window_iterator& a, const window_iterator& b) { return a.at_ == b.at_; }
  TESSERA_HOST_DEVICE friend bool operator!=(const window_iterator& a, const window_iterator& b) { return a.at_ != b.at_; }
  TESSERA_HOST_DEVICE friend bool operator<(const window_iterator& a, const window_iterator& b) { return a.at_ < b.at_; }
  TESSERA_HOST_DEVICE friend bool operator>(const window_iterator& a, const window_iterator& b) { return a.at_ > b.at_; }
  TESSERA_HOST_DEVICE friend bool operator<=(const window_iterator& a, const window_iterator& b) { return a.at_ <= b.at_; }
  TESSERA_HOST_DEVICE friend bool operator>=(const window_iterator& a, const window_iterator& b) { return a.at_ >= b.at_; }

private:
  TESSERA_HOST_DEVICE window_iterator step(difference_type at) const { return {base_, whole_, window_, offset_, at}; }

  T* base_ = nullptr;
  sycl::range<D> whole_;
  sycl::range<D> window_;
  sycl::id<D> offset_;
  difference_type at_ = 0;
  template <typename, int> friend class window_iterator;
};

} // namespace tessera::memory
