// Uniformity: which values every work-item of a group computes alike. Such a value needs one copy
// across a barrier, not one per item, and a loop whose exits depend only on such values runs the
// same iterations in every item. Optimistic: everything is uniform until shown to depend on the
// local id, on memory the items may write, or on a branch that items may take differently.
#include "cbs.hpp"

#include <llvm/ADT/DenseSet.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
// The kernel object, the geometry and the group id (arguments 0, 1, 3): read-only while a group runs.
bool read_only_argument(const Value* p) {
  const auto* a = dyn_cast<Argument>(getUnderlyingObject(p));
  return a && (a->getArgNo() == 0 || a->getArgNo() == 1 || a->getArgNo() == 3);
}

bool varying_by_nature(const Instruction& i) {
  if (is_local_id_marker(i)) return true;
  if (isa<AllocaInst>(i) || isa<AtomicRMWInst>(i) || isa<AtomicCmpXchgInst>(i) || isa<LandingPadInst>(i)) return true;
  if (const auto* load = dyn_cast<LoadInst>(&i)) return load->isVolatile() || !read_only_argument(load->getPointerOperand());
  if (const auto* call = dyn_cast<CallBase>(&i)) return !isa<IntrinsicInst>(call) || !call->doesNotAccessMemory();
  return false;
}

// The condition of a branch that items may leave by different ways, or null. A branch whose
// other ways only throw (the library's checks, such as a broadcast's source id against the
// sub-group's size) has one way on: an item that goes elsewhere never reaches anything after it.
const Value* condition_of(const Instruction* t) {
  unsigned on = 0;
  for (const BasicBlock* s : successors(t->getParent())) on += !isa<UnreachableInst>(s->getTerminator());
  if (on < 2) return nullptr;
  if (const auto* br = dyn_cast<BranchInst>(t); br && br->isConditional()) return br->getCondition();
  if (const auto* sw = dyn_cast<SwitchInst>(t)) return sw->getCondition();
  return nullptr;
}
} // namespace

uniformity::uniformity(Function& f) : dt_(f), loops_(dt_) {
  // Blocks between a join's immediate dominator and the join: where a branch decides which
  // incoming value an item sees.
  DenseMap<BasicBlock*, SmallVector<BasicBlock*, 8>> deciders;
  for (auto& b : f) {
    if (!isa<PHINode>(b.front())) continue;
    auto* node = dt_.getNode(&b);
    if (!node || !node->getIDom()) continue;
    BasicBlock* top = node->getIDom()->getBlock();
    DenseSet<BasicBlock*> to_join{&b};
    SmallVector<BasicBlock*, 16> work{&b};
    while (!work.empty())
      for (BasicBlock* p : predecessors(work.pop_back_val()))
        if (p != top && to_join.insert(p).second) work.push_back(p);
    auto& d = deciders[&b];
    d.push_back(top);
    for (BasicBlock* x : to_join)
      if (x != &b) d.push_back(x);
  }
  auto diverges = [&](BasicBlock* b) {
    const Value* c = condition_of(b->getTerminator());
    return c && varying_.contains(c);
  };
  auto in_divergent_loop = [&](BasicBlock* b) {
    for (Loop* l = loops_.getLoopFor(b); l; l = l->getParentLoop()) {
      SmallVector<BasicBlock*, 4> exiting;
      l->getExitingBlocks(exiting);
      if (any_of(exiting, diverges)) return true;
    }
    return false;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (auto& i : instructions(f)) {
      if (varying_.contains(&i)) continue;
      bool varying = varying_by_nature(i) || any_of(i.operands(), [&](const Use& u) { return varying_.contains(u.get()); }) ||
                     in_divergent_loop(i.getParent());
      if (!varying && isa<PHINode>(i)) varying = any_of(deciders[i.getParent()], diverges);
      if (varying) {
        varying_.insert(&i);
        changed = true;
      }
    }
  }
}

bool uniformity::branches_alike(const BasicBlock* b) const {
  const Value* c = condition_of(b->getTerminator());
  return !c || !varying_.contains(c);
}

} // namespace tessera::cbs
