#pragma once
#include <cstdint>
#include <type_traits>

#include "tessera/detail/macros.hpp"

namespace tessera::detail {

// c plus the four products of a's and b's bytes, byte 0 the least significant: the bytes of a
// signed operand are signed, of an unsigned one unsigned (sycl_ext_oneapi_dot_accumulate).
template <typename A, typename B>
TESSERA_HOST_DEVICE constexpr std::int32_t dot4x8(A a, B b, std::int32_t c) {
  using byte_a = std::conditional_t<std::is_signed_v<A>, std::int8_t, std::uint8_t>;
  using byte_b = std::conditional_t<std::is_signed_v<B>, std::int8_t, std::uint8_t>;
  std::int32_t sum = c;
  for (int k = 0; k < 4; ++k)
    sum += static_cast<std::int32_t>(static_cast<byte_a>(static_cast<std::uint32_t>(a) >> (8 * k))) *
           static_cast<std::int32_t>(static_cast<byte_b>(static_cast<std::uint32_t>(b) >> (8 * k)));
  return sum;
}

} // namespace tessera::detail
