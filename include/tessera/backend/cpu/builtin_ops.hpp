#pragma once
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "tessera/detail/dot4x8.hpp"

// The built-ins whose best form depends on the backend, on the CPU: GCC's bit builtins, 128-bit
// products, and <cmath> for sycl::native (whose precision SYCL leaves to the implementation; the
// host's own functions are as fast as any approximation a library could add). The CUDA backend's
// builtin_ops.hpp has the same names; tessera/glue/builtin_ops.hpp picks one.
namespace tessera::cpu::ops {

inline int clz64(std::uint64_t x) { return x == 0 ? 64 : __builtin_clzll(x); }
inline int ctz64(std::uint64_t x) { return x == 0 ? 64 : __builtin_ctzll(x); }
inline int popcount64(std::uint64_t x) { return __builtin_popcountll(x); }

__extension__ typedef __int128 int128_t; // __extension__: no -Wpedantic warning in user builds
__extension__ typedef unsigned __int128 uint128_t;
inline std::int64_t mul_hi64(std::int64_t x, std::int64_t y) {
  return static_cast<std::int64_t>((static_cast<int128_t>(x) * y) >> 64);
}
inline std::uint64_t mul_hi64(std::uint64_t x, std::uint64_t y) {
  return static_cast<std::uint64_t>((static_cast<uint128_t>(x) * y) >> 64);
}
// The operands are assumed to fit in 24 bits, as the spec asks: a full product is then exact.
inline std::int32_t mul24(std::int32_t x, std::int32_t y) {
  return static_cast<std::int32_t>(std::uint32_t(x) * std::uint32_t(y));
}
inline std::uint32_t mul24(std::uint32_t x, std::uint32_t y) { return x * y; }

inline float native_cos(float x) { return std::cos(x); }
inline float native_exp(float x) { return std::exp(x); }
inline float native_exp2(float x) { return std::exp2(x); }
inline float native_exp10(float x) { return std::pow(10.0f, x); }
inline float native_log(float x) { return std::log(x); }
inline float native_log2(float x) { return std::log2(x); }
inline float native_log10(float x) { return std::log10(x); }
inline float native_recip(float x) { return 1.0f / x; }
inline float native_rsqrt(float x) { return 1.0f / std::sqrt(x); }
inline float native_sin(float x) { return std::sin(x); }
inline float native_sqrt(float x) { return std::sqrt(x); }
inline float native_tan(float x) { return std::tan(x); }
inline float native_divide(float x, float y) { return x / y; }
inline float native_powr(float x, float y) { return std::pow(x, y); }

// The host has no read-only cache to go through.
template <typename T> T read_only_load(const T* p) { return *p; }

using ::tessera::detail::dot4x8;

} // namespace tessera::cpu::ops
