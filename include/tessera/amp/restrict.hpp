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
// In check mode the annotation marks it for the CBS plugin, which checks its accesses as the
// tile's local memory (compiler/cbs/shared_variables.cpp).
#if TESSERA_DEVICE_PASS
#define tile_static __shared__
#elif defined(TESSERA_CHECK) && defined(__clang__)
#define tile_static __attribute__((annotate("tessera.tile_static"))) static thread_local
#else
#define tile_static static thread_local
#endif
