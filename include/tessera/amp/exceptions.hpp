#pragma once
#include <exception>
#include <string>

namespace concurrency {

// C++ AMP reports errors with HRESULT codes; the values are Windows' own, so that code comparing
// get_error_code() with E_INVALIDARG and friends keeps its meaning.
using HRESULT = long;
inline constexpr HRESULT E_FAIL = static_cast<HRESULT>(0x80004005L);
inline constexpr HRESULT E_INVALIDARG = static_cast<HRESULT>(0x80070057L);
inline constexpr HRESULT E_OUTOFMEMORY = static_cast<HRESULT>(0x8007000EL);
inline constexpr HRESULT E_NOTIMPL = static_cast<HRESULT>(0x80004001L);

class runtime_exception : public std::exception {
public:
  runtime_exception(const char* message, HRESULT code) noexcept : message_(message), code_(code) {}
  explicit runtime_exception(HRESULT code) noexcept : code_(code) {}
  runtime_exception(std::string message, HRESULT code) noexcept : message_(std::move(message)), code_(code) {}
  HRESULT get_error_code() const noexcept { return code_; }
  const char* what() const noexcept override { return message_.c_str(); }

private:
  std::string message_;
  HRESULT code_;
};

class invalid_compute_domain : public runtime_exception {
public:
  explicit invalid_compute_domain(const char* message) noexcept : runtime_exception(message, E_INVALIDARG) {}
  explicit invalid_compute_domain(std::string message) noexcept : runtime_exception(std::move(message), E_INVALIDARG) {}
  invalid_compute_domain() noexcept : runtime_exception("invalid compute domain", E_INVALIDARG) {}
};

class out_of_memory : public runtime_exception {
public:
  explicit out_of_memory(const char* message) noexcept : runtime_exception(message, E_OUTOFMEMORY) {}
  out_of_memory() noexcept : runtime_exception("out of memory", E_OUTOFMEMORY) {}
};

class unsupported_feature : public runtime_exception {
public:
  explicit unsupported_feature(const char* message) noexcept : runtime_exception(message, E_NOTIMPL) {}
  unsupported_feature() noexcept : runtime_exception("unsupported feature", E_NOTIMPL) {}
};

class accelerator_view_removed : public runtime_exception {
public:
  explicit accelerator_view_removed(const char* message, HRESULT reason) noexcept
      : runtime_exception(message, reason) {}
  HRESULT get_view_removed_reason() const noexcept { return get_error_code(); }
};

} // namespace concurrency
