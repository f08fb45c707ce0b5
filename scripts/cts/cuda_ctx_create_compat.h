// Forced into the SYCL-CTS's cuda_interop sources by AdaptTessera.cmake. They call CUDA 12's
// cuCtxCreate(&context, flags, device), which CUDA 13 replaced by cuCtxCreate(&context, params,
// flags, device) (cuda.h names it cuCtxCreate_v4); with null params that is the same call.
#pragma once
#include <cuda.h>

#if defined(__cplusplus) && CUDA_VERSION >= 13000
inline CUresult cuCtxCreate_v4(CUcontext* context, unsigned int flags, CUdevice device) {
  return cuCtxCreate_v4(context, nullptr, flags, device);
}
#endif
