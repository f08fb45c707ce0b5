#pragma once
// SYCL 2020 §4.7.6.13-14: accessors to unsampled and sampled images, in a command (a kernel, or a
// host task) and on the host. A kernel's accessor (image_target::device) needs aspect::image,
// which no Tessera device has: making one throws errc::feature_not_supported, as the spec asks.
// A host task's and a host accessor read the image's host storage; the access is ordered with
// the commands on the image as a buffer's is.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>

#include "sycl/accessor.hpp"
#include "sycl/exception.hpp"
#include "sycl/handler.hpp"
#include "sycl/image.hpp"
#include "tessera/group/call_site.hpp"
#include "tessera/memory/host_access.hpp"
#include "tessera/memory/host_handle.hpp"
#include "tessera/memory/image_sampling.hpp"

namespace tessera::memory {

// What every image accessor holds: the image's storage and shape, and where its texels are.
template <typename DataT, int D>
class image_view {
public:
  TESSERA_HOST_DEVICE std::size_t size() const noexcept { return layout_.extent[0] * layout_.extent[1] * layout_.extent[2]; }

  template <typename Prop> bool has_property() const noexcept { return props_ && props_->template has_property<Prop>(); }
  template <typename Prop> Prop get_property() const {
    if (!props_) throw sycl::exception(sycl::errc::invalid, "get_property: the image accessor holds no properties");
    return props_->template get_property<Prop>();
  }

  friend bool operator==(const image_view& a, const image_view& b) { return a.owner_ == b.owner_; }
  friend bool operator!=(const image_view& a, const image_view& b) { return !(a == b); }
  const runtime::buffer_owner* owner() const { return owner_.get(); }

protected:
  image_view() = default;
  image_view(const image_core<D>& core, const sycl::property_list& props)
      : owner_(core.owner), props_(std::make_shared<const sycl::property_list>(props)),
        layout_{static_cast<const std::byte*>(core.storage()->data()),
                {core.range[0], D > 1 ? core.range[D > 1 ? 1 : 0] : 1, D > 2 ? core.range[D > 2 ? 2 : 0] : 1},
                core.pitch,
                core.format} {}

  // In a command group: the access is the command's; a kernel's needs aspect::image.
  void require(sycl::handler& h, sycl::image_target target, sycl::access_mode mode) {
    if (target == sycl::image_target::device && !runtime::device_of(h).has(sycl::aspect::image))
      throw sycl::exception(sycl::errc::feature_not_supported,
                            "image accessor for a kernel: the device " +
                                runtime::device_of(h).get_info<sycl::info::device::name>() +
                                " does not have aspect::image");
    runtime::require(h, owner_->impl(), mode);
  }

  template <typename CoordT>
  TESSERA_HOST_DEVICE DataT read_at(const CoordT& c) const {
    const auto at = coordinates<D>(c);
    return fetch<DataT>(layout_, {static_cast<long>(at[0]), static_cast<long>(at[1]), static_cast<long>(at[2])});
  }
  template <typename CoordT>
  TESSERA_HOST_DEVICE void write_at(const CoordT& c, const DataT& v) const {
    const auto at = coordinates<D>(c);
    std::size_t offset = 0;
    for (int d = 0; d < 3; ++d) {
      const long i = static_cast<long>(at[d]);
      if (i < 0 || static_cast<std::size_t>(i) >= layout_.extent[d]) return; // outside: nothing written
      offset += static_cast<std::size_t>(i) * (d == 0 ? layout_of(layout_.format).bytes() : layout_.pitch[d - 1]);
    }
    write_texel(const_cast<std::byte*>(layout_.data) + offset, layout_.format, v);
  }

  // Kernels copy their accessors (the SYCL-CTS's reference-semantics checks do); the image and the
  // properties are host objects, which a device copy carries but neither counts nor copies.
  host_handle<runtime::buffer_owner> owner_;
  host_handle<const sycl::property_list> props_;
  image_layout layout_{};
};

template <typename DataT>
inline constexpr sycl::access_mode host_image_default_mode =
    std::is_const_v<DataT> ? sycl::access_mode::read : sycl::access_mode::read_write;

} // namespace tessera::memory

namespace sycl {

template <typename DataT, int D, access_mode M, image_target T = image_target::device>
class unsampled_image_accessor : public tessera::memory::image_view<DataT, D> {
  static_assert(M == access_mode::read || M == access_mode::write,
                "an unsampled_image_accessor reads or writes (SYCL 2020 4.7.6.13)");
  using base = tessera::memory::image_view<DataT, D>;

public:
  using value_type = std::conditional_t<M == access_mode::read, const DataT, DataT>;
  using reference = value_type&;
  using const_reference = const DataT&;

  template <typename AllocatorT>
  unsampled_image_accessor(unsampled_image<D, AllocatorT>& image, handler& h, const property_list& props = {})
      : base(image.core(), props) {
    this->require(h, T, M);
  }
  template <typename AllocatorT, typename TagT>
  unsampled_image_accessor(unsampled_image<D, AllocatorT>& image, handler& h, TagT, const property_list& props = {})
      : unsampled_image_accessor(image, h, props) {}

  template <typename CoordT, access_mode MM = M, typename = std::enable_if_t<MM == access_mode::read>>
  TESSERA_HOST_DEVICE DataT read(const CoordT& coords) const noexcept {
    return this->read_at(coords);
  }
  template <typename CoordT, access_mode MM = M, typename = std::enable_if_t<MM == access_mode::write>>
  TESSERA_HOST_DEVICE void write(const CoordT& coords, const DataT& color) const {
    this->write_at(coords, color);
  }
};

template <typename DataT, int D = 1, access_mode M = tessera::memory::host_image_default_mode<DataT>>
class host_unsampled_image_accessor : public tessera::memory::image_view<DataT, D> {
  using base = tessera::memory::image_view<DataT, D>;
  using site = tessera::group::call_site;

public:
  using value_type = std::conditional_t<M == access_mode::read, const DataT, DataT>;
  using reference = value_type&;
  using const_reference = const DataT&;

  template <typename AllocatorT>
  host_unsampled_image_accessor(unsampled_image<D, AllocatorT>& image, const property_list& props = {},
                                site s = site::here())
      : base(image.core(), props), hold_(tessera::memory::hold_on_host(*image.core().storage(), M, s)) {}
  template <typename AllocatorT, access_mode TM>
  host_unsampled_image_accessor(unsampled_image<D, AllocatorT>& image, mode_tag_t<TM>,
                                const property_list& props = {}, site s = site::here())
      : host_unsampled_image_accessor(image, props, s) {}

  template <typename CoordT, access_mode MM = M, typename = std::enable_if_t<MM != access_mode::write>>
  DataT read(const CoordT& coords) const noexcept {
    return this->read_at(coords);
  }
  template <typename CoordT, access_mode MM = M, typename = std::enable_if_t<MM != access_mode::read>>
  void write(const CoordT& coords, const DataT& color) const {
    this->write_at(coords, color);
  }

private:
  std::shared_ptr<void> hold_;
};

template <typename DataT, int D, image_target T = image_target::device>
class sampled_image_accessor : public tessera::memory::image_view<DataT, D> {
  using base = tessera::memory::image_view<DataT, D>;

public:
  using value_type = const DataT;
  using reference = const DataT&;
  using const_reference = const DataT&;

  template <typename AllocatorT>
  sampled_image_accessor(sampled_image<D, AllocatorT>& image, handler& h, const property_list& props = {})
      : base(image.core(), props), sampler_(image.core().sampler) {
    this->require(h, T, access_mode::read);
  }
  template <typename AllocatorT, typename TagT>
  sampled_image_accessor(sampled_image<D, AllocatorT>& image, handler& h, TagT, const property_list& props = {})
      : sampled_image_accessor(image, h, props) {}

  template <typename CoordT>
  TESSERA_HOST_DEVICE DataT read(const CoordT& coords) const noexcept {
    return tessera::memory::sample<DataT, D>(this->layout_, sampler_, tessera::memory::coordinates<D>(coords));
  }

private:
  image_sampler sampler_;
};

template <typename DataT, int D = 1>
class host_sampled_image_accessor : public tessera::memory::image_view<DataT, D> {
  using base = tessera::memory::image_view<DataT, D>;
  using site = tessera::group::call_site;

public:
  using value_type = const DataT;
  using reference = const DataT&;
  using const_reference = const DataT&;

  template <typename AllocatorT>
  host_sampled_image_accessor(sampled_image<D, AllocatorT>& image, const property_list& props = {},
                              site s = site::here())
      : base(image.core(), props), sampler_(image.core().sampler),
        hold_(tessera::memory::hold_on_host(*image.core().storage(), access_mode::read, s)) {}

  template <typename CoordT>
  DataT read(const CoordT& coords) const noexcept {
    return tessera::memory::sample<DataT, D>(this->layout_, sampler_, tessera::memory::coordinates<D>(coords));
  }

private:
  image_sampler sampler_;
  std::shared_ptr<void> hold_;
};

// An unsampled image's accessors take no_init (§4.7.6.13), though none needs it: an image is never
// copied to a device.
template <typename DataT, int D, access_mode M, image_target T>
struct is_property_of<property::no_init, unsampled_image_accessor<DataT, D, M, T>> : std::true_type {};
template <typename DataT, int D, access_mode M>
struct is_property_of<property::no_init, host_unsampled_image_accessor<DataT, D, M>> : std::true_type {};

} // namespace sycl

// §4.5.2: image accessors hash as the image they reach, which is what they compare.
template <typename DataT, int D, sycl::access_mode M, sycl::image_target T>
struct std::hash<sycl::unsampled_image_accessor<DataT, D, M, T>> {
  std::size_t operator()(const sycl::unsampled_image_accessor<DataT, D, M, T>& a) const noexcept {
    return std::hash<const void*>{}(a.owner());
  }
};
template <typename DataT, int D, sycl::access_mode M>
struct std::hash<sycl::host_unsampled_image_accessor<DataT, D, M>> {
  std::size_t operator()(const sycl::host_unsampled_image_accessor<DataT, D, M>& a) const noexcept {
    return std::hash<const void*>{}(a.owner());
  }
};
template <typename DataT, int D, sycl::image_target T>
struct std::hash<sycl::sampled_image_accessor<DataT, D, T>> {
  std::size_t operator()(const sycl::sampled_image_accessor<DataT, D, T>& a) const noexcept {
    return std::hash<const void*>{}(a.owner());
  }
};
template <typename DataT, int D> struct std::hash<sycl::host_sampled_image_accessor<DataT, D>> {
  std::size_t operator()(const sycl::host_sampled_image_accessor<DataT, D>& a) const noexcept {
    return std::hash<const void*>{}(a.owner());
  }
};
