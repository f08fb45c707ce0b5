// Items' loops unrolled and jammed. A region that holds a loop (fig 9-14's k loop) runs each
// item's whole loop before the next item starts; when each iteration adds into one value, the
// item's time is its chain of dependent adds, and the items' loop waits for each chain in turn.
// Four items' iterations run together instead: the items' loop is unrolled by four and the four
// copies of the inner loop are fused into one, so the four chains overlap (and may share a vector).
//
// Exact because the items of a group run concurrently between barriers: an item that reads what
// another writes in the same region races (undefined), so any interleaving of their steps is one
// fibers could have run, as long as each item's own steps stay in order (they do) and nothing in
// the loop can stop an item part-way: no call but intrinsics without side effects, nothing that
// may throw (the checks were versioned away, versioned_checks.cpp), no private memory (the
// region's allocas are one scratch copy that items reuse in turn), and every item runs the
// inner loop equally often (its trip count does not change with the item).
#include "cbs.hpp"

#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/UnrollLoop.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
// Whether one item's steps in `l` may interleave with another's: see the file's comment.
bool interleavable(const Loop& l) {
  for (BasicBlock* b : l.blocks())
    for (Instruction& i : *b) {
      if (i.mayThrow() || isa<AllocaInst>(i) || i.isAtomic() || isa<FenceInst>(i)) return false;
      if (auto* call = dyn_cast<CallBase>(&i); call && (!isa<IntrinsicInst>(call) || call->mayHaveSideEffects()))
        return false;
      if (auto* load = dyn_cast<LoadInst>(&i);
          load && (!load->isSimple() || isa<AllocaInst>(getUnderlyingObject(load->getPointerOperand()))))
        return false;
      if (auto* store = dyn_cast<StoreInst>(&i);
          store && (!store->isSimple() || isa<AllocaInst>(getUnderlyingObject(store->getPointerOperand()))))
        return false;
    }
  return true;
}

// The shape UnrollAndJamLoop takes: one inner loop, both loops simplified and rotated with one
// exit, the blocks before the inner loop leading only into it, one block after it, and the outer
// header's values from the latch computable before the inner loop.
bool jammable_shape(Loop& l, ScalarEvolution& se, const DominatorTree& dt) {
  if (l.getSubLoops().size() != 1) return false;
  Loop* inner = l.getSubLoops().front();
  if (!inner->getSubLoops().empty()) return false;
  for (Loop* x : {&l, inner})
    if (!x->isLoopSimplifyForm() || !x->isRotatedForm() || !x->getExitBlock() || !x->getExitingBlock() ||
        x->getHeader()->hasAddressTaken())
      return false;
  if (!hasIterationCountInvariantInParent(inner, se)) return false;
  BasicBlock* inner_latch = inner->getLoopLatch();
  SmallPtrSet<BasicBlock*, 8> aft;
  for (BasicBlock* b : l.blocks()) {
    if (inner->contains(b)) continue;
    if (dt.dominates(inner_latch, b)) {
      aft.insert(b);
    } else if (b != inner->getLoopPreheader()) {
      for (BasicBlock* s : successors(b))
        if (!l.contains(s) || inner->contains(s) || dt.dominates(inner_latch, s)) return false;
    }
  }
  if (aft.size() != 1) return false;
  // The outer header's phis take from the latch values the aft block computes: they must be
  // plain arithmetic that can move before the inner loop.
  SmallVector<Instruction*, 8> work;
  for (PHINode& phi : l.getHeader()->phis())
    if (auto* i = dyn_cast<Instruction>(phi.getIncomingValueForBlock(l.getLoopLatch()))) work.push_back(i);
  SmallPtrSet<Instruction*, 8> seen;
  while (!work.empty()) {
    Instruction* i = work.pop_back_val();
    if (!seen.insert(i).second) continue;
    if (inner->contains(i->getParent())) return false;
    if (!aft.contains(i->getParent())) continue;
    if (isa<PHINode>(i) || i->mayHaveSideEffects() || i->mayReadOrWriteMemory()) return false;
    for (Value* op : i->operands())
      if (auto* o = dyn_cast<Instruction>(op)) work.push_back(o);
  }
  return true;
}

// The jam's copies of the inner loop's counters step alike: one counter each, so that what the
// jammed items compute alike from them (a load at one address) is visibly one value.
void merge_alike_counters(Loop& l, ScalarEvolution& se) {
  if (l.getSubLoops().size() != 1) return;
  Loop* inner = l.getSubLoops().front();
  se.forgetLoop(&l);
  DenseMap<const SCEV*, PHINode*> first;
  SmallVector<PHINode*, 8> alike;
  for (PHINode& p : inner->getHeader()->phis()) {
    if (!se.isSCEVable(p.getType())) continue;
    const SCEV* s = se.getSCEV(&p);
    if (!isa<SCEVAddRecExpr>(s)) continue;
    auto [it, fresh] = first.try_emplace(s, &p);
    if (!fresh) {
      p.replaceAllUsesWith(it->second);
      alike.push_back(&p);
    }
  }
  for (PHINode* p : alike) p->eraseFromParent();
  se.forgetLoop(&l);
}
} // namespace

bool is_items_loop(const Loop& l) { return findOptionMDForLoop(&l, items_loop_property) != nullptr; }

unsigned jam_items_loops(Function& g, FunctionAnalysisManager& fam) {
  auto& dt = fam.getResult<DominatorTreeAnalysis>(g);
  auto& loops = fam.getResult<LoopAnalysis>(g);
  auto& se = fam.getResult<ScalarEvolutionAnalysis>(g);
  auto& ac = fam.getResult<AssumptionAnalysis>(g);
  auto& tti = fam.getResult<TargetIRAnalysis>(g);
  auto& ore = fam.getResult<OptimizationRemarkEmitterAnalysis>(g);
  SmallVector<Loop*, 4> candidates;
  for (Loop* l : loops.getLoopsInPreorder())
    if (is_items_loop(*l) && l->getSubLoops().size() == 1) candidates.push_back(l);
  unsigned jammed = 0;
  for (Loop* l : candidates) {
    simplifyLoop(l, &dt, &loops, &se, &ac, nullptr, false);
    for (Loop* sub : l->getSubLoops()) simplifyLoop(sub, &dt, &loops, &se, &ac, nullptr, false);
    formLCSSARecursively(*l, dt, &loops, &se);
    if (!interleavable(*l) || !jammable_shape(*l, se, dt)) continue;
    if (UnrollAndJamLoop(l, jam_count, 0, 1, false, &loops, &se, &dt, &ac, &tti, &ore) != LoopUnrollResult::Unmodified) {
      merge_alike_counters(*l, se);
      ++jammed;
    }
  }
  fam.invalidate(g, PreservedAnalyses::none());
  return jammed;
}

} // namespace tessera::cbs
