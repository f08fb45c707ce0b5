// Test cases of the stand-in CTS. A case returns how it ended; main.cpp runs them all and writes
// the report as Catch2's XML reporter does (the elements scripts/cts/catch2_counts.py reads).
#pragma once
#include "disabled_for_test_case.h"

#include <vector>

enum class fake_outcome { passed, failed, skipped };

struct fake_case {
  const char* name;
  fake_outcome (*run)();
};

// Each category defines its cases.
std::vector<fake_case> fake_cases();
