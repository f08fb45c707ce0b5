#pragma once
// What the check-mode tests read of a report: the error a submission raised, and the lines of
// the test's own source that it names.
#include <gtest/gtest.h>
#include <sycl/sycl.hpp>

#include <exception>
#include <string>

// Runs `submit` on a CPU queue and returns the message of the error it raised ("" if none).
template <typename Submit>
std::string error_of(Submit submit) {
  std::string message;
  sycl::queue q(sycl::cpu_selector_v, [&](sycl::exception_list errors) {
    for (auto& e : errors) try {
        std::rethrow_exception(e);
      } catch (const sycl::exception& x) {
        if (message.empty()) message = x.what();
        EXPECT_EQ(x.code(), sycl::errc::kernel);
      }
  });
  submit(q);
  q.wait_and_throw();
  return message;
}

// Whether `msg` names `line` of the calling test's source file.
inline bool mentions_line(const std::string& msg, int line, const char* file = __builtin_FILE()) {
  const std::string path = file;
  return msg.find(path.substr(path.find_last_of('/') + 1) + ":" + std::to_string(line)) != std::string::npos;
}
