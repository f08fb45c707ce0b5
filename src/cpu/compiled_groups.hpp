#pragma once

namespace tessera::cpu {

// Counts a launch whose groups run as the CBS pass's whole-group functions (compiled_launches()).
void count_compiled_launch();
// Counts a launch that ran some group on fibers (fiber_launches()).
void count_fiber_launch();

} // namespace tessera::cpu
