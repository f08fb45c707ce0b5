#pragma once
// True in a translation unit compiled as CUDA (clang in CUDA mode, or nvcc), on both of its
// passes: only such units can launch kernels on the GPU.
#if defined(__CUDA__) || defined(__CUDACC__)
#define TESSERA_CUDA_COMPILE 1
#else
#define TESSERA_CUDA_COMPILE 0
#endif
