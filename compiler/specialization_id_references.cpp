#include "specialization_id_references.hpp"

#include <clang/AST/Attr.h>
#include <llvm/ADT/SmallVector.h>

#include "namespace_scope.hpp"

namespace tessera::device_select {

namespace {

bool wants_mark(const clang::VarDecl* v) {
  return v->isConstexpr() && !v->hasAttr<clang::CUDADeviceAttr>() &&
         specializes(v->getType(), "sycl::specialization_id");
}

class consumer : public namespace_scope_consumer {
public:
  using namespace_scope_consumer::namespace_scope_consumer;

  void HandleTranslationUnit(clang::ASTContext&) override {
    for (clang::VarDecl* v : marked_) unmark(v);
    // Specialisations made after the mark carry a copy of the template's.
    for (clang::VarTemplateDecl* t : templates_)
      for (clang::VarTemplateSpecializationDecl* s : t->specializations()) unmark(s);
  }

private:
  void take(clang::Decl* d) override {
    if (auto* v = llvm::dyn_cast<clang::VarDecl>(d)) {
      mark(v);
    } else if (auto* t = llvm::dyn_cast<clang::VarTemplateDecl>(d)) {
      if (!wants_mark(t->getTemplatedDecl())) return;
      mark(t->getTemplatedDecl());
      for (clang::VarTemplateSpecializationDecl* s : t->specializations()) mark(s);
      templates_.push_back(t);
    } else if (auto* r = llvm::dyn_cast<clang::CXXRecordDecl>(d); r && r->hasDefinition()) {
      for (clang::Decl* member : r->decls())
        if (auto* v = llvm::dyn_cast<clang::VarDecl>(member); v && v->isStaticDataMember()) mark(v);
    }
  }

  void mark(clang::VarDecl* v) {
    if (!wants_mark(v)) return;
    v->addAttr(clang::CUDADeviceAttr::CreateImplicit(v->getASTContext()));
    marked_.push_back(v);
  }

  // Only the mark: a __device__ that the source wrote is explicit.
  static void unmark(clang::VarDecl* v) {
    if (const auto* a = v->getAttr<clang::CUDADeviceAttr>(); a && a->isImplicit()) v->dropAttr<clang::CUDADeviceAttr>();
  }

  llvm::SmallVector<clang::VarDecl*, 16> marked_;
  llvm::SmallVector<clang::VarTemplateDecl*, 8> templates_;
};

} // namespace

std::unique_ptr<clang::ASTConsumer> specialization_id_consumer(clang::CompilerInstance& ci) {
  return std::make_unique<consumer>(ci.getASTContext());
}

} // namespace tessera::device_select
