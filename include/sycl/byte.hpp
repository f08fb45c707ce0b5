#pragma once
// SYCL 1.2.1's sycl::byte, which SYCL 2020 deprecates for std::byte. DPC++ keeps it as a
// deprecated alias of std::uint8_t, and so does this (the SYCL-CTS's nd_item and group copy
// tests use it).
#include <cstdint>

namespace sycl {

using byte [[deprecated("sycl::byte is deprecated in SYCL 2020: use std::byte")]] = std::uint8_t;

} // namespace sycl
