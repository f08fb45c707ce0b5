#pragma once
// SYCL 2020 §4.5.1: get_native and make_* for every backend; none of them can be honoured (see
// sycl/interop_handle.hpp), so each throws, naming itself.
#include "sycl/buffer.hpp"
#include "sycl/context.hpp"
#include "sycl/event.hpp"
#include "sycl/interop_handle.hpp"
#include "sycl/kernel_bundle.hpp"
#include "sycl/queue.hpp"

namespace sycl {

template <backend B, typename T>
backend_return_t<B, T> get_native(const T& object) {
  if constexpr (detail::has_backend<T>::value) detail::check_backend(B, object.get_backend(), "get_native");
  // A CUDA device is its runtime's device number, the one native handle Tessera has to give.
  if constexpr (B == backend::ext_oneapi_cuda && std::is_same_v<T, device>) return object.impl().ordinal;
  else detail::no_interop("get_native");
}

template <backend B, typename Input>
platform make_platform(const Input&) {
  detail::no_interop("make_platform");
}
template <backend B, typename Input>
device make_device(const Input&) {
  detail::no_interop("make_device");
}
template <backend B, typename Input, typename... Rest>
context make_context(const Input&, const Rest&...) {
  detail::no_interop("make_context");
}
template <backend B, typename Input, typename... Rest>
queue make_queue(const Input&, const Rest&...) {
  detail::no_interop("make_queue");
}
template <backend B, typename Input, typename... Rest>
event make_event(const Input&, const Rest&...) {
  detail::no_interop("make_event");
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
