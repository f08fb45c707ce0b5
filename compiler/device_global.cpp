#include "device_global.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <llvm/ADT/StringSet.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/TargetParser/Triple.h>

#include "namespace_scope.hpp"
#include "relocatable_device_code.hpp"

namespace tessera::device_select {

namespace {

constexpr const char* device_global_name = "sycl::ext::oneapi::experimental::device_global";

// The device_globals of the compilation under way, by mangled name (the host's and each device's
// compilation run one after another in the driver's process: each starts the set again).
llvm::StringSet<>& device_globals() {
  static llvm::StringSet<> names;
  return names;
}

// Namespace-scope device_globals.
class consumer : public namespace_scope_consumer {
public:
  consumer(clang::ASTContext& ctx, bool device) : namespace_scope_consumer(ctx), device_(device) {}

private:
  void take(clang::Decl* d) override {
    auto* v = llvm::dyn_cast<clang::VarDecl>(d);
    if (!v || !v->hasGlobalStorage() || v->isStaticLocal() || v->isStaticDataMember() ||
        !specializes(v->getType(), device_global_name))
      return;
    if (device_ && !v->hasAttr<clang::CUDADeviceAttr>())
      v->addAttr(clang::CUDADeviceAttr::CreateImplicit(v->getASTContext()));
    device_globals().insert(object_name(v));
  }

  bool device_;
};

// What clang's CUDA code generation calls for each __device__ variable in the host module's
// __cuda_register_globals: (handle, host variable, device name, device name, extern, size,
// constant, global).
llvm::FunctionCallee register_var(llvm::Module& m) {
  llvm::LLVMContext& c = m.getContext();
  auto* ptr = llvm::PointerType::getUnqual(c);
  auto* i32 = llvm::Type::getInt32Ty(c);
  return m.getOrInsertFunction(
      "__cudaRegisterVar",
      llvm::FunctionType::get(llvm::Type::getVoidTy(c), {ptr, ptr, ptr, ptr, i32, llvm::Type::getInt64Ty(c), i32, i32},
                              false));
}

bool register_on_host(llvm::Module& m) {
  llvm::Function* globals = m.getFunction("__cuda_register_globals");
  if (!globals || globals->empty()) return false; // no GPU code in this translation unit
  llvm::IRBuilder<> b(globals->back().getTerminator());
  bool changed = false;
  for (const auto& entry : device_globals()) {
    llvm::GlobalVariable* v = m.getNamedGlobal(entry.getKey());
    if (!v || v->isDeclaration()) continue;
    llvm::Constant* name = b.CreateGlobalStringPtr(entry.getKey(), "tessera.device_global.name");
    const uint64_t bytes = m.getDataLayout().getTypeAllocSize(v->getValueType());
    b.CreateCall(register_var(m), {globals->getArg(0), v, name, name, b.getInt32(0), b.getInt64(bytes), b.getInt32(0),
                                   b.getInt32(0)});
    changed = true;
  }
  return changed;
}

// The runtime looks the GPU's instance up by name: one in an anonymous namespace must be visible.
// (With relocatable device code two objects could define the same internal name: left as it is.)
bool make_visible_on_device(llvm::Module& m) {
  if (relocatable()) return false;
  bool changed = false;
  for (const auto& entry : device_globals())
    if (llvm::GlobalVariable* v = m.getNamedGlobal(entry.getKey()); v && v->hasLocalLinkage()) {
      v->setLinkage(llvm::GlobalValue::ExternalLinkage);
      v->setVisibility(llvm::GlobalValue::DefaultVisibility);
      changed = true;
    }
  return changed;
}

} // namespace

std::unique_ptr<clang::ASTConsumer> device_global_consumer(clang::CompilerInstance& ci) {
  device_globals().clear();
  const bool device = ci.getLangOpts().CUDAIsDevice;
  return std::make_unique<consumer>(ci.getASTContext(), device);
}

bool register_device_globals(llvm::Module& m) {
  if (device_globals().empty()) return false;
  return llvm::Triple(m.getTargetTriple()).isNVPTX() ? make_visible_on_device(m) : register_on_host(m);
}

} // namespace tessera::device_select
