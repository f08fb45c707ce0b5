#pragma once
#include <cstddef>
#include <functional>
#include <iterator>
#include <type_traits>

#include "sycl/access.hpp"
#include "sycl/exception.hpp"
#include "sycl/id.hpp"
#include "sycl/multi_ptr.hpp"
#include "sycl/property_list.hpp"
#include "tessera/glue/device_ops.hpp"
#include "tessera/memory/subscript.hpp"

namespace sycl {

class handler;

} // namespace sycl

namespace tessera::runtime {
// Defined with the handler: reserves local memory for the kernel being built; returns the offset.
std::size_t reserve_local(sycl::handler& h, std::size_t bytes, std::size_t align);
} // namespace tessera::runtime


namespace sycl {

// SYCL 2020 §4.7.6.11. Memory of each executing work-group: the accessor holds an offset into
// the group's local memory and resolves it when the worker binds its copy of the kernel. A
// zero-dimensional accessor holds one element, which the accessor converts to and assigns.
template <typename DataT, int D = 1>
class local_accessor {
  static_assert(D >= 0 && D <= 3, "a local_accessor has 0 to 3 dimensions");
  // What the accessor keeps of its shape: one element for zero dimensions.
  using extent = range<D == 0 ? 1 : D>;
  template <int DD> using if_dims = std::enable_if_t<(DD > 0), int>;
  template <int DD> using if_scalar = std::enable_if_t<DD == 0, int>;
  // DD through a nested name is never deduced: it stays D, so that a size converts to a range<1>
  // and an item to an id, and zero dimensions never name range<0>.
  template <int DD> struct undeduced { static constexpr int value = DD; };

public:
  using value_type = DataT;
  using reference = DataT&;
  using const_reference = const DataT&;
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<DataT, access::address_space::local_space, IsDecorated>;
  using iterator = DataT*;
  using const_iterator = const DataT*;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using difference_type = std::ptrdiff_t;
  using size_type = std::size_t;
  static constexpr int dimensions = D;

  local_accessor() = default;
  template <int DD = D, if_scalar<DD> = 0>
  local_accessor(handler& h, const property_list& = {}) : range_(1), offset_(reserve(h, 1)) {}  // NOLINT: as the spec
  template <int DD = D, if_dims<DD> = 0>
  local_accessor(range<undeduced<DD>::value> r, handler& h, const property_list& = {})
      : range_(r), offset_(reserve(h, r.size())) {}

  TESSERA_HOST_DEVICE local_accessor(const local_accessor& o)
      : range_(o.range_), offset_(o.offset_), ptr_(resolve(o)) {}
  // An accessor to T converts to one to const T (§4.7.6.11.1): the same place in local memory.
  template <typename OT, typename = std::enable_if_t<std::is_const_v<DataT> && std::is_same_v<OT, std::remove_const_t<DataT>>>>
  TESSERA_HOST_DEVICE local_accessor(const local_accessor<OT, D>& o)
      : range_(o.range_), offset_(o.offset_), ptr_(tessera::glue::ops::bind_local(o.ptr_, o.offset_)) {}
  TESSERA_HOST_DEVICE local_accessor& operator=(const local_accessor& o) {
    range_ = o.range_, offset_ = o.offset_, ptr_ = resolve(o);
    return *this;
  }
  TESSERA_HOST_DEVICE void swap(local_accessor& o) {
    local_accessor t = o;
    o = *this;
    *this = t;
  }

  // Not a template: g++ does not consider a conversion function template for a built-in operator's
  // operand (`acc * 2` on a 0-dimensional accessor), so the other ranks convert to a private type.
  struct no_conversion {};
  TESSERA_HOST_DEVICE operator std::conditional_t<D == 0, DataT&, no_conversion>() const {  // NOLINT: as the spec declares it
    return *base();
  }
  template <int DD = D, if_scalar<DD> = 0>
  TESSERA_HOST_DEVICE const local_accessor& operator=(const DataT& v) const {
    *base() = v;
    return *this;
  }

  template <int DD = D, if_dims<DD> = 0>
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE DataT& operator[](const id<undeduced<DD>::value>& i) const {
    return tessera::memory::at<DataT, DD, true>(base(), range_, i);
  }
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE decltype(auto) operator[](std::size_t i) const {
    return tessera::memory::first_subscript<DataT, D, tessera::memory::as_reference, true>(base(), range_, i);
  }

  template <int DD = D, if_dims<DD> = 0>
  TESSERA_HOST_DEVICE range<DD> get_range() const { return range_; }
  TESSERA_HOST_DEVICE std::size_t size() const noexcept { return range_.size(); }
  TESSERA_HOST_DEVICE std::size_t byte_size() const noexcept { return size() * sizeof(DataT); }
  TESSERA_HOST_DEVICE std::size_t max_size() const noexcept { return size(); }  // as accessor::max_size
  TESSERA_HOST_DEVICE bool empty() const noexcept { return size() == 0; }
  // SYCL 1.2.1's local_ptr, deprecated but as SYCL 2020 declares it (and DPC++ returns it).
  TESSERA_HOST_DEVICE local_ptr<DataT> get_pointer() const noexcept { return local_ptr<DataT>(base()); }
  template <access::decorated Decorated = access::decorated::no>
  TESSERA_HOST_DEVICE accessor_ptr<Decorated> get_multi_ptr() const noexcept {
    return accessor_ptr<Decorated>(base());
  }
  TESSERA_HOST_DEVICE iterator begin() const noexcept { return base(); }
  TESSERA_HOST_DEVICE iterator end() const noexcept { return base() + size(); }
  TESSERA_HOST_DEVICE const_iterator cbegin() const noexcept { return begin(); }
  TESSERA_HOST_DEVICE const_iterator cend() const noexcept { return end(); }
  TESSERA_HOST_DEVICE reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  TESSERA_HOST_DEVICE reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }
  TESSERA_HOST_DEVICE const_reverse_iterator crbegin() const noexcept { return const_reverse_iterator(cend()); }
  TESSERA_HOST_DEVICE const_reverse_iterator crend() const noexcept { return const_reverse_iterator(cbegin()); }

  // A local accessor takes no properties (§4.7.6.11.1).
  template <typename Prop> bool has_property() const noexcept { return false; }
  template <typename Prop> Prop get_property() const {
    throw exception(errc::invalid, "local_accessor::get_property: a local accessor has no properties");
  }

  // Each local accessor of a command has its own place in local memory (DPC++ compares the
  // accessors' shared state; the place is what its copies share here).
  friend bool operator==(const local_accessor& a, const local_accessor& b) {
    return a.offset_ == b.offset_ && a.range_ == b.range_;
  }
  friend bool operator!=(const local_accessor& a, const local_accessor& b) { return !(a == b); }

private:
  static std::size_t reserve(handler& h, std::size_t elements) {
    return tessera::runtime::reserve_local(h, elements * sizeof(DataT), alignment);
  }

  // Every local accessor starts on a 16-byte boundary of the group's local memory (at most 15
  // bytes of padding), whatever its element type. The GPU kernel knows it at compile time, so that
  // neighbouring elements read together become one vector access: the tile of floats that all
  // work-items read in a k-loop is 4-wide ld.shared.v4 (LDS.128), as for a __shared__ array,
  // instead of 4 scalar loads from an offset that the compiler only knew to be 4-aligned.
  static constexpr std::size_t alignment = alignof(DataT) > 16 ? alignof(DataT) : 16;

  TESSERA_HOST_DEVICE DataT* base() const { return tessera::glue::ops::local_memory<DataT, alignment>(ptr_, offset_); }
  TESSERA_HOST_DEVICE static DataT* resolve(const local_accessor& o) {
    return tessera::glue::ops::bind_local(o.ptr_, o.offset_);
  }

  extent range_;
  std::size_t offset_ = 0;
  DataT* ptr_ = nullptr;
  template <typename, int> friend class local_accessor;
  friend struct std::hash<local_accessor>;
};

} // namespace sycl

// SYCL 2020 §4.5.2.
template <typename DataT, int D> struct std::hash<sycl::local_accessor<DataT, D>> {
  std::size_t operator()(const sycl::local_accessor<DataT, D>& a) const noexcept {
    return std::hash<std::size_t>{}(a.offset_);
  }
};
