#pragma once
#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <llvm/IR/Module.h>

#include <memory>

namespace tessera::device_select {

// DPC++'s device_global (include/sycl/ext/oneapi/device_global.hpp) is a variable that kernels
// use like a global, with an instance on each device, which a program declares at namespace scope
// without any CUDA attribute.
//
// The device compilation makes each such variable __device__ (before code generation), so that it
// defines the GPU's instance, and gives it external linkage (register_device_globals) so that the
// CUDA runtime finds it by name. The host compilation leaves the variable as it is: it is the CPU
// device's instance, with its initial value (clang leaves a __device__ variable's host shadow
// uninitialised); instead register_device_globals registers it with the CUDA runtime as the host
// side of the GPU's instance, which is how queue::memcpy finds that (cudaGetSymbolAddress).
std::unique_ptr<clang::ASTConsumer> device_global_consumer(clang::CompilerInstance& ci);
// The module half of the above, for the host's or a device's module of a CUDA compilation; true if
// it changed the module.
bool register_device_globals(llvm::Module& m);

} // namespace tessera::device_select
