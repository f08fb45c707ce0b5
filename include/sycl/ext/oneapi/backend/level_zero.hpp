#pragma once
// DPC++'s Level Zero interoperability header. Tessera has no Level Zero devices: its interop
// functions compile and throw (sycl/interop.hpp).
#include "sycl/sycl.hpp"
