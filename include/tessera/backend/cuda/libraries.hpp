#pragma once
// The CUDA library headers the backend's headers use, read while CUDA's vector types still
// carry their __cuda_ names (see tessera/detail/macros.hpp): libcu++ reaches cuda_fp16.h,
// which names float2. A header added here is read by every CUDA translation unit; heavier ones
// (CUB) are included where needed, between tessera_cuda_vector_names_begin.h and _end.h.
#include <cuda/atomic>
#include <cuda_runtime.h>
