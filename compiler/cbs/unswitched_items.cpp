// Items' loops unswitched on branches alike in all items. A region's copy keeps the source's
// branches; where one tests a value every item computes alike (fig 9-8's `kk < K` after the
// second barrier: load the next tile, or write the result), the items' loop holds two paths and
// the vectoriser, which cannot if-convert their stores on the baseline target, leaves it scalar.
// Its condition is invariant in the loop (a value read once per region, hoisted by clean_up's
// LICM), so LLVM's unswitching makes one loop per way, chosen before the loop, each of which
// vectorises. Only the items' loops are unswitched, also at -O2, where the optimiser would not
// unswitch non-trivially: the copies are of a region the source wrote once.
//
// Exact: unswitching is LLVM's own, semantics-preserving transformation (the condition is the
// same in every iteration, so each iteration takes the way the copy chosen before the loop takes).
#include "cbs.hpp"

#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/Transforms/Scalar/LICM.h>
#include <llvm/Transforms/Scalar/LoopPassManager.h>
#include <llvm/Transforms/Scalar/SimpleLoopUnswitch.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
// SimpleLoopUnswitch with non-trivial unswitching, on the items' loops alone.
struct unswitch_items : PassInfoMixin<unswitch_items> {
  PreservedAnalyses run(Loop& l, LoopAnalysisManager& lam, LoopStandardAnalysisResults& ar, LPMUpdater& u) {
    if (!is_items_loop(l)) return PreservedAnalyses::all();
    return SimpleLoopUnswitchPass(/*NonTrivial=*/true).run(l, lam, ar, u);
  }
};

unsigned count_items_loops(Function& g, FunctionAnalysisManager& fam) {
  unsigned n = 0;
  for (Loop* l : fam.getResult<LoopAnalysis>(g).getLoopsInPreorder()) n += is_items_loop(*l);
  return n;
}
} // namespace

unsigned unswitch_items_loops(Function& g, FunctionAnalysisManager& fam) {
  const unsigned before = count_items_loops(g, fam);
  FunctionPassManager fpm;
  fpm.addPass(createFunctionToLoopPassAdaptor(unswitch_items(), /*UseMemorySSA=*/false));
  // What each way's loop reads of the kernel object no longer waits on the branch: out of the loop,
  // so that the vectoriser sees its addresses as invariant.
  fpm.addPass(createFunctionToLoopPassAdaptor(LICMPass(LICMOptions()), /*UseMemorySSA=*/true));
  fpm.run(g, fam);
  // Each unswitched loop left two copies of itself.
  return count_items_loops(g, fam) - before;
}

} // namespace tessera::cbs
