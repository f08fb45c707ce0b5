#pragma once
// C++ AMP (Microsoft's C++ Accelerated Massive Parallelism) on Tessera: a thin layer over the SYCL
// runtime. parallel_for_each is a SYCL kernel on an accelerator_view's in-order queue, a tile is a
// work-group, tile_static memory is the tile's shared memory, tile_barrier is a work-group barrier.

// POSIX's index() (<strings.h>, which <cstring> brings) would make `index<2>` ambiguous after
// `using namespace concurrency;`. Programs built through Tessera (tessera++, Tessera::sycl) read
// <strings.h> through tessera/posix/strings.h, which declares it under another name, whatever
// came first; this does the same for a compile given only Tessera's include directory, where
// amp.h comes before <cstring>.
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
