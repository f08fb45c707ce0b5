#pragma once
#include <cstddef>
#include <iterator>
#include <type_traits>

#include "sycl/access.hpp"
#include "tessera/detail/macros.hpp"

namespace sycl {

// SYCL 2020 §4.7.7.1. Tessera's address spaces are all one (a CUDA generic pointer on the GPU),
// so a multi_ptr is a plain pointer tagged with the space and decoration it claims: decorated and
// raw pointers are the same type, and every conversion the spec allows is free.
template <typename ElementType, access::address_space Space, access::decorated DecorateAddress = access::decorated::legacy>
class multi_ptr {
  template <typename T>
  using if_object = std::enable_if_t<!std::is_void_v<T>, int>;

public:
  static constexpr bool is_decorated = DecorateAddress == access::decorated::yes;
  static constexpr access::address_space address_space = Space;

  using value_type = ElementType;
  using element_type = ElementType; // the legacy interface's names, its pointer_t and so on
  using pointer = std::add_pointer_t<value_type>;
  using const_pointer = std::add_pointer_t<std::add_const_t<value_type>>;
  using reference = std::add_lvalue_reference_t<value_type>;
  using pointer_t = pointer;
  using const_pointer_t = const_pointer;
  using reference_t = reference;
  using const_reference_t = std::add_lvalue_reference_t<std::add_const_t<value_type>>;
  using iterator_category = std::random_access_iterator_tag;
  using difference_type = std::ptrdiff_t;

  TESSERA_HOST_DEVICE constexpr multi_ptr() : p_(nullptr) {}
  TESSERA_HOST_DEVICE constexpr multi_ptr(std::nullptr_t) : p_(nullptr) {}
  // Implicit from a raw pointer, as the legacy interface (and DPC++ for every decoration) allow.
  TESSERA_HOST_DEVICE constexpr multi_ptr(pointer p) : p_(p) {}
  // From an accessor (global_space) or a local_accessor (local_space): anything with get_pointer().
  template <typename Acc, typename = std::enable_if_t<std::is_class_v<Acc> &&
                                                      std::is_convertible_v<decltype(std::declval<const Acc&>().get_pointer()), pointer>>>
  TESSERA_HOST_DEVICE multi_ptr(const Acc& acc) : p_(acc.get_pointer()) {}
  // Between decorations, to const, to void and to the generic space: all one pointer.
  template <typename T, access::address_space S, access::decorated D,
            typename = std::enable_if_t<(S == Space || Space == access::address_space::generic_space) &&
                                        !std::is_same_v<multi_ptr<T, S, D>, multi_ptr> &&
                                        std::is_convertible_v<T*, pointer>>>
  TESSERA_HOST_DEVICE constexpr multi_ptr(const multi_ptr<T, S, D>& o) : p_(o.get()) {}

  template <typename T = ElementType, if_object<T> = 0>
  TESSERA_HOST_DEVICE reference operator*() const { return *p_; }
  TESSERA_HOST_DEVICE pointer operator->() const { return p_; }
  template <typename T = ElementType, if_object<T> = 0>
  TESSERA_HOST_DEVICE reference operator[](difference_type i) const { return p_[i]; }

  TESSERA_HOST_DEVICE constexpr pointer get() const { return p_; }
  TESSERA_HOST_DEVICE constexpr pointer get_raw() const { return p_; }
  TESSERA_HOST_DEVICE constexpr pointer get_decorated() const { return p_; }
  TESSERA_HOST_DEVICE constexpr operator pointer() const { return p_; }
  TESSERA_HOST_DEVICE explicit constexpr operator bool() const { return p_ != nullptr; }
  // A pointer to void converts explicitly to a pointer to objects of the same space (keeping const).
  template <typename U, access::decorated D,
            typename = std::enable_if_t<std::is_void_v<ElementType> && !std::is_void_v<U> &&
                                        (std::is_const_v<U> || !std::is_const_v<ElementType>)>>
  TESSERA_HOST_DEVICE explicit constexpr operator multi_ptr<U, Space, D>() const {
    return multi_ptr<U, Space, D>(static_cast<U*>(p_));
  }

  TESSERA_HOST_DEVICE void prefetch(std::size_t) const {}

  TESSERA_HOST_DEVICE multi_ptr& operator++() { return ++p_, *this; }
  TESSERA_HOST_DEVICE multi_ptr operator++(int) { return multi_ptr(p_++); }
  TESSERA_HOST_DEVICE multi_ptr& operator--() { return --p_, *this; }
  TESSERA_HOST_DEVICE multi_ptr operator--(int) { return multi_ptr(p_--); }
  TESSERA_HOST_DEVICE multi_ptr& operator+=(difference_type r) { return p_ += r, *this; }
  TESSERA_HOST_DEVICE multi_ptr& operator-=(difference_type r) { return p_ -= r, *this; }
  TESSERA_HOST_DEVICE friend multi_ptr operator+(const multi_ptr& a, difference_type r) { return multi_ptr(a.p_ + r); }
  TESSERA_HOST_DEVICE friend multi_ptr operator+(difference_type r, const multi_ptr& a) { return multi_ptr(a.p_ + r); }
  TESSERA_HOST_DEVICE friend multi_ptr operator-(const multi_ptr& a, difference_type r) { return multi_ptr(a.p_ - r); }
  TESSERA_HOST_DEVICE friend difference_type operator-(const multi_ptr& a, const multi_ptr& b) { return a.p_ - b.p_; }

private:
  pointer p_;
};

// Comparisons of two multi_ptrs of one type, and with nullptr on either side (§4.7.7.1). They
// are templates, as in DPC++, so that no argument converts to a multi_ptr: comparing with a raw
// pointer (a void* of the legacy interface) compares the pointers, unambiguously.
#define TESSERA_MULTI_PTR_COMPARISON(op)                                                                   \
  template <typename T, access::address_space S, access::decorated D>                                     \
  TESSERA_HOST_DEVICE bool operator op(const multi_ptr<T, S, D>& a, const multi_ptr<T, S, D>& b) {        \
    return a.get() op b.get();                                                                            \
  }                                                                                                       \
  template <typename T, access::address_space S, access::decorated D>                                     \
  TESSERA_HOST_DEVICE bool operator op(const multi_ptr<T, S, D>& a, std::nullptr_t) {                     \
    return a.get() op static_cast<typename multi_ptr<T, S, D>::pointer>(nullptr);                         \
  }                                                                                                       \
  template <typename T, access::address_space S, access::decorated D>                                     \
  TESSERA_HOST_DEVICE bool operator op(std::nullptr_t, const multi_ptr<T, S, D>& b) {                     \
    return static_cast<typename multi_ptr<T, S, D>::pointer>(nullptr) op b.get();                         \
  }
TESSERA_MULTI_PTR_COMPARISON(==)
TESSERA_MULTI_PTR_COMPARISON(!=)
TESSERA_MULTI_PTR_COMPARISON(<)
TESSERA_MULTI_PTR_COMPARISON(>)
TESSERA_MULTI_PTR_COMPARISON(<=)
TESSERA_MULTI_PTR_COMPARISON(>=)
#undef TESSERA_MULTI_PTR_COMPARISON

template <typename DataT, int D, access_mode M, target T, access::placeholder P> class accessor;
template <typename DataT, int D> class local_accessor;

// §4.7.7.1's deduction guides: a device accessor gives a global pointer to its value_type (const
// for a read-only one), a local_accessor a local one; both undecorated.
template <typename T, int D, access_mode M, access::placeholder P>
multi_ptr(accessor<T, D, M, target::device, P>)
    -> multi_ptr<std::conditional_t<M == access_mode::read, const T, T>, access::address_space::global_space,
                 access::decorated::no>;
template <typename T, int D>
multi_ptr(local_accessor<T, D>) -> multi_ptr<T, access::address_space::local_space, access::decorated::no>;

template <typename T, access::decorated D = access::decorated::legacy>
using global_ptr = multi_ptr<T, access::address_space::global_space, D>;
template <typename T, access::decorated D = access::decorated::legacy>
using local_ptr = multi_ptr<T, access::address_space::local_space, D>;
template <typename T, access::decorated D = access::decorated::legacy>
using private_ptr = multi_ptr<T, access::address_space::private_space, D>;
template <typename T, access::decorated D = access::decorated::legacy>
using generic_ptr = multi_ptr<T, access::address_space::generic_space, D>;
template <typename T>
using constant_ptr = multi_ptr<T, access::address_space::constant_space, access::decorated::legacy>;

template <typename T> using raw_global_ptr = multi_ptr<T, access::address_space::global_space, access::decorated::no>;
template <typename T> using raw_local_ptr = multi_ptr<T, access::address_space::local_space, access::decorated::no>;
template <typename T> using raw_private_ptr = multi_ptr<T, access::address_space::private_space, access::decorated::no>;
template <typename T> using raw_generic_ptr = multi_ptr<T, access::address_space::generic_space, access::decorated::no>;
template <typename T> using decorated_global_ptr = multi_ptr<T, access::address_space::global_space, access::decorated::yes>;
template <typename T> using decorated_local_ptr = multi_ptr<T, access::address_space::local_space, access::decorated::yes>;
template <typename T> using decorated_private_ptr = multi_ptr<T, access::address_space::private_space, access::decorated::yes>;
template <typename T> using decorated_generic_ptr = multi_ptr<T, access::address_space::generic_space, access::decorated::yes>;

// §4.7.7.2. Every pointer is already in every space Tessera has.
template <access::address_space Space, access::decorated Decorated, typename T>
TESSERA_HOST_DEVICE multi_ptr<T, Space, Decorated> address_space_cast(T* p) {
  return multi_ptr<T, Space, Decorated>(p);
}
// Deprecated in SYCL 2020.
template <typename T, access::address_space Space, access::decorated Decorated = access::decorated::legacy>
TESSERA_HOST_DEVICE multi_ptr<T, Space, Decorated> make_ptr(T* p) {
  return multi_ptr<T, Space, Decorated>(p);
}

} // namespace sycl
