#pragma once
// DPC++'s OpenCL interoperability header. Tessera has no OpenCL devices: its interop functions
// compile and throw (sycl/interop.hpp).
#include "sycl/sycl.hpp"
