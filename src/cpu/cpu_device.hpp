#pragma once
#include "tessera/runtime/device_impl.hpp"

namespace tessera::cpu {
// The one CPU device: all cores of this machine.
const runtime::device_impl& device();
} // namespace tessera::cpu
