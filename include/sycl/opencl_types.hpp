#pragma once
// The OpenCL backend's scalar types, sycl::opencl::cl_bool ... cl_double (SYCL 2020's OpenCL
// backend specification). Tessera has no OpenCL devices, but the names are plain aliases that
// DPC++ defines whatever the backend, and the SYCL-CTS lists them among the types it tests.
#include <cstdint>

#include "sycl/half.hpp"

namespace sycl::opencl {

using cl_bool = bool;
using cl_char = std::int8_t;
using cl_uchar = std::uint8_t;
using cl_short = std::int16_t;
using cl_ushort = std::uint16_t;
using cl_int = std::int32_t;
using cl_uint = std::uint32_t;
using cl_long = std::int64_t;
using cl_ulong = std::uint64_t;
using cl_half = half;
using cl_float = float;
using cl_double = double;

} // namespace sycl::opencl
