// Barriers the kernel did not write. A region runs each item through all of its code before the
// next item starts, so a loop inside a region is an inner loop of the loop over the items and the
// items' loop cannot vectorise. Where every item runs the loop's iterations alike (its exits
// depend on uniform values only, and every item reaches it), a barrier at the head of each
// iteration changes nothing the kernel can observe, and makes each iteration a region: the items'
// loop becomes the innermost one (as PoCL's implicit loop barriers do).
#include "cbs.hpp"

#include <llvm/ADT/DenseSet.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
bool reaches(BasicBlock* from, BasicBlock* to) {
  DenseSet<BasicBlock*> seen{from};
  SmallVector<BasicBlock*, 16> work{from};
  while (!work.empty())
    for (BasicBlock* s : successors(work.pop_back_val())) {
      if (s == to) return true;
      if (seen.insert(s).second) work.push_back(s);
    }
  return false;
}

bool has_barrier(const Loop& l) {
  for (BasicBlock* b : l.blocks())
    for (auto& i : *b)
      if (is_cut(i)) return true;
  return false;
}

// A loop that may leave for a throw (a library check, such as a sub-group broadcast's source id
// against the sub-group's size): the items' loop of its iteration would have that exit too, which
// the vectoriser does not take, so a barrier there would only add a region's cost.
bool may_throw_out(const Loop& l) {
  SmallVector<BasicBlock*, 4> exits;
  l.getExitBlocks(exits);
  return any_of(exits, [](BasicBlock* e) { return isa<UnreachableInst>(e->getTerminator()); });
}
} // namespace

bool reached_alike(BasicBlock* b, ArrayRef<BasicBlock*> diverging, const PostDominatorTree& pdt) {
  return all_of(diverging, [&](BasicBlock* x) { return !reaches(x, b) || pdt.dominates(b, x); });
}

unsigned add_loop_barriers(Function& f, uniformity& u) {
  Function* barrier = f.getParent()->getFunction(barrier_name);
  if (!barrier) return 0;
  PostDominatorTree pdt(f);
  SmallVector<BasicBlock*, 8> diverging;
  for (auto& b : f)
    if (!u.branches_alike(&b)) diverging.push_back(&b);
  SmallVector<BasicBlock*, 8> heads;
  for (Loop* l : u.loops().getLoopsInPreorder()) {
    if (!l->isInnermost() || has_barrier(*l) || l->getHeader()->isEHPad() || may_throw_out(*l)) continue;
    SmallVector<BasicBlock*, 4> exiting;
    l->getExitingBlocks(exiting);
    if (!all_of(exiting, [&](BasicBlock* e) { return u.branches_alike(e); })) continue;
    if (reached_alike(l->getHeader(), diverging, pdt)) heads.push_back(l->getHeader());
  }
  IRBuilder<> b(f.getContext());
  Constant* site = b.CreateGlobalStringPtr("<a barrier the CBS pass added at the head of a loop>", "cbs.loop.site",
                                           0, f.getParent());
  for (BasicBlock* h : heads) {
    b.SetInsertPoint(h->getFirstNonPHI());
    CallInst* call = b.CreateCall(barrier, {f.getArg(2), b.getInt32(0), site, b.getInt32(0)});
    call->setConvergent();
  }
  return heads.size();
}

} // namespace tessera::cbs
