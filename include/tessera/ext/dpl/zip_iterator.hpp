#pragma once
#include <cstddef>
#include <iterator>
#include <tuple>
#include <utility>

#include "tessera/ext/dpl/iterator_facade.hpp"

namespace oneapi::dpl {

// Several sequences walked together: element i is the tuple of each sequence's element i, and
// writing a tuple through it writes each sequence.
template <typename... Iters>
class zip_iterator
    : public tessera::dpl::iterator_facade<zip_iterator<Iters...>,
                                           std::tuple<typename std::iterator_traits<Iters>::value_type...>,
                                           std::tuple<typename std::iterator_traits<Iters>::reference...>> {
  static_assert(sizeof...(Iters) > 0, "zip_iterator needs at least one iterator");
  using refs = std::tuple<typename std::iterator_traits<Iters>::reference...>;

public:
  zip_iterator() = default;
  TESSERA_HOST_DEVICE explicit zip_iterator(Iters... its) : its_(its...) {}
  TESSERA_HOST_DEVICE explicit zip_iterator(std::tuple<Iters...> its) : its_(its) {}

  TESSERA_HOST_DEVICE refs dereference() const { return deref(std::index_sequence_for<Iters...>{}); }
  TESSERA_HOST_DEVICE void advance(std::ptrdiff_t n) { advance_all(n, std::index_sequence_for<Iters...>{}); }
  TESSERA_HOST_DEVICE std::ptrdiff_t distance_to(const zip_iterator& o) const {
    return std::get<0>(o.its_) - std::get<0>(its_);
  }

  TESSERA_HOST_DEVICE const std::tuple<Iters...>& base() const { return its_; }

private:
  template <std::size_t... I>
  TESSERA_HOST_DEVICE refs deref(std::index_sequence<I...>) const {
    return refs(*std::get<I>(its_)...);
  }
  template <std::size_t... I>
  TESSERA_HOST_DEVICE void advance_all(std::ptrdiff_t n, std::index_sequence<I...>) {
    ((std::get<I>(its_) += n), ...);
  }

  std::tuple<Iters...> its_;
};

template <typename... Iters>
TESSERA_HOST_DEVICE zip_iterator<Iters...> make_zip_iterator(Iters... its) {
  return zip_iterator<Iters...>(its...);
}
template <typename... Iters>
TESSERA_HOST_DEVICE zip_iterator<Iters...> make_zip_iterator(std::tuple<Iters...> its) {
  return zip_iterator<Iters...>(its);
}

} // namespace oneapi::dpl
