#pragma once

namespace tessera::cpu {

// Counts a launch whose groups run as the CBS pass's whole-group functions (compiled_launches()).
void count_compiled_launch();

} // namespace tessera::cpu
