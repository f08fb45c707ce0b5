#pragma once
// SYCL 2020 §4.7.3: unsampled and sampled images. Tessera's devices have no aspect::image, so no
// kernel reads an image (a device image accessor throws errc::feature_not_supported); the host
// reads and writes them through host accessors and host tasks. An image's storage is a buffer's,
// laid out row by row with the image's pitches, one texel in the format's layout.
#include <array>
#include <cstddef>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <type_traits>

#include "sycl/access.hpp"
#include "sycl/context.hpp"
#include "sycl/image_sampler.hpp"
#include "sycl/property_list.hpp"
#include "sycl/range.hpp"
#include "tessera/detail/hash_combine.hpp"
#include "tessera/memory/image_core.hpp"
#include "tessera/memory/texel_format.hpp"

namespace sycl {

class handler;

enum class image_target { device, host_task };

// Allocates an image's host memory in bytes (the spec leaves the type to the implementation).
using image_allocator = std::allocator<std::byte>;

namespace property::image {
struct use_host_ptr {};
// The runtime holds the mutex while it reads or writes the image's host memory (§4.7.3.4).
class use_mutex {
public:
  explicit use_mutex(std::mutex& m) : mutex_(&m) {}
  std::mutex* get_mutex_ptr() const { return mutex_; }

private:
  std::mutex* mutex_;
};
class context_bound {
public:
  explicit context_bound(context c) : context_(std::make_shared<const context>(std::move(c))) {}
  context get_context() const { return *context_; }

private:
  std::shared_ptr<const context> context_;
};
} // namespace property::image

template <> struct is_property<property::image::use_host_ptr> : std::true_type {};
template <> struct is_property<property::image::use_mutex> : std::true_type {};
template <> struct is_property<property::image::context_bound> : std::true_type {};

template <int Dimensions = 1, typename AllocatorT = image_allocator> class unsampled_image;
template <int Dimensions = 1, typename AllocatorT = image_allocator> class sampled_image;
template <typename Prop, int D, typename A>
struct is_property_of<Prop, unsampled_image<D, A>>
    : std::bool_constant<std::is_same_v<Prop, property::image::use_host_ptr> ||
                         std::is_same_v<Prop, property::image::use_mutex> ||
                         std::is_same_v<Prop, property::image::context_bound>> {};
template <typename Prop, int D, typename A>
struct is_property_of<Prop, sampled_image<D, A>> : is_property_of<Prop, unsampled_image<D, A>> {};

template <typename DataT, int D, access_mode M, image_target T> class unsampled_image_accessor;
template <typename DataT, int D, access_mode M> class host_unsampled_image_accessor;
template <typename DataT, int D, image_target T> class sampled_image_accessor;
template <typename DataT, int D> class host_sampled_image_accessor;

} // namespace sycl

namespace tessera::memory {

// The pitches a constructor was given, if any.
struct pitch_arg {
  std::array<std::size_t, 2> bytes{};
  bool given = false;
};
template <int P> pitch_arg given_pitch(const sycl::range<P>& p) {
  pitch_arg a{{}, true};
  for (int i = 0; i < P; ++i) a.bytes[i] = p[i];
  return a;
}

// What both image classes do with their constructors' arguments and properties.
template <int D>
class image_base {
public:
  sycl::range<D> get_range() const { return core_.range; }
  template <int DD = D, typename = std::enable_if_t<(DD > 1)>>
  sycl::range<DD - 1> get_pitch() const {
    if constexpr (DD == 2) return sycl::range<1>(core_.pitch[0]);
    else return sycl::range<2>(core_.pitch[0], core_.pitch[1]);
  }
  std::size_t size() const noexcept { return core_.range.size(); }
  std::size_t byte_size() const noexcept { return core_.byte_size(); }

  template <typename Prop> bool has_property() const noexcept { return props_.template has_property<Prop>(); }
  template <typename Prop> Prop get_property() const { return props_.template get_property<Prop>(); }

  const image_core<D>& core() const { return core_; }

protected:
  // `host` is copied in, or with use_host_ptr (and writable memory) becomes the storage itself.
  image_base(const void* host, bool writable, sycl::image_format f, const sycl::range<D>& r,
             const pitch_arg& pitch, const sycl::property_list& props)
      : props_(props) {
    core_.range = r;
    core_.format = f;
    core_.pitch = image_pitch(r, f, pitch.given ? pitch.bytes.data() : nullptr);
    const auto lock = host_lock();
    const bool adopt = host && writable && props.has_property<sycl::property::image::use_host_ptr>();
    auto impl = adopt ? std::make_shared<runtime::buffer_impl>(core_.byte_size(), const_cast<void*>(host),
                                                               runtime::buffer_impl::adopt_t{})
                      : std::make_shared<runtime::buffer_impl>(core_.byte_size(), host);
    if (!host) std::memset(impl->data(), 0, core_.byte_size());
    core_.owner = std::make_shared<runtime::buffer_owner>(std::move(impl));
    if (props.has_property<sycl::property::image::use_mutex>())
      core_.owner->set_host_mutex(props.get_property<sycl::property::image::use_mutex>().get_mutex_ptr());
  }

  // The last copy of the image writes its contents there when it goes (§4.7.3.5).
  void write_back_to(void* host) {
    core_.owner->set_final([host, n = core_.byte_size()](const void* src) {
      if (src != host) std::memcpy(host, src, n);
    });
  }
  void write_back_to(std::weak_ptr<void> host) {
    core_.owner->set_final([host, n = core_.byte_size()](const void* src) {
      if (auto p = host.lock()) std::memcpy(p.get(), src, n);
    });
  }
  void no_write_back() {
    core_.storage()->detach_host();
    core_.owner->set_final(nullptr);
  }

  friend bool operator==(const image_base& a, const image_base& b) { return a.core_.owner == b.core_.owner; }
  friend bool operator!=(const image_base& a, const image_base& b) { return !(a == b); }

  image_core<D> core_;
  sycl::property_list props_;

private:
  std::unique_lock<std::mutex> host_lock() const {
    if (!props_.has_property<sycl::property::image::use_mutex>()) return {};
    return std::unique_lock<std::mutex>(*props_.get_property<sycl::property::image::use_mutex>().get_mutex_ptr());
  }
};

} // namespace tessera::memory

namespace sycl {

// §4.7.3.1: an image read and written texel by texel.
template <int Dimensions, typename AllocatorT>
class unsampled_image : public tessera::memory::image_base<Dimensions> {
  static_assert(Dimensions >= 1 && Dimensions <= 3, "an image has 1, 2 or 3 dimensions");
  using base = tessera::memory::image_base<Dimensions>;
  template <int DD> using if_pitched = std::enable_if_t<(DD > 1), int>;
  template <typename DataT>
  static constexpr access_mode default_mode = std::is_const_v<DataT> ? access_mode::read : access_mode::read_write;

public:
  unsampled_image(image_format f, const range<Dimensions>& r, const property_list& props = {})
      : base(nullptr, true, f, r, {}, props) {}
  unsampled_image(image_format f, const range<Dimensions>& r, AllocatorT a, const property_list& props = {})
      : base(nullptr, true, f, r, {}, props), allocator_(a) {}
  template <int DD = Dimensions, if_pitched<DD> = 0>
  unsampled_image(image_format f, const range<Dimensions>& r, const range<DD - 1>& pitch, const property_list& props = {})
      : base(nullptr, true, f, r, tessera::memory::given_pitch(pitch), props) {}
  template <int DD = Dimensions, if_pitched<DD> = 0>
  unsampled_image(image_format f, const range<Dimensions>& r, const range<DD - 1>& pitch, AllocatorT a,
                  const property_list& props = {})
      : base(nullptr, true, f, r, tessera::memory::given_pitch(pitch), props), allocator_(a) {}
  unsampled_image(void* host, image_format f, const range<Dimensions>& r, const property_list& props = {})
      : base(host, true, f, r, {}, props) {
    if (host) this->write_back_to(host);
  }
  unsampled_image(void* host, image_format f, const range<Dimensions>& r, AllocatorT a,
                  const property_list& props = {})
      : unsampled_image(host, f, r, props) {
    allocator_ = a;
  }
  template <int DD = Dimensions, if_pitched<DD> = 0>
  unsampled_image(void* host, image_format f, const range<Dimensions>& r, const range<DD - 1>& pitch,
                  const property_list& props = {})
      : base(host, true, f, r, tessera::memory::given_pitch(pitch), props) {
    if (host) this->write_back_to(host);
  }
  template <int DD = Dimensions, if_pitched<DD> = 0>
  unsampled_image(void* host, image_format f, const range<Dimensions>& r, const range<DD - 1>& pitch, AllocatorT a,
                  const property_list& props = {})
      : unsampled_image(host, f, r, pitch, props) {
    allocator_ = a;
  }
  unsampled_image(std::shared_ptr<void>& host, image_format f, const range<Dimensions>& r,
                  const property_list& props = {})
      : base(host.get(), false, f, r, {}, props) {
    this->write_back_to(std::weak_ptr<void>(host));
  }
  unsampled_image(std::shared_ptr<void>& host, image_format f, const range<Dimensions>& r, AllocatorT a,
                  const property_list& props = {})
      : unsampled_image(host, f, r, props) {
    allocator_ = a;
  }
  template <int DD = Dimensions, if_pitched<DD> = 0>
  unsampled_image(std::shared_ptr<void>& host, image_format f, const range<Dimensions>& r, const range<DD - 1>& pitch,
                  const property_list& props = {})
      : base(host.get(), false, f, r, tessera::memory::given_pitch(pitch), props) {
    this->write_back_to(std::weak_ptr<void>(host));
  }
  template <int DD = Dimensions, if_pitched<DD> = 0>
  unsampled_image(std::shared_ptr<void>& host, image_format f, const range<Dimensions>& r, const range<DD - 1>& pitch,
                  AllocatorT a, const property_list& props = {})
      : unsampled_image(host, f, r, pitch, props) {
    allocator_ = a;
  }

  AllocatorT get_allocator() const { return allocator_; }

  template <typename DataT, access_mode M = default_mode<DataT>, image_target T = image_target::device>
  unsampled_image_accessor<DataT, Dimensions, M, T> get_access(handler& h, const property_list& props = {}) {
    return unsampled_image_accessor<DataT, Dimensions, M, T>(*this, h, props);
  }
  template <typename DataT, access_mode M = default_mode<DataT>>
  host_unsampled_image_accessor<DataT, Dimensions, M> get_host_access(const property_list& props = {}) {
    return host_unsampled_image_accessor<DataT, Dimensions, M>(*this, props);
  }

  // Where the last copy of the image writes its contents: a pointer, a weak_ptr, or nowhere.
  template <typename Destination = std::nullptr_t>
  void set_final_data(Destination dest = nullptr) {
    this->no_write_back();
    if constexpr (std::is_same_v<Destination, std::nullptr_t>) return;
    else if constexpr (std::is_pointer_v<Destination>) {
      if (dest) this->write_back_to(static_cast<void*>(dest));
    } else {
      this->write_back_to(std::weak_ptr<void>(dest));
    }
  }
  void set_write_back(bool on = true) {
    if (!on) this->core_.storage()->detach_host();
    this->core_.owner->set_write_back(on);
  }

  friend bool operator==(const unsampled_image& a, const unsampled_image& b) {
    return static_cast<const base&>(a) == static_cast<const base&>(b);
  }
  friend bool operator!=(const unsampled_image& a, const unsampled_image& b) { return !(a == b); }

private:
  AllocatorT allocator_{};
};

// §4.7.3.2: a read-only image read through a sampler. Its host memory is never written back.
template <int Dimensions, typename AllocatorT>
class sampled_image : public tessera::memory::image_base<Dimensions> {
  static_assert(Dimensions >= 1 && Dimensions <= 3, "an image has 1, 2 or 3 dimensions");
  using base = tessera::memory::image_base<Dimensions>;
  template <int DD> using if_pitched = std::enable_if_t<(DD > 1), int>;

public:
  sampled_image(const void* host, image_format f, image_sampler s, const range<Dimensions>& r,
                const property_list& props = {})
      : base(host, false, f, r, {}, props) {
    this->core_.sampler = s;
  }
  template <int DD = Dimensions, if_pitched<DD> = 0>
  sampled_image(const void* host, image_format f, image_sampler s, const range<Dimensions>& r,
                const range<DD - 1>& pitch, const property_list& props = {})
      : base(host, false, f, r, tessera::memory::given_pitch(pitch), props) {
    this->core_.sampler = s;
  }
  sampled_image(std::shared_ptr<const void>& host, image_format f, image_sampler s, const range<Dimensions>& r,
                const property_list& props = {})
      : base(host.get(), false, f, r, {}, props) {
    this->core_.sampler = s;
  }
  template <int DD = Dimensions, if_pitched<DD> = 0>
  sampled_image(std::shared_ptr<const void>& host, image_format f, image_sampler s, const range<Dimensions>& r,
                const range<DD - 1>& pitch, const property_list& props = {})
      : base(host.get(), false, f, r, tessera::memory::given_pitch(pitch), props) {
    this->core_.sampler = s;
  }

  template <typename DataT, image_target T = image_target::device>
  sampled_image_accessor<DataT, Dimensions, T> get_access(handler& h, const property_list& props = {}) {
    return sampled_image_accessor<DataT, Dimensions, T>(*this, h, props);
  }
  template <typename DataT>
  host_sampled_image_accessor<DataT, Dimensions> get_host_access(const property_list& props = {}) {
    return host_sampled_image_accessor<DataT, Dimensions>(*this, props);
  }

  friend bool operator==(const sampled_image& a, const sampled_image& b) {
    return static_cast<const base&>(a) == static_cast<const base&>(b);
  }
  friend bool operator!=(const sampled_image& a, const sampled_image& b) { return !(a == b); }
};

} // namespace sycl

// §4.5.2: an image hashes as its storage, which its copies share.
template <int D, typename A> struct std::hash<sycl::unsampled_image<D, A>> {
  std::size_t operator()(const sycl::unsampled_image<D, A>& i) const noexcept {
    return tessera::detail::hash_of(i.core().owner.get());
  }
};
template <int D, typename A> struct std::hash<sycl::sampled_image<D, A>> {
  std::size_t operator()(const sycl::sampled_image<D, A>& i) const noexcept {
    return tessera::detail::hash_of(i.core().owner.get());
  }
};

#include "sycl/image_accessor.hpp"
