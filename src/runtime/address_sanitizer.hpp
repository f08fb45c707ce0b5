#pragma once
#include <cstddef>

// AddressSanitizer's interface, reached at run time: the library itself is built without it, but
// a program built with -fsanitize=address (check mode, docs/checks.md, or the ASan CI stage) links
// its runtime, which defines these. Weak references stay null in any other program.
extern "C" {
[[gnu::weak]] void __sanitizer_start_switch_fiber(void** fake_stack_save, const void* bottom, std::size_t size);
[[gnu::weak]] void __sanitizer_finish_switch_fiber(void* fake_stack_save, const void** bottom_old,
                                                   std::size_t* size_old);
[[gnu::weak]] void __asan_poison_memory_region(const volatile void* addr, std::size_t size);
[[gnu::weak]] void __asan_unpoison_memory_region(const volatile void* addr, std::size_t size);
[[gnu::weak]] void __asan_set_error_report_callback(void (*callback)(const char*));
[[gnu::weak]] void* __asan_get_report_pc();
[[gnu::weak]] void* __asan_get_report_address();
[[gnu::weak]] int __asan_get_report_access_type();
[[gnu::weak]] std::size_t __asan_get_report_access_size();
[[gnu::weak]] const char* __asan_locate_address(void* addr, char* name, std::size_t name_size, void** region_address,
                                                std::size_t* region_size);
}

namespace tessera::runtime::address_sanitizer {

// Whether this process runs under AddressSanitizer.
inline bool present() noexcept { return __asan_poison_memory_region != nullptr; }

// Marks [p, p + bytes) as memory no code may touch (an access is reported), or as usable again.
inline void poison(const void* p, std::size_t bytes) noexcept {
  if (present() && bytes) __asan_poison_memory_region(p, bytes);
}
inline void unpoison(const void* p, std::size_t bytes) noexcept {
  if (present() && bytes) __asan_unpoison_memory_region(p, bytes);
}

} // namespace tessera::runtime::address_sanitizer
