#include <cstdio>
#include <exception>
#include <string>

#include "queue_impl.hpp"

namespace tessera::runtime {

namespace {
// One line per error: "sycl::exception (errc::kernel): <what>", or the C++ type it was thrown as.
std::string describe(std::exception_ptr e) {
  try {
    std::rethrow_exception(std::move(e));
  } catch (const sycl::exception& x) {
    const std::string errc = x.category() == sycl::sycl_category() ? "errc::" + x.code().message()
                                                                    : x.code().category().name() + std::string(" error ") +
                                                                          std::to_string(x.code().value());
    return "sycl::exception (" + errc + "): " + x.what();
  } catch (const std::exception& x) {
    return std::string("std::exception: ") + x.what();
  } catch (...) {
    return "an exception of a type not derived from std::exception";
  }
}
} // namespace

void default_async_handler(sycl::exception_list errors, const char* occasion) {
  std::string out = "Tessera: " + std::to_string(errors.size()) + " asynchronous error" +
                    (errors.size() == 1 ? "" : "s") + " at " + occasion +
                    ", and the queue has no async_handler: the default one reports them and ends the program "
                    "(SYCL 2020 4.13.1.2)\n";
  for (const auto& e : errors) out += "  " + describe(e) + "\n";
  std::fflush(stdout); // what the program printed before comes first
  std::fputs(out.c_str(), stderr);
  std::fflush(stderr);
  std::terminate();
}

void report_fatal(const char* what, std::exception_ptr e) noexcept {
  std::fflush(stdout);
  std::fprintf(stderr, "Tessera: %s: %s\n", what, describe(std::move(e)).c_str());
  std::fflush(stderr);
  std::terminate();
}

} // namespace tessera::runtime
