// A category that does not compile.
#include "fake_catch2.hpp"

static_assert(sizeof(int) == 0, "fake_cts: this category does not build");

std::vector<fake_case> fake_cases() { return {}; }
