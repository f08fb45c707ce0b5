#pragma once
#include <clang/AST/ASTConsumer.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Mangle.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/raw_ostream.h>

#include <memory>
#include <string>

namespace tessera::device_select {

// Whether `t` is a specialisation of the class template named `qualified` ("sycl::x"): an
// instantiated one, or the dependent type of a template's pattern.
inline bool specializes(clang::QualType t, llvm::StringRef qualified) {
  const clang::TemplateDecl* tmpl = nullptr;
  if (const auto* s = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(t->getAsCXXRecordDecl()))
    tmpl = s->getSpecializedTemplate();
  else if (const auto* s = t->getAs<clang::TemplateSpecializationType>())
    tmpl = s->getTemplateName().getAsTemplateDecl();
  return tmpl && tmpl->getQualifiedNameAsString() == qualified;
}

// A front-end consumer that is shown each namespace-scope declaration of the source, also inside
// namespaces and extern "C"/"C++" blocks, which reach the consumer whole once closed (before code
// generation sees them), and that names a declaration as the object file does.
class namespace_scope_consumer : public clang::ASTConsumer {
public:
  explicit namespace_scope_consumer(clang::ASTContext& ctx) : mangle_(ctx.createMangleContext()) {}

  bool HandleTopLevelDecl(clang::DeclGroupRef group) override {
    for (clang::Decl* d : group) walk(d);
    return true;
  }

protected:
  // Each declaration other than a namespace or a linkage block.
  virtual void take(clang::Decl* d) = 0;

  // Mangled, or as written where it keeps its name (extern "C", a variable of the global namespace).
  template <typename D>
  std::string object_name(D* d) {
    if (!mangle_->shouldMangleDeclName(d)) return d->getName().str();
    std::string name;
    llvm::raw_string_ostream out(name);
    mangle_->mangleName(clang::GlobalDecl(d), out);
    return out.str();
  }

private:
  void walk(clang::Decl* d) {
    if (auto* c = llvm::dyn_cast<clang::DeclContext>(d);
        c && (llvm::isa<clang::NamespaceDecl>(d) || llvm::isa<clang::LinkageSpecDecl>(d))) {
      for (clang::Decl* inner : c->decls()) walk(inner);
    } else {
      take(d);
    }
  }

  std::unique_ptr<clang::MangleContext> mangle_;
};

} // namespace tessera::device_select
