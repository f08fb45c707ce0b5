#pragma once
#include <cstddef>

#include "runtime/address_sanitizer.hpp"
#if defined(TESSERA_SANITIZE_THREAD)
#include <sanitizer/tsan_interface.h>
#endif

namespace tessera::cpu::sanitizer {

// AddressSanitizer and ThreadSanitizer must be told of every stack switch, or they mistake one
// fiber's frames for another's. A ThreadSanitizer build tells ThreadSanitizer alone: its runtime
// answers AddressSanitizer's fiber calls too, and those corrupted its shadow stack (every fiber
// kernel crashed in its unwinder). AddressSanitizer is found at run time, as check mode's programs
// use it with this library built without it; ThreadSanitizer needs the library built with it.
struct stack {
  const void* bottom = nullptr;
  std::size_t size = 0;
  void* tsan_fiber = nullptr;
};

// The calling context's identity, to be switched back to later.
inline stack current() {
  stack s;
#if defined(TESSERA_SANITIZE_THREAD)
  s.tsan_fiber = __tsan_get_current_fiber();
#endif
  return s;
}

inline void create(stack& s, const void* top, std::size_t size) {
  s.bottom = static_cast<const char*>(top) - size;
  s.size = size;
#if defined(TESSERA_SANITIZE_THREAD)
  s.tsan_fiber = __tsan_create_fiber(0);
#endif
}

inline void destroy([[maybe_unused]] stack& s) {
#if defined(TESSERA_SANITIZE_THREAD)
  if (s.tsan_fiber) __tsan_destroy_fiber(s.tsan_fiber);
  s.tsan_fiber = nullptr;
#endif
}

// `fake` is null when the switching context will never run again.
inline void before_switch([[maybe_unused]] void** fake, [[maybe_unused]] const stack& to) {
#if defined(TESSERA_SANITIZE_THREAD)
  __tsan_switch_to_fiber(to.tsan_fiber, 0);
#else
  if (__sanitizer_start_switch_fiber) __sanitizer_start_switch_fiber(fake, to.bottom, to.size);
#endif
}

// Called first thing in the context switched to; records where the switch came from.
inline void after_switch([[maybe_unused]] void* fake, [[maybe_unused]] stack* from) {
#if !defined(TESSERA_SANITIZE_THREAD)
  if (!__sanitizer_finish_switch_fiber) return;
  const void* bottom = nullptr;
  std::size_t size = 0;
  __sanitizer_finish_switch_fiber(fake, &bottom, &size);
  if (from) from->bottom = bottom, from->size = size;
#endif
}

} // namespace tessera::cpu::sanitizer
