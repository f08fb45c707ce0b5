#pragma once
// The atomic primitives atomic_ref and atomic_fence are built on (atomic_load, atomic_fetch_add,
// thread_fence, ...: one signature on every backend), taken from the backend that the code
// being compiled runs on.
#include "tessera/detail/macros.hpp"
#if TESSERA_DEVICE_PASS
#include "tessera/backend/cuda/atomic_ops.hpp"
#else
#include "tessera/backend/cpu/atomic_ops.hpp"
#endif
