#pragma once
// SYCL 2020 §4.5.1: get_native and make_* for every backend. The CUDA backend's are honoured (the
// Khronos SYCL CUDA backend: CUdevice, CUcontext, CUstream, CUevent, and in kernels an accessor's
// device pointer); every other throws, naming itself (see sycl/interop_handle.hpp).
#include <type_traits>

#include "sycl/accessor.hpp"
#include "sycl/buffer.hpp"
#include "sycl/context.hpp"
#include "sycl/event.hpp"
#include "sycl/interop_handle.hpp"
#include "sycl/kernel_bundle.hpp"
#include "sycl/local_accessor.hpp"
#include "sycl/queue.hpp"
#include "tessera/detail/macros.hpp"

namespace sycl {

namespace detail {
// A CUDA device is its runtime's device number; a queue, its stream; a command, a CUevent on it
// (null where it has none: a host task's); a context, its CUcontexts (tessera/runtime/native_objects.hpp).
inline int cuda_native(const device& d) { return d.impl().ordinal; }
inline std::vector<CUctx_st*> cuda_native(const context& c) {
  std::vector<CUctx_st*> out;
  for (void* n : tessera::runtime::native_contexts(c)) out.push_back(static_cast<CUctx_st*>(n));
  return out;
}
inline CUstream_st* cuda_native(const queue& q) { return static_cast<CUstream_st*>(tessera::runtime::native_stream(q)); }
inline CUevent_st* cuda_native(const event& e) { return static_cast<CUevent_st*>(tessera::runtime::native_event(e)); }
template <typename T>
inline constexpr bool has_cuda_native = std::is_same_v<T, device> || std::is_same_v<T, context> ||
                                        std::is_same_v<T, queue> || std::is_same_v<T, event>;
} // namespace detail

template <backend B, typename T>
backend_return_t<B, T> get_native(const T& object) {
  if constexpr (detail::has_backend<T>::value) detail::check_backend(B, object.get_backend(), "get_native");
  if constexpr (B == backend::ext_oneapi_cuda && detail::has_cuda_native<T>) return detail::cuda_native(object);
  else detail::no_interop("get_native");
}

// The CUDA backend's accessors in a kernel: the device pointer to the start of the buffer (or of
// the work-group's local memory), as a plain T* whatever the access mode, as the SYCL CUDA backend
// specifies. A native CUDA function (a __device__ function of a .cu file) takes it.
namespace detail {
template <typename DataT, int D, access_mode M, target T, access::placeholder P>
struct native<backend::ext_oneapi_cuda, accessor<DataT, D, M, T, P>> {
  using type = std::remove_const_t<DataT>*;
};
template <typename DataT, int D> struct native<backend::ext_oneapi_cuda, local_accessor<DataT, D>> {
  using type = std::remove_const_t<DataT>*;
};
} // namespace detail
template <backend B, typename DataT, int D, access_mode M, target T, access::placeholder P,
          typename = std::enable_if_t<B == backend::ext_oneapi_cuda>>
TESSERA_HOST_DEVICE std::remove_const_t<DataT>* get_native(const accessor<DataT, D, M, T, P>& a) {
  return const_cast<std::remove_const_t<DataT>*>(a.template get_multi_ptr<access::decorated::no>().get());
}
template <backend B, typename DataT, int D, typename = std::enable_if_t<B == backend::ext_oneapi_cuda>>
TESSERA_HOST_DEVICE std::remove_const_t<DataT>* get_native(const local_accessor<DataT, D>& a) {
  return const_cast<std::remove_const_t<DataT>*>(a.template get_multi_ptr<access::decorated::no>().get());
}

template <backend B, typename Input>
platform make_platform(const Input&) {
  detail::no_interop("make_platform");
}
// The CUDA backend's make_*: a CUdevice's GPU; a context of a CUcontext's GPU that gives that
// CUcontext back; a queue whose commands go onto a CUstream; an event complete once a CUevent is.
// The native objects stay their maker's. Each takes an async_handler after the context where the
// spec gives one.
template <backend B, typename Input>
device make_device(const Input& native) {
  if constexpr (B == backend::ext_oneapi_cuda) return device(&tessera::runtime::gpu_of_ordinal(native, "make_device"));
  else detail::no_interop("make_device");
}
template <backend B, typename Input, typename... Rest>
context make_context(const Input& native, const Rest&... handler) {
  if constexpr (B == backend::ext_oneapi_cuda)
    return tessera::runtime::adopt_context(static_cast<CUctx_st*>(native), async_handler(handler...));
  else detail::no_interop("make_context");
}
template <backend B, typename Input, typename... Rest>
queue make_queue(const Input& native, const context& c, const Rest&... handler) {
  detail::check_backend(B, c.get_backend(), "make_queue");
  if constexpr (B == backend::ext_oneapi_cuda)
    return tessera::runtime::queue_on_stream(static_cast<CUstream_st*>(native), c, async_handler(handler...));
  else detail::no_interop("make_queue");
}
template <backend B, typename Input, typename... Rest>
event make_event(const Input& native, const context& c, const Rest&...) {
  detail::check_backend(B, c.get_backend(), "make_event");
  if constexpr (B == backend::ext_oneapi_cuda)
    return tessera::runtime::event_of_native(static_cast<CUevent_st*>(native), c);
  else detail::no_interop("make_event");
}
template <backend B, typename T, int D = 1, typename A = buffer_allocator<std::remove_const_t<T>>, typename Input,
          typename... Rest>
buffer<T, D, A> make_buffer(const Input&, const Rest&...) {
  detail::no_interop("make_buffer");
}
template <backend B, typename Input, typename... Rest>
kernel make_kernel(const Input&, const Rest&...) {
  detail::no_interop("make_kernel");
}
template <backend B, bundle_state S, typename Input, typename... Rest>
kernel_bundle<S> make_kernel_bundle(const Input&, const Rest&...) {
  detail::no_interop("make_kernel_bundle");
}

} // namespace sycl
