#pragma once
// The one operation set that SYCL's device-side classes (nd_item, group, sub_group, accessors,
// reducers) are written against: `tessera::glue::ops`, taken from the backend that the code
// being compiled runs on. A CUDA translation unit is compiled twice, and each pass gets its own.
#include "tessera/detail/macros.hpp"
#if TESSERA_DEVICE_PASS
#include "tessera/backend/cuda/item_ops.hpp"
namespace tessera::glue {
namespace ops = ::tessera::cuda::ops;
}
#else
#include "tessera/backend/cpu/item_ops.hpp"
namespace tessera::glue {
namespace ops = ::tessera::cpu::ops;
}
#endif
