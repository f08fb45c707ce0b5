// The words of each kernel's attributes (kernel_attributes.hpp), from the annotations of its call
// operators to a definition of tessera::runtime::kernel_attribute_words<K> in the module; the
// encoding is include/tessera/runtime/kernel_attributes.hpp's.
#include "kernel_attributes.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/CodeGenOptions.h>
#include <clang/Frontend/FrontendPluginRegistry.h>
#include <llvm/ADT/Twine.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/PassBuilder.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

using namespace clang;

namespace tessera::kernel_attributes {

namespace {

using words = std::vector<std::uint64_t>;

// The prefix of the annotation that marks kernel_attribute_words<K>, followed by the index of its
// words: codegen names such a variable (a lambda's of internal linkage) as it numbers it, which a
// mangling here need not match, but keeps a variable's annotations.
constexpr llvm::StringLiteral words_annotation = "tessera.kernel_attribute_words.";

// The words of the compilation under way (the host's and each device's compilation run one after
// another in the driver's process: each starts again).
std::vector<words>& collected() {
  static std::vector<words> all;
  return all;
}

// One attribute's entry: its kind (kernel_attribute's value), its argument count, its arguments;
// none for an argument that is not a constant (an error clang has reported).
void append_entry(const AnnotateAttr& a, ASTContext& ctx, words& out) {
  static const llvm::StringRef kinds[] = {"reqd_work_group_size", "work_group_size_hint", "reqd_sub_group_size",
                                          "device_has"};
  llvm::StringRef name = a.getAnnotation();
  if (!name.consume_front(annotation_prefix)) return;
  const auto kind = static_cast<std::size_t>(std::find(std::begin(kinds), std::end(kinds), name) - std::begin(kinds));
  if (kind == std::size(kinds)) return;
  words entry{kind + 1, a.args_size()};
  for (const Expr* e : a.args()) {
    Expr::EvalResult r;
    if (e->isValueDependent() || !e->EvaluateAsInt(r, ctx)) return;
    entry.push_back(r.Val.getInt().getZExtValue());
  }
  // A functor's call operators may repeat an attribute: its entry once.
  for (std::size_t i = 0; i < out.size(); i += 2 + out[i + 1])
    if (std::equal(entry.begin(), entry.end(), out.begin() + i, out.begin() + i + 2 + out[i + 1])) return;
  out.insert(out.end(), entry.begin(), entry.end());
}

void append_function(const FunctionDecl* f, ASTContext& ctx, words& out) {
  for (const auto* a : f->specific_attrs<AnnotateAttr>()) append_entry(*a, ctx, out);
}

// The attributes of every call operator of `k` (a generic lambda's: of each instantiation).
words words_of(const CXXRecordDecl* k, ASTContext& ctx) {
  words out;
  for (const NamedDecl* d : k->lookup(ctx.DeclarationNames.getCXXOperatorName(OO_Call))) {
    if (const auto* m = dyn_cast<CXXMethodDecl>(d)) {
      append_function(m, ctx, out);
    } else if (const auto* t = dyn_cast<FunctionTemplateDecl>(d)) {
      for (const FunctionDecl* s : t->specializations()) append_function(s, ctx, out);
    }
  }
  return out;
}

class consumer : public ASTConsumer {
public:
  void HandleTranslationUnit(ASTContext& ctx) override {
    const VarTemplateDecl* words_template = find_words_template(ctx);
    if (!words_template) return;
    for (VarTemplateSpecializationDecl* spec : words_template->specializations()) {
      const auto& args = spec->getTemplateArgs();
      if (args.size() != 1 || args[0].getKind() != TemplateArgument::Type) continue;
      const CXXRecordDecl* k = args[0].getAsType()->getAsCXXRecordDecl();
      if (!k || !k->hasDefinition()) continue;
      words w = words_of(k->getDefinition(), ctx);
      if (w.empty()) continue;
      w.push_back(0);
      collected().push_back(std::move(w));
      // Codegen emits the variable after this (the template's users are emitted at the end).
      spec->addAttr(AnnotateAttr::CreateImplicit(
          ctx, (words_annotation + llvm::Twine(collected().size() - 1)).str(), nullptr, 0));
    }
  }

private:
  static const VarTemplateDecl* find_words_template(ASTContext& ctx) {
    const DeclContext* scope = ctx.getTranslationUnitDecl();
    for (const char* ns : {"tessera", "runtime"}) {
      const auto found = scope->lookup(&ctx.Idents.get(ns));
      const auto* n = found.empty() ? nullptr : dyn_cast<NamespaceDecl>(found.front());
      if (!n) return nullptr;
      scope = n;
    }
    const auto found = scope->lookup(&ctx.Idents.get("kernel_attribute_words"));
    return found.empty() ? nullptr : dyn_cast<VarTemplateDecl>(found.front());
  }
};

// The string an annotation entry names, or "".
llvm::StringRef annotation_of(const llvm::ConstantStruct* entry) {
  const auto* str = dyn_cast<llvm::GlobalVariable>(entry->getOperand(1)->stripPointerCasts());
  const auto* data = str && str->hasInitializer() ? dyn_cast<llvm::ConstantDataArray>(str->getInitializer()) : nullptr;
  return data && data->isCString() ? data->getAsCString() : llvm::StringRef();
}

// Points each annotated kernel_attribute_words<K> (null as defined) at its words. Each translation
// unit that compiles the kernel defines the variable (linkonce_odr, or internal for a kernel type
// of internal linkage) with the same words.
struct define_words : llvm::PassInfoMixin<define_words> {
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager&) {
    const llvm::GlobalVariable* annotations = m.getNamedGlobal("llvm.global.annotations");
    const auto* entries = annotations && annotations->hasInitializer()
                              ? dyn_cast<llvm::ConstantArray>(annotations->getInitializer())
                              : nullptr;
    if (!entries) return llvm::PreservedAnalyses::all();
    bool changed = false;
    for (const llvm::Use& u : entries->operands()) {
      const auto* entry = dyn_cast<llvm::ConstantStruct>(u.get());
      llvm::StringRef name = entry ? annotation_of(entry) : llvm::StringRef();
      std::size_t index = 0;
      if (!name.consume_front(words_annotation) || name.getAsInteger(10, index) || index >= collected().size())
        continue;
      auto* pointer = dyn_cast<llvm::GlobalVariable>(entry->getOperand(0)->stripPointerCasts());
      if (!pointer || pointer->isDeclaration()) continue;
      auto* words = llvm::ConstantDataArray::get(m.getContext(), llvm::ArrayRef<std::uint64_t>(collected()[index]));
      pointer->setInitializer(new llvm::GlobalVariable(m, words->getType(), true, llvm::GlobalValue::PrivateLinkage,
                                                       words, "tessera.kernel_attribute_words"));
      changed = true;
    }
    return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
  }
};

} // namespace

std::unique_ptr<ASTConsumer> attribute_words_consumer(CompilerInstance& ci) {
  collected().clear();
  take_lambda_attributes(ci);
  // A GPU's compilation has no use for them: the runtime reads them on the host.
  if (ci.getLangOpts().CUDAIsDevice) return std::make_unique<ASTConsumer>();
  ci.getCodeGenOpts().PassBuilderCallbacks.push_back([](llvm::PassBuilder& pb) {
    pb.registerPipelineStartEPCallback(
        [](llvm::ModulePassManager& mpm, llvm::OptimizationLevel) { mpm.addPass(define_words()); });
  });
  return std::make_unique<consumer>();
}

namespace {

// Runs before the main action of every compilation that loads the plugin (-fplugin=).
class action : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, llvm::StringRef) override {
    return attribute_words_consumer(ci);
  }
  bool ParseArgs(const CompilerInstance&, const std::vector<std::string>&) override { return true; }
  ActionType getActionType() override { return AddBeforeMainAction; }
};
const FrontendPluginRegistry::Add<action> registered("tessera-kernel-attributes",
                                                     "SYCL 2020 kernel attributes for Tessera's runtime");

} // namespace

} // namespace tessera::kernel_attributes
