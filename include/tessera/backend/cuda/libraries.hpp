#pragma once
// The CUDA library headers that every CUDA translation unit reads, before tessera/detail/macros.hpp
// ends the renaming of CUDA's vector types. Heavier ones (CUB) are included where needed: the
// shim renames the types around them again (cmake/TesseraCudaShim.cmake).
#include <cuda/atomic>
#include <cuda_runtime.h>
