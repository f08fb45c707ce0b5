#pragma once
#include <exception>

#include <sycl/sycl.hpp>

// An async_handler that hands the first asynchronous error to the caller of wait_and_throw or
// throw_asynchronous. Tests that expect an error there use it: without a handler of its own a
// queue's errors end the program (SYCL 2020 4.13.1.2).
inline void rethrow_first(sycl::exception_list errors) {
  for (const auto& e : errors) std::rethrow_exception(e);
}
