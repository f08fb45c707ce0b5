#pragma once
#include <future>
#include <string>
#include <type_traits>

#include "tessera/amp/extent.hpp"
#include "tessera/amp/view_source.hpp"
#include "tessera/memory/access_seam.hpp"

namespace concurrency {

template <typename T, int N>
class array;

// A finished or running copy; Tessera's copies finish before they return.
class completion_future {
public:
  completion_future() { std::promise<void> p; p.set_value(); f_ = p.get_future().share(); }
  void get() const { f_.get(); }
  bool valid() const { return f_.valid(); }
  void wait() const { f_.wait(); }
  template <typename F>
  void then(const F& f) const { f(); }

private:
  std::shared_future<void> f_;
};

namespace detail {
template <typename C, typename T>
using is_container_of =
    std::conjunction<std::is_convertible<decltype(std::declval<C&>().data()), T*>,
                     std::is_integral<decltype(std::declval<C&>().size())>>;
template <typename C, typename T, typename = void>
struct container_of : std::false_type {};
template <typename C, typename T>
struct container_of<C, T, std::void_t<decltype(std::declval<C&>().data()), decltype(std::declval<C&>().size())>>
    : is_container_of<C, T> {};
struct same_source {};
} // namespace detail

// A view of data on the host or in an array, usable in kernels (captured by value) and on the
// host; the data moves between the two when one side needs what the other wrote (view_source).
template <typename T, int N = 1>
class array_view {
  using elem = std::remove_const_t<T>;
  static constexpr bool writable = !std::is_const_v<T>;

public:
  static constexpr int rank = N;
  using value_type = T;
  using extent_type = concurrency::extent<N>;

  template <typename C, typename = std::enable_if_t<detail::container_of<C, T>::value>>
  array_view(const extent_type& e, C& c) : array_view(e, c.data(), c.size()) {}
  array_view(const extent_type& e, T* p) : array_view(e, p, e.size()) {}
  template <typename C, typename = std::enable_if_t<detail::container_of<C, T>::value>>
  array_view(int e0, C& c) : array_view(extent_type(e0), c) {}
  template <typename C, typename = std::enable_if_t<detail::container_of<C, T>::value>>
  array_view(int e0, int e1, C& c) : array_view(extent_type(e0, e1), c) {}
  template <typename C, typename = std::enable_if_t<detail::container_of<C, T>::value>>
  array_view(int e0, int e1, int e2, C& c) : array_view(extent_type(e0, e1, e2), c) {}
  array_view(int e0, T* p) : array_view(extent_type(e0), p) {}
  array_view(int e0, int e1, T* p) : array_view(extent_type(e0, e1), p) {}
  array_view(int e0, int e1, int e2, T* p) : array_view(extent_type(e0, e1, e2), p) {}
  // Storage of its own (C++ AMP: "no data source").
  explicit array_view(const extent_type& e)
      : array_view(e, new detail::view_source(e.size() * sizeof(T))) {
    static_assert(writable, "an array_view of const elements needs a data source");
  }
  explicit array_view(int e0) : array_view(extent_type(e0)) {}
  array_view(int e0, int e1) : array_view(extent_type(e0, e1)) {}
  array_view(int e0, int e1, int e2) : array_view(extent_type(e0, e1, e2)) {}
  // Over an array: the array's memory on its accelerator.
  template <typename A, typename = std::enable_if_t<std::is_same_v<std::remove_const_t<A>, array<elem, N>> &&
                                                    (std::is_const_v<T> || !std::is_const_v<A>)>>
  array_view(A& a)
      : array_view(a.get_extent(),
                   new detail::view_source(const_cast<elem*>(a.data()), a.get_extent().size() * sizeof(T),
                                           a.get_accelerator_view())) {}
  // A view of const elements from a view of the same data.
  template <typename U, typename = std::enable_if_t<std::is_const_v<T> && std::is_same_v<U, elem>>>
  TESSERA_HOST_DEVICE array_view(const array_view<U, N>& o)
      : extent(o.extent), src_(o.src_), offset_(o.offset_), data_(o.data_), in_kernel_(o.in_kernel_) {
    for (int d = 0; d < N; ++d) stride_[d] = o.stride_[d];
    retain_or_bind();
  }

  TESSERA_HOST_DEVICE array_view(const array_view& o)
      : extent(o.extent), src_(o.src_), offset_(o.offset_), data_(o.data_), in_kernel_(o.in_kernel_) {
    for (int d = 0; d < N; ++d) stride_[d] = o.stride_[d];
    retain_or_bind();
  }
  TESSERA_HOST_DEVICE array_view& operator=(const array_view& o) {
    if (this == &o) return *this;
    release();
    extent = o.extent, src_ = o.src_, offset_ = o.offset_, data_ = o.data_, in_kernel_ = o.in_kernel_;
    for (int d = 0; d < N; ++d) stride_[d] = o.stride_[d];
    retain_or_bind();
    return *this;
  }
  TESSERA_HOST_DEVICE ~array_view() { release(); }

  // The shape, as C++ AMP's `extent` property.
  extent_type extent;
  TESSERA_HOST_DEVICE extent_type get_extent() const { return extent; }

  // Inlined in check mode: a report names the kernel's place of the access.
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE T& operator[](const index<N>& i) const { return element(i); }
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE T& operator()(const index<N>& i) const { return element(i); }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE T& operator()(int i0) const { return element(index<1>(i0)); }
  template <int M = N, typename = std::enable_if_t<M == 2>>
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE T& operator()(int i0, int i1) const { return element(index<2>(i0, i1)); }
  template <int M = N, typename = std::enable_if_t<M == 3>>
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE T& operator()(int i0, int i1, int i2) const {
    return element(index<3>(i0, i1, i2));
  }
  // av[i]: the element (rank 1) or the view of rank N-1 at i (a projection).
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE decltype(auto) operator[](int i) const {
    if constexpr (N == 1) return element(index<1>(i));
    else return project(i);
  }

  array_view section(const index<N>& origin, const extent_type& e) const {
    array_view v = *this;
    v.offset_ += linear(origin), v.extent = e;
    return v;
  }
  array_view section(const index<N>& origin) const { return section(origin, extent - origin); }
  array_view section(const extent_type& e) const { return section(index<N>(), e); }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  array_view section(int i0, int e0) const { return section(index<1>(i0), extent_type(e0)); }
  template <int M = N, typename = std::enable_if_t<M == 2>>
  array_view section(int i0, int i1, int e0, int e1) const { return section(index<2>(i0, i1), extent_type(e0, e1)); }
  template <int M = N, typename = std::enable_if_t<M == 3>>
  array_view section(int i0, int i1, int i2, int e0, int e1, int e2) const {
    return section(index<3>(i0, i1, i2), extent_type(e0, e1, e2));
  }
  template <int K>
  array_view<T, K> view_as(const concurrency::extent<K>& e) const {
    if (!contiguous() || e.size() > extent.size())
      throw runtime_exception("view_as: the view is not a contiguous block of that many elements", E_INVALIDARG);
    return array_view<T, K>(e, *this);
  }

  // Makes the data source current: the host container sees what kernels wrote.
  void synchronize() const { host(); }
  completion_future synchronize_async() const { return synchronize(), completion_future(); }
  void synchronize_to(const accelerator_view& av) const { src_->device_data(av); }
  completion_future synchronize_to_async(const accelerator_view& av) const {
    return synchronize_to(av), completion_future();
  }
  // The current contents need not be kept: the next kernel does not copy them to the accelerator.
  void discard_data() const { src_->discard(); }
  // The host data changed behind the view's back: kernels must see it.
  void refresh() const { src_->refresh(); }
  accelerator_view get_source_accelerator_view() const {
    if (auto av = src_->accelerator()) return *av;
    return accelerator(accelerator::cpu_accelerator).get_default_view();
  }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  TESSERA_HOST_DEVICE T* data() const { return &at(0); }

  void copy_to(const array_view<elem, N>& dest) const;
  void copy_to(array<elem, N>& dest) const;

private:
  template <typename, int> friend class array_view;

  array_view(const extent_type& e, T* p, std::size_t available)
      : array_view(e, new detail::view_source(const_cast<elem*>(p), e.size() * sizeof(T))) {
    if (available < e.size())
      throw runtime_exception("array_view: the data source holds fewer elements than the extent", E_INVALIDARG);
  }
  // Adopts the source's first count.
  array_view(const extent_type& e, detail::view_source* s) : extent(e), src_(s) { dense_strides(); }
  void dense_strides() {
    for (int d = N - 1, step = 1; d >= 0; step *= extent[d], --d) stride_[d] = step;
  }
  // view_as: the same elements, another shape.
  template <typename U, int M>
  array_view(const extent_type& e, const array_view<U, M>& o)
      : extent(e), src_(o.src_), offset_(o.offset_), data_(o.data_), in_kernel_(o.in_kernel_) {
    dense_strides();
    retain_or_bind();
  }

  TESSERA_HOST_DEVICE std::size_t linear(const index<N>& i) const {
    std::size_t l = 0;
    for (int d = 0; d < N; ++d) l += static_cast<std::size_t>(i[d]) * stride_[d];
    return l;
  }
  // Host code's accesses are checked, and CPU kernels' too in builds without NDEBUG (a kernel's
  // exception reaches the next wait) and in check mode, which reports a kernel's as it reports an
  // accessor's (the place, the kernel, the work-item); the GPU's are not.
  TESSERA_ACCESS_INLINE TESSERA_HOST_DEVICE T& element(const index<N>& i) const {
#if TESSERA_CHECKED_ACCESS
    if (__builtin_expect(!extent.contains(i), 0)) {
      if (in_kernel_) outside_in_kernel(i);
      out_of_range(i);
    }
#elif !TESSERA_DEVICE_PASS
#ifdef NDEBUG
    if (!in_kernel_)
#endif
      if (!extent.contains(i)) out_of_range(i);
#endif
    return at(linear(i));
  }
#if TESSERA_CHECKED_ACCESS
  // Not inlined: its return address is the access's place in the kernel.
  [[noreturn, gnu::noinline, gnu::cold]] TESSERA_CHECK_CALL void outside_in_kernel(const index<N>& i) const {
    std::size_t where[N], range[N], origin[N] = {};
    for (int d = 0; d < N; ++d) where[d] = static_cast<std::size_t>(i[d]), range[d] = static_cast<std::size_t>(extent[d]);
    tessera::check::out_of_accessor_range(N, where, range, origin, __builtin_return_address(0));
  }
#endif
  [[noreturn]] void out_of_range(const index<N>& i) const {
    std::string where, shape;
    for (int d = 0; d < N; ++d)
      where += (d ? ", " : "") + std::to_string(i[d]), shape += (d ? " x " : "") + std::to_string(extent[d]);
    throw runtime_exception("array_view: index (" + where + ") is outside the view's extent " + shape, E_INVALIDARG);
  }
  TESSERA_HOST_DEVICE T& at(std::size_t l) const {
#if TESSERA_DEVICE_PASS
    return data_[offset_ + l];
#else
    if (in_kernel_) return data_[offset_ + l];
    return host()[offset_ + l];
#endif
  }
  T* host() const { return static_cast<T*>(src_->host_data(writable)); }
  bool contiguous() const {
    for (int d = N - 1, step = 1; d >= 0; step *= extent[d], --d)
      if (extent[d] > 1 && stride_[d] != step) return false;
    return true;
  }
  template <int M = N>
  TESSERA_HOST_DEVICE array_view<T, M - 1> project(int i) const {
    array_view<T, M - 1> v(detail::same_source{}, *this);
    v.offset_ = offset_ + static_cast<std::size_t>(i) * stride_[0];
    for (int d = 1; d < N; ++d) v.extent[d - 1] = extent[d], v.stride_[d - 1] = stride_[d];
    return v;
  }
  template <typename U, int M>
  TESSERA_HOST_DEVICE array_view(detail::same_source, const array_view<U, M>& o)
      : src_(o.src_), offset_(o.offset_), data_(o.data_), in_kernel_(o.in_kernel_) {
    retain_or_bind();
  }

  TESSERA_HOST_DEVICE void retain_or_bind() {
#if !TESSERA_DEVICE_PASS
    if (auto* c = detail::capture::current(); c && !in_kernel_) {
      data_ = static_cast<elem*>(c->bind(src_, writable));
      in_kernel_ = true;
    } else if (!in_kernel_) {
      src_->retain();
    }
#endif
  }
  TESSERA_HOST_DEVICE void release() {
#if !TESSERA_DEVICE_PASS
    if (!in_kernel_ && src_) src_->release();
#endif
  }

  detail::view_source* src_ = nullptr;
  std::size_t offset_ = 0;
  int stride_[N] = {};
  elem* data_ = nullptr; // the source's data on the kernel's accelerator, in a kernel's copy
  bool in_kernel_ = false;
};

} // namespace concurrency
