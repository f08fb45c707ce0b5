#pragma once
#include <string>
#include <type_traits>
#include <vector>

#include "sycl/backend.hpp"
#include "sycl/exception.hpp"
#include "tessera/runtime/native_objects.hpp"

// SYCL 2020 §4.5.1 backend interoperability: the native types and the host task's interop_handle
// (get_native and make_* are in sycl/interop.hpp). Tessera's devices are its own (native CPU) or CUDA
// devices that it drives through the runtime API. The CUDA ones interoperate as the Khronos SYCL
// CUDA backend specifies (backend::cuda, the same as ext_oneapi_cuda): CUdevice, CUcontext,
// CUstream and CUevent both ways, accessors as device pointers in kernels. Tessera exposes no
// OpenCL or Level Zero objects and adopts none; so that programs written for those backends
// compile, every function exists and throws: errc::backend_mismatch where the object belongs to
// another backend (as the spec asks of get_native), otherwise errc::feature_not_supported, naming
// the function. The native types are the backends' own opaque handles, declared here so that no
// backend header is needed.

struct _cl_platform_id;
struct _cl_device_id;
struct _cl_context;
struct _cl_command_queue;
struct _cl_event;
struct _cl_mem;
struct _cl_kernel;
struct _cl_program;
struct _ze_driver_handle_t;
struct _ze_device_handle_t;
struct _ze_context_handle_t;
struct _ze_command_queue_handle_t;
struct _ze_event_handle_t;
struct _ze_kernel_handle_t;
struct _ze_module_handle_t;
struct CUctx_st;
struct CUstream_st;
struct CUevent_st;

namespace sycl {

class platform;
class device;
class context;
class queue;
class event;
class kernel;
template <typename T> class buffer_allocator;
template <typename T, int D, typename A> class buffer;
enum class bundle_state;
template <bundle_state S> class kernel_bundle;

namespace detail {
// What get_native returns; native_input, what make_* takes where that differs.
template <backend B, typename T> struct native { using type = void*; };
#define TESSERA_NATIVE(B, T, N)                                                                             \
  template <> struct native<backend::B, T> { using type = N; };
TESSERA_NATIVE(opencl, platform, _cl_platform_id*)
TESSERA_NATIVE(opencl, device, _cl_device_id*)
TESSERA_NATIVE(opencl, context, _cl_context*)
TESSERA_NATIVE(opencl, queue, _cl_command_queue*)
TESSERA_NATIVE(opencl, event, _cl_event*)
TESSERA_NATIVE(opencl, kernel, _cl_kernel*)
TESSERA_NATIVE(ext_oneapi_level_zero, platform, _ze_driver_handle_t*)
TESSERA_NATIVE(ext_oneapi_level_zero, device, _ze_device_handle_t*)
TESSERA_NATIVE(ext_oneapi_level_zero, context, _ze_context_handle_t*)
TESSERA_NATIVE(ext_oneapi_level_zero, queue, _ze_command_queue_handle_t*)
TESSERA_NATIVE(ext_oneapi_level_zero, event, _ze_event_handle_t*)
TESSERA_NATIVE(ext_oneapi_level_zero, kernel, _ze_kernel_handle_t*)
TESSERA_NATIVE(ext_oneapi_cuda, device, int) // CUdevice
TESSERA_NATIVE(ext_oneapi_cuda, context, std::vector<CUctx_st*>)
TESSERA_NATIVE(ext_oneapi_cuda, queue, CUstream_st*)
TESSERA_NATIVE(ext_oneapi_cuda, event, CUevent_st*)
#undef TESSERA_NATIVE
template <typename T, int D, typename A> struct native<backend::opencl, buffer<T, D, A>> { using type = std::vector<_cl_mem*>; };
template <bundle_state S> struct native<backend::opencl, kernel_bundle<S>> { using type = std::vector<_cl_program*>; };
template <bundle_state S> struct native<backend::ext_oneapi_level_zero, kernel_bundle<S>> {
  using type = std::vector<_ze_module_handle_t*>;
};
template <backend B, typename T> struct native_input : native<B, T> {};
// The SYCL CUDA backend: a context is made of one CUcontext, and gives the list of them.
template <> struct native_input<backend::ext_oneapi_cuda, context> { using type = CUctx_st*; };

template <typename T, typename = void> struct has_backend : std::false_type {};
template <typename T> struct has_backend<T, std::void_t<decltype(std::declval<const T&>().get_backend())>> : std::true_type {};

[[noreturn]] inline void no_interop(const std::string& function) {
  throw exception(errc::feature_not_supported,
                  function + ": Tessera neither exposes nor adopts native OpenCL or Level Zero objects, nor CUDA "
                             "ones but devices, contexts, queues, events and accessors in kernels");
}
inline void check_backend(backend wanted, backend own, const std::string& function) {
  if (wanted == own) return;
  std::string mine;
  switch (own) {
  case backend::ext_oneapi_native_cpu: mine = "ext_oneapi_native_cpu"; break;
  case backend::ext_oneapi_cuda: mine = "ext_oneapi_cuda"; break;
  default: mine = "another backend"; break;
  }
  throw exception(errc::backend_mismatch, function + ": the object belongs to backend " + mine);
}
} // namespace detail

template <backend B>
struct backend_traits {
  template <typename T> using input_type = typename detail::native_input<B, T>::type;
  template <typename T> using return_type = typename detail::native<B, T>::type;
};
template <backend B, typename T> using backend_input_t = typename backend_traits<B>::template input_type<T>;
template <backend B, typename T> using backend_return_t = typename backend_traits<B>::template return_type<T>;

// §4.10.2: what a host task may ask of the native objects behind its command: on a GPU, the
// queue's CUstream, its GPU's CUdevice and, as DPC++ answers, the GPU's primary CUcontext (the
// one Tessera's work runs in).
class interop_handle {
public:
  interop_handle() = delete;
  // The queue's device, and its backend queue (a GPU's CUDA stream; null on the CPU).
  interop_handle(const tessera::runtime::device_impl& device, void* stream)
      : backend_(detail::backend_of(device.kind)), device_(&device), stream_(stream) {}

  backend get_backend() const noexcept { return backend_; }

  template <backend B> backend_return_t<B, queue> get_native_queue() const {
    if constexpr (B == backend::ext_oneapi_cuda) return static_cast<CUstream_st*>(cuda("get_native_queue")->stream_);
    else refuse(B, "get_native_queue");
  }
  template <backend B> backend_return_t<B, device> get_native_device() const {
    if constexpr (B == backend::ext_oneapi_cuda) return cuda("get_native_device")->device_->ordinal;
    else refuse(B, "get_native_device");
  }
  template <backend B> backend_return_t<B, context> get_native_context() const {
    if constexpr (B == backend::ext_oneapi_cuda)
      return {static_cast<CUctx_st*>(tessera::runtime::primary_context(*cuda("get_native_context")->device_))};
    else refuse(B, "get_native_context");
  }
  // On a GPU, the buffer's memory there (a host task with an interop_handle has its buffers on
  // the queue's device, see queue_impl::start), as the SYCL CUDA backend gives it: a T*.
  template <backend B, typename Accessor>
  std::conditional_t<B == backend::opencl, std::vector<_cl_mem*>,
                     std::conditional_t<B == backend::ext_oneapi_cuda,
                                        std::remove_const_t<typename Accessor::value_type>*, void*>>
  get_native_mem(const Accessor& a) const {
    if constexpr (B == backend::ext_oneapi_cuda) {
      cuda("get_native_mem");
      return a.v_.data;
    } else {
      refuse(B, "get_native_mem");
    }
  }

private:
  [[noreturn]] void refuse(backend wanted, const char* what) const {
    detail::check_backend(wanted, backend_, std::string("interop_handle::") + what);
    detail::no_interop(std::string("interop_handle::") + what);
  }
  const interop_handle* cuda(const char* what) const {
    detail::check_backend(backend::ext_oneapi_cuda, backend_, std::string("interop_handle::") + what);
    return this;
  }
  backend backend_;
  const tessera::runtime::device_impl* device_;
  void* stream_;
};

} // namespace sycl
