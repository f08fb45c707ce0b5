// A category whose second case kills the process.
#include "fake_catch2.hpp"

#include <cstdlib>

static fake_outcome passes() { return fake_outcome::passed; }
static fake_outcome aborts() { std::abort(); }

std::vector<fake_case> fake_cases() { return {{"passes", passes}, {"aborts", aborts}}; }
