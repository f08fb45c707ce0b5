#pragma once
#include <cstddef>
#include <iterator>

#include "tessera/detail/macros.hpp"

namespace tessera::dpl {

// The random-access operators of the fancy iterators, from three members of Derived:
// `dereference()`, `advance(n)` and `distance_to(other)`. Everything is callable in kernels.
template <typename Derived, typename Value, typename Reference>
class iterator_facade {
public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = Value;
  using difference_type = std::ptrdiff_t;
  using reference = Reference;
  using pointer = void;

  TESSERA_HOST_DEVICE reference operator*() const { return self().dereference(); }
  TESSERA_HOST_DEVICE reference operator[](difference_type n) const { return (self() + n).dereference(); }

  TESSERA_HOST_DEVICE Derived& operator++() { return advanced(1); }
  TESSERA_HOST_DEVICE Derived& operator--() { return advanced(-1); }
  TESSERA_HOST_DEVICE Derived operator++(int) {
    Derived old = self();
    advanced(1);
    return old;
  }
  TESSERA_HOST_DEVICE Derived operator--(int) {
    Derived old = self();
    advanced(-1);
    return old;
  }
  TESSERA_HOST_DEVICE Derived& operator+=(difference_type n) { return advanced(n); }
  TESSERA_HOST_DEVICE Derived& operator-=(difference_type n) { return advanced(-n); }
  TESSERA_HOST_DEVICE friend Derived operator+(Derived it, difference_type n) { return it.advanced(n); }
  TESSERA_HOST_DEVICE friend Derived operator+(difference_type n, Derived it) { return it.advanced(n); }
  TESSERA_HOST_DEVICE friend Derived operator-(Derived it, difference_type n) { return it.advanced(-n); }
  TESSERA_HOST_DEVICE friend difference_type operator-(const Derived& a, const Derived& b) { return b.distance_to(a); }

  TESSERA_HOST_DEVICE friend bool operator==(const Derived& a, const Derived& b) { return a.distance_to(b) == 0; }
  TESSERA_HOST_DEVICE friend bool operator!=(const Derived& a, const Derived& b) { return a.distance_to(b) != 0; }
  TESSERA_HOST_DEVICE friend bool operator<(const Derived& a, const Derived& b) { return a.distance_to(b) > 0; }
  TESSERA_HOST_DEVICE friend bool operator>(const Derived& a, const Derived& b) { return a.distance_to(b) < 0; }
  TESSERA_HOST_DEVICE friend bool operator<=(const Derived& a, const Derived& b) { return a.distance_to(b) >= 0; }
  TESSERA_HOST_DEVICE friend bool operator>=(const Derived& a, const Derived& b) { return a.distance_to(b) <= 0; }

private:
  TESSERA_HOST_DEVICE const Derived& self() const { return static_cast<const Derived&>(*this); }
  TESSERA_HOST_DEVICE Derived& advanced(difference_type n) {
    auto& d = static_cast<Derived&>(*this);
    d.advance(n);
    return d;
  }
};

} // namespace tessera::dpl
