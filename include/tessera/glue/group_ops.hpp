#pragma once
// The group algorithms (broadcast, votes, shifts, permutes, reductions, scans, joint algorithms,
// group_load/group_store) as one operation set, `tessera::glue::ops`, from the backend that the
// code being compiled runs on: sycl/group_algorithms.hpp and the extensions are written once
// over it. Each backend implements the same names and signatures in its own folder.
#include "tessera/glue/device_ops.hpp"
#if TESSERA_DEVICE_PASS
#include "tessera/backend/cuda/group_ops.hpp"
#else
#include "tessera/backend/cpu/group_load_store.hpp"
#include "tessera/backend/cpu/group_ops.hpp"
#endif
