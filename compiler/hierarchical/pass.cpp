// The pass: for each kernel asking whether it was lowered, find its work-group-scope function,
// lower it, and answer (see hierarchical.hpp).
#include "hierarchical.hpp"

#include <llvm/ADT/STLExtras.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/TargetParser/Triple.h>

#include <cstdlib>

using namespace llvm;

namespace tessera::hierarchical {

namespace {

// In the parallel_for_work_item functions that only the lowered `scope` calls, each thread has
// its own physical item: the marker's answer is the constant.
void answer_work_item_scopes(Function& scope) {
  SmallPtrSet<Function*, 4> scopes;
  for (auto& bb : scope)
    for (auto& i : bb)
      if (auto* c = dyn_cast<CallBase>(&i); c && c->getCalledFunction() && is_work_item_scope(*c->getCalledFunction()))
        scopes.insert(c->getCalledFunction());
  for (Function* items : scopes) {
    if (!all_of(items->users(), [&](User* u) {
          auto* i = dyn_cast<Instruction>(u);
          return i && i->getFunction() == &scope;
        }))
      continue;
    for (auto& bb : *items)
      for (auto& i : make_early_inc_range(bb))
        if (auto* c = dyn_cast<CallInst>(&i); c && c->getCalledFunction() && c->getCalledFunction()->getName() == work_item_marker) {
          c->replaceAllUsesWith(ConstantInt::getTrue(c->getType()));
          c->eraseFromParent();
        }
  }
}

std::variant<Function*, std::string> lower_kernel(Function& kernel, FunctionAnalysisManager& fam) {
  auto scope = find_work_group_scope(kernel);
  if (auto* why = std::get_if<std::string>(&scope)) return *why;
  auto lowered = lower_work_group_scope(*std::get<Function*>(scope), fam);
  if (auto* f = std::get_if<Function*>(&lowered)) answer_work_item_scopes(**f);
  return lowered;
}

// Silent unless asked: -Rpass=/-Rpass-missed=tessera-hierarchical, or TESSERA_CBS_VERBOSE=1 in
// the compiler's environment (tessera++ --cbs-verbose), as for the CBS pass.
void report(CallInst& asked, const std::string& why) {
  Function& kernel = *asked.getFunction();
  if (why.empty()) {
    kernel.getContext().diagnose(OptimizationRemark(pass_name, "Lowered", &asked)
                                 << "hierarchical kernel runs a thread per work-item");
    return;
  }
  kernel.getContext().diagnose(OptimizationRemarkMissed(pass_name, "NotLowered", &asked)
                               << "hierarchical kernel keeps one thread per work-group: " << why);
  if (const char* v = std::getenv("TESSERA_CBS_VERBOSE"); v && *v && *v != '0')
    errs() << "tessera-hierarchical: " << demangle(kernel.getName().str())
           << " keeps one thread per work-group: " << why << "\n";
}

} // namespace

PreservedAnalyses hierarchical_pass::run(Module& m, ModuleAnalysisManager& am) {
  Function* marker = m.getFunction(lowered_marker);
  if (!Triple(m.getTargetTriple()).isNVPTX() || !marker) return PreservedAnalyses::all();
  auto& fam = am.getResult<FunctionAnalysisManagerModuleProxy>(m).getManager();
  for (User* u : make_early_inc_range(marker->users())) {
    auto* asked = dyn_cast<CallInst>(u);
    if (!asked || asked->getCalledFunction() != marker) continue;
    auto lowered = lower_kernel(*asked->getFunction(), fam);
    auto* why = std::get_if<std::string>(&lowered);
    report(*asked, why ? *why : std::string());
    asked->replaceAllUsesWith(ConstantInt::get(asked->getType(), why ? 0 : 1));
    asked->eraseFromParent();
  }
  return PreservedAnalyses::none();
}

} // namespace tessera::hierarchical
