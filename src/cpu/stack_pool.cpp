#include "cpu/stack_pool.hpp"

#include <cstdlib>

#include "runtime/address_sanitizer.hpp"

namespace tessera::cpu {

std::size_t stack_pool::stack_bytes() {
  if (const char* s = std::getenv("TESSERA_FIBER_STACK_SIZE")) {
    const long n = std::strtol(s, nullptr, 10);
    if (n >= 16 * 1024) return static_cast<std::size_t>(n);
  }
#if defined(TESSERA_SANITIZE_THREAD)
  return 512 * 1024; // sanitizers' frames are several times larger
#else
  return runtime::address_sanitizer::present() ? 512 * 1024 : 128 * 1024;
#endif
}

stack_pool& stack_pool::for_this_thread() {
  thread_local stack_pool pool(stack_bytes());
  return pool;
}

stack_pool::~stack_pool() {
  for (auto& s : free_) allocator_.deallocate(s);
}

boost::context::stack_context stack_pool::take() {
  if (free_.empty()) return last_ = allocator_.allocate();
  last_ = free_.back();
  free_.pop_back();
  // A fiber that ended by switching away never returned from its frames, whose redzones stay
  // poisoned: the next fiber on this stack would be reported for touching its own locals.
  runtime::address_sanitizer::unpoison(static_cast<char*>(last_.sp) - last_.size, last_.size);
  return last_;
}

} // namespace tessera::cpu
