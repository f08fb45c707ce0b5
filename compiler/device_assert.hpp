#pragma once
#include <llvm/IR/Module.h>

namespace tessera::device_select {

// assert() in an unannotated function: glibc's assert.h declares __assert_fail for the host only,
// and clang's device overload (CUDA's wrapper headers) is chosen only from device or host-device
// callers, so a kernel reaching assert through an ordinary function calls the host declaration.
// Gives that declaration, in a device module, the body of clang's overload: CUDA's __assertfail,
// which prints file, line, function, block and thread, and stops the kernel with cudaErrorAssert.
void define_device_assert_fail(llvm::Module& m);

} // namespace tessera::device_select
