#pragma once
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

namespace sycl {

class context;

// SYCL 2020 §4.13.2.
enum class errc {
  success = 0,
  runtime,
  kernel,
  accessor,
  nd_range,
  event,
  kernel_argument,
  build,
  invalid,
  memory_allocation,
  platform,
  profiling,
  feature_not_supported,
  kernel_not_supported,
  backend_mismatch,
};

const std::error_category& sycl_category() noexcept;

inline std::error_code make_error_code(errc e) noexcept { return {static_cast<int>(e), sycl_category()}; }

class exception : public virtual std::exception {
public:
  exception(std::error_code ec, const std::string& what_arg) : ec_(ec), what_(what_arg) {}
  exception(std::error_code ec, const char* what_arg) : exception(ec, std::string(what_arg)) {}
  exception(std::error_code ec) : exception(ec, std::string()) {}
  exception(int ev, const std::error_category& cat, const std::string& what_arg)
      : exception(std::error_code(ev, cat), what_arg) {}
  exception(int ev, const std::error_category& cat, const char* what_arg)
      : exception(std::error_code(ev, cat), std::string(what_arg)) {}
  exception(int ev, const std::error_category& cat) : exception(std::error_code(ev, cat)) {}
  // The exception of a context (§4.13.2); defined with the context (context.hpp).
  exception(context ctx, std::error_code ec, const std::string& what_arg);
  exception(context ctx, std::error_code ec, const char* what_arg);
  exception(context ctx, std::error_code ec);
  exception(context ctx, int ev, const std::error_category& cat, const std::string& what_arg);
  exception(context ctx, int ev, const std::error_category& cat, const char* what_arg);
  exception(context ctx, int ev, const std::error_category& cat);
  exception(errc e, const std::string& what_arg) : exception(make_error_code(e), what_arg) {}
  exception(errc e, const char* what_arg) : exception(make_error_code(e), std::string(what_arg)) {}
  exception(errc e) : exception(make_error_code(e)) {}

  const std::error_code& code() const noexcept { return ec_; }
  const std::error_category& category() const noexcept { return ec_.category(); }
  const char* what() const noexcept override { return what_.c_str(); }
  bool has_context() const noexcept { return context_ != nullptr; }
  // Throws errc::invalid when the exception has no context.
  context get_context() const;

private:
  std::error_code ec_;
  std::string what_;
  std::shared_ptr<const context> context_;
};

// The list an async_handler receives (§4.13.1.1).
class exception_list {
public:
  using value_type = std::exception_ptr;
  using reference = value_type&;
  using const_reference = const value_type&;
  using size_type = std::size_t;
  using iterator = std::vector<std::exception_ptr>::const_iterator;
  using const_iterator = iterator;

  exception_list() = default;
  explicit exception_list(std::vector<std::exception_ptr> l) : list_(std::move(l)) {}
  size_type size() const { return list_.size(); }
  iterator begin() const { return list_.begin(); }
  iterator end() const { return list_.end(); }

private:
  std::vector<std::exception_ptr> list_;
};

using async_handler = std::function<void(sycl::exception_list)>;

} // namespace sycl

namespace std {
template <> struct is_error_code_enum<sycl::errc> : true_type {};
} // namespace std
