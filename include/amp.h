#pragma once
// C++ AMP (Microsoft's C++ Accelerated Massive Parallelism) on Tessera: a thin layer over the SYCL
// runtime. parallel_for_each is a SYCL kernel on an accelerator_view's in-order queue, a tile is a
// work-group, tile_static memory is the tile's shared memory, tile_barrier is a work-group barrier.

// POSIX's index() (<strings.h>, which <cstring> brings) would make `index<2>` ambiguous after
// `using namespace concurrency;`. Declared under another name it stays callable (its asm label keeps
// the symbol) and out of the way; this works where amp.h comes before <cstring>. Where <strings.h>
// came first (always in clang's CUDA mode, whose wrapper includes it), a using-declaration in the
// function or namespace that uses it, `using concurrency::index;`, settles the name.
#if !defined(_STRINGS_H)
#define index tessera_posix_index
#include <strings.h>
#undef index
#endif
#include <sycl/sycl.hpp>

#include "tessera/amp/accelerator.hpp"
#include "tessera/amp/array.hpp"
#include "tessera/amp/array_view.hpp"
#include "tessera/amp/atomics.hpp"
#include "tessera/amp/copy.hpp"
#include "tessera/amp/exceptions.hpp"
#include "tessera/amp/extent.hpp"
#include "tessera/amp/index.hpp"
#include "tessera/amp/parallel_for_each.hpp"
#include "tessera/amp/tiled.hpp"
// Last: it defines the `restrict` and `tile_static` macros, which no header above should see.
#include "tessera/amp/restrict.hpp"

namespace Concurrency = concurrency;
