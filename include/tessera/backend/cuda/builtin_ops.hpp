#pragma once
#include <cstdint>

// The built-ins whose best form depends on the backend, in CUDA device code: CUDA's integer
// intrinsics, and its fast approximations for sycl::native (__expf, __sinf, __fdividef, ...).
// The same names as the CPU backend's builtin_ops.hpp.
namespace tessera::cuda::ops {

__device__ inline int clz64(std::uint64_t x) { return __clzll(static_cast<long long>(x)); }
__device__ inline int ctz64(std::uint64_t x) { return x == 0 ? 64 : __ffsll(static_cast<long long>(x)) - 1; }
__device__ inline int popcount64(std::uint64_t x) { return __popcll(x); }

__device__ inline std::int64_t mul_hi64(std::int64_t x, std::int64_t y) { return __mul64hi(x, y); }
__device__ inline std::uint64_t mul_hi64(std::uint64_t x, std::uint64_t y) { return __umul64hi(x, y); }
__device__ inline std::int32_t mul24(std::int32_t x, std::int32_t y) { return __mul24(x, y); }
__device__ inline std::uint32_t mul24(std::uint32_t x, std::uint32_t y) { return __umul24(x, y); }

__device__ inline float native_cos(float x) { return __cosf(x); }
__device__ inline float native_exp(float x) { return __expf(x); }
__device__ inline float native_exp2(float x) { return exp2f(x); }
__device__ inline float native_exp10(float x) { return __exp10f(x); }
__device__ inline float native_log(float x) { return __logf(x); }
__device__ inline float native_log2(float x) { return __log2f(x); }
__device__ inline float native_log10(float x) { return __log10f(x); }
__device__ inline float native_recip(float x) { return __fdividef(1.0f, x); }
__device__ inline float native_rsqrt(float x) { return rsqrtf(x); }
__device__ inline float native_sin(float x) { return __sinf(x); }
__device__ inline float native_sqrt(float x) { return sqrtf(x); }
__device__ inline float native_tan(float x) { return __tanf(x); }
__device__ inline float native_divide(float x, float y) { return __fdividef(x, y); }
__device__ inline float native_powr(float x, float y) { return __powf(x, y); }

} // namespace tessera::cuda::ops
