#pragma once
#include <iterator>
#include <type_traits>
#include <vector>

#include "tessera/amp/array_view.hpp"
#include "tessera/runtime/host_sharing.hpp"

namespace concurrency {

// Data on an accelerator. Kernels capture arrays by reference, so a kernel on a GPU reaches this
// object at its host address: the object's memory is shared with the GPU for its lifetime
// (runtime/host_sharing.hpp). On the CPU the elements are host memory the host may read.
template <typename T, int N = 1>
class array {
public:
  static constexpr int rank = N;
  using value_type = T;
  using extent_type = concurrency::extent<N>;

  explicit array(const extent_type& e) : array(e, accelerator().get_default_view()) {}
  array(const extent_type& e, const accelerator_view& av) : extent(e), av_(av) { allocate(); }
  explicit array(int e0) : array(extent_type(e0)) {}
  array(int e0, int e1) : array(extent_type(e0, e1)) {}
  array(int e0, int e1, int e2) : array(extent_type(e0, e1, e2)) {}
  array(int e0, const accelerator_view& av) : array(extent_type(e0), av) {}
  array(int e0, int e1, const accelerator_view& av) : array(extent_type(e0, e1), av) {}
  array(int e0, int e1, int e2, const accelerator_view& av) : array(extent_type(e0, e1, e2), av) {}

  template <typename It, typename = typename std::iterator_traits<It>::value_type>
  array(const extent_type& e, It first, It last, const accelerator_view& av = accelerator().get_default_view())
      : array(e, av) {
    fill_from(first, last);
  }
  template <typename It, typename = typename std::iterator_traits<It>::value_type>
  array(const extent_type& e, It first, const accelerator_view& av = accelerator().get_default_view())
      : array(e, av) {
    fill_from(first, std::next(first, e.size()));
  }
  template <typename It, typename = typename std::iterator_traits<It>::value_type>
  array(int e0, It first, It last) : array(extent_type(e0), first, last) {}
  template <typename It, typename = typename std::iterator_traits<It>::value_type>
  array(int e0, int e1, It first, It last) : array(extent_type(e0, e1), first, last) {}
  template <typename It, typename = typename std::iterator_traits<It>::value_type>
  array(int e0, int e1, int e2, It first, It last) : array(extent_type(e0, e1, e2), first, last) {}
  explicit array(const array_view<const T, N>& src, const accelerator_view& av = accelerator().get_default_view())
      : array(src.get_extent(), av) {
    src.copy_to(*this);
  }

  array(const array& o) : array(o.extent, o.av_) { o.copy_to(*this); }
  array(array&& o) noexcept : extent(o.extent), av_(o.av_), data_(std::exchange(o.data_, nullptr)) { share(); }
  array& operator=(const array& o) {
    if (this != &o) o.copy_to(*this);
    return *this;
  }
  array& operator=(array&& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(extent, o.extent);
    std::swap(av_, o.av_);
    return *this;
  }
  array& operator=(const array_view<const T, N>& src) {
    src.copy_to(*this);
    return *this;
  }
  ~array() {
    unshare();
    if (!data_) return;
    try {
      av_.get_sycl_queue().wait(); // kernels may still use the memory
    } catch (...) {
    }
    sycl::free(data_, av_.get_sycl_queue());
  }

  extent_type extent;
  TESSERA_HOST_DEVICE extent_type get_extent() const { return extent; }
  accelerator_view get_accelerator_view() const { return av_; }
  accelerator_view get_associated_accelerator_view() const { return av_; }

  TESSERA_HOST_DEVICE T& operator[](const index<N>& i) { return data_[linear(i)]; }
  TESSERA_HOST_DEVICE const T& operator[](const index<N>& i) const { return data_[linear(i)]; }
  TESSERA_HOST_DEVICE T& operator()(const index<N>& i) { return data_[linear(i)]; }
  TESSERA_HOST_DEVICE const T& operator()(const index<N>& i) const { return data_[linear(i)]; }
  template <typename... I, typename = std::enable_if_t<sizeof...(I) == N && N >= 2>>
  TESSERA_HOST_DEVICE T& operator()(I... i) {
    return data_[linear(index<N>(i...))];
  }
  template <typename... I, typename = std::enable_if_t<sizeof...(I) == N && N >= 2>>
  TESSERA_HOST_DEVICE const T& operator()(I... i) const {
    return data_[linear(index<N>(i...))];
  }
  TESSERA_HOST_DEVICE T& operator()(int i0) { return (*this)[index<1>(i0)]; }
  TESSERA_HOST_DEVICE const T& operator()(int i0) const { return (*this)[index<1>(i0)]; }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  TESSERA_HOST_DEVICE T& operator[](int i) {
    return data_[i];
  }
  template <int M = N, typename = std::enable_if_t<M == 1>>
  TESSERA_HOST_DEVICE const T& operator[](int i) const {
    return data_[i];
  }

  TESSERA_HOST_DEVICE T* data() { return data_; }
  TESSERA_HOST_DEVICE const T* data() const { return data_; }

  array_view<T, N> section(const index<N>& origin, const extent_type& e) { return array_view<T, N>(*this).section(origin, e); }
  array_view<T, N> section(const index<N>& origin) { return array_view<T, N>(*this).section(origin); }
  array_view<T, N> section(const extent_type& e) { return array_view<T, N>(*this).section(e); }
  template <int K>
  array_view<T, K> view_as(const concurrency::extent<K>& e) { return array_view<T, N>(*this).view_as(e); }

  // C++ AMP's way of reading an array on the host: `std::vector<T> v = a;`.
  operator std::vector<T>() const {
    std::vector<T> v(extent.size());
    copy_out(v.data());
    return v;
  }
  void copy_to(array& dest) const {
    if (dest.extent.size() < extent.size())
      throw runtime_exception("copy: the destination array is smaller than the source", E_INVALIDARG);
    av_.wait();
    dest.av_.wait();
    detail::as_amp([&] { dest.av_.get_sycl_queue().memcpy(dest.data_, data_, bytes()).wait(); });
  }
  void copy_to(const array_view<T, N>& dest) const;

  // Tessera: contiguous transfers to and from the host, as copy() uses them.
  void copy_out(T* host) const {
    av_.wait();
    detail::as_amp([&] { av_.get_sycl_queue().memcpy(host, data_, bytes()).wait(); });
  }
  void copy_in(const T* host) {
    detail::as_amp([&] { av_.get_sycl_queue().memcpy(data_, host, bytes()).wait(); });
  }

private:
  void allocate() {
    for (int d = 0; d < N; ++d)
      if (extent[d] <= 0) throw runtime_exception("array: every extent must be positive", E_INVALIDARG);
    data_ = detail::as_amp([&] { return sycl::malloc_device<T>(extent.size(), av_.get_sycl_queue()); });
    if (!data_) throw out_of_memory("array: the accelerator has no memory for it");
    share();
  }
  template <typename It>
  void fill_from(It first, It last) {
    std::vector<T> staged(first, last);
    if (staged.size() < extent.size())
      throw runtime_exception("array: the iterator range holds fewer elements than the extent", E_INVALIDARG);
    copy_in(staged.data());
  }
  void share() { tessera::runtime::share_host_memory(av_.get_accelerator().get_sycl_device(), this, sizeof(*this)); }
  void unshare() {
    tessera::runtime::unshare_host_memory(av_.get_accelerator().get_sycl_device(), this, sizeof(*this));
  }
  std::size_t bytes() const { return extent.size() * sizeof(T); }
  TESSERA_HOST_DEVICE std::size_t linear(const index<N>& i) const {
    std::size_t l = 0;
    for (int d = 0; d < N; ++d) l = l * static_cast<std::size_t>(extent[d]) + static_cast<std::size_t>(i[d]);
    return l;
  }

  accelerator_view av_;
  T* data_ = nullptr;
};

} // namespace concurrency
