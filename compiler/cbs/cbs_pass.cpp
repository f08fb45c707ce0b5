// The pass: for each kernel's item function, its whole-group version or, where the kernel has no
// barrier or the pass cannot handle it, null (the runtime then runs items in a loop or on fibers).
#include "cbs.hpp"

#include <llvm/Analysis/ConstantFolding.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/EarlyCSE.h>
#include <llvm/Transforms/Scalar/LICM.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/Reassociate.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Scalar/SimplifyCFG.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Mem2Reg.h>

#include <cstdlib>
#include <string_view>

using namespace llvm;

namespace tessera::cbs {

namespace {
// "file:line" of a cut, for remarks.
std::string where(const CallInst& cut) {
  const cut_site site = site_of(cut);
  StringRef file;
  getConstantStringInfo(site.file, file);
  return (file.empty() ? "?" : file.str()) + ":" + std::to_string(site.line);
}

// The kernel's type, read from its item function's name nd_launch<D, Kernel>::cbs_item(...), so
// that a remark names the kernel as its source spells it.
std::string kernel_name(const Function& item) {
  const std::string full = demangle(item.getName());
  const StringRef name(full);
  const size_t open = name.find("nd_launch<"), close = name.rfind(">::cbs_item");
  if (open == StringRef::npos || close == StringRef::npos || close < open) return full;
  const StringRef arguments = name.slice(open + StringRef("nd_launch<").size(), close);
  const size_t comma = arguments.find(", ");
  return (comma == StringRef::npos ? arguments : arguments.drop_front(comma + 2)).str();
}

// Under TESSERA_CBS_VERBOSE=1 in the compiler's environment, one line on stderr per kernel that
// keeps fibers (the remark under -Rpass-missed=tessera-cbs says the same with the include chain).
void note_fallback(const std::string& kernel, const std::string& why) {
  const char* verbose = std::getenv("TESSERA_CBS_VERBOSE");
  if (verbose && *verbose && std::string_view(verbose) != "0")
    errs() << "tessera-cbs: " << kernel << " keeps fibers: " << why << "\n";
}

// Why a compiled kernel runs compiled only where its work-group is one sub-group (sub_cfgs::one_sub_group).
constexpr const char* one_sub_group_why =
    "its work-items may reach a sub-group barrier or collective on different paths, which sub-groups of a larger "
    "work-group may legally take";

// The whole-group function calls the runtime and throws its reports: the item function's
// inferred promises about memory, unwinding and its arguments no longer hold.
void drop_inferred_attributes(Function& g) {
  for (auto k : {Attribute::Memory, Attribute::NoUnwind, Attribute::WillReturn, Attribute::NoSync,
                 Attribute::NoFree, Attribute::NoRecurse})
    g.removeFnAttr(k);
  for (unsigned a : {2u, 4u})
    for (auto k : {Attribute::ReadNone, Attribute::ReadOnly, Attribute::WriteOnly, Attribute::NoCapture,
                   Attribute::NoUndef, Attribute::Dereferenceable})
      g.removeParamAttr(a, k);
}

// Promotes the loop bookkeeping to registers and takes what items share out of the loops, so that
// the vectoriser, which follows in the pipeline, sees plain counted loops.
void clean_up(Function& g, FunctionAnalysisManager& fam) {
  FunctionPassManager fpm;
  fpm.addPass(PromotePass());
  fpm.addPass(SROAPass(SROAOptions::ModifyCFG));
  fpm.addPass(EarlyCSEPass(true));
  fpm.addPass(InstCombinePass());
  fpm.addPass(SimplifyCFGPass());
  fpm.addPass(createFunctionToLoopPassAdaptor(LICMPass(LICMOptions()), /*UseMemorySSA=*/true));
  fpm.addPass(InstCombinePass());
  fpm.run(g, fam);
}

// After the jam: the jammed items' copies of what they compute alike become one (the optimiser's
// pipeline after the pass has no common-subexpression elimination of its own).
void after_jam(Function& g, FunctionAnalysisManager& fam) {
  FunctionPassManager fpm;
  fpm.addPass(InstCombinePass());
  fpm.addPass(ReassociatePass());
  fpm.addPass(EarlyCSEPass(true));
  fpm.addPass(InstCombinePass());
  fpm.run(g, fam);
}

// A whole-group function just formed gets its arguments' promises; false where the verifier
// rejects it (`broken` says why).
bool finish(Function& g, const work_item_function& w, std::string& broken) {
  drop_inferred_attributes(g);
  // Whole objects, never written while the group runs: what the loops read of them can be read once.
  const unsigned whole[] = {0, 1, 3};
  for (unsigned k = 0; k < 3; ++k) g.addDereferenceableParamAttr(whole[k], w.argument_bytes[k]);
  g.addDereferenceableParamAttr(4, 8 * w.dimensions);
  raw_string_ostream out(broken);
  return !verifyFunction(g, &out);
}

// The optimiser's loop passes after the pass (unrolling, vectorising, their scalar evolution) grow
// faster than the function: a sorting network unrolled into 100-370 barriers in three dimensions
// (1,000 loops, 25,000 instructions) took them minutes per kernel, and a file of such kernels over
// 15 minutes. Beyond these sizes a kernel keeps fibers; the kernels the pass is for (tiled
// matmuls, reductions, scans) have a few dozen loops.
constexpr unsigned max_group_loops = 192, max_group_instructions = 20000;

std::optional<std::string> too_large(Function& g, FunctionAnalysisManager& fam) {
  unsigned instructions = 0;
  for (const BasicBlock& b : g) instructions += b.size();
  const auto loops = static_cast<unsigned>(fam.getResult<LoopAnalysis>(g).getLoopsInPreorder().size());
  if (loops <= max_group_loops && instructions <= max_group_instructions) return std::nullopt;
  return "as loops over the work-items it would be " + std::to_string(loops) + " loops and " +
         std::to_string(instructions) + " instructions, more than the optimiser compiles in reasonable time (" +
         std::to_string(max_group_loops) + " loops, " + std::to_string(max_group_instructions) + " instructions)";
}

void erase(Function& g, FunctionAnalysisManager& fam) {
  fam.clear(g, g.getName());
  g.eraseFromParent();
}

// The group compiled from `item` (the item function or its copy with_expected_values) with every
// expected branch taking its way, where that lets an items' loop be jammed (jammed_items.cpp);
// null where it does not.
Function* expected_version(const work_item_function& w, Function& item, ArrayRef<expected_branch> branches,
                           FunctionAnalysisManager& fam, unsigned& jammed) {
  ValueToValueMapTy vmap;
  Function* e = CloneFunction(&item, vmap);
  e->setName(w.item->getName() + ".cbs.expected");
  take_expected_ways(branches, vmap);
  std::string broken;
  form_sub_cfgs(*e, w.dimensions);
  if (!finish(*e, w, broken)) {
    erase(*e, fam);
    return nullptr;
  }
  scope_scratch_arrays(*e);
  clean_up(*e, fam);
  jammed = jam_items_loops(*e, fam);
  if (jammed) after_jam(*e, fam);
  if (jammed && !verifyFunction(*e)) return e;
  erase(*e, fam);
  return nullptr;
}

// A kernel's whole-group function, and whether it is exact only for work-groups of one sub-group.
struct compiled_group {
  Function* group = nullptr;
  bool one_sub_group = false;
};

compiled_group compile(work_item_function& w, FunctionAnalysisManager& fam, OptimizationRemarkEmitter& ore) {
  SmallVector<CallInst*, 8> barriers = cuts_in(*w.item);
  if (barriers.empty()) return {};
  const auto collectives = count_if(barriers, [](CallInst* c) { return is_collective(*c); });
  const std::string kernel = "nd_range kernel " + kernel_name(*w.item) + " with a " +
                             (is_call_to(*barriers.front(), barrier_name) ? "barrier" : "collective") + " at " +
                             where(*barriers.front());
  if (auto why = why_not_compilable(*w.item)) {
    note_fallback(kernel, *why);
    ore.emit([&] {
      return OptimizationRemarkMissed(pass_name, "Fibers", barriers.front())
             << kernel << " keeps fibers: " << *why;
    });
    return {};
  }
  ValueToValueMapTy vmap;
  Function* g = CloneFunction(w.item, vmap);
  g->setName(w.item->getName() + ".cbs.group");
  const bool checked = is_checked(*w.item->getParent());
  const sub_cfgs made = form_sub_cfgs(*g, w.dimensions, checked);
  const unsigned regions = made.regions;
  std::string broken;
  if (!finish(*g, w, broken)) {
    if (std::getenv("TESSERA_CBS_DEBUG")) g->print(errs()); // for reports of such bugs
    erase(*g, fam);
    note_fallback(kernel, "the pass produced invalid code (a Tessera bug)");
    ore.emit([&] {
      return OptimizationRemarkMissed(pass_name, "Fibers", barriers.front())
             << kernel << " keeps fibers: the pass produced invalid code (a Tessera bug): " << broken;
    });
    return {};
  }
  scope_scratch_arrays(*g);
  clean_up(*g, fam);
  if (auto why = too_large(*g, fam)) {
    erase(*g, fam);
    note_fallback(kernel, *why);
    ore.emit([&] {
      return OptimizationRemarkMissed(pass_name, "Fibers", barriers.front()) << kernel << " keeps fibers: " << *why;
    });
    return {};
  }
  // Checked kernels test or call the checker at every access: nothing to vectorise, and one copy
  // of each access, which its reports name.
  if (checked && check_accesses_inline(*g, fam)) {
    fam.invalidate(*g, PreservedAnalyses::none());
    clean_up(*g, fam);
  }
  const unsigned unswitched = checked ? 0 : unswitch_items_loops(*g, fam);
  unsigned jammed = 0, usual_values = 0;
  if (auto branches = checked ? decltype(expected_branches(*w.item, w.argument_bytes, w.dimensions)){}
                              : expected_branches(*w.item, w.argument_bytes, w.dimensions);
      !branches.empty()) {
    // With the values the jammed items usually share, where their checks can be computed too.
    Function* usual = with_expected_values(*w.item, w.dimensions, w.argument_bytes, usual_values);
    auto usual_branches = usual ? expected_branches(*usual, w.argument_bytes, w.dimensions) : decltype(branches){};
    Function& item = usual_branches.empty() ? *w.item : *usual;
    if (usual_branches.empty()) usual_values = 0;
    else branches = usual_branches;
    if (Function* e = expected_version(w, item, branches, fam, jammed))
      g = versioned_group(item, branches, *g, *e, w.dimensions, w.argument_bytes);
    if (usual) erase(*usual, fam);
  }
  const std::size_t cut = barriers.size() - made.forwarded;
  ore.emit([&] {
    return OptimizationRemark(pass_name, "Compiled", barriers.front())
           << kernel << ": " << std::to_string(barriers.size() - collectives) << " barrier(s), "
           << std::to_string(collectives - made.forwarded) << " collective(s) and "
           << std::to_string(regions - 1 - cut) << " loop head(s) or guarded join(s) cut, " << std::to_string(regions)
           << " regions run as loops over the work-items, " << std::to_string(made.guarded)
           << " of them over the items below a guard"
           << (made.split ? ", " + std::to_string(made.split) + " split in two at a guard" : std::string())
           << (made.forwarded ? "; " + std::to_string(made.forwarded) + " sub-group broadcast(s) computed in place, without a cut"
                              : std::string())
           << (unswitched ? "; " + std::to_string(unswitched) + " items' loop(s) unswitched on a branch alike in all items"
                          : std::string())
           << (jammed ? "; " + std::to_string(jammed) +
                            " items' loop(s) jammed by four, in a version run when every item passes its checks" +
                            (usual_values ? " and computes " + std::to_string(usual_values) + " value(s) as usual"
                                          : std::string())
                      : std::string())
           << (made.one_sub_group ? "; compiled for work-groups of one sub-group only: " + std::string(one_sub_group_why)
                                  : std::string());
  });
  if (made.one_sub_group) note_fallback(kernel + " in work-groups larger than one sub-group", one_sub_group_why);
  return {g, made.one_sub_group};
}

// Replaces each request with `group` (null: the kernel keeps fibers).
void answer(ArrayRef<CallInst*> requests, Function* group) {
  for (CallInst* call : requests) {
    auto* type = cast<PointerType>(call->getType());
    call->replaceAllUsesWith(group ? static_cast<Constant*>(group) : ConstantPointerNull::get(type));
    call->eraseFromParent();
  }
}
} // namespace

PreservedAnalyses cbs_pass::run(Module& m, ModuleAnalysisManager& am) {
  const bool exempted = exempt_global_accesses(m); // in every kernel, range kernels' too
  auto items = find_work_item_functions(m);
  if (items.empty()) return exempted ? PreservedAnalyses::none() : PreservedAnalyses::all();
  auto& fam = am.getResult<FunctionAnalysisManagerModuleProxy>(m).getManager();
  for (auto& w : items) {
    make_math_calls_intrinsics(*w.item); // kernel code cannot read errno (kernel_math.cpp)
    OptimizationRemarkEmitter ore(w.item);
    const compiled_group made = compile(w, fam, ore);
    answer(w.requests, made.one_sub_group ? nullptr : made.group);
    answer(w.one_sub_group_requests, made.group);
    if (w.item->use_empty()) erase(*w.item, fam);
  }
  return PreservedAnalyses::none();
}

} // namespace tessera::cbs
