#pragma once
#include <cstring>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "sycl/accessor.hpp"
#include "sycl/device.hpp"
#include "sycl/event.hpp"
#include "sycl/interop_handle.hpp"
#include "sycl/kernel_bundle.hpp"
#include "sycl/kernel_handler.hpp"
#include "sycl/ext/oneapi/device_global.hpp"
#include "sycl/ext/oneapi/kernel_properties.hpp"
#include "sycl/ext/oneapi/root_group.hpp"
#include "sycl/local_accessor.hpp"
#include "sycl/nd_item.hpp"
#include "tessera/detail/kernel_invoke.hpp"
#include "tessera/detail/reduction_var.hpp"
#include "tessera/glue/submit.hpp"
#include "tessera/runtime/command_group.hpp"

namespace sycl {
class handler;
} // namespace sycl

namespace tessera::runtime {
// The device that the command group being built runs on (an image accessor asks it for aspect::image).
const sycl::device& device_of(const sycl::handler& h);
} // namespace tessera::runtime

namespace sycl {

class queue;
class stream;

// SYCL 2020 §4.9.4. Collects one command group: its accessors, dependencies and its one command.
class handler {
public:
  handler(const handler&) = delete;
  handler& operator=(const handler&) = delete;

  void depends_on(event e) { cg_.depends.push_back(e.impl()); }
  void depends_on(const std::vector<event>& es) {
    for (auto& e : es) depends_on(e);
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  void require(accessor<T, D, M, Tg, P> acc) {
    cg_.requirements.push_back({acc.view().buffer, M});
  }

  // --- kernels ---
  template <typename Name = void, typename KernelType>
  void single_task(const KernelType& kernel) {
    const auto& k = with_handler<>(kernel);
    define<Name, KernelType>();
    const binding_placeholders bind(*this);
    tessera::glue::single_task<std::decay_t<decltype(k)>> task{k, name_of<Name, KernelType>()};
    no_local_accessor("single_task");
    tessera::glue::submit(*this, std::move(task));
  }

  // One work-item is one work-group: use_root_sync holds at once, and sub_group_size asks nothing
  // of a kernel with no sub-group.
  template <typename Name = void, typename... Ps, typename K>
  void single_task(ext::oneapi::experimental::properties<Ps...>, const K& k) {
    single_task<Name>(k);
  }

  template <typename Name = void, typename K> void parallel_for(range<1> r, const K& k) {
    define<Name, K>();
    basic<1, false, Name>(r, {}, k);
  }
  template <typename Name = void, typename K> void parallel_for(range<2> r, const K& k) {
    define<Name, K>();
    basic<2, false, Name>(r, {}, k);
  }
  template <typename Name = void, typename K> void parallel_for(range<3> r, const K& k) {
    define<Name, K>();
    basic<3, false, Name>(r, {}, k);
  }
  // Deprecated in SYCL 2020 but still allowed.
  template <typename Name = void, typename K, int D>
  void parallel_for(range<D> r, id<D> offset, const K& k) {
    define<Name, K>();
    basic<D, true, Name>(r, offset, k);
  }

  template <typename Name = void, int D, typename K>
  void parallel_for(nd_range<D> r, const K& k) {
    define<Name, K>();
    launch_nd<Name, false>(r, 0, k);
  }
  template <typename Name = void, int D, typename... Ps, typename K>
  void parallel_for(nd_range<D> r, ext::oneapi::experimental::properties<Ps...> props, const K& k) {
    define<Name, K>();
    launch_nd<Name, ext::oneapi::experimental::uses_root_sync_v<decltype(props)>>(
        r, ext::oneapi::experimental::requested_sub_group_size(props), k);
  }

private:
  // RootSync: the kernel asked for use_root_sync; its work-groups must all fit at once.
  // The kernel's reqd_sub_group_size is asked as the property would be (define() has checked it).
  template <typename Name, bool RootSync, int D, typename KernelType>
  void launch_nd(const nd_range<D>& r, std::uint32_t requested_sub_group, const KernelType& kernel) {
    const auto& k = with_handler<nd_item<D>>(kernel);
    using K = std::decay_t<decltype(k)>;
    using KernelName = tessera::runtime::kernel_name_t<Name, KernelType>;
    const auto& needs = tessera::runtime::kernel_record_of<KernelName>()->requirements;
    check_required_work_group(needs, r.get_local_range());
    if (!requested_sub_group) requested_sub_group = needs.sub_group;
    check(r);
    const binding_placeholders bind(*this);
    trace_range(r.get_global_range(), r.get_local_range());
    tessera::glue::nd_range_kernel<D, K> nd{geometry(r, requested_sub_group ? requested_sub_group : sub_group_size()),
                                            local_bytes_, requested_sub_group,
                                            name_of<Name, K>(), {k}};
    if constexpr (RootSync) {
      tessera::runtime::check_root_sync_launch(device_.impl(), tessera::runtime::kernel_record_of<KernelName>(),
                                               r.get_group_range().size(), r.get_local_range().size(), local_bytes_);
      tessera::glue::submit(*this, tessera::glue::root_sync_kernel<KernelName, D, K>{std::move(nd)});
    } else {
      tessera::glue::submit(*this, std::move(nd));
    }
  }

public:
  // Kernels with reductions (§4.9.2): every argument between the range and the kernel is one.
  template <typename Name = void, int D, typename... Rest>
  std::enable_if_t<tessera::detail::reductions_then_kernel_v<Rest...>> parallel_for(range<D> r, Rest&&... rest) {
    const binding_placeholders bind(*this);
    define<Name, std::decay_t<std::tuple_element_t<sizeof...(Rest) - 1, std::tuple<Rest...>>>>();
    auto vars = leading_reductions(std::forward_as_tuple(rest...), std::make_index_sequence<sizeof...(Rest) - 1>{});
    const auto& k = with_reducers_and_handler<item<D, false>>(vars, std::get<sizeof...(Rest) - 1>(
                                                                        std::forward_as_tuple(rest...)));
    trace_range(r);
    tessera::glue::range_reduction<D, std::decay_t<decltype(k)>, decltype(vars)> launch{r, k, vars};
    no_local_accessor("parallel_for(range)");
    tessera::glue::submit(*this, std::move(launch));
  }
  template <typename Name = void, int D, typename... Rest>
  std::enable_if_t<tessera::detail::reductions_then_kernel_v<Rest...>> parallel_for(nd_range<D> r, Rest&&... rest) {
    check(r);
    const binding_placeholders bind(*this);
    define<Name, std::decay_t<std::tuple_element_t<sizeof...(Rest) - 1, std::tuple<Rest...>>>>();
    auto vars = leading_reductions(std::forward_as_tuple(rest...), std::make_index_sequence<sizeof...(Rest) - 1>{});
    const auto& k = with_reducers_and_handler<nd_item<D>>(vars, std::get<sizeof...(Rest) - 1>(
                                                                    std::forward_as_tuple(rest...)));
    trace_range(r.get_global_range(), r.get_local_range());
    tessera::glue::submit(*this, tessera::glue::nd_range_reduction<D, std::decay_t<decltype(k)>, decltype(vars)>{
                                     geometry(r, sub_group_size()), local_bytes_, k, vars});
  }

  // Hierarchical kernels (§4.9.4.2.3). Without a local range the spec leaves the choice to the
  // implementation; DPC++ takes the kernel's required work-group size, else 1 in every
  // dimension, so that a work-item's global id is its group's id, as programs written for it
  // (and the CTS's handler tests) expect.
  template <typename Name = void, int D, typename K>
  void parallel_for_work_group(range<D> groups, const K& k) {
    const std::size_t* reqd =
        tessera::runtime::kernel_record_of<tessera::runtime::kernel_name_t<Name, K>>()->requirements.work_group_of(D);
    range<D> local;
    for (int d = 0; d < D; ++d) local[d] = reqd ? reqd[d] : 1;
    parallel_for_work_group<Name>(groups, local, k);
  }
  template <typename Name = void, int D, typename KernelType>
  void parallel_for_work_group(range<D> groups, range<D> local, const KernelType& kernel) {
    const auto& k = with_handler<group<D>>(kernel);
    define<Name, KernelType>(); // first: a kernel the device cannot run is that whatever the range
    if (local.size() == 0) throw exception(errc::nd_range, "parallel_for_work_group: the local range is empty");
    check_required_work_group(
        tessera::runtime::kernel_record_of<tessera::runtime::kernel_name_t<Name, KernelType>>()->requirements, local);
    const binding_placeholders bind(*this);
    trace_range(groups * local, local);
    tessera::glue::submit(*this, tessera::glue::hierarchical_kernel<D, std::decay_t<decltype(k)>>{
                                     {groups * local, local, groups, id<D>{}, 1}, local_bytes_, k, name_of<Name, KernelType>()});
  }

  // --- specialization constants (§4.9.4.4) ---
  // A command group takes its values from a kernel bundle or from these, never both (§4.9.4.4).
  template <auto& S>
  void set_specialization_constant(tessera::detail::spec_value_t<S> value) {
    no_bundle_in_use("handler::set_specialization_constant");
    spec_constants_set_ = true;
    detail::set_spec_constant<S>(spec_constants_, &value, sizeof value, "handler::set_specialization_constant");
  }
  template <auto& S>
  tessera::detail::spec_value_t<S> get_specialization_constant() const {
    no_bundle_in_use("handler::get_specialization_constant");
    return tessera::detail::read_spec_constant<S>(spec_constants_);
  }

  template <typename F>
  void host_task(F f) {
    cg_.host_task = true;
    cg_.interop = std::is_invocable_v<const F&, interop_handle>;
    trace_as("host_task");
    set([f, d = &device_.impl(), s = stream_](tessera::runtime::completion done) {
      std::exception_ptr error;
      try {
        if constexpr (std::is_invocable_v<const F&, interop_handle>) {
          f(interop_handle(*d, s));
        } else {
          (void)s; // the stream is the interop handle's only (clang warns of an unused capture)
          f();
        }
      } catch (...) {
        error = std::current_exception();
      }
      done(std::move(error)); // outside the handler: the exception is then held only by `error`
    });
  }

  // --- explicit memory operations (§4.9.4.3) ---
  void memcpy(void* dest, const void* src, std::size_t bytes);
  void memset(void* ptr, int value, std::size_t bytes);
  template <typename T>
  void copy(const T* src, T* dest, std::size_t count) {
    copy_bytes(dest, src, count * sizeof(T), "copy");
  }
  // sycl_ext_oneapi_device_global: copies to and from the instance on the handler's device.
  template <typename T, typename P>
  void memcpy(ext::oneapi::experimental::device_global<T, P>& dest, const void* src, std::size_t bytes = sizeof(T),
              std::size_t offset = 0) {
    memcpy(device_global_bytes(&dest, sizeof(T), bytes, offset, "memcpy"), src, bytes);
  }
  template <typename T, typename P>
  void memcpy(void* dest, const ext::oneapi::experimental::device_global<T, P>& src, std::size_t bytes = sizeof(T),
              std::size_t offset = 0) {
    memcpy(dest, device_global_bytes(&src, sizeof(T), bytes, offset, "memcpy"), bytes);
  }
  template <typename T, typename P>
  void copy(const std::remove_all_extents_t<T>* src, ext::oneapi::experimental::device_global<T, P>& dest,
            std::size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), std::size_t start = 0) {
    constexpr std::size_t e = sizeof(std::remove_all_extents_t<T>);
    memcpy(device_global_bytes(&dest, sizeof(T), count * e, start * e, "copy"), src, count * e);
  }
  template <typename T, typename P>
  void copy(const ext::oneapi::experimental::device_global<T, P>& src, std::remove_cv_t<std::remove_all_extents_t<T>>* dest,
            std::size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), std::size_t start = 0) {
    constexpr std::size_t e = sizeof(std::remove_all_extents_t<T>);
    memcpy(dest, device_global_bytes(&src, sizeof(T), count * e, start * e, "copy"), count * e);
  }
  template <typename T>
  void fill(void* ptr, const T& pattern, std::size_t count) {
    use_usm(ptr, count * sizeof(T), "fill", "ptr");
    auto* p = static_cast<T*>(ptr);
    parallel_for(range<1>(count), [p, pattern](id<1> i) { p[i[0]] = pattern; });
    trace_as("fill");
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  void fill(accessor<T, D, M, Tg, P> dest, const T& value) {
    require(dest);
    parallel_for(dest.get_range(), [dest, value](id<D> i) { dest[i] = value; });
    trace_as("fill");
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U>
  void copy(accessor<T, D, M, Tg, P> src, std::shared_ptr<U> dest) {
    copy(src, dest.get());
  }
  // Host memory is out of a GPU's reach: there the copy runs on the host, from the buffer's host
  // copy, as a host task would.
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U>
  void copy(accessor<T, D, M, Tg, P> src, U* dest) {
    require(src);
    const auto each = [src, dest](item<D> it) { dest[it.get_linear_id()] = src[it.get_id()]; };
    if (on_gpu()) host_task([each, r = src.get_range()] { for_each_item(r, each); });
    else parallel_for(src.get_range(), each);
    trace_as("copy");
  }
  template <typename U, typename T, int D, access_mode M, target Tg, access::placeholder P>
  void copy(std::shared_ptr<U> src, accessor<T, D, M, Tg, P> dest) {
    copy(static_cast<const U*>(src.get()), dest);
  }
  template <typename U, typename T, int D, access_mode M, target Tg, access::placeholder P>
  void copy(const U* src, accessor<T, D, M, Tg, P> dest) {
    require(dest);
    const auto each = [src, dest](item<D> it) { dest[it.get_id()] = src[it.get_linear_id()]; };
    if (on_gpu()) host_task([each, r = dest.get_range()] { for_each_item(r, each); });
    else parallel_for(dest.get_range(), each);
    trace_as("copy");
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U, int DD, access_mode MM,
            target TTg, access::placeholder PP>
  void copy(accessor<T, D, M, Tg, P> src, accessor<U, DD, MM, TTg, PP> dest) {
    if (src.size() > dest.size())
      throw exception(errc::invalid, "copy: the source accessor has more elements than the destination");
    require(src);
    require(dest);
    // Element k of the source's window goes to element k of the destination's, each counted in
    // row-major order within its own range: a window with an offset is strided in its buffer.
    parallel_for(range<1>(src.size()), [src, dest](id<1> i) { window_element(dest, i[0]) = window_element(src, i[0]); });
    trace_as("copy");
  }
  // USM hints (§4.9.4.3): the CPU shares its memory with the host, and a GPU's driver migrates
  // shared allocations on demand, so the command only orders the commands that depend on it.
  void prefetch(const void*, std::size_t) { hint("prefetch"); }
  void mem_advise(const void*, std::size_t, int) { hint("mem_advise"); }
  // §4.9.4.3: the accessor's window of the buffer reaches the host memory the buffer was made
  // from. It runs as a host task, whose requirements bring the host copy up to date from a GPU;
  // where that copy is the host memory itself (adopted), nothing more is to be done.
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  void update_host(accessor<T, D, M, Tg, P> acc) {
    require(acc);
    auto buffer = acc.v_.buffer;
    host_task([buffer, runs = window_runs(acc)] { buffer->update_origin(runs); });
    trace_as("update_host");
  }

  tessera::runtime::command_group take() { return std::move(cg_); }

  handler(const device& d, void* stream) : device_(d), stream_(stream) {}

  // §4.9.4.1: this command group's kernel comes from `bundle` (checked as the kernel is defined).
  // Its kernels get the bundle's specialization constants.
  void use_kernel_bundle(const kernel_bundle<bundle_state::executable>& bundle) {
    if (spec_constants_set_)
      throw exception(errc::invalid,
                      "handler::use_kernel_bundle: the command group has set specialization constants of its own");
    bundle_.use(device_, bundle);
    spec_constants_ = bundle_.spec_constants();
  }
  // Kernel objects carry no code that a library could launch (they name kernels compiled with
  // the program, or would come from backend interop): these compile and throw.
  template <typename T> void set_arg(int, T&&) { no_kernel_object("handler::set_arg"); }
  template <typename... Ts> void set_args(Ts&&...) { no_kernel_object("handler::set_args"); }
  void single_task(const kernel&) { no_kernel_object("handler::single_task(kernel)"); }
  void parallel_for(range<1>, const kernel&) { no_kernel_object("handler::parallel_for(range, kernel)"); }
  void parallel_for(range<2>, const kernel&) { no_kernel_object("handler::parallel_for(range, kernel)"); }
  void parallel_for(range<3>, const kernel&) { no_kernel_object("handler::parallel_for(range, kernel)"); }
  template <int D> void parallel_for(nd_range<D>, const kernel&) {
    no_kernel_object("handler::parallel_for(nd_range, kernel)");
  }

private:
  void no_bundle_in_use(const char* what) const {
    if (bundle_)
      throw exception(errc::invalid, std::string(what) +
                                         ": the command group uses a kernel bundle, whose specialization constants "
                                         "its kernels get");
  }
    [[noreturn]] static void no_kernel_object(const char* what) {
    throw exception(errc::feature_not_supported, std::string(what) + ": Tessera cannot launch a kernel object");
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  static decltype(auto) window_element(const accessor<T, D, M, Tg, P>& a, std::size_t k) {
    if constexpr (D == 0) {
      return static_cast<typename accessor<T, D, M, Tg, P>::reference>(a);
    } else {
      id<D> at;
      const range<D> r = a.get_range();
      for (int d = D - 1; d >= 0; --d) {
        at[d] = k % r[d];
        k /= r[d];
      }
      return a[at];
    }
  }
  // The contiguous byte runs (offset from the buffer's storage, length) of an accessor's window:
  // one per row of its last dimension.
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  static std::vector<std::pair<std::size_t, std::size_t>> window_runs(const accessor<T, D, M, Tg, P>& acc) {
    using elem = std::remove_const_t<T>;
    const auto& v = acc.v_;
    const std::size_t first = static_cast<std::size_t>(v.host - static_cast<const elem*>(v.buffer->data()));
    const std::size_t row = v.access_range[D - 1];
    std::vector<std::pair<std::size_t, std::size_t>> runs;
    for (std::size_t i = 0; i < v.access_range.size(); i += row) {
      const id<D> at = tessera::detail::delinearize(i, v.access_range) + v.offset;
      runs.emplace_back((first + tessera::detail::linearize(at, v.buffer_range)) * sizeof(elem), row * sizeof(elem));
    }
    return runs;
  }
  // A GPU kernel must come from a CUDA translation unit; a feature not yet on the GPU says so.
  bool on_gpu() const { return device_.is_gpu(); }
  // A GPU command: enqueued on the queue's stream, which completes it.
  template <typename Launch>
  void on_stream(Launch launch) {
    take_command();
    cg_.enqueue = [launch, s = stream_] { launch(s); };
  }
  void take_command();
  // Checks a USM operation's pointer argument before anything runs and, on the CPU, keeps
  // sycl::free from taking the memory away until the command completes.
  void use_usm(const void* p, std::size_t bytes, const char* op, const char* arg);
  // Where `bytes` at `offset` of a device_global (`object`, of `size` bytes) live on the handler's
  // device: the variable itself on the CPU, its __device__ instance on a GPU.
  void* device_global_bytes(const void* object, std::size_t size, std::size_t bytes, std::size_t offset,
                            const char* op) const;
  void copy_bytes(void* dest, const void* src, std::size_t bytes, const char* op);
  // While a kernel is copied into its command: a placeholder accessor copied then is bound to
  // the buffer's storage on this handler's device (tessera::runtime::placeholder_base).
  class binding_placeholders {
  public:
    explicit binding_placeholders(handler& h);
    ~binding_placeholders();
    binding_placeholders(const binding_placeholders&) = delete;
    binding_placeholders& operator=(const binding_placeholders&) = delete;

  private:
    handler* previous_;
    bool* previous_capture_flag_;
  };
  void* bind_placeholder(const std::shared_ptr<tessera::runtime::buffer_impl>& b);
  void cpu_only(const char* what) const;

  template <int D, bool WithOffset, typename Name, typename KernelType>
  void basic(const range<D>& r, const id<D>& offset, const KernelType& kernel) {
    const auto& k = with_handler<item<D, WithOffset>>(kernel);
    const binding_placeholders bind(*this);
    trace_range(r);
    tessera::glue::range_kernel<D, WithOffset, std::decay_t<decltype(k)>> launch{r, offset, k,
                                                                               name_of<Name, KernelType>()};
    no_local_accessor("parallel_for(range)");
    tessera::glue::submit(*this, std::move(launch));
  }

  template <int D, typename F>
  static void for_each_item(const range<D>& r, const F& f) {
    for (std::size_t i = 0; i < r.size(); ++i) f(item<D>(tessera::detail::delinearize(i, r), r));
  }

  // The kernel itself, or, when its last parameter is a kernel_handler, the kernel with one that
  // carries this command group's specialization constants. Args: what the launch passes before.
  template <typename... Args, typename K>
  decltype(auto) with_handler(const K& k) const {
    if constexpr (tessera::detail::wants_kernel_handler_v<K, Args...>)
      return tessera::detail::with_kernel_handler<K>{k, kernel_handler(spec_constants_)};
    else
      return k;
  }
  template <typename V>
  using reducer_of = decltype(std::declval<const V&>().reducer_over(std::declval<typename V::storage&>()));
  template <typename Item, typename... Vars, typename K>
  decltype(auto) with_reducers_and_handler(const std::tuple<Vars...>&, const K& k) const {
    return with_handler<Item, reducer_of<Vars>...>(k);
  }

  template <typename Args, std::size_t... I>
  static auto leading_reductions(const Args& args, std::index_sequence<I...>) {
    return std::make_tuple(std::get<I>(args)...);
  }

  // A kernel's name for reports (its lambda's type when it has none): a pointer type, as a name may
  // be incomplete.
  template <typename Name, typename K>
  static const std::type_info* name_of() {
    return &typeid(std::conditional_t<std::is_void_v<Name>, K, Name>*);
  }

  // A kernel with reqd_work_group_size runs in work-groups of that size only (SYCL 2020 §5.8.1).
  template <int D>
  static void check_required_work_group(const tessera::runtime::kernel_requirements& needs, const range<D>& local) {
    const std::size_t* reqd = needs.work_group_of(D);
    if (!reqd) return;
    std::size_t sizes[D];
    bool same = true;
    for (int d = 0; d < D; ++d) {
      sizes[d] = local[d];
      same = same && sizes[d] == reqd[d];
    }
    if (!same) mismatched_work_group(D, reqd, sizes);
  }
  [[noreturn]] static void mismatched_work_group(int dims, const std::size_t* reqd, const std::size_t* local);

  // Every kernel-defining member calls this: registers the kernel's name and checks it against
  // the bundle in use (kernel_bundle.hpp); a traced command also keeps the name.
  template <typename Name, typename K>
  void define() {
    bundle_.define<Name, K>(device_);
    if (tessera::runtime::trace::on()) {
      cg_.trace.kind = "kernel";
      cg_.trace.kernel = tessera::runtime::kernel_record_of<tessera::runtime::kernel_name_t<Name, K>>();
    }
  }
  template <int D>
  void trace_range(const range<D>& global) {
    if (!tessera::runtime::trace::on()) return;
    cg_.trace.dims = D;
    for (int d = 0; d < D; ++d) cg_.trace.global[d] = global[d];
  }
  template <int D>
  void trace_range(const range<D>& global, const range<D>& local) {
    if (!tessera::runtime::trace::on()) return;
    trace_range(global);
    for (int d = 0; d < D; ++d) cg_.trace.local[d] = local[d];
  }
  // Commands that the handler builds from a kernel or a host task show as what the user asked.
  void trace_as(const char* kind) {
    if (!tessera::runtime::trace::on()) return;
    cg_.trace.kind = kind;
    cg_.trace.kernel = nullptr;
  }

  void set(tessera::runtime::action a);
  // A command with no work of its own (prefetch, mem_advise).
  void hint(const char* what) {
    set([](tessera::runtime::completion done) { done(nullptr); });
    trace_as(what);
  }
  // A local accessor captured by a kernel that has no work-groups is a kernel_argument error: the
  // handler's copy of the kernel (made with binding_placeholders) tells whether it captures one.
  void no_local_accessor(const char* kernel_form) const;
  void check_local_memory() const;
  template <int D>
  void check(const nd_range<D>& r) const {
    std::size_t g[3] = {}, l[3] = {};
    for (int d = 0; d < D; ++d) g[d] = r.get_global_range()[d], l[d] = r.get_local_range()[d];
    check_nd_range(D, g, l);
  }
  void check_nd_range(int dims, const std::size_t* global, const std::size_t* local) const;
  std::uint32_t sub_group_size() const;

  template <int D>
  static tessera::glue::nd_geometry<D> geometry(const nd_range<D>& r, std::uint32_t sub_group) {
    return {r.get_global_range(), r.get_local_range(), r.get_group_range(), r.get_offset(), sub_group,
            r.get_local_range().size() % sub_group == 0};
  }

  template <typename H, typename C> friend void tessera::glue::submit(H&, C);
  friend class stream; // its GPU buffer belongs to the queue's CUDA stream
  friend std::size_t tessera::runtime::reserve_local(handler&, std::size_t, std::size_t);
  friend void* tessera::runtime::require(handler&, const std::shared_ptr<tessera::runtime::buffer_impl>&, sycl::access::mode);
  friend void* tessera::runtime::placeholder_base(const std::shared_ptr<tessera::runtime::buffer_impl>&);
  friend const device& tessera::runtime::device_of(const handler&);

  device device_;
  void* stream_; // the queue's CUDA stream when device_ is a GPU
  tessera::runtime::command_group cg_;
  std::size_t local_bytes_ = 0;
  bool captures_local_accessor_ = false;
  tessera::detail::spec_constant_values spec_constants_;
  bool spec_constants_set_ = false;
  bool has_command_ = false;
  detail::bundle_in_use bundle_;
};

} // namespace sycl

inline const sycl::device& tessera::runtime::device_of(const sycl::handler& h) { return h.device_; }
