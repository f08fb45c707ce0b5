#include "tessera/backend/cpu/local_arena.hpp"

#include <memory>
#include <new>

namespace tessera::cpu::local_arena {

char* for_this_thread() {
  struct deleter {
    void operator()(char* p) const { ::operator delete[](p, std::align_val_t{alignment}); }
  };
  thread_local std::unique_ptr<char[], deleter> arena(
      static_cast<char*>(::operator new[](bytes, std::align_val_t{alignment})));
  return arena.get();
}

} // namespace tessera::cpu::local_arena
