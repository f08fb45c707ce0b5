#pragma once
// DPC++'s header of device_global's properties; Tessera honours none of them (device_global.hpp).
#include "sycl/ext/oneapi/device_global.hpp"
