// The OpenCL backend's scalar types (sycl::opencl::cl_int, ...): aliases of the fixed-width types,
// as in DPC++, which the SYCL-CTS's type lists name whatever the backend.
#include <sycl/sycl.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <type_traits>

namespace {

TEST(OpenclTypes, AreTheFixedWidthTypes) {
  static_assert(std::is_same_v<sycl::opencl::cl_bool, bool>);
  static_assert(std::is_same_v<sycl::opencl::cl_char, std::int8_t>);
  static_assert(std::is_same_v<sycl::opencl::cl_uchar, std::uint8_t>);
  static_assert(std::is_same_v<sycl::opencl::cl_short, std::int16_t>);
  static_assert(std::is_same_v<sycl::opencl::cl_ushort, std::uint16_t>);
  static_assert(std::is_same_v<sycl::opencl::cl_int, std::int32_t>);
  static_assert(std::is_same_v<sycl::opencl::cl_uint, std::uint32_t>);
  static_assert(std::is_same_v<sycl::opencl::cl_long, std::int64_t>);
  static_assert(std::is_same_v<sycl::opencl::cl_ulong, std::uint64_t>);
  static_assert(std::is_same_v<sycl::opencl::cl_half, sycl::half>);
  static_assert(std::is_same_v<sycl::opencl::cl_float, float>);
  static_assert(std::is_same_v<sycl::opencl::cl_double, double>);
  const sycl::vec<sycl::opencl::cl_int, 2> v(1, 2);
  EXPECT_EQ(v[1], 2);
}

// SYCL 1.2.1's vectors of them, sycl::cl_int4 ..., which DPC++ keeps.
TEST(OpenclTypes, VectorAliasesAreVecsOfThem) {
  static_assert(std::is_same_v<sycl::cl_int4, sycl::vec<std::int32_t, 4>>);
  static_assert(std::is_same_v<sycl::cl_uchar16, sycl::vec<std::uint8_t, 16>>);
  static_assert(std::is_same_v<sycl::cl_half2, sycl::vec<sycl::half, 2>>);
  static_assert(std::is_same_v<sycl::cl_double3, sycl::vec<double, 3>>);
  const sycl::cl_float8 f(0.5f);
  EXPECT_EQ(f[7], 0.5f);
}

}  // namespace
