// A category whose every case skips (the device lacks what it tests).
#include "fake_catch2.hpp"

static fake_outcome lacks_aspect() { return fake_outcome::skipped; }

std::vector<fake_case> fake_cases() { return {{"lacks aspect", lacks_aspect}}; }
