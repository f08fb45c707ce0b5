#pragma once
// The math and integer built-ins whose fastest form is the backend's own (bit counts, high
// products, sycl::native), as `tessera::glue::ops`, from the backend that the code being compiled
// runs on; sycl/builtins/ is written once over them.
#include "tessera/glue/device_ops.hpp"
#if TESSERA_DEVICE_PASS
#include "tessera/backend/cuda/builtin_ops.hpp"
#else
#include "tessera/backend/cpu/builtin_ops.hpp"
#endif
