#pragma once
#include <cstddef>
#include <iterator>
#include <memory>
#include <type_traits>
#include <utility>

#include "sycl/access.hpp"
#include "sycl/atomic.hpp"
#include "sycl/id.hpp"
#include "sycl/multi_ptr.hpp"
#include "sycl/item.hpp"
#include "sycl/property_list.hpp"
#include "tessera/detail/hash_combine.hpp"
#include "tessera/memory/host_access.hpp"
#include "tessera/memory/host_handle.hpp"
#include "tessera/glue/device_ops.hpp"
#include "tessera/group/call_site.hpp"
#include "tessera/memory/subscript.hpp"
#include "tessera/memory/window_iterator.hpp"
#include "tessera/runtime/buffer_impl.hpp"

namespace sycl {

class handler;
template <typename T> class buffer_allocator;
template <typename T, int D, typename A> class buffer;

template <access_mode M> struct mode_tag_t { explicit mode_tag_t() = default; };
inline constexpr mode_tag_t<access_mode::read> read_only{};
inline constexpr mode_tag_t<access_mode::write> write_only{};
inline constexpr mode_tag_t<access_mode::read_write> read_write{};
// A mode_target_tag_t is a mode_tag_t, so that every constructor taking a mode tag takes it too;
// the deduction guides below give its target to the accessor (SYCL 2020 §4.7.6.9).
template <access_mode M, target T> struct mode_target_tag_t : mode_tag_t<M> { explicit mode_target_tag_t() = default; };
inline constexpr mode_target_tag_t<access_mode::read, target::host_task> read_only_host_task{};
inline constexpr mode_target_tag_t<access_mode::write, target::host_task> write_only_host_task{};
inline constexpr mode_target_tag_t<access_mode::read_write, target::host_task> read_write_host_task{};

} // namespace sycl

namespace tessera::runtime {
// Defined with the handler: records that the command group being built accesses `b` in `m`;
// returns the buffer's storage on the handler's device.
void* require(sycl::handler& h, const std::shared_ptr<buffer_impl>& b, sycl::access_mode m);

// Defined with the handler: while a handler copies a kernel into its command, the storage of
// `b` on the handler's device, for a placeholder accessor copied then; otherwise null.
void* placeholder_base(const std::shared_ptr<buffer_impl>& b);

// What a view over buffer memory holds: the buffer, its shape, and the accessed window.
template <typename T, int D>
struct buffer_view {
  tessera::memory::host_handle<buffer_impl> buffer;
  T* data = nullptr; // the buffer's first element, on the device of the command
  T* host = nullptr; // the same on the host: what host code (a host task) reaches it through
  sycl::range<D> buffer_range;
  sycl::range<D> access_range;
  sycl::id<D> offset;
  bool attached = false; // made with a handler, so `data` is on that handler's device

  buffer_view() = default;
  buffer_view(std::shared_ptr<buffer_impl> b, T* p, const sycl::range<D>& whole, const sycl::range<D>& r,
              const sycl::id<D>& off)
      : buffer(std::move(b)), data(p), host(p), buffer_range(whole), access_range(r), offset(off) {}
  // A placeholder's view (made without a handler) learns its pointer on the device when the
  // handler copies the kernel that captured it: the command runs that copy. (AdaptiveCpp binds
  // placeholder accessors the same way.)
  TESSERA_HOST_DEVICE buffer_view(const buffer_view& o)
      : buffer(o.buffer), data(o.data), host(o.host), buffer_range(o.buffer_range), access_range(o.access_range),
        offset(o.offset), attached(o.attached) {
    if constexpr (tessera::memory::host_code)
      if (!attached && buffer) bind_placeholder();
  }
  buffer_view(buffer_view&&) noexcept = default;
  buffer_view& operator=(const buffer_view&) = default;
  buffer_view& operator=(buffer_view&&) noexcept = default;
  ~buffer_view() = default;

private:
  void bind_placeholder() {
    if (void* base = placeholder_base(buffer)) {
      data = static_cast<T*>(base) + (host - static_cast<T*>(buffer->data()));
      attached = true;
    }
  }
};

template <typename T, int D>
buffer_view<T, D> make_view(const std::shared_ptr<buffer_impl>& b, std::size_t first, const sycl::range<D>& whole,
                            const sycl::range<D>& r, const sycl::id<D>& off) {
  for (int d = 0; d < D; ++d)
    if (off[d] + r[d] > whole[d])
      throw sycl::exception(sycl::errc::invalid, "accessor range " + std::to_string(r[d]) + " at offset " +
                                                     std::to_string(off[d]) + " exceeds the buffer's extent " +
                                                     std::to_string(whole[d]) + " in dimension " +
                                                     std::to_string(d));
  return {b, static_cast<T*>(b->data()) + first, whole, r, off};
}

// A buffer of BT can be accessed as DataT in mode M: the same elements, and a buffer of const
// elements only read (§4.7.2.1).
template <typename BT, typename DataT, sycl::access_mode M>
inline constexpr bool buffer_accessible_v = std::is_same_v<std::remove_const_t<BT>, std::remove_const_t<DataT>> &&
                                            (!std::is_const_v<BT> || M == sycl::access_mode::read);
template <typename T>
inline constexpr sycl::access_mode default_mode_v = std::is_const_v<T> ? sycl::access_mode::read
                                                                        : sycl::access_mode::read_write;

// An accessor to OT in mode OM converts to one to DataT in mode M (§4.7.6.9.1): the same elements,
// seen read-only, from a read-write accessor or a read-only one of the other constness.
template <typename OT, sycl::access_mode OM, typename DataT, sycl::access_mode M>
inline constexpr bool accessor_converts_v =
    std::is_same_v<std::remove_const_t<OT>, std::remove_const_t<DataT>> && M == sycl::access_mode::read &&
    (OM == sycl::access_mode::read_write || (OM == sycl::access_mode::read && !std::is_same_v<OT, DataT>));

// What an accessor to the host_buffer target (a host accessor, or SYCL 1.2.1's host accessor that
// buffer::get_access<M>() returns) keeps while it lives: its hold on the buffer, which its copies
// share. Nothing for the other targets.
template <bool Host> struct host_hold {};
// How host_accessor makes its base: without the hold, which it takes itself, naming where it is made.
struct unheld_t {};
template <> struct host_hold<true> {
  std::shared_ptr<void> hold;
};

inline constexpr sycl::access_mode effective_mode(sycl::access_mode m, bool no_init) {
  if (!no_init) return m;
  return m == sycl::access_mode::read_write ? sycl::access_mode::discard_read_write
         : m == sycl::access_mode::write    ? sycl::access_mode::discard_write
                                            : m;
}
} // namespace tessera::runtime

namespace sycl {

// SYCL 2020 §4.7.6.9: an accessor to buffer memory for a kernel (or host task).
template <typename DataT, int D = 1,
          access_mode M = tessera::runtime::default_mode_v<DataT>, target T = target::device,
          access::placeholder P = access::placeholder::false_t>
class accessor : private tessera::runtime::host_hold<T == target::host_buffer> {
  using view_t = tessera::runtime::buffer_view<std::remove_const_t<DataT>, D>;
  using hold_t = tessera::runtime::host_hold<T == target::host_buffer>;
  static_assert(!std::is_const_v<DataT> || M == access_mode::read, "an accessor to const elements only reads");

public:
  using value_type = std::conditional_t<M == access_mode::read, const DataT, DataT>;
  using reference = value_type&;
  using const_reference = const DataT&;
  using pointer = value_type*;
  // Several dimensions iterate over the accessor's range, which need not be contiguous.
  using iterator = std::conditional_t<D == 1, value_type*, tessera::memory::window_iterator<value_type, D>>;
  using const_iterator = std::conditional_t<D == 1, const DataT*, tessera::memory::window_iterator<const DataT, D>>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using difference_type = std::ptrdiff_t;
  using size_type = std::size_t;
  // What get_multi_ptr returns (SYCL 2020 §4.7.6.9.1 declares it for target::device).
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<value_type, access::address_space::global_space, IsDecorated>;
  static constexpr int dimensions = D;

private:
  // What subscripting gives: a reference, or, in the deprecated atomic mode, SYCL 1.2.1's atomic.
  using element_t = std::conditional_t<M == access_mode::atomic, atomic<DataT>, reference>;

public:
  accessor() = default;

  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>>
  accessor(buffer<BT, D, A>& b, const property_list& props = {})
      : accessor(b, b.get_range(), id<D>(), false) {
    keep(props);
  }
  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>, access_mode TM>
  accessor(buffer<BT, D, A>& b, mode_tag_t<TM>, const property_list& props = {})
      : accessor(b, b.get_range(), id<D>(), false) {
    keep(props);
  }
  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>>
  accessor(buffer<BT, D, A>& b, handler& h, const property_list& props = {})
      : accessor(b, b.get_range(), id<D>(), false) {
    attach(h, props);
  }
  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>, access_mode TM>
  accessor(buffer<BT, D, A>& b, handler& h, mode_tag_t<TM>, const property_list& props = {})
      : accessor(b, b.get_range(), id<D>(), false) {
    attach(h, props);
  }
  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>>
  accessor(buffer<BT, D, A>& b, handler& h, range<D> r, const property_list& props = {})
      : accessor(b, r, id<D>(), true) {
    attach(h, props);
  }
  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>, access_mode TM>
  accessor(buffer<BT, D, A>& b, handler& h, range<D> r, mode_tag_t<TM>,
           const property_list& props = {})
      : accessor(b, r, id<D>(), true) {
    attach(h, props);
  }
  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>>
  accessor(buffer<BT, D, A>& b, handler& h, range<D> r, id<D> off,
           const property_list& props = {})
      : accessor(b, r, off, true) {
    attach(h, props);
  }
  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>, access_mode TM>
  accessor(buffer<BT, D, A>& b, handler& h, range<D> r, id<D> off, mode_tag_t<TM>,
           const property_list& props = {})
      : accessor(b, r, off, true) {
    attach(h, props);
  }
  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>>
  // No default for the offset: (buffer, range) is the overload below, and both would take it.
  accessor(buffer<BT, D, A>& b, range<D> r, id<D> off, const property_list& props = {})
      : accessor(b, r, off, true) {
    keep(props);
  }
  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>>
  accessor(buffer<BT, D, A>& b, range<D> r, const property_list& props = {}) : accessor(b, r, id<D>(), true) {
    keep(props);
  }
  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>, access_mode TM>
  accessor(buffer<BT, D, A>& b, range<D> r, mode_tag_t<TM>, const property_list& props = {}) : accessor(b, r, id<D>(), true) {
    keep(props);
  }
  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>, access_mode TM>
  accessor(buffer<BT, D, A>& b, range<D> r, id<D> off, mode_tag_t<TM>, const property_list& props = {})
      : accessor(b, r, off, true) {
    keep(props);
  }

  // Implicit conversions (§4.7.6.9.1): a read-write accessor to a read-only one, and read-only
  // accessors between T and const T.
  template <typename OT, access_mode OM,
            typename = std::enable_if_t<tessera::runtime::accessor_converts_v<OT, OM, DataT, M>>>
  accessor(const accessor<OT, D, OM, T, P>& o)
      : hold_t(static_cast<const hold_t&>(o)), v_(o.view()), placeholder_(o.placeholder_) {}

  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE element_t operator[](const id<D>& i) const {
#if TESSERA_CHECKED_ACCESS
    check_index(i);
#endif
    auto& e = tessera::memory::at(base(), v_.buffer_range, id<D>(i + v_.offset));
    if constexpr (M == access_mode::atomic) return element_t(global_ptr<DataT>(&e));
    else return e;
  }
  // item<1> converts to both id<1> and size_t; this overload settles it for the id.
  template <bool WithOffset>
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE element_t operator[](const item<D, WithOffset>& it) const {
    return (*this)[it.get_id()];
  }
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE decltype(auto) operator[](std::size_t i) const {
    using as_atomic = tessera::memory::as_legacy_atomic<access::address_space::global_space>;
    if constexpr (D == 1) return (*this)[id<1>(i)];
    else if constexpr (M == access_mode::atomic)
      return tessera::memory::first_subscript<DataT, D, as_atomic>(base(), v_.buffer_range, i, v_.offset);
    else return tessera::memory::first_subscript<value_type, D>(base(), v_.buffer_range, i, v_.offset);
  }
  template <int DD = D, typename = std::enable_if_t<DD == 1>>
  TESSERA_HOST_DEVICE reference operator*() const {
    return (*this)[id<1>(0)];
  }

  TESSERA_HOST_DEVICE range<D> get_range() const { return v_.access_range; }
  TESSERA_HOST_DEVICE id<D> get_offset() const { return v_.offset; }
  TESSERA_HOST_DEVICE std::size_t size() const noexcept { return v_.access_range.size(); }
  TESSERA_HOST_DEVICE std::size_t byte_size() const noexcept { return size() * sizeof(DataT); }
  TESSERA_HOST_DEVICE std::size_t max_size() const noexcept { return size(); }
  TESSERA_HOST_DEVICE bool empty() const noexcept { return size() == 0; }
  // Made without a handler (§4.7.6.9.2), whatever the deprecated placeholder parameter says; the
  // deprecated host_buffer target's accessor is a host accessor, never a placeholder.
  TESSERA_HOST_DEVICE bool is_placeholder() const { return placeholder_; }
  // The start of the buffer, even for a ranged accessor (§4.7.6.9.1). SYCL 2020 declares it
  // (deprecated) as global_ptr<value_type> for target::device, a raw pointer for the host targets;
  // the deprecated constant_buffer target hands out SYCL 1.2.1's constant_ptr, as DPC++ does (the
  // SYCL-CTS's address_space category takes it so).
  TESSERA_HOST_DEVICE auto get_pointer() const noexcept {
    if constexpr (T == target::constant_buffer) return constant_ptr<std::remove_const_t<DataT>>(base());
    else if constexpr (T == target::device) return global_ptr<value_type>(static_cast<pointer>(base()));
    else return static_cast<pointer>(base());
  }
  template <access::decorated Decorated = access::decorated::no>
  TESSERA_HOST_DEVICE accessor_ptr<Decorated> get_multi_ptr() const noexcept {
    return base();
  }
  TESSERA_HOST_DEVICE iterator begin() const noexcept { return at(0); }
  TESSERA_HOST_DEVICE iterator end() const noexcept { return at(static_cast<std::ptrdiff_t>(size())); }
  TESSERA_HOST_DEVICE const_iterator cbegin() const noexcept { return begin(); }
  TESSERA_HOST_DEVICE const_iterator cend() const noexcept { return end(); }
  reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator crbegin() const noexcept { return const_reverse_iterator(cend()); }
  const_reverse_iterator crend() const noexcept { return const_reverse_iterator(cbegin()); }
  // Deprecated in SYCL 2020.
  TESSERA_HOST_DEVICE std::size_t get_size() const noexcept { return byte_size(); }
  TESSERA_HOST_DEVICE std::size_t get_count() const noexcept { return size(); }

  // An accessor's one property is no_init, which shapes the access when it is made (§4.7.6.9.1).
  template <typename Prop> bool has_property() const noexcept {
    return std::is_same_v<Prop, property::no_init> && no_init_;
  }
  template <typename Prop> Prop get_property() const {
    if (!has_property<Prop>()) throw exception(errc::invalid, "accessor::get_property: the accessor has no such property");
    return Prop{};
  }

  void swap(accessor& other) noexcept {
    std::swap(v_, other.v_);
    std::swap(no_init_, other.no_init_);
  }
  friend bool operator==(const accessor& a, const accessor& b) {
    return a.v_.buffer == b.v_.buffer && a.first() == b.first() && a.get_range() == b.get_range();
  }
  friend bool operator!=(const accessor& a, const accessor& b) { return !(a == b); }

  TESSERA_HOST_DEVICE const view_t& view() const { return v_; }

private:
#if TESSERA_CHECKED_ACCESS
  // Not inlined: its return address is the access's place in the kernel.
  [[gnu::noinline]] TESSERA_CHECK_CALL void check_index(const id<D>& i) const {
    std::size_t index[D], range[D], offset[D];
    bool inside = true;
    for (int d = 0; d < D; ++d) {
      index[d] = i[d], range[d] = v_.access_range[d], offset[d] = v_.offset[d];
      inside = inside && i[d] < v_.access_range[d];
    }
    if (!inside) tessera::check::out_of_accessor_range(D, index, range, offset, __builtin_return_address(0));
  }
#endif
  template <typename BT, typename A, typename = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>>>
  accessor(buffer<BT, D, A>& b, const range<D>& r, const id<D>& off, bool ranged)
      : v_(tessera::runtime::make_view<std::remove_const_t<DataT>, D>(b.impl(), b.first_element(), b.get_range(),
                                                                       r, off)),
        placeholder_(T != target::host_buffer) {
    (void)ranged;
  }
  template <typename BT, typename A>
  accessor(tessera::runtime::unheld_t u, buffer<BT, D, A>& b, const property_list& props)
      : accessor(u, b, b.get_range(), id<D>(), props) {}
  template <typename BT, typename A>
  accessor(tessera::runtime::unheld_t, buffer<BT, D, A>& b, const range<D>& r, const id<D>& off,
           const property_list& props)
      : accessor(b, r, off, true) {
    keep_properties(props);
  }
  // no_init is the one property of an accessor; a read-only accessor cannot take it (§4.7.6.9.1).
  void keep_properties(const property_list& props) {
    no_init_ = props.has_property<property::no_init>();
    if (no_init_ && M == access_mode::read)
      throw exception(errc::invalid, "accessor: property::no_init on an accessor that only reads");
  }
  // An accessor made without a handler. Of the deprecated host_buffer target it is SYCL 1.2.1's
  // host accessor, which waits for the buffer's commands and holds the buffer on the host while it
  // lives, as a host_accessor does (and as DPC++'s does).
  void keep(const property_list& props) {
    keep_properties(props);
    if constexpr (T == target::host_buffer)
      keep_held(tessera::memory::hold_on_host(*v_.buffer.get(), tessera::runtime::effective_mode(M, no_init_),
                                              tessera::group::call_site::here()));
  }
  void attach(handler& h, const property_list& props) {
    keep_properties(props);
    using elem = std::remove_const_t<DataT>;
    const auto first = v_.data - static_cast<elem*>(v_.buffer->data());
    void* base = tessera::runtime::require(
        h, v_.buffer, tessera::runtime::effective_mode(M, props.has_property<property::no_init>()));
    v_.data = static_cast<elem*>(base) + first;
    v_.attached = true;
    placeholder_ = false;
  }

  // Device code reaches the buffer through the command's device copy, host code through the
  // host copy: the two are one on the CPU, and on a GPU host code is a host task, for which
  // the runtime brings the host copy up to date. (DPC++ resolves the pointer when the command
  // runs, through a handle; a second pointer keeps device access one load away.)
  TESSERA_HOST_DEVICE std::remove_const_t<DataT>* base() const {
    if constexpr (tessera::glue::ops::in_host_code) return v_.host;
    else return v_.data;
  }
  TESSERA_HOST_DEVICE iterator at(std::ptrdiff_t n) const noexcept {
    if constexpr (D == 1) return first() + n;
    else return iterator(base(), v_.buffer_range, v_.access_range, v_.offset, n);
  }
  TESSERA_HOST_DEVICE pointer first() const noexcept { return base() + tessera::detail::linearize(v_.offset, v_.buffer_range); }
  // What the handler gives a command that runs on the accessor's device, from host code.
  pointer device_pointer() const { return v_.data + tessera::detail::linearize(v_.offset, v_.buffer_range); }

  // Where a host accessor keeps its hold on the buffer.
  void keep_held(std::shared_ptr<void> h) {
    static_assert(T == target::host_buffer, "only host accessors hold their buffer");
    this->hold = std::move(h);
  }

  view_t v_;
  bool no_init_ = false;
  bool placeholder_ = false;
  template <typename, int, access_mode, target, access::placeholder> friend class accessor;
  template <typename, int, access_mode> friend class host_accessor;
  friend class handler;
  friend class interop_handle; // get_native_mem: the copy on the command's device
};

template <typename T, int D, typename A> accessor(buffer<T, D, A>&) -> accessor<T, D, tessera::runtime::default_mode_v<T>, target::device, access::placeholder::true_t>;
template <typename T, int D, typename A> accessor(buffer<T, D, A>&, const property_list&) -> accessor<T, D, tessera::runtime::default_mode_v<T>, target::device, access::placeholder::true_t>;
template <typename T, int D, typename A, access_mode M> accessor(buffer<T, D, A>&, mode_tag_t<M>, const property_list&) -> accessor<T, D, M, target::device, access::placeholder::true_t>;
template <typename T, int D, typename A> accessor(buffer<T, D, A>&, range<D>) -> accessor<T, D, tessera::runtime::default_mode_v<T>, target::device, access::placeholder::true_t>;
template <typename T, int D, typename A> accessor(buffer<T, D, A>&, range<D>, id<D>) -> accessor<T, D, tessera::runtime::default_mode_v<T>, target::device, access::placeholder::true_t>;
template <typename T, int D, typename A, access_mode M> accessor(buffer<T, D, A>&, range<D>, mode_tag_t<M>) -> accessor<T, D, M, target::device, access::placeholder::true_t>;
template <typename T, int D, typename A, access_mode M> accessor(buffer<T, D, A>&, range<D>, id<D>, mode_tag_t<M>) -> accessor<T, D, M, target::device, access::placeholder::true_t>;
template <typename T, int D, typename A, access_mode M> accessor(buffer<T, D, A>&, mode_tag_t<M>) -> accessor<T, D, M, target::device, access::placeholder::true_t>;
template <typename T, int D, typename A, access_mode M, target Tg> accessor(buffer<T, D, A>&, mode_target_tag_t<M, Tg>) -> accessor<T, D, M, Tg, access::placeholder::true_t>;
template <typename T, int D, typename A, access_mode M, target Tg> accessor(buffer<T, D, A>&, mode_target_tag_t<M, Tg>, const property_list&) -> accessor<T, D, M, Tg, access::placeholder::true_t>;
template <typename T, int D, typename A, access_mode M, target Tg> accessor(buffer<T, D, A>&, range<D>, mode_target_tag_t<M, Tg>) -> accessor<T, D, M, Tg, access::placeholder::true_t>;
template <typename T, int D, typename A, access_mode M, target Tg> accessor(buffer<T, D, A>&, range<D>, id<D>, mode_target_tag_t<M, Tg>) -> accessor<T, D, M, Tg, access::placeholder::true_t>;
template <typename T, int D, typename A, access_mode M, target Tg> accessor(buffer<T, D, A>&, handler&, mode_target_tag_t<M, Tg>) -> accessor<T, D, M, Tg>;
template <typename T, int D, typename A, access_mode M, target Tg> accessor(buffer<T, D, A>&, handler&, mode_target_tag_t<M, Tg>, const property_list&) -> accessor<T, D, M, Tg>;
template <typename T, int D, typename A, access_mode M, target Tg> accessor(buffer<T, D, A>&, handler&, range<D>, mode_target_tag_t<M, Tg>) -> accessor<T, D, M, Tg>;
template <typename T, int D, typename A, access_mode M, target Tg> accessor(buffer<T, D, A>&, handler&, range<D>, mode_target_tag_t<M, Tg>, const property_list&) -> accessor<T, D, M, Tg>;
template <typename T, int D, typename A, access_mode M, target Tg> accessor(buffer<T, D, A>&, handler&, range<D>, id<D>, mode_target_tag_t<M, Tg>) -> accessor<T, D, M, Tg>;
template <typename T, int D, typename A, access_mode M, target Tg> accessor(buffer<T, D, A>&, handler&, range<D>, id<D>, mode_target_tag_t<M, Tg>, const property_list&) -> accessor<T, D, M, Tg>;
template <typename T, int D, typename A> accessor(buffer<T, D, A>&, handler&) -> accessor<T, D>;
template <typename T, int D, typename A> accessor(buffer<T, D, A>&, handler&, const property_list&) -> accessor<T, D>;
template <typename T, int D, typename A, access_mode M> accessor(buffer<T, D, A>&, handler&, mode_tag_t<M>) -> accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M> accessor(buffer<T, D, A>&, handler&, mode_tag_t<M>, const property_list&) -> accessor<T, D, M>;
template <typename T, int D, typename A> accessor(buffer<T, D, A>&, handler&, range<D>) -> accessor<T, D>;
template <typename T, int D, typename A> accessor(buffer<T, D, A>&, handler&, range<D>, const property_list&) -> accessor<T, D>;
template <typename T, int D, typename A, access_mode M> accessor(buffer<T, D, A>&, handler&, range<D>, mode_tag_t<M>) -> accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M> accessor(buffer<T, D, A>&, handler&, range<D>, mode_tag_t<M>, const property_list&) -> accessor<T, D, M>;
template <typename T, int D, typename A> accessor(buffer<T, D, A>&, handler&, range<D>, id<D>) -> accessor<T, D>;
template <typename T, int D, typename A> accessor(buffer<T, D, A>&, handler&, range<D>, id<D>, const property_list&) -> accessor<T, D>;
template <typename T, int D, typename A, access_mode M> accessor(buffer<T, D, A>&, handler&, range<D>, id<D>, mode_tag_t<M>) -> accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M> accessor(buffer<T, D, A>&, handler&, range<D>, id<D>, mode_tag_t<M>, const property_list&) -> accessor<T, D, M>;

} // namespace sycl

#include "sycl/scalar_accessor.hpp"

namespace sycl {

// SYCL 2020 §4.7.6.10: an accessor on the host, which waits for the buffer's commands.
template <typename DataT, int D = 1, access_mode M = tessera::runtime::default_mode_v<DataT>>
class host_accessor : public accessor<DataT, D, M, target::host_buffer, access::placeholder::false_t> {
  using base = accessor<DataT, D, M, target::host_buffer, access::placeholder::false_t>;
  // Where the accessor is made: named if this thread then waits for a command it blocks.
  using site = tessera::group::call_site;
  // A zero-dimensional accessor is to a one-dimensional buffer, and takes no range or offset.
  static constexpr int buffer_dims = D == 0 ? 1 : D;
  template <typename BT>
  using if_accessible = std::enable_if_t<tessera::runtime::buffer_accessible_v<BT, DataT, M>, int>;
  // DD through a nested name is never deduced, so that zero dimensions never name range<0>.
  template <int DD> struct undeduced { static constexpr int value = DD; };
  template <int DD> using if_dims = std::enable_if_t<(DD > 0), int>;

public:
  host_accessor() = default;
  template <typename BT, typename A, if_accessible<BT> = 0>
  host_accessor(buffer<BT, buffer_dims, A>& b, const property_list& props = {}, site s = site::here())
      : base(tessera::runtime::unheld_t{}, b, props) {
    acquire(s);
  }
  template <typename BT, typename A, access_mode TM, if_accessible<BT> = 0>
  host_accessor(buffer<BT, buffer_dims, A>& b, mode_tag_t<TM>, const property_list& props = {}, site s = site::here())
      : base(tessera::runtime::unheld_t{}, b, props) {
    acquire(s);
  }
  template <typename BT, typename A, int DD = D, if_accessible<BT> = 0, if_dims<DD> = 0>
  host_accessor(buffer<BT, D, A>& b, range<undeduced<DD>::value> r, const property_list& props = {}, site s = site::here())
      : base(tessera::runtime::unheld_t{}, b, r, id<D>(), props) {
    acquire(s);
  }
  template <typename BT, typename A, int DD = D, if_accessible<BT> = 0, if_dims<DD> = 0>
  host_accessor(buffer<BT, D, A>& b, range<undeduced<DD>::value> r, id<undeduced<DD>::value> off,
                const property_list& props = {}, site s = site::here())
      : base(tessera::runtime::unheld_t{}, b, r, off, props) {
    acquire(s);
  }
  template <typename BT, typename A, access_mode TM, int DD = D, if_accessible<BT> = 0, if_dims<DD> = 0>
  host_accessor(buffer<BT, D, A>& b, range<undeduced<DD>::value> r, mode_tag_t<TM>, const property_list& props = {},
                site s = site::here())
      : base(tessera::runtime::unheld_t{}, b, r, id<D>(), props) {
    acquire(s);
  }
  template <typename BT, typename A, access_mode TM, int DD = D, if_accessible<BT> = 0, if_dims<DD> = 0>
  host_accessor(buffer<BT, D, A>& b, range<undeduced<DD>::value> r, id<undeduced<DD>::value> off, mode_tag_t<TM>,
                const property_list& props = {}, site s = site::here())
      : base(tessera::runtime::unheld_t{}, b, r, off, props) {
    acquire(s);
  }
  // The implicit conversions of the accessor (§4.7.6.10.1), which share the hold on the buffer.
  template <typename OT, access_mode OM,
            typename = std::enable_if_t<tessera::runtime::accessor_converts_v<OT, OM, DataT, M>>>
  host_accessor(const host_accessor<OT, D, OM>& o) : base(o) {}
  using base::operator=;

private:
  // The hold lives in the base, so that the base alone (what buffer::get_access<M>() returns)
  // keeps the buffer on the host too.
  void acquire(site s) {
    const auto mode = tessera::runtime::effective_mode(M, this->template has_property<property::no_init>());
    this->keep_held(tessera::memory::hold_on_host(*this->view().buffer.get(), mode, s));
  }
};

template <typename T, int D, typename A> host_accessor(buffer<T, D, A>&) -> host_accessor<T, D>;
template <typename T, int D, typename A> host_accessor(buffer<T, D, A>&, const property_list&) -> host_accessor<T, D>;
template <typename T, int D, typename A, access_mode M> host_accessor(buffer<T, D, A>&, mode_tag_t<M>) -> host_accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M> host_accessor(buffer<T, D, A>&, mode_tag_t<M>, const property_list&) -> host_accessor<T, D, M>;
template <typename T, int D, typename A> host_accessor(buffer<T, D, A>&, range<D>) -> host_accessor<T, D>;
template <typename T, int D, typename A> host_accessor(buffer<T, D, A>&, range<D>, id<D>) -> host_accessor<T, D>;
template <typename T, int D, typename A, access_mode M> host_accessor(buffer<T, D, A>&, range<D>, mode_tag_t<M>) -> host_accessor<T, D, M>;
template <typename T, int D, typename A, access_mode M> host_accessor(buffer<T, D, A>&, range<D>, id<D>, mode_tag_t<M>) -> host_accessor<T, D, M>;

template <typename T, int D, access_mode M, target Tg, access::placeholder P>
struct is_property_of<property::no_init, accessor<T, D, M, Tg, P>> : std::true_type {};
template <typename T, int D, access_mode M>
struct is_property_of<property::no_init, host_accessor<T, D, M>> : std::true_type {};

} // namespace sycl

// SYCL 2020 §4.5.2: accessors hash what their operator== compares (the range follows from these
// but for accessors of one buffer made with different ranges at one offset, which may share a hash).
template <typename DataT, int D, sycl::access_mode M, sycl::target T, sycl::access::placeholder P>
struct std::hash<sycl::accessor<DataT, D, M, T, P>> {
  std::size_t operator()(const sycl::accessor<DataT, D, M, T, P>& a) const noexcept {
    return tessera::detail::hash_of(a.view().buffer.get(), tessera::detail::linearize(a.view().offset, a.view().buffer_range));
  }
};
template <typename DataT, int D, sycl::access_mode M> struct std::hash<sycl::host_accessor<DataT, D, M>> {
  std::size_t operator()(const sycl::host_accessor<DataT, D, M>& a) const noexcept {
    using base = sycl::accessor<DataT, D, M, sycl::target::host_buffer, sycl::access::placeholder::false_t>;
    return std::hash<base>{}(a);
  }
};
