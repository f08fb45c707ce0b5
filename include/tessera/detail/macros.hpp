#pragma once
// Functions that kernels call must exist for the device when built as CUDA; on the CPU the
// marker is empty. User functions called from kernels use SYCL_EXTERNAL, which is the same marker;
// with nvcc (--extended-lambda) kernel lambdas carry it too: `[=] SYCL_EXTERNAL(sycl::id<1> i) {...}`.
#if defined(__CUDACC__) || defined(__CUDA__)
#define TESSERA_HOST_DEVICE __host__ __device__
#else
#define TESSERA_HOST_DEVICE
#endif
#ifndef SYCL_EXTERNAL
#define SYCL_EXTERNAL TESSERA_HOST_DEVICE
#endif
// True in a translation unit compiled as CUDA (clang in CUDA mode, or nvcc), on both of its
// passes: only such units can launch kernels on the GPU.
#if defined(__CUDA__) || defined(__CUDACC__)
#define TESSERA_CUDA_COMPILE 1
#else
#define TESSERA_CUDA_COMPILE 0
#endif
// SYCL 2020 §6.3.2's SYCL_BACKEND_<name> for the CUDA backend, whose interop (sycl/interop.hpp)
// programs reach with CUDA's own headers: defined where those are, in CUDA translation units (only
// a Tessera built with its CUDA backend compiles them). Elsewhere, and in a CPU-only Tessera,
// backend::cuda still names the backend, which no device there has (get_native throws
// errc::backend_mismatch), and programs such as the SYCL-CTS's skip their CUDA tests.
#if (defined(__CUDA__) || defined(__CUDACC__)) && !defined(SYCL_BACKEND_CUDA)
#define SYCL_BACKEND_CUDA 1
#endif
// True while compiling the device side of a CUDA translation unit.
#if defined(__CUDA_ARCH__)
#define TESSERA_DEVICE_PASS 1
#else
#define TESSERA_DEVICE_PASS 0
#endif
// CUDA's cuda_fp16.h (reached through libcu++) would declare a global `half` that makes `half`
// ambiguous next to sycl::half under `using namespace sycl;`; its own __half stays available.
#if (defined(__CUDACC__) || defined(__CUDA__)) && !defined(CUDA_NO_HALF)
#define CUDA_NO_HALF
#endif
// Tessera's CUDA toolkit shim (clang builds) names CUDA's vector types __cuda_float4, ... while
// CUDA's own headers are read, so that `using namespace sycl;` leaves float4 & co. unambiguous
// (cmake/TesseraCudaShim.cmake). Here, once the backend's CUDA library headers are read, their
// names become free for sycl::vec's aliases; the shim renames them again around each CUDA header
// read after this point (CUB, Thrust).
#if defined(TESSERA_CUDA_VECTOR_NAMES_ACTIVE)
#include "tessera/backend/cuda/libraries.hpp"
#include <tessera_cuda_vector_names_end.h>
#endif
// SYCL 2020 §5.6: __SYCL_DEVICE_ONLY__ is defined while the device side is compiled, never in host
// code, as DPC++'s device pass defines it. Libraries key device-only code on it: Celerity's
// accessors, copied in a kernel, skip there the host-side bookkeeping that throws.
#if defined(__CUDA_ARCH__) && !defined(__SYCL_DEVICE_ONLY__)
#define __SYCL_DEVICE_ONLY__ 1
#endif
