#include "device_assert.hpp"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>

using namespace llvm;

namespace tessera::device_select {

void define_device_assert_fail(Module& m) {
  Function* f = m.getFunction("__assert_fail");
  if (!f || !f->isDeclaration() || f->arg_size() != 4) return;
  LLVMContext& cx = m.getContext();
  Type* ptr = PointerType::getUnqual(cx);
  // void __assertfail(const char* message, const char* file, unsigned line, const char* function,
  // size_t char_size), as clang's __clang_cuda_runtime_wrapper.h declares it.
  const FunctionCallee assertfail = m.getOrInsertFunction(
      "__assertfail", FunctionType::get(Type::getVoidTy(cx),
                                        {ptr, ptr, Type::getInt32Ty(cx), ptr, Type::getInt64Ty(cx)}, false));
  f->setLinkage(GlobalValue::InternalLinkage);
  IRBuilder<> b(BasicBlock::Create(cx, "", f));
  auto* a = f->arg_begin();
  b.CreateCall(assertfail, {a, a + 1, b.CreateZExtOrTrunc(a + 2, Type::getInt32Ty(cx)), a + 3, b.getInt64(1)});
  // glibc declares __assert_fail noreturn; __assertfail is not (clang dropped the attribute for
  // a ptxas bug), so the body ends in a trap rather than returning.
  b.CreateCall(Intrinsic::getDeclaration(&m, Intrinsic::trap));
  b.CreateUnreachable();
}

} // namespace tessera::device_select
