#include "relocatable_device_code.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <llvm/ADT/StringSet.h>

#include <vector>

#include "namespace_scope.hpp"

namespace tessera::device_select {

namespace {

// One compilation's record (a driver runs the device compilations, one per GPU architecture, and
// the host's one after another in one process: each device compilation starts it again).
bool relocatable_code = false;
llvm::StringSet<>& device_functions() {
  static llvm::StringSet<> names;
  return names;
}

// Namespace-scope functions declared __device__ in the source.
class recorder : public namespace_scope_consumer {
public:
  using namespace_scope_consumer::namespace_scope_consumer;

  // A function template's specializations exist only once the kernels that use them were
  // instantiated, at the end of the translation unit (before code generation runs the pass).
  void HandleTranslationUnit(clang::ASTContext&) override {
    for (clang::FunctionTemplateDecl* t : templates_)
      for (clang::FunctionDecl* f : t->specializations()) take(f);
  }

private:
  void take(clang::Decl* d) override {
    if (auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) {
      templates_.push_back(t);
      return;
    }
    auto* f = llvm::dyn_cast<clang::FunctionDecl>(d);
    if (!f) return;
    const auto* device = f->getAttr<clang::CUDADeviceAttr>();
    if (device && !device->isImplicit() && !f->isDependentContext() && !llvm::isa<clang::CXXMethodDecl>(f))
      device_functions().insert(object_name(f));
  }

  std::vector<clang::FunctionTemplateDecl*> templates_;
};

} // namespace

std::unique_ptr<clang::ASTConsumer> device_function_recorder(clang::CompilerInstance& ci) {
  relocatable_code = ci.getLangOpts().GPURelocatableDeviceCode;
  device_functions().clear();
  return std::make_unique<recorder>(ci.getASTContext());
}

bool relocatable() { return relocatable_code; }

bool declared_for_device(llvm::StringRef name) { return device_functions().contains(name); }

} // namespace tessera::device_select
