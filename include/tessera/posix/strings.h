// <strings.h> as Tessera's programs see it (this folder is on their include path, ahead of the
// system's): POSIX's legacy index() is declared as tessera_posix_index (its asm label keeps the
// symbol; strchr does the same), because a global `index` makes C++ AMP's `index<2>` ambiguous
// after `using namespace concurrency;`, and <string.h> brings <strings.h> before <amp.h> can act
// (clang's CUDA mode always reads it first).
#pragma GCC system_header
#define index tessera_posix_index
#include_next <strings.h>
#undef index
