#pragma once
#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <llvm/ADT/StringRef.h>

#include <memory>

namespace tessera::device_select {

// Relocatable device code (-fgpu-rdc; tessera++ --cuda -fgpu-rdc, add_sycl_to_target RDC): a kernel
// may call a device function defined in another translation unit (SYCL_EXTERNAL, which is
// __host__ __device__), as DPC++ allows. The front end of a device compilation records here the
// functions its source declares for the device itself (__device__, explicitly), and whether the
// compilation is relocatable; the pass, run later in the same process (the plugin is loaded once
// for -fplugin and -fpass-plugin), reads them. With relocatable code, the pass keeps the
// definitions of such functions that other objects may call and leaves their declarations to the
// device link; without it, a kernel reaching one's declaration is told to compile with -fgpu-rdc.
std::unique_ptr<clang::ASTConsumer> device_function_recorder(clang::CompilerInstance& ci);
bool relocatable();
// A function (by its mangled name) that the source declares __device__ itself.
bool declared_for_device(llvm::StringRef name);

} // namespace tessera::device_select
