#pragma once
// DPC++'s dot-accumulate of four 8-bit integers (sycl_ext_oneapi_dot_accumulate): dp4a on the GPU.
#include <cstdint>
#include <type_traits>

#include "sycl/vec.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/glue/builtin_ops.hpp"

#define SYCL_EXT_ONEAPI_DOT_ACCUMULATE 1

namespace sycl::ext::oneapi {

namespace detail {
template <typename T> constexpr bool is_byte_v = std::is_same_v<T, std::int8_t> || std::is_same_v<T, std::uint8_t>;
template <typename T> constexpr bool is_word_v = std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t>;

// The four elements as one word of the same signedness, element 0 in the least significant byte.
template <typename T> TESSERA_HOST_DEVICE auto packed(const vec<T, 4>& v) {
  std::uint32_t w = 0;
  for (int k = 0; k < 4; ++k) w |= std::uint32_t{static_cast<std::uint8_t>(v[k])} << (8 * k);
  return static_cast<std::conditional_t<std::is_signed_v<T>, std::int32_t, std::uint32_t>>(w);
}
} // namespace detail

template <typename A, typename B, typename = std::enable_if_t<detail::is_byte_v<A> && detail::is_byte_v<B>>>
TESSERA_HOST_DEVICE std::int32_t dot_acc(vec<A, 4> a, vec<B, 4> b, std::int32_t c) {
  return ::tessera::glue::ops::dot4x8(detail::packed(a), detail::packed(b), c);
}

template <typename A, typename B, typename = std::enable_if_t<detail::is_word_v<A> && detail::is_word_v<B>>>
TESSERA_HOST_DEVICE std::int32_t dot_acc_4x8packed(A a, B b, std::int32_t c) {
  return ::tessera::glue::ops::dot4x8(a, b, c);
}
// The extension's own spelling of the name.
template <typename A, typename B, typename = std::enable_if_t<detail::is_word_v<A> && detail::is_word_v<B>>>
TESSERA_HOST_DEVICE std::int32_t doc_acc_4x8packed(A a, B b, std::int32_t c) {
  return dot_acc_4x8packed(a, b, c);
}
// Deprecated by the extension for dot_acc_4x8packed, and what programs call.
template <typename A, typename B, typename = std::enable_if_t<detail::is_word_v<A> && detail::is_word_v<B>>>
TESSERA_HOST_DEVICE std::int32_t dot_acc(A a, B b, std::int32_t c) {
  return dot_acc_4x8packed(a, b, c);
}

} // namespace sycl::ext::oneapi
