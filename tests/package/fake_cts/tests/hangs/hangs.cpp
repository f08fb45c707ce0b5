// A category whose case never returns.
#include "fake_catch2.hpp"

#include <chrono>
#include <thread>

static fake_outcome sleeps() {
  for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
}

std::vector<fake_case> fake_cases() { return {{"sleeps", sleeps}}; }
