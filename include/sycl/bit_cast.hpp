#pragma once
#include <type_traits>

#include "tessera/detail/macros.hpp"

namespace sycl {

// SYCL 2020 §4.17.1 (std::bit_cast, usable from C++17 and in device code).
template <typename To, typename From>
TESSERA_HOST_DEVICE constexpr std::enable_if_t<sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<From> &&
                                                   std::is_trivially_copyable_v<To>,
                                               To>
bit_cast(const From& from) noexcept {
  return __builtin_bit_cast(To, from);
}

} // namespace sycl
