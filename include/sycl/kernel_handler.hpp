#pragma once
#include "sycl/specialization_id.hpp"

namespace sycl {

// SYCL 2020 §4.9.4.2.4: the optional last parameter of a kernel. It carries the command group's
// specialization constants by value, into the GPU kernel's parameters as well.
class kernel_handler {
public:
  // Made by the launch only (the spec gives it no public constructor).
  TESSERA_HOST_DEVICE explicit kernel_handler(const tessera::detail::spec_constant_values& v) : values_(v) {}

  template <auto& S>
  TESSERA_HOST_DEVICE tessera::detail::spec_value_t<S> get_specialization_constant() const {
    tessera::detail::note_spec_read<S>();
    return tessera::detail::read_spec_constant<S>(values_);
  }

private:
  tessera::detail::spec_constant_values values_;
};

} // namespace sycl
