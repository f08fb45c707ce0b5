#pragma once
#include "tessera/detail/macros.hpp"

namespace tessera::group {

// Where a collective was called from. Taken as a defaulted argument of every collective so that a
// barrier that not every work-item reaches can be reported with its file and line.
struct call_site {
  const char* file;
  unsigned line;

  TESSERA_HOST_DEVICE static constexpr call_site here(const char* f = __builtin_FILE(),
                                                      unsigned l = __builtin_LINE()) {
    return {f, l};
  }
};

} // namespace tessera::group
