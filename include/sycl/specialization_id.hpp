#pragma once
#include <type_traits>
#include <utility>

#include "tessera/detail/macros.hpp"
#include "tessera/detail/spec_constant_values.hpp"

namespace sycl {

// SYCL 2020 §4.11.12.1: names a specialization constant and holds its default value. Declared
// as a namespace-scope (or static member) constexpr object.
template <typename T>
class specialization_id {
  static_assert(std::is_trivially_copyable_v<T>, "a specialization constant's type must be trivially copyable");

public:
  using value_type = T;

  template <typename... Args>
  explicit constexpr specialization_id(Args&&... args) : default_(std::forward<Args>(args)...) {}
  specialization_id(const specialization_id&) = delete;
  specialization_id(specialization_id&&) = delete;
  specialization_id& operator=(const specialization_id&) = delete;
  specialization_id& operator=(specialization_id&&) = delete;

  // Tessera's own: the default, which get_specialization_constant returns until a value is set.
  TESSERA_HOST_DEVICE constexpr const T& default_value() const { return default_; }

private:
  T default_;
};

} // namespace sycl

namespace tessera::detail {

template <auto& S>
using spec_value_t = typename std::remove_cv_t<std::remove_reference_t<decltype(S)>>::value_type;

template <auto& S>
TESSERA_HOST_DEVICE spec_value_t<S> read_spec_constant(const spec_constant_values& values) {
  spec_value_t<S> v = S.default_value();
  if (const unsigned char* p = find_spec_value<S>(values)) __builtin_memcpy(static_cast<void*>(&v), p, sizeof v);
  return v;
}

} // namespace tessera::detail
