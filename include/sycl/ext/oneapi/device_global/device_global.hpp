#pragma once
// Where DPC++ programs include the device_global extension from.
#include "sycl/ext/oneapi/device_global.hpp"
