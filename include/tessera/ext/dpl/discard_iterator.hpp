#pragma once
#include <cstddef>

#include "tessera/ext/dpl/iterator_facade.hpp"

namespace oneapi::dpl {

namespace detail {
// What a discard_iterator yields: it accepts any assignment and keeps nothing.
struct ignore_assignment {
  template <typename T> TESSERA_HOST_DEVICE const ignore_assignment& operator=(const T&) const { return *this; }
};
} // namespace detail

// An output iterator whose writes go nowhere (for outputs an algorithm must have but the caller
// does not want).
class discard_iterator
    : public tessera::dpl::iterator_facade<discard_iterator, detail::ignore_assignment, detail::ignore_assignment> {
public:
  TESSERA_HOST_DEVICE discard_iterator() : pos_(0) {}
  TESSERA_HOST_DEVICE explicit discard_iterator(std::ptrdiff_t pos) : pos_(pos) {}

  TESSERA_HOST_DEVICE detail::ignore_assignment dereference() const { return {}; }
  TESSERA_HOST_DEVICE void advance(std::ptrdiff_t n) { pos_ += n; }
  TESSERA_HOST_DEVICE std::ptrdiff_t distance_to(const discard_iterator& o) const { return o.pos_ - pos_; }

private:
  std::ptrdiff_t pos_;
};

} // namespace oneapi::dpl
