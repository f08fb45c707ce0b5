#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "tessera/detail/macros.hpp"
#include "tessera/runtime/kernel_attributes.hpp"

namespace tessera::runtime {

// One kernel name of the program (SYCL 2020 §4.11.6). `for_gpu`: some CUDA translation unit
// defines a command with it, so the GPU can run it. `requirements`: what its kernel's attributes
// ask of a device (kernel_attributes.hpp).
struct kernel_record {
  std::string name;
  bool for_gpu = false;
  kernel_requirements requirements;
};

// Finds or adds the record of the kernel name spelled in `signature` (a __PRETTY_FUNCTION__
// naming it), with the words of its kernel's attributes where known; thread-safe, and records
// live for the whole program.
const kernel_record* register_kernel(const char* signature, bool for_gpu, const std::uint64_t* attribute_words = nullptr);
// Every kernel name registered so far, in order of registration.
std::vector<const kernel_record*> registered_kernels();

template <typename Name>
const char* kernel_signature() {
  return __PRETTY_FUNCTION__; // works for incomplete types (`class Add;`), unlike typeid
}

// DPC++'s compiler lists the program's kernels in an integration header, so that every kernel
// name is known when the program starts. A library learns a name when a command with it is
// instantiated: the handler odr-uses `kernel_name<Name, ...>::record`, whose dynamic
// initialisation (before main, as for any instantiated static member) registers the name.
// Unnamed kernels are known by their lambda's type, as DPC++ names them.
template <typename Name, bool ForGpu>
struct kernel_name {
  static const kernel_record* const record;
};
template <typename Name, bool ForGpu>
const kernel_record* const kernel_name<Name, ForGpu>::record = register_kernel(kernel_signature<Name>(), ForGpu);

template <typename Name, typename Kernel>
using kernel_name_t = std::conditional_t<std::is_void_v<Name>, Kernel, Name>;

// A command with kernel name Name and kernel type Kernel, which also registers the attributes
// of Kernel's call operators.
template <typename Name, typename Kernel, bool ForGpu>
struct kernel_definition {
  static const kernel_record* const record;
};
template <typename Name, typename Kernel, bool ForGpu>
const kernel_record* const kernel_definition<Name, Kernel, ForGpu>::record =
    register_kernel(kernel_signature<Name>(), ForGpu, kernel_attribute_words<Kernel>);

// Registers a kernel's name with whether this translation unit also compiles it for the GPU.
template <typename Name, typename Kernel = Name>
void declare_kernel() {
  (void)&kernel_definition<Name, Kernel, TESSERA_CUDA_COMPILE != 0>::record;
}

// The record of a kernel name; safe before static initialisation has reached its `record`.
template <typename Name>
const kernel_record* kernel_record_of() {
  (void)&kernel_name<Name, TESSERA_CUDA_COMPILE != 0>::record;
  static const kernel_record* const r = register_kernel(kernel_signature<Name>(), TESSERA_CUDA_COMPILE != 0);
  return r;
}

} // namespace tessera::runtime
