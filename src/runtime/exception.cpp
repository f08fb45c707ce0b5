#include "sycl/exception.hpp"

namespace sycl {

namespace {
class category final : public std::error_category {
public:
  const char* name() const noexcept override { return "sycl"; }
  std::string message(int ev) const override {
    static const char* const names[] = {"success",         "runtime",           "kernel",
                                        "accessor",        "nd_range",          "event",
                                        "kernel_argument", "build",             "invalid",
                                        "memory_allocation", "platform",        "profiling",
                                        "feature_not_supported", "kernel_not_supported", "backend_mismatch"};
    return ev >= 0 && ev < static_cast<int>(std::size(names)) ? names[ev] : "unknown";
  }
};
} // namespace

const std::error_category& sycl_category() noexcept {
  static const category c;
  return c;
}

} // namespace sycl
