#pragma once
#include <cstddef>

#include "tessera/ext/dpl/iterator_facade.hpp"

namespace oneapi::dpl {

// The sequence value, value + 1, ...: an index space that occupies no memory.
template <typename Integral>
class counting_iterator
    : public tessera::dpl::iterator_facade<counting_iterator<Integral>, Integral, Integral> {
public:
  TESSERA_HOST_DEVICE counting_iterator() : value_() {}
  TESSERA_HOST_DEVICE explicit counting_iterator(Integral v) : value_(v) {}

  TESSERA_HOST_DEVICE Integral dereference() const { return value_; }
  TESSERA_HOST_DEVICE void advance(std::ptrdiff_t n) { value_ = static_cast<Integral>(value_ + n); }
  TESSERA_HOST_DEVICE std::ptrdiff_t distance_to(const counting_iterator& o) const {
    return static_cast<std::ptrdiff_t>(o.value_) - static_cast<std::ptrdiff_t>(value_);
  }

private:
  Integral value_;
};

template <typename Integral>
TESSERA_HOST_DEVICE counting_iterator<Integral> make_counting_iterator(Integral v) {
  return counting_iterator<Integral>(v);
}

} // namespace oneapi::dpl
