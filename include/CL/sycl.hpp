#pragma once
// SYCL 1.2.1's header, which SYCL 2020 (§4.3) keeps for compatibility: the same interface as
// <sycl/sycl.hpp>, reachable through ::cl::sycl as well.
#include "sycl/sycl.hpp"

namespace cl {
namespace sycl = ::sycl;
} // namespace cl
