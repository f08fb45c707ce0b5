#pragma once
#include <cstdint>
#include <type_traits>

#include "tessera/detail/dot4x8.hpp"

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

// A load through the read-only data cache, for the scalars CUDA has __ldg for; other types
// (sycl::vec, a user's struct) are loaded plainly.
template <typename T> __device__ T read_only_load(const T* p) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    return __ldg(p);
  } else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    if constexpr (sizeof(T) == 1) return static_cast<T>(__ldg(reinterpret_cast<const unsigned char*>(p)));
    if constexpr (sizeof(T) == 2) return static_cast<T>(__ldg(reinterpret_cast<const unsigned short*>(p)));
    if constexpr (sizeof(T) == 4) return static_cast<T>(__ldg(reinterpret_cast<const unsigned int*>(p)));
    if constexpr (sizeof(T) == 8) return static_cast<T>(__ldg(reinterpret_cast<const unsigned long long*>(p)));
  } else {
    return *p;
  }
}

// Four 8-bit products summed into c: one instruction (dp4a, sm_61 and later) where both operands
// have the same signedness, which is all dp4a takes.
template <typename A, typename B> __device__ std::int32_t dot4x8(A a, B b, std::int32_t c) {
  return ::tessera::detail::dot4x8(a, b, c);
}
__device__ inline std::int32_t dot4x8(std::int32_t a, std::int32_t b, std::int32_t c) { return __dp4a(a, b, c); }
__device__ inline std::int32_t dot4x8(std::uint32_t a, std::uint32_t b, std::int32_t c) {
  return static_cast<std::int32_t>(__dp4a(a, b, static_cast<std::uint32_t>(c)));
}

} // namespace tessera::cuda::ops
