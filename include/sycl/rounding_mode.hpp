#pragma once
// The rounding modes of vec::convert (SYCL 2020 §4.14.2.1).
namespace sycl {

enum class rounding_mode { automatic, rte, rtz, rtp, rtn };

}  // namespace sycl
