#pragma once
#include <string>

#include <gtest/gtest.h>
#include <sycl/sycl.hpp>

// Runs f, which must throw a sycl::exception of `code` whose message names `named`.
template <typename F>
void expect_errc(sycl::errc code, const std::string& named, F f) {
  try {
    f();
    ADD_FAILURE() << "expected an exception naming " << named;
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), code) << e.what();
    EXPECT_NE(std::string(e.what()).find(named), std::string::npos) << e.what();
  }
}
