#pragma once
#include <algorithm>
#include <iterator>
#include <memory>
#include <mutex>
#include <type_traits>

#include "sycl/accessor.hpp"
#include "sycl/property_list.hpp"
#include "tessera/detail/hash_combine.hpp"

namespace tessera::detail {
// set_final_data's destinations that are no iterators: weak_ptr<T>, weak_ptr<T[]> and the shared_ptrs.
template <typename P> inline constexpr bool is_weak_ptr_v = false;
template <typename T> inline constexpr bool is_weak_ptr_v<std::weak_ptr<T>> = true;
template <typename P> inline constexpr bool is_shared_ptr_v = false;
template <typename T> inline constexpr bool is_shared_ptr_v<std::shared_ptr<T>> = true;
// Selects buffer::reinterpret's view constructor.
struct reinterpret_view {};
} // namespace tessera::detail

namespace sycl {

template <typename T> class buffer_allocator : public std::allocator<T> {
public:
  // Not std::allocator's (C++17's): a rebound buffer_allocator is a buffer_allocator.
  template <typename U> struct rebind {
    using other = buffer_allocator<U>;
  };
};

template <typename T, int D, typename A> struct is_property_of<property::buffer::use_host_ptr, buffer<T, D, A>> : std::true_type {};
template <typename T, int D, typename A> struct is_property_of<property::buffer::use_mutex, buffer<T, D, A>> : std::true_type {};
template <typename T, int D, typename A>
struct is_property_of<property::buffer::context_bound, buffer<T, D, A>> : std::true_type {};

// SYCL 2020 §4.7.2. The data lives in runtime-owned storage; the host memory it was made from
// receives the final contents when the last copy of the buffer goes (unless told otherwise).
template <typename T, int D = 1, typename AllocatorT = buffer_allocator<std::remove_const_t<T>>>
class buffer {
  using elem = std::remove_const_t<T>;

public:
  using value_type = T;
  using reference = value_type&;
  using const_reference = const value_type&;
  using allocator_type = AllocatorT;
  static constexpr int dimensions = D;

  buffer(const range<D>& r, const property_list& props = {}) : buffer(r, nullptr, props) {}
  // The allocator is kept for get_allocator(); the runtime allocates the storage itself.
  buffer(const range<D>& r, AllocatorT a, const property_list& props = {}) : buffer(r, props) { alloc_ = a; }
  buffer(T* host, const range<D>& r, const property_list& props = {})
      : buffer(r, host, props, !std::is_const_v<T> && !props.has_property<property::buffer::use_mutex>()) {
    if constexpr (!std::is_const_v<T>) write_back_to(host);
  }
  buffer(T* host, const range<D>& r, AllocatorT a, const property_list& props = {}) : buffer(host, r, props) {
    alloc_ = a;
  }
  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  buffer(const elem* host, const range<D>& r, const property_list& props = {}) : buffer(r, host, props) {}
  template <typename U = T, typename = std::enable_if_t<!std::is_const_v<U>>>
  buffer(const elem* host, const range<D>& r, AllocatorT a, const property_list& props = {}) : buffer(r, host, props) {
    alloc_ = a;
  }
  buffer(const std::shared_ptr<T>& host, const range<D>& r, const property_list& props = {})
      : buffer(r, host.get(), props) {
    set_final_data(std::weak_ptr<T>(host));
    if constexpr (!std::is_const_v<T>)
      impl()->set_origin([w = std::weak_ptr<T>(host)] { return std::shared_ptr<void>(w.lock()); }, host_mutex(props));
  }
  buffer(const std::shared_ptr<T>& host, const range<D>& r, AllocatorT a, const property_list& props = {})
      : buffer(host, r, props) {
    alloc_ = a;
  }
  buffer(const std::shared_ptr<T[]>& host, const range<D>& r, const property_list& props = {})
      : buffer(r, host.get(), props) {
    auto keep = host;
    owner_->set_final([keep, n = r.size()](const void* src) {
      std::copy_n(static_cast<const elem*>(src), n, keep.get());
    });
    if constexpr (!std::is_const_v<T>)
      impl()->set_origin([keep] { return std::shared_ptr<void>(keep, keep.get()); }, host_mutex(props));
  }
  buffer(const std::shared_ptr<T[]>& host, const range<D>& r, AllocatorT a, const property_list& props = {})
      : buffer(host, r, props) {
    alloc_ = a;
  }
  template <typename It, int DD = D, typename = std::enable_if_t<DD == 1>,
            typename = typename std::iterator_traits<It>::iterator_category>
  buffer(It first, It last, const property_list& props = {})
      : buffer(range<1>(static_cast<std::size_t>(std::distance(first, last))), nullptr, props) {
    const auto lock = host_lock();
    std::copy(first, last, static_cast<elem*>(impl()->data()));
  }
  template <typename It, int DD = D, typename = std::enable_if_t<DD == 1>,
            typename = typename std::iterator_traits<It>::iterator_category>
  buffer(It first, It last, AllocatorT a, const property_list& props = {}) : buffer(first, last, props) {
    alloc_ = a;
  }
  // Contiguous containers (std::vector, std::array, ...): their data is the host memory.
  template <typename C, int DD = D, typename = std::enable_if_t<DD == 1>,
            typename = decltype(std::data(std::declval<C&>())), typename = decltype(std::size(std::declval<C&>()))>
  buffer(C& container, const property_list& props = {})
      : buffer(std::data(container), range<1>(std::size(container)), props) {}
  template <typename C, int DD = D, typename = std::enable_if_t<DD == 1>,
            typename = decltype(std::data(std::declval<C&>())), typename = decltype(std::size(std::declval<C&>()))>
  buffer(C& container, AllocatorT a, const property_list& props = {}) : buffer(container, props) {
    alloc_ = a;
  }

  // A sub-buffer: a window of whole rows of `parent`, sharing its storage (§4.7.2.2).
  buffer(buffer& parent, const id<D>& offset, const range<D>& r)
      : owner_(parent.owner_), range_(r), first_(parent.first_ + tessera::detail::linearize(offset, parent.range_)),
        props_(parent.props_), alloc_(parent.alloc_) {
    for (int d = 0; d < D; ++d)
      if (offset[d] + r[d] > parent.range_[d])
        throw exception(errc::invalid, "sub-buffer exceeds its parent buffer in dimension " + std::to_string(d));
    for (int d = 1; d < D; ++d)
      if (r[d] != parent.range_[d])
        throw exception(errc::invalid, "a sub-buffer must span whole rows of its parent (dimension " +
                                           std::to_string(d) + ")");
    sub_ = true;
  }

  range<D> get_range() const { return range_; }
  std::size_t size() const noexcept { return range_.size(); }
  std::size_t byte_size() const noexcept { return size() * sizeof(T); }
  std::size_t get_count() const { return size(); }
  std::size_t get_size() const { return byte_size(); }
  bool is_sub_buffer() const { return sub_; }
  AllocatorT get_allocator() const { return alloc_; }
  template <typename P> bool has_property() const noexcept { return props_.template has_property<P>(); }
  template <typename P> P get_property() const { return props_.template get_property<P>(); }

  template <access_mode M = tessera::runtime::default_mode_v<T>, target Tg = target::device>
  accessor<T, D, M, Tg> get_access(handler& h) {
    return accessor<T, D, M, Tg>(*this, h);
  }
  template <access_mode M = tessera::runtime::default_mode_v<T>, target Tg = target::device>
  accessor<T, D, M, Tg> get_access(handler& h, range<D> r, id<D> off = {}) {
    return accessor<T, D, M, Tg>(*this, h, r, off);
  }
  template <access_mode M = tessera::runtime::default_mode_v<T>>
  host_accessor<T, D, M> get_host_access() {
    return host_accessor<T, D, M>(*this);
  }
  // Deprecated: SYCL 1.2.1's host accessors, of the host_buffer target, as SYCL 2020 still
  // declares them. A host_accessor's base, which keeps its hold on the buffer.
  template <access_mode M>
  accessor<T, D, M, target::host_buffer> get_access(tessera::group::call_site s = tessera::group::call_site::here()) {
    return host_accessor<T, D, M>(*this, property_list{}, s);
  }
  template <access_mode M>
  accessor<T, D, M, target::host_buffer> get_access(range<D> r, id<D> off = {},
                                                    tessera::group::call_site s = tessera::group::call_site::here()) {
    return host_accessor<T, D, M>(*this, r, off, property_list{}, s);
  }
  // SYCL 2020's forms: whatever an accessor's constructor takes after the buffer (a handler, a
  // range and offset, an access tag, properties such as no_init).
  template <typename... Ts>
  auto get_access(Ts&&... args) {
    return accessor{*this, std::forward<Ts>(args)...};
  }
  template <typename... Ts>
  auto get_host_access(Ts&&... args) {
    return host_accessor{*this, std::forward<Ts>(args)...};
  }
  template <access_mode M = tessera::runtime::default_mode_v<T>>
  host_accessor<T, D, M> get_host_access(range<D> r, id<D> off = {}) {
    return host_accessor<T, D, M>(*this, r, off);
  }

  // §4.7.2.3: the same storage seen as other elements and another shape, of the same byte size.
  template <typename U, int UD>
  buffer<U, UD, typename std::allocator_traits<AllocatorT>::template rebind_alloc<std::remove_const_t<U>>> reinterpret(
      range<UD> r) const {
    if (r.size() * sizeof(U) != byte_size())
      throw exception(errc::invalid, "buffer::reinterpret: " + std::to_string(r.size() * sizeof(U)) +
                                         " bytes asked of a buffer of " + std::to_string(byte_size()));
    if (first_ * sizeof(T) % sizeof(U) != 0)
      throw exception(errc::invalid, "buffer::reinterpret: the sub-buffer does not start on an element of the new type");
    return {tessera::detail::reinterpret_view{}, *this, r, first_ * sizeof(T) / sizeof(U)};
  }
  template <typename U, int UD = D,
            typename = std::enable_if_t<UD == 1 || (UD == D && sizeof(U) == sizeof(T))>>
  auto reinterpret() const {
    if constexpr (UD == 1) return reinterpret<U, 1>(range<1>(byte_size() / sizeof(U)));
    else return reinterpret<U, UD>(range_);
  }

  template <typename Dest>
  void set_final_data(Dest dest) {
    impl()->detach_host();
    if constexpr (std::is_same_v<Dest, std::nullptr_t>) {
      owner_->set_final(nullptr);
    } else if constexpr (std::is_pointer_v<Dest>) {
      // A null pointer, of any type, asks for no write-back as nullptr does (§4.7.2.3).
      if (dest == nullptr) return owner_->set_final(nullptr);
      owner_->set_final([dest, n = size(), f = first_](const void* src) {
        std::copy_n(static_cast<const elem*>(src) + f, n, dest);
      });
    } else if constexpr (tessera::detail::is_weak_ptr_v<Dest>) {
      owner_->set_final([dest, n = size(), f = first_](const void* src) {
        if (auto p = dest.lock()) std::copy_n(static_cast<const elem*>(src) + f, n, p.get());
      });
    } else if constexpr (tessera::detail::is_shared_ptr_v<Dest>) {
      // A shared_ptr is held until the write-back: the buffer shares ownership of the destination.
      owner_->set_final([dest, n = size(), f = first_](const void* src) {
        std::copy_n(static_cast<const elem*>(src) + f, n, dest.get());
      });
    } else {
      owner_->set_final([dest, n = size(), f = first_](const void* src) {
        std::copy_n(static_cast<const elem*>(src) + f, n, dest);
      });
    }
  }
  void set_final_data(std::nullptr_t) {
    impl()->detach_host();
    owner_->set_final(nullptr);
  }
  void set_write_back(bool on = true) {
    if (!on) impl()->detach_host();
    owner_->set_write_back(on);
  }

  const std::shared_ptr<tessera::runtime::buffer_impl>& impl() const { return owner_->impl(); }
  std::size_t first_element() const { return first_; }

  friend bool operator==(const buffer& a, const buffer& b) { return a.owner_ == b.owner_ && a.first_ == b.first_; }
  friend bool operator!=(const buffer& a, const buffer& b) { return !(a == b); }

private:
  // A reinterpreted view of `o`'s storage (reinterpret above). The tag keeps it out of the
  // overloads a user's buffer(parent, 0, n) chooses from: private constructors take part too.
  template <typename U, int UD, typename UA>
  buffer(tessera::detail::reinterpret_view, const buffer<U, UD, UA>& o, const range<D>& r, std::size_t first)
      : owner_(o.owner_), range_(r), first_(first), props_(o.props_), sub_(o.sub_) {}
  template <typename, int, typename> friend class buffer;

  // use_host_ptr: writable host memory is the storage in any case (below); read-only host memory
  // is copied, which the user cannot tell apart while the buffer lives.
  // use_mutex: the mutex is held while the host memory is read, when the runtime first needs the
  // data, and written when the buffer goes. Writable host memory becomes the buffer's host storage, as in DPC++ (which reuses host
  // memory aligned to the element's size): programs that read it through the host memory while a
  // host_accessor is open, as the DPC++ book's fig 11-4 does, see the kernels' results. Not with
  // use_mutex, whose holder expects the host memory to change only under the mutex.
  buffer(const range<D>& r, const elem* init, const property_list& props, bool adopt = false)
      : owner_([&] {
          const std::size_t bytes = r.size() * sizeof(T);
          if (adopt)
            return std::make_shared<tessera::runtime::buffer_owner>(std::make_shared<tessera::runtime::buffer_impl>(
                bytes, const_cast<elem*>(init), tessera::runtime::buffer_impl::adopt_t{}));
          std::mutex* const m = host_mutex(props);
          auto impl = std::make_shared<tessera::runtime::buffer_impl>(bytes, m ? nullptr : init);
          if (m && init) impl->read_host_later(init, m);
          return std::make_shared<tessera::runtime::buffer_owner>(std::move(impl));
        }()),
        range_(r), props_(props) {
    if (std::mutex* m = host_mutex(props)) owner_->set_host_mutex(m);
  }
  static std::mutex* host_mutex(const property_list& props) {
    if (!props.has_property<property::buffer::use_mutex>()) return nullptr;
    return props.get_property<property::buffer::use_mutex>().get_mutex_ptr();
  }
  static std::unique_lock<std::mutex> host_lock(const property_list& props) {
    std::mutex* const m = host_mutex(props);
    return m ? std::unique_lock<std::mutex>(*m) : std::unique_lock<std::mutex>();
  }
  std::unique_lock<std::mutex> host_lock() const { return host_lock(props_); }
  void write_back_to(elem* host) {
    owner_->set_final([host, n = range_.size()](const void* src) {
      if (src != host) std::copy_n(static_cast<const elem*>(src), n, host);
    });
    // Not owned: the host memory outlives the buffer. Adopted memory is the storage itself.
    if (impl()->data() != host)
      impl()->set_origin([host] { return std::shared_ptr<void>(std::shared_ptr<void>(), host); }, host_mutex(props_));
  }

  std::shared_ptr<tessera::runtime::buffer_owner> owner_;
  range<D> range_;
  std::size_t first_ = 0;
  property_list props_;
  AllocatorT alloc_{};
  bool sub_ = false;
  friend struct std::hash<buffer>;
};

template <typename T, int D> buffer(T*, const range<D>&, const property_list& = {}) -> buffer<T, D>;
template <typename T, int D, typename A, typename = std::enable_if_t<!std::is_convertible_v<A, property_list>>>
buffer(T*, const range<D>&, A, const property_list& = {}) -> buffer<T, D, A>;
template <typename T, int D> buffer(const std::shared_ptr<T>&, const range<D>&, const property_list& = {}) -> buffer<T, D>;
template <typename It> buffer(It, It, const property_list& = {}) -> buffer<typename std::iterator_traits<It>::value_type, 1>;
template <typename It, typename A, typename = std::enable_if_t<!std::is_convertible_v<A, property_list>>>
buffer(It, It, A, const property_list& = {}) -> buffer<typename std::iterator_traits<It>::value_type, 1, A>;
template <typename C> buffer(C&, const property_list& = {}) -> buffer<std::remove_pointer_t<decltype(std::data(std::declval<C&>()))>, 1>;
template <typename C, typename A, typename = std::enable_if_t<!std::is_convertible_v<A, property_list>>>
buffer(C&, A, const property_list& = {}) -> buffer<std::remove_pointer_t<decltype(std::data(std::declval<C&>()))>, 1, A>;

} // namespace sycl

// SYCL 2020 §4.5.2: a buffer is its storage's owner and where in it the buffer starts.
template <typename T, int D, typename A> struct std::hash<sycl::buffer<T, D, A>> {
  std::size_t operator()(const sycl::buffer<T, D, A>& b) const noexcept {
    return tessera::detail::hash_of(b.owner_.get(), b.first_);
  }
};
