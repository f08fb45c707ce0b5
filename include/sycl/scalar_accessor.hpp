#pragma once
// SYCL 2020 §4.7.6.9: the zero-dimensional accessor, to the first element of a one-dimensional
// buffer, which it converts to and assigns. It is a one-dimensional accessor of that one element:
// the runtime sees the same view, and only the interface differs. Included by sycl/accessor.hpp
// between the accessor and host_accessor, which derives from it.
#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>

#include "sycl/accessor.hpp"

namespace sycl {

template <typename DataT, access_mode M, target T, access::placeholder P>
class accessor<DataT, 0, M, T, P> {
  using one_t = accessor<DataT, 1, M, T, P>;
  template <typename BT>
  using if_accessible = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>, int>;
  template <access_mode MM> using if_writes = std::enable_if_t<MM != access_mode::read, int>;

public:
  using value_type = typename one_t::value_type;
  using reference = typename one_t::reference;
  using const_reference = typename one_t::const_reference;
  using pointer = typename one_t::pointer;
  using iterator = typename one_t::iterator;
  using const_iterator = typename one_t::const_iterator;
  using reverse_iterator = typename one_t::reverse_iterator;
  using const_reverse_iterator = typename one_t::const_reverse_iterator;
  using difference_type = std::ptrdiff_t;
  using size_type = std::size_t;
  template <access::decorated Decorated>
  using accessor_ptr = multi_ptr<value_type, access::address_space::global_space, Decorated>;
  static constexpr int dimensions = 0;

  accessor() = default;
  template <typename BT, typename A, if_accessible<BT> = 0>
  accessor(buffer<BT, 1, A>& b, const property_list& props = {}) : one_(b, first_of(b), props) {}
  template <typename BT, typename A, if_accessible<BT> = 0>
  accessor(buffer<BT, 1, A>& b, handler& h, const property_list& props = {}) : one_(b, h, first_of(b), props) {}

  // The implicit conversions of accessors of one dimension and more (§4.7.6.9.1).
  template <typename OT, access_mode OM,
            typename = std::enable_if_t<tessera::runtime::accessor_converts_v<OT, OM, DataT, M>>>
  accessor(const accessor<OT, 0, OM, T, P>& o) : one_(o.one_) {}

  // Not a template: g++ does not consider a conversion function template for a built-in
  // operator's operand (`acc + 1`).
  TESSERA_HOST_DEVICE operator reference() const { return *one_.begin(); }  // NOLINT: as the spec declares it
  template <access_mode MM = M, if_writes<MM> = 0>
  TESSERA_HOST_DEVICE const accessor& operator=(const value_type& v) const {
    *one_.begin() = v;
    return *this;
  }
  template <access_mode MM = M, if_writes<MM> = 0>
  TESSERA_HOST_DEVICE const accessor& operator=(value_type&& v) const {
    *one_.begin() = std::move(v);
    return *this;
  }

  TESSERA_HOST_DEVICE std::size_t size() const noexcept { return one_.size(); }
  TESSERA_HOST_DEVICE std::size_t byte_size() const noexcept { return one_.byte_size(); }
  TESSERA_HOST_DEVICE std::size_t max_size() const noexcept { return one_.max_size(); }
  TESSERA_HOST_DEVICE bool empty() const noexcept { return one_.empty(); }
  TESSERA_HOST_DEVICE bool is_placeholder() const { return one_.is_placeholder(); }
  TESSERA_HOST_DEVICE auto get_pointer() const noexcept { return one_.get_pointer(); }
  template <access::decorated Decorated = access::decorated::no>
  TESSERA_HOST_DEVICE accessor_ptr<Decorated> get_multi_ptr() const noexcept {
    return one_.template get_multi_ptr<Decorated>();
  }
  TESSERA_HOST_DEVICE iterator begin() const noexcept { return one_.begin(); }
  TESSERA_HOST_DEVICE iterator end() const noexcept { return one_.end(); }
  TESSERA_HOST_DEVICE const_iterator cbegin() const noexcept { return one_.cbegin(); }
  TESSERA_HOST_DEVICE const_iterator cend() const noexcept { return one_.cend(); }
  reverse_iterator rbegin() const noexcept { return one_.rbegin(); }
  reverse_iterator rend() const noexcept { return one_.rend(); }
  const_reverse_iterator crbegin() const noexcept { return one_.crbegin(); }
  const_reverse_iterator crend() const noexcept { return one_.crend(); }
  // Deprecated in SYCL 2020.
  TESSERA_HOST_DEVICE std::size_t get_size() const noexcept { return byte_size(); }
  TESSERA_HOST_DEVICE std::size_t get_count() const noexcept { return size(); }

  template <typename Prop> bool has_property() const noexcept { return one_.template has_property<Prop>(); }
  template <typename Prop> Prop get_property() const { return one_.template get_property<Prop>(); }

  void swap(accessor& other) noexcept { one_.swap(other.one_); }
  friend bool operator==(const accessor& a, const accessor& b) { return a.one_ == b.one_; }
  friend bool operator!=(const accessor& a, const accessor& b) { return !(a == b); }

  TESSERA_HOST_DEVICE const auto& view() const { return one_.view(); }

private:
  // The first element, which an empty buffer does not have: then the accessor is empty.
  template <typename B> static range<1> first_of(const B& b) { return range<1>(b.get_range()[0] == 0 ? 0 : 1); }

  void keep_held(std::shared_ptr<void> h) { one_.keep_held(std::move(h)); }
  template <typename BT, typename A>
  accessor(tessera::runtime::unheld_t u, buffer<BT, 1, A>& b, const property_list& props)
      : one_(u, b, first_of(b), id<1>(), props) {}

  one_t one_;
  template <typename, int, access_mode, target, access::placeholder> friend class accessor;
  template <typename, int, access_mode> friend class host_accessor;
};

} // namespace sycl
