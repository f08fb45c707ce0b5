#pragma once
// DPC++'s load through the GPU's read-only data cache (sycl_ext_oneapi_cuda_tex_cache_read), at the
// path its programs include: __ldg on the GPU; a plain load on the CPU, as DPC++ does off CUDA.
#include "tessera/detail/macros.hpp"
#include "tessera/glue/builtin_ops.hpp"

namespace sycl::ext::oneapi::experimental::cuda {

template <typename T> TESSERA_HOST_DEVICE T ldg(const T* ptr) { return ::tessera::glue::ops::read_only_load(ptr); }

} // namespace sycl::ext::oneapi::experimental::cuda
