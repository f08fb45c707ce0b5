#include "relocatable_device_code.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Mangle.h>
#include <llvm/ADT/StringSet.h>
#include <llvm/Support/raw_ostream.h>

#include <vector>

namespace tessera::device_select {

namespace {

// One compilation's record (a driver runs the device compilations, one per GPU architecture, and
// the host's one after another in one process: each device compilation starts it again).
bool relocatable_code = false;
llvm::StringSet<>& device_functions() {
  static llvm::StringSet<> names;
  return names;
}

class recorder : public clang::ASTConsumer {
public:
  explicit recorder(clang::ASTContext& ctx) : mangle_(ctx.createMangleContext()) {}

  bool HandleTopLevelDecl(clang::DeclGroupRef group) override {
    for (clang::Decl* d : group) record(d);
    return true;
  }

  // A function template's specializations exist only once the kernels that use them were
  // instantiated, at the end of the translation unit (before code generation runs the pass).
  void HandleTranslationUnit(clang::ASTContext&) override {
    for (clang::FunctionTemplateDecl* t : templates_)
      for (clang::FunctionDecl* f : t->specializations()) record(f);
  }

private:
  void record(clang::Decl* d) {
    if (auto* f = llvm::dyn_cast<clang::FunctionDecl>(d)) {
      const auto* device = f->getAttr<clang::CUDADeviceAttr>();
      if (device && !device->isImplicit() && !f->isDependentContext() && !llvm::isa<clang::CXXMethodDecl>(f))
        device_functions().insert(name_of(f));
    } else if (auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) {
      templates_.push_back(t);
    } else if (auto* c = llvm::dyn_cast<clang::DeclContext>(d);
               c && (llvm::isa<clang::NamespaceDecl>(d) || llvm::isa<clang::LinkageSpecDecl>(d))) {
      for (clang::Decl* inner : c->decls()) record(inner);
    }
  }

  std::string name_of(clang::FunctionDecl* f) {
    if (!mangle_->shouldMangleDeclName(f)) return f->getName().str();
    std::string name;
    llvm::raw_string_ostream out(name);
    mangle_->mangleName(clang::GlobalDecl(f), out);
    return out.str();
  }

  std::unique_ptr<clang::MangleContext> mangle_;
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
