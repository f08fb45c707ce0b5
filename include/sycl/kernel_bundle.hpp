#pragma once
#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "sycl/aspect_traits.hpp"
#include "sycl/backend.hpp"
#include "sycl/context.hpp"
#include "sycl/device.hpp"
#include "sycl/exception.hpp"
#include "sycl/property_list.hpp"
#include "sycl/specialization_id.hpp"
#include "tessera/detail/hash_combine.hpp"
#include "tessera/runtime/kernel_registry.hpp"

// SYCL 2020 §4.11, as far as a library can honour it. Every kernel is compiled with the program
// (for the CPU, and for the GPU in CUDA translation units), so a kernel's "device image" is its
// compiled code, every state holds the same images, and compile, link and build only change the
// state. A kernel is compatible with the CPU always and with a GPU when a CUDA translation unit
// defines a command with its name.

namespace sycl {

// §4.11.7 and §4.11.8 refuse the input (object) state where a device lacks aspect::online_compiler
// (online_linker). Every device has both (src/runtime/devices.cpp says why), so no function here
// asks.
static_assert(all_devices_have_v<aspect::online_compiler> && all_devices_have_v<aspect::online_linker>);

enum class bundle_state { input, object, executable };

// Names a kernel of the program (§4.11.6).
class kernel_id {
public:
  kernel_id() = delete;
  const char* get_name() const noexcept { return record_->name.c_str(); }

  friend bool operator==(const kernel_id& a, const kernel_id& b) { return a.record_ == b.record_; }
  friend bool operator!=(const kernel_id& a, const kernel_id& b) { return !(a == b); }

  explicit kernel_id(const tessera::runtime::kernel_record* r) : record_(r) {}
  const tessera::runtime::kernel_record* record() const { return record_; }

private:
  const tessera::runtime::kernel_record* record_;
};

// The id of the kernel named `Name`. DPC++ rejects a name that no kernel has at compile time; a
// library cannot tell, so such a name gets an id too (of a kernel that no bundle then holds for a GPU).
template <typename Name>
kernel_id get_kernel_id() {
  return kernel_id(tessera::runtime::kernel_record_of<Name>());
}

// Every kernel name the program has defined a command with (see kernel_registry.hpp).
inline std::vector<kernel_id> get_kernel_ids() {
  std::vector<kernel_id> out;
  for (const auto* r : tessera::runtime::registered_kernels()) out.emplace_back(r);
  return out;
}

namespace detail {
// Why `d` cannot run a kernel with these requirements of its attributes (SYCL 2020 §5.8.1: a
// reqd_work_group_size or reqd_sub_group_size the device cannot make, an aspect of device_has
// that it lacks), or "" when it can.
std::string unmet_requirement(const tessera::runtime::kernel_requirements& r, const device& d);
} // namespace detail

// §4.11.7 and §5.7: a GPU runs the kernels some CUDA translation unit compiles, and a device
// those whose attributes ask nothing it lacks.
inline bool is_compatible(const std::vector<kernel_id>& ids, const device& d) {
  return std::all_of(ids.begin(), ids.end(), [&](const kernel_id& k) {
    const auto& record = *k.record();
    return (d.is_cpu() || record.for_gpu) &&
           (!record.requirements.any() || detail::unmet_requirement(record.requirements, d).empty());
  });
}
template <typename Name>
bool is_compatible(const device& d) {
  return is_compatible({get_kernel_id<Name>()}, d);
}

namespace detail {
// What every bundle holds: its context, devices and kernels (one device image each), and the
// values of specialization constants set on it, which compile, link and build carry on and a
// command group that uses the bundle hands to its kernel. They may change after the bundle is
// made (an input bundle's set_specialization_constant, seen by every copy of the bundle).
struct bundle_data {
  context ctx;
  std::vector<device> devices;
  std::vector<kernel_id> kernels;
  mutable tessera::detail::spec_constant_values spec_constants;

  bool contains(const device& d) const { return std::find(devices.begin(), devices.end(), d) != devices.end(); }
  bool holds(const kernel_id& k) const { return std::find(kernels.begin(), kernels.end(), k) != kernels.end(); }
  bool runs(const kernel_id& k, const device& d) const { return holds(k) && contains(d) && is_compatible({k}, d); }
};
using bundle_ptr = std::shared_ptr<const bundle_data>;

template <auto& S>
void set_spec_constant(tessera::detail::spec_constant_values& values, const void* value, std::size_t size,
                       const char* what) {
  using limits = tessera::detail::spec_constant_values;
  if (!tessera::detail::set_spec_value<S>(values, value, size))
    throw exception(errc::invalid, std::string(what) + ": at most " + std::to_string(limits::max_count) +
                                       " specialization constants of " + std::to_string(limits::max_bytes) +
                                       " bytes in all");
}
} // namespace detail

// One kernel's compiled code for the bundle's devices (§4.11.13).
template <bundle_state State>
class device_image {
public:
  device_image() = delete;
  bool has_kernel(const kernel_id& k) const noexcept { return k == kernel_; }
  bool has_kernel(const kernel_id& k, const device& d) const noexcept {
    return has_kernel(k) && std::find(devices_.begin(), devices_.end(), d) != devices_.end() && is_compatible({k}, d);
  }

  device_image(kernel_id k, std::vector<device> ds) : kernel_(k), devices_(std::move(ds)) {}

  // An image is its kernel's code for its devices: images of the same kernel and devices are one.
  friend bool operator==(const device_image& a, const device_image& b) {
    return a.kernel_ == b.kernel_ && a.devices_ == b.devices_;
  }
  friend bool operator!=(const device_image& a, const device_image& b) { return !(a == b); }

private:
  kernel_id kernel_;
  std::vector<device> devices_;
  friend struct std::hash<device_image>;
};

class kernel;
template <bundle_state State> class kernel_bundle;

namespace detail {
template <bundle_state State>
kernel_bundle<State> make_bundle(bundle_ptr data) {
  return kernel_bundle<State>(std::move(data));
}
} // namespace detail

// §4.11.8.
template <bundle_state State>
class kernel_bundle {
public:
  using device_image_iterator = const device_image<State>*;

  kernel_bundle() = delete;

  bool empty() const noexcept { return data_->kernels.empty(); }
  backend get_backend() const noexcept { return data_->ctx.get_backend(); }
  context get_context() const noexcept { return data_->ctx; }
  std::vector<device> get_devices() const noexcept { return data_->devices; }

  bool has_kernel(const kernel_id& k) const noexcept { return data_->holds(k); }
  bool has_kernel(const kernel_id& k, const device& d) const noexcept { return data_->runs(k, d); }
  template <typename Name> bool has_kernel() const noexcept { return has_kernel(get_kernel_id<Name>()); }
  template <typename Name> bool has_kernel(const device& d) const noexcept { return has_kernel(get_kernel_id<Name>(), d); }
  std::vector<kernel_id> get_kernel_ids() const { return data_->kernels; }

  template <bundle_state S = State, typename = std::enable_if_t<S == bundle_state::executable>>
  kernel get_kernel(const kernel_id& k) const;
  template <typename Name, bundle_state S = State, typename = std::enable_if_t<S == bundle_state::executable>>
  kernel get_kernel() const;

  // Kernels are compiled with the program, which knows the specialization constants its kernels
  // read but not which kernel reads which: a bundle with kernels counts as using every one that
  // some kernel reads (spec_constants_read). None is native: the values travel with each kernel
  // (in its kernel_handler).
  bool contains_specialization_constants() const noexcept {
    return !empty() && tessera::detail::spec_constants_read::instance().any();
  }
  bool native_specialization_constant() const noexcept { return false; }
  template <auto& S>
  bool has_specialization_constant() const noexcept {
    return !empty() && tessera::detail::spec_constants_read::instance().has(&S);
  }
  template <auto& S, bundle_state St = State, typename = std::enable_if_t<St == bundle_state::input>>
  void set_specialization_constant(tessera::detail::spec_value_t<S> value) {
    detail::set_spec_constant<S>(data_->spec_constants, &value, sizeof value,
                                 "kernel_bundle::set_specialization_constant");
  }
  // The value set, or else the default.
  template <auto& S>
  tessera::detail::spec_value_t<S> get_specialization_constant() const {
    return tessera::detail::read_spec_constant<S>(data_->spec_constants);
  }

  device_image_iterator begin() const { return images_.data(); }
  device_image_iterator end() const { return images_.data() + images_.size(); }

  friend bool operator==(const kernel_bundle& a, const kernel_bundle& b) { return a.data_ == b.data_; }
  friend bool operator!=(const kernel_bundle& a, const kernel_bundle& b) { return !(a == b); }

  const detail::bundle_ptr& data() const { return data_; }

private:
  explicit kernel_bundle(detail::bundle_ptr data) : data_(std::move(data)) {
    for (const auto& k : data_->kernels) images_.emplace_back(k, data_->devices);
  }
  template <bundle_state S> friend kernel_bundle<S> detail::make_bundle(detail::bundle_ptr);

  detail::bundle_ptr data_;
  std::vector<device_image<State>> images_;
};

namespace detail {
// The kernel's reqd_work_group_size (that of its highest dimensionality) as a range<3>: a size of
// D < 3 dimensions in the last D, 1 before them, as an nd_range<D>'s sizes are linearised (the
// spec is silent); 0s where the kernel asks none.
inline range<3> compiled_work_group_size(const tessera::runtime::kernel_requirements& k) {
  for (int dims = 3; dims >= 1; --dims)
    if (const std::size_t* sizes = k.work_group_of(dims)) {
      range<3> r(1, 1, 1);
      for (int i = 0; i < dims; ++i) r[static_cast<std::size_t>(3 - dims + i)] = sizes[i];
      return r;
    }
  return range<3>(0, 0, 0);
}
} // namespace detail

namespace info {
// §4.11.13 and Table 137. Backend interop kernels only, which Tessera has none of.
namespace kernel {
struct num_args { using return_type = std::uint32_t; };
struct attributes { using return_type = std::string; };
} // namespace kernel

// §4.11.13, Table 138: what one kernel may use on one device. The "compile_" queries report what
// the kernel's attributes fix (0 where none: kernel_attributes.hpp), the limits are the device's.
namespace kernel_device_specific {
#define TESSERA_KERNEL_INFO(name, type, expr)                                                               \
  struct name {                                                                                             \
    using return_type = type;                                                                               \
    static return_type get([[maybe_unused]] const tessera::runtime::device_impl& d,                        \
                           [[maybe_unused]] const tessera::runtime::kernel_requirements& k) {               \
      return expr;                                                                                          \
    }                                                                                                       \
  };
TESSERA_KERNEL_INFO(work_group_size, std::size_t, d.max_work_group_size)
// A kernel of D dimensions gives its required size in the last D (as a range<3> of an nd_range<D>).
TESSERA_KERNEL_INFO(compile_work_group_size, sycl::range<3>, (detail::compiled_work_group_size(k)))
// A whole number of sub-groups: a warp on the GPU, TESSERA_SUB_GROUP_SIZE items on the CPU.
TESSERA_KERNEL_INFO(preferred_work_group_size_multiple, std::size_t, d.default_sub_group_size)
TESSERA_KERNEL_INFO(max_sub_group_size, std::uint32_t, k.sub_group ? k.sub_group : d.default_sub_group_size)
TESSERA_KERNEL_INFO(compile_sub_group_size, std::uint32_t, k.sub_group)
TESSERA_KERNEL_INFO(max_num_sub_groups, std::uint32_t,
                    static_cast<std::uint32_t>(d.max_work_group_size / d.default_sub_group_size))
TESSERA_KERNEL_INFO(compile_num_sub_groups, std::uint32_t, 0)
// A work-item's variables live on the worker's (CPU) or thread's (GPU) stack, which the program
// does not reserve per kernel.
TESSERA_KERNEL_INFO(private_mem_size, std::uint64_t, 0)
#undef TESSERA_KERNEL_INFO
// Only for built-in kernels and custom devices, which Tessera has none of (§4.11.13).
struct global_work_size {
  using return_type = sycl::range<3>;
  static return_type get(const tessera::runtime::device_impl&, const tessera::runtime::kernel_requirements&) {
    throw exception(errc::invalid, "info::kernel_device_specific::global_work_size: only for built-in kernels or "
                                   "custom devices");
  }
};
} // namespace kernel_device_specific
} // namespace info

// §4.11.14: a kernel of an executable bundle.
class kernel {
public:
  kernel() = delete;

  backend get_backend() const noexcept { return bundle_->ctx.get_backend(); }
  context get_context() const { return bundle_->ctx; }
  kernel_bundle<bundle_state::executable> get_kernel_bundle() const {
    return detail::make_bundle<bundle_state::executable>(bundle_);
  }

  template <typename Param>
  typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::kernel::attributes>) {
      return {};
    } else {
      static_assert(std::is_same_v<Param, info::kernel::num_args>, "not an info::kernel descriptor");
      throw exception(errc::invalid, "info::kernel::num_args: only for kernels made through backend interoperability");
    }
  }
  template <typename Param>
  typename Param::return_type get_info(const device& d) const {
    if (!bundle_->contains(d))
      throw exception(errc::invalid, "kernel::get_info: the device is not one of the kernel's bundle's devices");
    return Param::get(d.impl(), id_.record()->requirements);
  }

  // Extension queries for the kernel on a queue's device (sycl_ext_oneapi_root_group's
  // info::kernel_queue_specific): `args` are the query's own (a local range, local memory bytes).
  template <typename Param, typename Queue, typename... Args>
  typename Param::return_type ext_oneapi_get_info(const Queue& q, const Args&... args) const {
    const device d = q.get_device();
    if (!bundle_->contains(d))
      throw exception(errc::invalid,
                      "kernel::ext_oneapi_get_info: the queue's device is not one of the kernel's bundle's devices");
    return Param::get(d.impl(), id_.record(), args...);
  }

  friend bool operator==(const kernel& a, const kernel& b) { return a.bundle_ == b.bundle_ && a.id_ == b.id_; }
  friend bool operator!=(const kernel& a, const kernel& b) { return !(a == b); }

  kernel(detail::bundle_ptr bundle, kernel_id id) : bundle_(std::move(bundle)), id_(id) {}

private:
  detail::bundle_ptr bundle_;
  kernel_id id_;
  friend struct std::hash<kernel>;
};

template <bundle_state State>
template <bundle_state, typename>
kernel kernel_bundle<State>::get_kernel(const kernel_id& k) const {
  if (!has_kernel(k))
    throw exception(errc::invalid, std::string("kernel_bundle::get_kernel: the bundle holds no kernel ") + k.get_name());
  return kernel(data_, k);
}
template <bundle_state State>
template <typename Name, bundle_state, typename>
kernel kernel_bundle<State>::get_kernel() const {
  return get_kernel(get_kernel_id<Name>());
}

namespace detail {
inline void check_devices(const context& ctx, const std::vector<device>& devs, const char* what) {
  if (devs.empty()) throw exception(errc::invalid, std::string(what) + ": no devices");
  const auto in_context = ctx.get_devices();
  for (const auto& d : devs)
    if (std::find(in_context.begin(), in_context.end(), d) == in_context.end())
      throw exception(errc::invalid, std::string(what) + ": a device is not in the context");
}
inline bool runs_on_some(const kernel_id& k, const std::vector<device>& devs) {
  return std::any_of(devs.begin(), devs.end(), [&](const device& d) { return is_compatible({k}, d); });
}
// The kernels of `ids` compatible with some device of `devs`; `strict`: an incompatible one is an error.
inline std::vector<kernel_id> runnable(const std::vector<kernel_id>& ids, const std::vector<device>& devs, bool strict,
                                       const char* what) {
  std::vector<kernel_id> out;
  for (const auto& k : ids) {
    const bool ok = runs_on_some(k, devs);
    if (ok && std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
    if (!ok && strict)
      throw exception(errc::invalid, std::string(what) + ": kernel " + k.get_name() +
                                         " is compatible with none of the devices (a GPU runs the kernels of CUDA "
                                         "translation units; a kernel's attributes may ask what a device lacks)");
  }
  return out;
}
template <bundle_state State>
kernel_bundle<State> bundle_of(const context& ctx, const std::vector<device>& devs, std::vector<kernel_id> ids,
                               const tessera::detail::spec_constant_values& values = {}) {
  // A bundle's devices are a set (§4.11.11): a device named twice is associated once.
  std::vector<device> unique;
  for (const auto& d : devs)
    if (std::find(unique.begin(), unique.end(), d) == unique.end()) unique.push_back(d);
  return make_bundle<State>(std::make_shared<const bundle_data>(bundle_data{ctx, std::move(unique), std::move(ids), values}));
}
} // namespace detail

// §4.11.7.
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context& ctx, const std::vector<device>& devs) {
  detail::check_devices(ctx, devs, "get_kernel_bundle");
  return detail::bundle_of<State>(ctx, devs, detail::runnable(get_kernel_ids(), devs, false, "get_kernel_bundle"));
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context& ctx) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices());
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context& ctx, const std::vector<device>& devs,
                                       const std::vector<kernel_id>& ids) {
  detail::check_devices(ctx, devs, "get_kernel_bundle");
  return detail::bundle_of<State>(ctx, devs, detail::runnable(ids, devs, true, "get_kernel_bundle"));
}
template <bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context& ctx, const std::vector<kernel_id>& ids) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices(), ids);
}
template <bundle_state State, typename Selector,
          typename = decltype(std::declval<const Selector&>()(std::declval<const device_image<State>&>()))>
kernel_bundle<State> get_kernel_bundle(const context& ctx, const std::vector<device>& devs, const Selector& selector) {
  auto all = get_kernel_bundle<State>(ctx, devs);
  std::vector<kernel_id> chosen;
  for (const auto& image : all)
    if (selector(image)) chosen.push_back(all.get_kernel_ids()[static_cast<std::size_t>(&image - all.begin())]);
  return detail::bundle_of<State>(ctx, devs, std::move(chosen));
}
template <bundle_state State, typename Selector,
          typename = decltype(std::declval<const Selector&>()(std::declval<const device_image<State>&>()))>
kernel_bundle<State> get_kernel_bundle(const context& ctx, const Selector& selector) {
  return get_kernel_bundle<State>(ctx, ctx.get_devices(), selector);
}
template <typename Name, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context& ctx, const std::vector<device>& devs) {
  return get_kernel_bundle<State>(ctx, devs, {get_kernel_id<Name>()});
}
template <typename Name, bundle_state State>
kernel_bundle<State> get_kernel_bundle(const context& ctx) {
  return get_kernel_bundle<Name, State>(ctx, ctx.get_devices());
}

// Every kernel of `ids` can be had in State for some device of `devs` (so, for no kernels, true).
template <bundle_state State>
bool has_kernel_bundle(const context& ctx, const std::vector<device>& devs, const std::vector<kernel_id>& ids) {
  detail::check_devices(ctx, devs, "has_kernel_bundle");
  return std::all_of(ids.begin(), ids.end(),
                     [&](const kernel_id& k) { return detail::runs_on_some(k, devs); });
}
// Some kernel of the program can be had in State for some device of `devs` (a program without
// kernels has no bundle).
template <bundle_state State>
bool has_kernel_bundle(const context& ctx, const std::vector<device>& devs) {
  detail::check_devices(ctx, devs, "has_kernel_bundle");
  const auto ids = get_kernel_ids();
  return std::any_of(ids.begin(), ids.end(),
                     [&](const kernel_id& k) { return detail::runs_on_some(k, devs); });
}
template <bundle_state State>
bool has_kernel_bundle(const context& ctx) {
  return has_kernel_bundle<State>(ctx, ctx.get_devices());
}
template <bundle_state State>
bool has_kernel_bundle(const context& ctx, const std::vector<kernel_id>& ids) {
  return has_kernel_bundle<State>(ctx, ctx.get_devices(), ids);
}
template <typename Name, bundle_state State>
bool has_kernel_bundle(const context& ctx, const std::vector<device>& devs) {
  return has_kernel_bundle<State>(ctx, devs, {get_kernel_id<Name>()});
}
template <typename Name, bundle_state State>
bool has_kernel_bundle(const context& ctx) {
  return has_kernel_bundle<Name, State>(ctx, ctx.get_devices());
}

// §4.11.10: the union of bundles of one context. Of no bundles, an empty bundle of the default
// context and no devices (the spec is silent; DPC++ does so).
template <bundle_state State>
kernel_bundle<State> join(const std::vector<kernel_bundle<State>>& bundles) {
  if (bundles.empty()) return detail::bundle_of<State>(context(), {}, {});
  std::vector<device> devs;
  std::vector<kernel_id> ids;
  tessera::detail::spec_constant_values values;
  for (const auto& b : bundles) {
    if (b.get_context() != bundles.front().get_context())
      throw exception(errc::invalid, "join: the bundles have different contexts");
    devs.insert(devs.end(), b.data()->devices.begin(), b.data()->devices.end());
    for (const auto& k : b.get_kernel_ids())
      if (std::find(ids.begin(), ids.end(), k) == ids.end()) ids.push_back(k);
    if (!values.merge(b.data()->spec_constants))
      throw exception(errc::invalid, "join: the bundles set more specialization constants than a kernel can carry");
  }
  return detail::bundle_of<State>(bundles.front().get_context(), devs, std::move(ids), values);
}

namespace detail {
// Compile, link and build (§4.11.11): the same kernels in the next state, for `devs`, which must be
// devices of the source bundles.
template <bundle_state To, bundle_state From>
kernel_bundle<To> advance(const std::vector<kernel_bundle<From>>& sources, const std::vector<device>& devs,
                          const char* what) {
  if (devs.empty()) throw exception(errc::invalid, std::string(what) + ": no devices");
  auto joined = join(sources);
  for (const auto& d : devs)
    if (!joined.data()->contains(d))
      throw exception(errc::invalid, std::string(what) + ": a device is not one of the bundle's devices");
  return bundle_of<To>(joined.get_context(), devs, runnable(joined.get_kernel_ids(), devs, false, what),
                       joined.data()->spec_constants);
}
} // namespace detail

inline kernel_bundle<bundle_state::object> compile(const kernel_bundle<bundle_state::input>& b,
                                                   const std::vector<device>& devs, const property_list& = {}) {
  return detail::advance<bundle_state::object>(std::vector<kernel_bundle<bundle_state::input>>{b}, devs, "compile");
}
inline kernel_bundle<bundle_state::object> compile(const kernel_bundle<bundle_state::input>& b,
                                                   const property_list& props = {}) {
  return compile(b, b.get_devices(), props);
}
inline kernel_bundle<bundle_state::executable> link(const std::vector<kernel_bundle<bundle_state::object>>& bs,
                                                    const std::vector<device>& devs, const property_list& = {}) {
  return detail::advance<bundle_state::executable>(bs, devs, "link");
}
inline kernel_bundle<bundle_state::executable> link(const std::vector<kernel_bundle<bundle_state::object>>& bs,
                                                    const property_list& props = {}) {
  if (bs.empty()) throw exception(errc::invalid, "link: no bundles");
  return link(bs, join(bs).get_devices(), props);
}
inline kernel_bundle<bundle_state::executable> link(const kernel_bundle<bundle_state::object>& b,
                                                    const std::vector<device>& devs, const property_list& props = {}) {
  return link(std::vector<kernel_bundle<bundle_state::object>>{b}, devs, props);
}
inline kernel_bundle<bundle_state::executable> link(const kernel_bundle<bundle_state::object>& b,
                                                    const property_list& props = {}) {
  return link(b, b.get_devices(), props);
}
inline kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::input>& b,
                                                     const std::vector<device>& devs, const property_list& = {}) {
  return detail::advance<bundle_state::executable>(std::vector<kernel_bundle<bundle_state::input>>{b}, devs, "build");
}
inline kernel_bundle<bundle_state::executable> build(const kernel_bundle<bundle_state::input>& b,
                                                     const property_list& props = {}) {
  return build(b, b.get_devices(), props);
}

namespace detail {
// The bundle a command group's kernels must come from (handler::use_kernel_bundle, §4.9.4.1).
class bundle_in_use {
public:
  void use(const device& d, const kernel_bundle<bundle_state::executable>& b) {
    if (!b.data()->contains(d))
      throw exception(errc::invalid, "handler::use_kernel_bundle: the bundle's context is not the queue's");
    bundle_ = b.data();
  }
  explicit operator bool() const { return bundle_ != nullptr; }
  // The values of specialization constants the bundle's kernels get.
  const tessera::detail::spec_constant_values& spec_constants() const { return bundle_->spec_constants; }
  // Called by each kernel-defining member of the handler: registers the kernel's name (see
  // kernel_registry.hpp) and, under a bundle, checks that the bundle holds the kernel.
  // A kernel whose attributes ask what the device lacks is not supported (§5.7).
  template <typename Name, typename Kernel>
  void define(const device& d) const {
    using N = tessera::runtime::kernel_name_t<Name, Kernel>;
    tessera::runtime::declare_kernel<N, Kernel>();
    const kernel_id k(tessera::runtime::kernel_record_of<N>());
    if (k.record()->requirements.any()) check_requirements(k, d);
    if (bundle_) check(k, d);
  }

private:
  static void check_requirements(const kernel_id& k, const device& d) {
    const std::string why = unmet_requirement(k.record()->requirements, d);
    if (!why.empty())
      throw exception(errc::kernel_not_supported, std::string("kernel ") + k.get_name() + ": " + why);
  }
  void check(const kernel_id& k, const device& d) const {
    if (!bundle_->runs(k, d))
      throw exception(errc::kernel_not_supported, std::string("the kernel bundle in use holds no kernel ") +
                                                      k.get_name() + " for the queue's device");
  }
  bundle_ptr bundle_;
};
} // namespace detail

inline std::vector<kernel_id> info::device::built_in_kernel_ids::get(const tessera::runtime::device_impl&) {
  return {};
}

} // namespace sycl

// SYCL 2020 §4.5.2: each hashes what its operator== compares.
template <> struct std::hash<sycl::kernel_id> {
  std::size_t operator()(const sycl::kernel_id& k) const noexcept { return std::hash<const void*>{}(k.record()); }
};
template <sycl::bundle_state State> struct std::hash<sycl::device_image<State>> {
  std::size_t operator()(const sycl::device_image<State>& image) const {
    std::size_t h = std::hash<sycl::kernel_id>{}(image.kernel_);
    for (const sycl::device& d : image.devices_) h = tessera::detail::hash_of(h, d);
    return h;
  }
};
template <sycl::bundle_state State> struct std::hash<sycl::kernel_bundle<State>> {
  std::size_t operator()(const sycl::kernel_bundle<State>& b) const noexcept {
    return std::hash<const void*>{}(b.data().get());
  }
};
template <> struct std::hash<sycl::kernel> {
  std::size_t operator()(const sycl::kernel& k) const noexcept { return tessera::detail::hash_of(k.bundle_.get(), k.id_); }
};
