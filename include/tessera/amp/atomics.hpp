#pragma once
#include <sycl/atomic_ref.hpp>

// C++ AMP's atomic functions: device-scope relaxed read-modify-writes on int, unsigned int and
// (for exchange) float, as sycl::atomic_ref provides them on every backend.
namespace concurrency {

namespace detail {
template <typename T>
using amp_atomic = sycl::atomic_ref<T, sycl::memory_order::relaxed, sycl::memory_scope::device>;
}

#define TESSERA_AMP_ATOMIC(name, call)                                                                                \
  TESSERA_HOST_DEVICE inline int atomic_fetch_##name(int* dest, int v) { return detail::amp_atomic<int>(*dest).call(v); } \
  TESSERA_HOST_DEVICE inline unsigned atomic_fetch_##name(unsigned* dest, unsigned v) {                              \
    return detail::amp_atomic<unsigned>(*dest).call(v);                                                               \
  }
TESSERA_AMP_ATOMIC(add, fetch_add)
TESSERA_AMP_ATOMIC(sub, fetch_sub)
TESSERA_AMP_ATOMIC(max, fetch_max)
TESSERA_AMP_ATOMIC(min, fetch_min)
TESSERA_AMP_ATOMIC(and, fetch_and)
TESSERA_AMP_ATOMIC(or, fetch_or)
TESSERA_AMP_ATOMIC(xor, fetch_xor)
#undef TESSERA_AMP_ATOMIC

TESSERA_HOST_DEVICE inline int atomic_fetch_inc(int* dest) { return atomic_fetch_add(dest, 1); }
TESSERA_HOST_DEVICE inline unsigned atomic_fetch_inc(unsigned* dest) { return atomic_fetch_add(dest, 1u); }
TESSERA_HOST_DEVICE inline int atomic_fetch_dec(int* dest) { return atomic_fetch_sub(dest, 1); }
TESSERA_HOST_DEVICE inline unsigned atomic_fetch_dec(unsigned* dest) { return atomic_fetch_sub(dest, 1u); }

TESSERA_HOST_DEVICE inline int atomic_exchange(int* dest, int v) { return detail::amp_atomic<int>(*dest).exchange(v); }
TESSERA_HOST_DEVICE inline unsigned atomic_exchange(unsigned* dest, unsigned v) {
  return detail::amp_atomic<unsigned>(*dest).exchange(v);
}
TESSERA_HOST_DEVICE inline float atomic_exchange(float* dest, float v) {
  return detail::amp_atomic<float>(*dest).exchange(v);
}
// On failure *expected receives the value found, as in C++ AMP.
TESSERA_HOST_DEVICE inline bool atomic_compare_exchange(int* dest, int* expected, int v) {
  return detail::amp_atomic<int>(*dest).compare_exchange_strong(*expected, v);
}
TESSERA_HOST_DEVICE inline bool atomic_compare_exchange(unsigned* dest, unsigned* expected, unsigned v) {
  return detail::amp_atomic<unsigned>(*dest).compare_exchange_strong(*expected, v);
}

} // namespace concurrency
