#pragma once
// A constexpr bit reinterpretation usable in host and device code alike (std::bit_cast is C++20,
// and the compilers' builtin is what it is built on in both g++ and clang).
#include "tessera/detail/macros.hpp"

namespace tessera::detail {

template <typename To, typename From>
TESSERA_HOST_DEVICE constexpr To bit_cast(const From& from) noexcept {
  static_assert(sizeof(To) == sizeof(From), "bit_cast needs types of one size");
  return __builtin_bit_cast(To, from);
}

}  // namespace tessera::detail
