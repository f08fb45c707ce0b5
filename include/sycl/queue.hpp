#pragma once
#include <memory>
#include <type_traits>
#include <vector>

#include "sycl/context.hpp"
#include "sycl/device_selector.hpp"
#include "sycl/event.hpp"
#include "sycl/handler.hpp"
#include "sycl/property_list.hpp"
#include "sycl/usm_enums.hpp"

namespace sycl {
class queue;
template <> struct is_property_of<property::queue::in_order, queue> : std::true_type {};
template <> struct is_property_of<property::queue::enable_profiling, queue> : std::true_type {};
} // namespace sycl

namespace tessera::runtime {
class queue_impl;
// The backend's queue behind `q` (a CUDA stream for a GPU; null for the CPU), for libraries that
// enqueue native work in the queue's order (the algorithm library's CUB calls).
void* native_stream(const sycl::queue& q);
// sycl::make_queue<backend::cuda> (sycl/interop.hpp): a queue whose commands go onto `stream`, a
// CUstream of a GPU of `c`, which stays its maker's.
sycl::queue queue_on_stream(void* stream, const sycl::context& c, const sycl::async_handler& h);
} // namespace tessera::runtime

namespace sycl {

// SYCL 2020 §4.6.5. Out-of-order unless made with property::queue::in_order; commands are
// ordered by the data they access and by their explicit dependencies.
class queue {
public:
  explicit queue(const property_list& props = {}) : queue(device(), async_handler{}, props) {}
  explicit queue(const async_handler& h, const property_list& props = {}) : queue(device(), h, props) {}
  template <typename Selector, typename = detail::if_selector<Selector>>
  explicit queue(const Selector& s, const property_list& props = {}) : queue(device(s), async_handler{}, props) {}
  template <typename Selector, typename = detail::if_selector<Selector>>
  explicit queue(const Selector& s, const async_handler& h, const property_list& props = {}) : queue(device(s), h, props) {}
  // A queue made without a context has its platform's default context (as DPC++'s).
  explicit queue(const device& d, const property_list& props = {}) : queue(d, async_handler{}, props) {}
  explicit queue(const device& d, const async_handler& h, const property_list& props = {})
      : queue(d.get_platform().ext_oneapi_get_default_context(), d, h, props) {}
  // The selector chooses among all devices; the context must hold its choice (§4.6.5.1).
  template <typename Selector, typename = detail::if_selector<Selector>>
  explicit queue(const context& c, const Selector& s, const property_list& props = {})
      : queue(c, device(s), async_handler{}, props) {}
  template <typename Selector, typename = detail::if_selector<Selector>>
  explicit queue(const context& c, const Selector& s, const async_handler& h, const property_list& props = {})
      : queue(c, device(s), h, props) {}
  explicit queue(const context& c, const device& d, const property_list& props = {})
      : queue(c, d, async_handler{}, props) {}
  // Throws errc::invalid if `c` does not hold `d`. Without a handler of its own, the queue's
  // asynchronous errors go to the context's (§4.13.1.2).
  explicit queue(const context& c, const device& d, const async_handler& h, const property_list& props = {});

  device get_device() const;
  backend get_backend() const noexcept { return get_device().get_backend(); }
  context get_context() const { return context_; }
  bool is_in_order() const;
  template <typename P> bool has_property() const noexcept { return props_.has_property<P>(); }
  template <typename P> P get_property() const { return props_.get_property<P>(); }
  template <typename Param> typename Param::return_type get_info() const {
    if constexpr (std::is_same_v<Param, info::queue::context>) return get_context();
    else {
      static_assert(std::is_same_v<Param, info::queue::device>, "unknown queue info");
      return get_device();
    }
  }

  template <typename F>
  event submit(F&& cgf) {
    handler h(get_device(), backend_stream());
    cgf(h);
    return submit(h.take());
  }
  template <typename F>
  event submit(F&& cgf, const queue& /*secondary*/) {
    return submit(std::forward<F>(cgf));
  }

  void wait();
  void wait_and_throw();
  void throw_asynchronous();

  // --- shortcuts (§4.6.5.2) ---
  template <typename Name = void, typename K> event single_task(const K& k) { return single_task<Name>(std::vector<event>{}, k); }
  template <typename Name = void, typename K> event single_task(event dep, const K& k) { return single_task<Name>(std::vector<event>{dep}, k); }
  template <typename Name = void, typename... Ps, typename K>
  event single_task(ext::oneapi::experimental::properties<Ps...> props, const K& k) {
    return submit([&](handler& h) { h.single_task<Name>(props, k); });
  }
  template <typename Name = void, typename K>
  event single_task(const std::vector<event>& deps, const K& k) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.single_task<Name>(k);
    });
  }
#define TESSERA_QUEUE_PARALLEL_FOR(RangeT)                                                                            \
  template <typename Name = void, typename... Rest> event parallel_for(RangeT r, Rest&&... rest) {                   \
    return parallel_for_after<Name>(std::vector<event>{}, r, std::forward<Rest>(rest)...);                           \
  }                                                                                                                   \
  template <typename Name = void, typename... Rest> event parallel_for(RangeT r, event dep, Rest&&... rest) {        \
    return parallel_for_after<Name>(std::vector<event>{dep}, r, std::forward<Rest>(rest)...);                        \
  }                                                                                                                   \
  template <typename Name = void, typename... Rest>                                                                   \
  event parallel_for(RangeT r, const std::vector<event>& deps, Rest&&... rest) {                                     \
    return parallel_for_after<Name>(deps, r, std::forward<Rest>(rest)...);                                           \
  }
  TESSERA_QUEUE_PARALLEL_FOR(range<1>)
  TESSERA_QUEUE_PARALLEL_FOR(range<2>)
  TESSERA_QUEUE_PARALLEL_FOR(range<3>)
  template <typename Name = void, int D, typename... Rest> event parallel_for(nd_range<D> r, Rest&&... rest) {
    return parallel_for_after<Name>(std::vector<event>{}, r, std::forward<Rest>(rest)...);
  }
  template <typename Name = void, int D, typename... Rest> event parallel_for(nd_range<D> r, event dep, Rest&&... rest) {
    return parallel_for_after<Name>(std::vector<event>{dep}, r, std::forward<Rest>(rest)...);
  }
  template <typename Name = void, int D, typename... Rest>
  event parallel_for(nd_range<D> r, const std::vector<event>& deps, Rest&&... rest) {
    return parallel_for_after<Name>(deps, r, std::forward<Rest>(rest)...);
  }
#undef TESSERA_QUEUE_PARALLEL_FOR

  event memcpy(void* dest, const void* src, std::size_t bytes, const std::vector<event>& deps = {}) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.memcpy(dest, src, bytes);
    });
  }
  event memcpy(void* dest, const void* src, std::size_t bytes, event dep) { return memcpy(dest, src, bytes, std::vector<event>{dep}); }
  event memset(void* ptr, int value, std::size_t bytes, const std::vector<event>& deps = {}) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.memset(ptr, value, bytes);
    });
  }
  event memset(void* ptr, int value, std::size_t bytes, event dep) { return memset(ptr, value, bytes, std::vector<event>{dep}); }
  template <typename T>
  event copy(const T* src, T* dest, std::size_t count, const std::vector<event>& deps = {}) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.copy(src, dest, count);
    });
  }
  template <typename T>
  event copy(const T* src, T* dest, std::size_t count, event dep) {
    return copy(src, dest, count, std::vector<event>{dep});
  }
  // sycl_ext_oneapi_device_global: copies to and from the instance on the queue's device.
  template <typename T, typename P>
  event memcpy(ext::oneapi::experimental::device_global<T, P>& dest, const void* src, std::size_t bytes = sizeof(T),
               std::size_t offset = 0, const std::vector<event>& deps = {}) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.memcpy(dest, src, bytes, offset);
    });
  }
  template <typename T, typename P>
  event memcpy(ext::oneapi::experimental::device_global<T, P>& dest, const void* src, std::size_t bytes,
               std::size_t offset, event dep) {
    return memcpy(dest, src, bytes, offset, std::vector<event>{dep});
  }
  template <typename T, typename P>
  event memcpy(void* dest, const ext::oneapi::experimental::device_global<T, P>& src, std::size_t bytes = sizeof(T),
               std::size_t offset = 0, const std::vector<event>& deps = {}) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.memcpy(dest, src, bytes, offset);
    });
  }
  template <typename T, typename P>
  event memcpy(void* dest, const ext::oneapi::experimental::device_global<T, P>& src, std::size_t bytes,
               std::size_t offset, event dep) {
    return memcpy(dest, src, bytes, offset, std::vector<event>{dep});
  }
  template <typename T, typename P>
  event copy(const std::remove_all_extents_t<T>* src, ext::oneapi::experimental::device_global<T, P>& dest,
             std::size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), std::size_t start = 0,
             const std::vector<event>& deps = {}) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.copy(src, dest, count, start);
    });
  }
  template <typename T, typename P>
  event copy(const ext::oneapi::experimental::device_global<T, P>& src,
             std::remove_cv_t<std::remove_all_extents_t<T>>* dest,
             std::size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), std::size_t start = 0,
             const std::vector<event>& deps = {}) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.copy(src, dest, count, start);
    });
  }
  template <typename T>
  event fill(void* ptr, const T& pattern, std::size_t count, const std::vector<event>& deps = {}) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.fill(ptr, pattern, count);
    });
  }
  template <typename T>
  event fill(void* ptr, const T& pattern, std::size_t count, event dep) {
    return fill(ptr, pattern, count, std::vector<event>{dep});
  }
  // The explicit copies through accessors (§4.6.5.2): each is a command group of the handler's
  // member of the same name, which requires the accessors (placeholders, usually).
  template <typename Src, typename Dest,
            typename = std::enable_if_t<!ext::oneapi::experimental::is_device_global<std::remove_cv_t<Src>>::value &&
                                        !ext::oneapi::experimental::is_device_global<Dest>::value>>
  auto copy(Src src, Dest dest) -> decltype(std::declval<handler&>().copy(src, dest), event()) {
    return submit([&](handler& h) { h.copy(src, dest); });
  }
  template <typename Acc, typename T>
  auto fill(Acc dest, const T& value) -> decltype(std::declval<handler&>().fill(dest, value), event()) {
    return submit([&](handler& h) { h.fill(dest, value); });
  }
  template <typename Acc>
  auto update_host(Acc acc) -> decltype(std::declval<handler&>().update_host(acc), event()) {
    return submit([&](handler& h) { h.update_host(acc); });
  }
  // Host and device share memory on the CPU: prefetch and advice have nothing to do.
  event prefetch(const void*, std::size_t, const std::vector<event>& deps = {}) { return barrier_after(deps); }
  event prefetch(const void* p, std::size_t n, event dep) { return prefetch(p, n, std::vector<event>{dep}); }
  event mem_advise(const void*, std::size_t, int, const std::vector<event>& deps = {}) { return barrier_after(deps); }
  event mem_advise(const void* p, std::size_t n, int advice, event dep) {
    return mem_advise(p, n, advice, std::vector<event>{dep});
  }
  event ext_oneapi_submit_barrier(const std::vector<event>& deps = {}) { return barrier_after(deps); }

  friend bool operator==(const queue& a, const queue& b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const queue& a, const queue& b) { return a.impl_ != b.impl_; }

private:
  template <typename Name, typename R, typename... Rest>
  event parallel_for_after(const std::vector<event>& deps, R r, Rest&&... rest) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.parallel_for<Name>(r, std::forward<Rest>(rest)...);
    });
  }
  event barrier_after(const std::vector<event>& deps) {
    return submit([&](handler& h) {
      h.depends_on(deps);
      h.host_task([] {});
    });
  }
  queue(std::shared_ptr<tessera::runtime::queue_impl> impl, const context& c);
  event submit(tessera::runtime::command_group&& cg);
  void* backend_stream() const;
  friend void* tessera::runtime::native_stream(const queue& q);
  friend sycl::queue tessera::runtime::queue_on_stream(void* stream, const sycl::context& c, const sycl::async_handler& h);

  std::shared_ptr<tessera::runtime::queue_impl> impl_;
  context context_;
  property_list props_;
  friend struct std::hash<queue>;
};

} // namespace sycl

// SYCL 2020 §4.5.2: a queue is its runtime object.
template <> struct std::hash<sycl::queue> {
  std::size_t operator()(const sycl::queue& q) const noexcept { return std::hash<const void*>{}(q.impl_.get()); }
};
