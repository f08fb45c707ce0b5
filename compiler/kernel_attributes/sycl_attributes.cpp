// SYCL 2020's kernel attributes as annotations (kernel_attributes.hpp). clang does not know the
// sycl:: attributes (it warns and drops them); here they are accepted on functions, which includes
// a lambda's call operator when written after its parameters (`[](sycl::nd_item<1>)
// [[sycl::reqd_sub_group_size(16)]] {...}`), as DPC++ accepts them.
#include "kernel_attributes.hpp"

#include <clang/AST/Attr.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/Sema/ParsedAttr.h>
#include <clang/Sema/DeclSpec.h>
#include <clang/Sema/Sema.h>

#include <string>

using namespace clang;

namespace {

class sycl_attribute : public ParsedAttrInfo {
public:
  sycl_attribute(const char* name, const char* spelling, unsigned min_args, unsigned max_args)
      : name_(name), spellings_{{AttributeCommonInfo::AS_CXX11, name}, {AttributeCommonInfo::AS_CXX11, spelling}} {
    NumArgs = min_args;
    OptArgs = max_args - min_args;
    AcceptsExprPack = 1; // device_has(Aspects...)
    IsType = 1;
    Spellings = spellings_;
  }

  bool diagAppertainsToDecl(Sema& s, const ParsedAttr& attr, const Decl* d) const override {
    if (isa<FunctionDecl>(d) || isa<FunctionTemplateDecl>(d)) return true;
    s.Diag(attr.getLoc(), diag::warn_attribute_wrong_decl_type_str)
        << attr << attr.isRegularKeywordAttribute() << "functions";
    return false;
  }

  AttrHandling handleDeclAttribute(Sema& s, Decl* d, const ParsedAttr& attr) const override {
    SmallVector<Expr*, 4> args;
    for (unsigned i = 0; i < attr.getNumArgs(); ++i) {
      if (attr.isArgExpr(i)) {
        args.push_back(attr.getArgAsExpr(i));
        continue;
      }
      // clang parses an unknown attribute's first argument as an identifier when it is a lone
      // one (`reqd_work_group_size(N)`): looked up here as the expression it is.
      const IdentifierLoc* id = attr.getArgAsIdent(i);
      CXXScopeSpec scope;
      UnqualifiedId name;
      name.setIdentifier(id->Ident, id->Loc);
      const ExprResult e = s.ActOnIdExpression(s.getCurScope(), scope, SourceLocation(), name, false, false);
      if (e.isInvalid()) return AttributeNotApplied;
      args.push_back(e.get());
    }
    if (auto* t = dyn_cast<FunctionTemplateDecl>(d)) d = t->getTemplatedDecl();
    // Evaluates the arguments, or keeps them for the template's instantiations.
    s.AddAnnotationAttr(d, attr, std::string(tessera::kernel_attributes::annotation_prefix) + name_, args);
    return AttributeApplied;
  }

private:
  const char* name_;
  Spelling spellings_[2];
};

#define TESSERA_SYCL_ATTRIBUTE(name, min_args, max_args)                                                   \
  struct name##_attribute : sycl_attribute {                                                               \
    name##_attribute() : sycl_attribute(#name, "sycl::" #name, min_args, max_args) {}                      \
  };                                                                                                       \
  const ParsedAttrInfoRegistry::Add<name##_attribute> name##_registered("sycl::" #name, "SYCL 2020 " #name);
TESSERA_SYCL_ATTRIBUTE(reqd_work_group_size, 1, 3)
TESSERA_SYCL_ATTRIBUTE(work_group_size_hint, 1, 3)
TESSERA_SYCL_ATTRIBUTE(reqd_sub_group_size, 1, 1)
TESSERA_SYCL_ATTRIBUTE(device_has, 0, 15)
#undef TESSERA_SYCL_ATTRIBUTE

} // namespace
