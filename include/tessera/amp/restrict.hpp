#pragma once
#include "tessera/detail/macros.hpp"

// C++ AMP's restriction specifiers. `restrict(amp)` and `restrict(amp, cpu)` follow a parameter
// list; as CUDA attributes there (clang accepts them after the parameters, on functions and
// lambdas alike) they make a function callable from kernels, the only effect they can have
// without MSVC's language subset checks. nvcc does not accept that position, hence the warning's
// silence: the AMP layer is compiled by g++ or clang.
#if defined(__CUDA__) && defined(__clang__)
#pragma clang diagnostic ignored "-Wcuda-compat"
#define restrict(...) __attribute__((host, device))
#else
#define restrict(...)
#endif

// Memory shared by the work-items of a tile, one instance per tile. On the GPU it is CUDA shared
// memory. On the CPU a worker thread runs one tile at a time to completion (its items as fibers
// of that thread), so a thread-local instance is exactly the tile's.
#if TESSERA_DEVICE_PASS
#define tile_static __shared__
#else
#define tile_static static thread_local
#endif
