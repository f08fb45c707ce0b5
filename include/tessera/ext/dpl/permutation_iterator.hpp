#pragma once
#include <cstddef>
#include <iterator>
#include <type_traits>

#include "tessera/ext/dpl/iterator_facade.hpp"

namespace oneapi::dpl {

namespace detail {
// The index map of a permutation_iterator: an iterator over indices, or a functor of the position.
template <typename Map, typename = void> struct is_index_iterator : std::false_type {};
template <typename Map>
struct is_index_iterator<Map, std::void_t<typename std::iterator_traits<Map>::iterator_category>> : std::true_type {};
} // namespace detail

// source[map[i]] (or source[map(i)]): a gather as the sequence is read, a scatter as it is written.
template <typename SourceIter, typename IndexMap>
class permutation_iterator
    : public tessera::dpl::iterator_facade<permutation_iterator<SourceIter, IndexMap>,
                                           typename std::iterator_traits<SourceIter>::value_type,
                                           typename std::iterator_traits<SourceIter>::reference> {
  using reference = typename std::iterator_traits<SourceIter>::reference;

public:
  permutation_iterator() = default;
  TESSERA_HOST_DEVICE permutation_iterator(SourceIter source, IndexMap map, std::ptrdiff_t pos = 0)
      : source_(source), map_(map), pos_(pos) {}

  TESSERA_HOST_DEVICE reference dereference() const {
    if constexpr (detail::is_index_iterator<IndexMap>::value)
      return source_[map_[pos_]];
    else
      return source_[map_(pos_)];
  }
  TESSERA_HOST_DEVICE void advance(std::ptrdiff_t n) { pos_ += n; }
  TESSERA_HOST_DEVICE std::ptrdiff_t distance_to(const permutation_iterator& o) const { return o.pos_ - pos_; }

  TESSERA_HOST_DEVICE SourceIter base() const { return source_; }
  TESSERA_HOST_DEVICE IndexMap map() const { return map_; }
  TESSERA_HOST_DEVICE std::ptrdiff_t position() const { return pos_; }

private:
  SourceIter source_;
  IndexMap map_;
  std::ptrdiff_t pos_ = 0;
};

template <typename SourceIter, typename IndexMap>
TESSERA_HOST_DEVICE permutation_iterator<SourceIter, IndexMap> make_permutation_iterator(SourceIter source,
                                                                                         IndexMap map) {
  return permutation_iterator<SourceIter, IndexMap>(source, map);
}

} // namespace oneapi::dpl
