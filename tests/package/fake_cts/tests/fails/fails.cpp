// A category with a failing case.
#include "fake_catch2.hpp"

static fake_outcome passes() { return fake_outcome::passed; }
static fake_outcome fails() { return fake_outcome::failed; }

std::vector<fake_case> fake_cases() { return {{"passes", passes}, {"fails", fails}}; }
