// SYCL's kernel attributes written after a lambda's parameters (`[](sycl::nd_item<1>)
// [[sycl::reqd_sub_group_size(16)]] {...}`), the place where SYCL 2020's examples put them. In C++
// an attribute there appertains to the call operator's type, and clang 19 rejects a known
// attribute that is not a type attribute there (err_attribute_not_type_attr), giving a plugin no
// hook to take it instead. So, while the plugin is loaded, that diagnostic reaches a filter on the
// way to clang's diagnostic consumer: for the four sycl:: attributes it annotates the call
// operator of the lambda being parsed, as sycl_attributes.cpp annotates declarations; any other
// attribute there stays an error.
//
// The arguments are read from the attribute's tokens: each a literal or a name, qualified or not
// (`N`, `FeatureAspect`, `sizes[0]`, `aspect::fp64` under `using namespace sycl`), looked up where
// the lambda is, which covers a template's parameters; an attribute with others (`N * 2`) is
// ignored with a warning (clang's message). The lookups run inside clang's handling of a
// diagnostic, whose arguments a nested diagnostic would overwrite (clang 19 crashed on
// `aspect::fp64`, the DPC++ book's fig 12-10), so they are the kind that reports nothing.
#include "kernel_attributes.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Expr.h>
#include <clang/Basic/DiagnosticParse.h>
#include <clang/Basic/DiagnosticSema.h>
#include <clang/Lex/Lexer.h>
#include <clang/Sema/DeclSpec.h>
#include <clang/Sema/Lookup.h>
#include <clang/Sema/ScopeInfo.h>
#include <clang/Sema/Sema.h>

#include <string>

using namespace clang;

namespace tessera::kernel_attributes {

namespace {

bool is_kernel_attribute(llvm::StringRef name) {
  return name == "reqd_work_group_size" || name == "work_group_size_hint" || name == "reqd_sub_group_size" ||
         name == "device_has";
}

llvm::StringRef text_of(const SourceManager& sm, const Token& t) {
  return llvm::StringRef(sm.getCharacterData(t.getLocation()), t.getLength());
}

// The value a name denotes, qualified or not, from its first token `t`, leaving in `t` the token
// after it; null for anything else. Looked up as clang would, without a diagnostic.
Expr* named_value(Sema& s, Lexer& lex, Token& t, SourceLocation at) {
  const SourceManager& sm = s.getSourceManager();
  DeclContext* in = nullptr; // unqualified: from the lambda's scope
  if (t.is(tok::coloncolon)) {
    in = s.Context.getTranslationUnitDecl();
    lex.LexFromRawLexer(t);
  }
  for (;;) {
    if (!t.is(tok::raw_identifier)) return nullptr;
    const DeclarationNameInfo name(&s.Context.Idents.get(text_of(sm, t)), at);
    lex.LexFromRawLexer(t);
    const bool scope = t.is(tok::coloncolon);
    LookupResult found(s, name, scope ? Sema::LookupNestedNameSpecifierName : Sema::LookupOrdinaryName);
    found.suppressDiagnostics();
    if (!(in ? s.LookupQualifiedName(found, in) : s.LookupName(found, s.getCurScope())) || !found.isSingleResult())
      return nullptr;
    NamedDecl* d = found.getFoundDecl()->getUnderlyingDecl();
    if (!scope) {
      if (!isa<ValueDecl>(d)) return nullptr;
      const ExprResult e = s.BuildDeclarationNameExpr(CXXScopeSpec(), found, false);
      return e.isInvalid() ? nullptr : e.get();
    }
    lex.LexFromRawLexer(t);
    if (auto* alias = dyn_cast<NamespaceAliasDecl>(d)) d = alias->getNamespace();
    if (!isa<NamespaceDecl, EnumDecl, CXXRecordDecl>(d)) return nullptr;
    in = cast<DeclContext>(d);
  }
}

// One argument, from its first token `t` (a literal, or a name with an optional literal subscript,
// `sizes[0]`), leaving in `t` the token after it; invalid for anything else.
ExprResult argument(Sema& s, Lexer& lex, Token& t, SourceLocation at) {
  const SourceManager& sm = s.getSourceManager();
  std::uint64_t v = 0;
  if (t.is(tok::numeric_constant)) {
    if (text_of(sm, t).rtrim("uUlLzZ").getAsInteger(0, v)) return ExprError();
    lex.LexFromRawLexer(t);
    return IntegerLiteral::Create(s.Context, llvm::APInt(64, v), s.Context.UnsignedLongLongTy, at);
  }
  Expr* e = named_value(s, lex, t, at);
  if (!e) return ExprError();
  if (!t.is(tok::l_square)) return e;
  lex.LexFromRawLexer(t);
  if (!t.is(tok::numeric_constant) || text_of(sm, t).rtrim("uUlLzZ").getAsInteger(0, v)) return ExprError();
  Expr* index = IntegerLiteral::Create(s.Context, llvm::APInt(64, v), s.Context.UnsignedLongLongTy, at);
  lex.LexFromRawLexer(t);
  if (!t.is(tok::r_square)) return ExprError();
  lex.LexFromRawLexer(t);
  return s.ActOnArraySubscriptExpr(s.getCurScope(), e, at, index, at);
}

// The argument expressions of the attribute written at `at` (`sycl::name(...)`), or false.
bool read_arguments(Sema& s, SourceLocation at, SmallVectorImpl<Expr*>& args) {
  const SourceManager& sm = s.getSourceManager();
  const auto [file, offset] = sm.getDecomposedLoc(sm.getSpellingLoc(at));
  bool invalid = false;
  const llvm::StringRef buffer = sm.getBufferData(file, &invalid);
  if (invalid) return false;
  Lexer lex(sm.getLocForStartOfFile(file), s.getLangOpts(), buffer.begin(), buffer.begin() + offset, buffer.end());
  Token t;
  do lex.LexFromRawLexer(t); // the name, after its scope
  while (t.isOneOf(tok::raw_identifier, tok::coloncolon));
  if (!t.is(tok::l_paren)) return false;
  lex.LexFromRawLexer(t);
  if (t.is(tok::r_paren)) return true;
  for (;;) {
    const ExprResult e = argument(s, lex, t, at);
    if (e.isInvalid()) return false;
    args.push_back(e.get());
    if (t.is(tok::r_paren)) return true;
    if (!t.is(tok::comma)) return false;
    lex.LexFromRawLexer(t);
  }
}

llvm::StringRef name_of(const Diagnostic& info) {
  return info.getNumArgs() && info.getArgKind(0) == DiagnosticsEngine::ak_identifierinfo && info.getArgIdentifier(0)
             ? info.getArgIdentifier(0)->getName()
             : llvm::StringRef();
}

class filter : public DiagnosticConsumer {
public:
  filter(CompilerInstance& ci, DiagnosticConsumer* next, std::unique_ptr<DiagnosticConsumer> owned)
      : ci_(ci), next_(next), owned_(std::move(owned)) {}

  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic& info) override {
    if (info.getID() == diag::err_attribute_not_type_attr && level == DiagnosticsEngine::Remark) {
      const bool ours = is_kernel_attribute(name_of(info));
      if (ours && annotate_lambda(name_of(info), info.getLocation())) return;
      // Arguments not read are ignored with a warning, as clang ignores an unknown attribute;
      // another attribute is the error clang reports.
      level = ours ? DiagnosticsEngine::Warning : DiagnosticsEngine::Error;
    }
    // clang's parser refuses a pack in an attribute it does not know (`device_has(Aspects...)`):
    // ignored with a warning, as before the plugin.
    if (info.getID() == diag::err_attribute_argument_parm_pack_not_supported && level == DiagnosticsEngine::Remark)
      level = is_kernel_attribute(name_of(info)) ? DiagnosticsEngine::Warning : DiagnosticsEngine::Error;
    DiagnosticConsumer::HandleDiagnostic(level, info);
    next_->HandleDiagnostic(level, info);
  }

  void BeginSourceFile(const LangOptions& lo, const Preprocessor* pp) override { next_->BeginSourceFile(lo, pp); }
  void EndSourceFile() override { next_->EndSourceFile(); }
  void finish() override { next_->finish(); }
  void clear() override {
    DiagnosticConsumer::clear();
    next_->clear();
  }
  bool IncludeInDiagnosticCounts() const override { return next_->IncludeInDiagnosticCounts(); }

private:
  bool annotate_lambda(llvm::StringRef name, SourceLocation at) {
    if (!ci_.hasSema()) return false;
    Sema& s = ci_.getSema();
    sema::LambdaScopeInfo* lambda = s.getCurLambda();
    if (!lambda || !lambda->CallOperator || !s.getSourceManager().isBeforeInTranslationUnit(
                                                 lambda->IntroducerRange.getBegin(), at))
      return false;
    SmallVector<Expr*, 3> args;
    if (!read_arguments(s, at, args)) return false;
    // As sycl_attributes.cpp: evaluated now, or with each instantiation of a template's lambda.
    s.AddAnnotationAttr(lambda->CallOperator,
                        AttributeCommonInfo(SourceRange(at), AttributeCommonInfo::AT_Annotate,
                                            AttributeCommonInfo::Form::CXX11()),
                        std::string(annotation_prefix) + name.str(), args);
    return true;
  }

  CompilerInstance& ci_;
  DiagnosticConsumer* next_;
  std::unique_ptr<DiagnosticConsumer> owned_;
};

} // namespace

void take_lambda_attributes(CompilerInstance& ci) {
  DiagnosticsEngine& diags = ci.getDiagnostics();
  // A remark, which clang does not count as an error: the filter decides (a mapping to a warning
  // cannot override an error's).
  diags.setSeverity(diag::err_attribute_not_type_attr, diag::Severity::Remark, SourceLocation());
  diags.setSeverity(diag::err_attribute_argument_parm_pack_not_supported, diag::Severity::Remark, SourceLocation());
  DiagnosticConsumer* next = diags.getClient();
  std::unique_ptr<DiagnosticConsumer> owned = diags.ownsClient() ? diags.takeClient() : nullptr;
  diags.setClient(new filter(ci, next, std::move(owned)), true);
}

} // namespace tessera::kernel_attributes
