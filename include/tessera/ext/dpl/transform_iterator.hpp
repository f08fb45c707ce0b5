#pragma once
#include <cstddef>
#include <iterator>
#include <type_traits>

#include "tessera/ext/dpl/iterator_facade.hpp"

namespace oneapi::dpl {

// f(*base): a map applied as the sequence is read.
template <typename Iter, typename F>
class transform_iterator
    : public tessera::dpl::iterator_facade<
          transform_iterator<Iter, F>,
          std::decay_t<std::invoke_result_t<const F&, typename std::iterator_traits<Iter>::reference>>,
          std::invoke_result_t<const F&, typename std::iterator_traits<Iter>::reference>> {
public:
  using result = std::invoke_result_t<const F&, typename std::iterator_traits<Iter>::reference>;

  transform_iterator() = default;
  TESSERA_HOST_DEVICE transform_iterator(Iter base, F f) : base_(base), f_(f) {}

  TESSERA_HOST_DEVICE result dereference() const { return f_(*base_); }
  TESSERA_HOST_DEVICE void advance(std::ptrdiff_t n) { base_ += n; }
  TESSERA_HOST_DEVICE std::ptrdiff_t distance_to(const transform_iterator& o) const { return o.base_ - base_; }

  TESSERA_HOST_DEVICE Iter base() const { return base_; }
  TESSERA_HOST_DEVICE F functor() const { return f_; }

private:
  Iter base_;
  F f_;
};

template <typename Iter, typename F>
TESSERA_HOST_DEVICE transform_iterator<Iter, F> make_transform_iterator(Iter base, F f) {
  return transform_iterator<Iter, F>(base, f);
}

} // namespace oneapi::dpl
