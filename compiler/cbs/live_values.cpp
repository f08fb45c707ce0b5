// Values live across barriers. Each region of the whole-group function runs one item after the
// other, so what an item computed before a barrier and uses after it must be kept per item: values
// computed from the local ids and the read-only kernel data alone are recomputed where used (so
// that a region's loop sees, say, a global id as its counter plus a constant); other SSA values are
// spilled at their definition and reloaded where a barrier lies between; and memory (allocas) that
// carries data over a barrier becomes an array indexed by the item.
#include "cbs.hpp"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
// Whether a path from `def`'s block to `from` (backwards from `from`, not through `def`) crosses a barrier.
bool barrier_between(BasicBlock* def, BasicBlock* from, const SmallPtrSetImpl<BasicBlock*>& barriers) {
  SmallVector<BasicBlock*, 16> work{from};
  SmallPtrSet<BasicBlock*, 32> seen{from};
  while (!work.empty()) {
    BasicBlock* b = work.pop_back_val();
    if (barriers.contains(b)) return true;
    if (b == def) continue;
    for (BasicBlock* p : predecessors(b))
      if (seen.insert(p).second) work.push_back(p);
  }
  return false;
}

// Whether `v` can be computed anew anywhere from the local ids, the arguments and the kernel's
// read-only data, by at most `budget` instructions.
class recomputable {
public:
  bool operator()(Value* v) {
    unsigned budget = 24;
    return check(v, budget);
  }

private:
  bool check(Value* v, unsigned& budget) {
    if (isa<Constant>(v) || isa<Argument>(v)) return true;
    auto* i = dyn_cast<Instruction>(v);
    if (!i || is_local_id_marker(*i)) return i != nullptr;
    if (auto it = memo_.find(i); it != memo_.end()) return it->second;
    bool ok = budget-- > 0 && (isa<BinaryOperator>(i) || isa<CastInst>(i) || isa<GetElementPtrInst>(i) ||
                               isa<CmpInst>(i) || isa<SelectInst>(i) || isa<FreezeInst>(i) || read_only_load(i));
    for (Value* op : i->operands())
      if (ok) ok = check(op, budget);
    return memo_[i] = ok;
  }
  static bool read_only_load(Instruction* i) {
    auto* load = dyn_cast<LoadInst>(i);
    if (!load || load->isVolatile() || load->isAtomic()) return false;
    auto* a = dyn_cast<Argument>(getUnderlyingObject(load->getPointerOperand()));
    return a && (a->getArgNo() == 0 || a->getArgNo() == 1 || a->getArgNo() == 3);
  }
  DenseMap<Instruction*, bool> memo_;
};

// A copy of `v`'s computation before `at` (markers and arguments are shared, not copied).
Value* recompute(Value* v, Instruction* at, DenseMap<Value*, Value*>& done) {
  auto* i = dyn_cast<Instruction>(v);
  if (!i || is_local_id_marker(*i)) return v;
  if (Value* d = done.lookup(v)) return d;
  Instruction* c = i->clone();
  for (Use& op : c->operands()) op.set(recompute(op.get(), at, done));
  c->insertBefore(at);
  c->setName(i->getName() + ".cbs.again");
  return done[v] = c;
}

// Whether a path without barriers leads from `def` to one of `uses` (then an item redefines the
// value in the same region before reading it, and region-wide copies would mix iterations).
bool redefined_before_use(BasicBlock* def, ArrayRef<BasicBlock*> uses, const SmallPtrSetImpl<BasicBlock*>& barriers) {
  DenseSet<BasicBlock*> seen;
  SmallVector<BasicBlock*, 16> work{def};
  while (!work.empty())
    for (BasicBlock* s : successors(work.pop_back_val())) {
      if (barriers.contains(s) || !seen.insert(s).second) continue;
      if (is_contained(uses, s)) return true;
      work.push_back(s);
    }
  return false;
}

BasicBlock::iterator after_definition(Instruction& i) {
  if (isa<PHINode>(i)) return i.getParent()->getFirstInsertionPt();
  if (auto* inv = dyn_cast<InvokeInst>(&i)) return inv->getNormalDest()->getFirstInsertionPt();
  return std::next(i.getIterator());
}

// Replaces the uses of `i` that a barrier separates from it with reloads from a new alloca.
AllocaInst* spill(Instruction& i, ArrayRef<Use*> crossing, BasicBlock* top) {
  auto* slot = new AllocaInst(i.getType(), top->getModule()->getDataLayout().getAllocaAddrSpace(),
                              i.getName() + ".cbs.slot", top->getFirstInsertionPt());
  new StoreInst(&i, slot, after_definition(i));
  DenseMap<std::pair<PHINode*, BasicBlock*>, Value*> phi_loads;
  for (Use* u : crossing) {
    if (auto* phi = dyn_cast<PHINode>(u->getUser())) {
      BasicBlock* from = phi->getIncomingBlock(*u);
      Value*& load = phi_loads[{phi, from}];
      if (!load) load = new LoadInst(i.getType(), slot, i.getName() + ".cbs.reload", from->getTerminator()->getIterator());
      u->set(load);
    } else {
      u->set(new LoadInst(i.getType(), slot, i.getName() + ".cbs.reload", cast<Instruction>(u->getUser())->getIterator()));
    }
  }
  return slot;
}

Instruction* use_point(Use& u) {
  auto* user = cast<Instruction>(u.getUser());
  if (auto* phi = dyn_cast<PHINode>(user)) return phi->getIncomingBlock(u)->getTerminator();
  return user;
}

void spill_ssa_values(Function& f, BasicBlock* top, const SmallPtrSetImpl<BasicBlock*>& barriers, const uniformity& u,
                      live_values& live) {
  recomputable cheap;
  SmallVector<Instruction*, 64> defs;
  for (auto& b : f)
    if (&b != top && !barriers.contains(&b))
      for (auto& i : b)
        if (!i.getType()->isVoidTy() && !isa<AllocaInst>(i)) defs.push_back(&i);
  for (Instruction* i : defs) {
    SmallVector<Use*, 8> crossing;
    for (Use& u : i->uses()) {
      auto* user = cast<Instruction>(u.getUser());
      if (barriers.contains(user->getParent())) continue; // the barrier's own arguments go with it
      auto* phi = dyn_cast<PHINode>(user);
      BasicBlock* at = phi ? phi->getIncomingBlock(u) : user->getParent();
      if (at != i->getParent() && barrier_between(i->getParent(), at, barriers)) crossing.push_back(&u);
    }
    if (crossing.empty()) continue;
    if (cheap(i)) {
      for (Use* use : crossing) {
        DenseMap<Value*, Value*> done;
        use->set(recompute(i, use_point(*use), done));
      }
      continue;
    }
    SmallVector<BasicBlock*, 8> reloads;
    for (Use* use : crossing) reloads.push_back(use_point(*use)->getParent());
    AllocaInst* slot = spill(*i, crossing, top);
    live.per_item.push_back(slot);
    if (u.uniform(i) && !redefined_before_use(i->getParent(), reloads, barriers)) live.read_once.insert(slot);
  }
}

// The blocks where memory derived from `a` is used; false when its address escapes.
bool blocks_using(AllocaInst* a, SmallPtrSetImpl<BasicBlock*>& blocks) {
  SmallVector<Instruction*, 16> work{a};
  SmallPtrSet<Instruction*, 16> seen{a};
  while (!work.empty()) {
    Instruction* p = work.pop_back_val();
    for (Use& u : p->uses()) {
      auto* user = cast<Instruction>(u.getUser());
      if (auto* ii = dyn_cast<IntrinsicInst>(user); ii && ii->isLifetimeStartOrEnd()) continue;
      blocks.insert(user->getParent());
      if (isa<GetElementPtrInst>(user) || isa<BitCastInst>(user) || isa<AddrSpaceCastInst>(user) ||
          isa<PHINode>(user) || isa<SelectInst>(user)) {
        if (seen.insert(user).second) work.push_back(user);
      } else if (auto* st = dyn_cast<StoreInst>(user)) {
        if (st->getValueOperand() == p) return false;
      } else if (auto* call = dyn_cast<CallBase>(user)) {
        if (call->isArgOperand(&u) && !call->doesNotCapture(call->getArgOperandNo(&u))) return false;
      } else if (!isa<LoadInst>(user)) {
        return false;
      }
    }
  }
  return true;
}

using block_set = DenseSet<BasicBlock*>;
block_set reachable(BasicBlock* from, bool forward) {
  block_set seen;
  SmallVector<BasicBlock*, 16> work{from};
  while (!work.empty()) {
    BasicBlock* b = work.pop_back_val();
    auto next = [&](BasicBlock* n) {
      if (seen.insert(n).second) work.push_back(n);
    };
    if (forward)
      for (BasicBlock* s : successors(b)) next(s);
    else
      for (BasicBlock* p : predecessors(b)) next(p);
  }
  return seen;
}

// Memory is kept per item when some use can reach a barrier and the barrier can reach some use.
bool carried_over_a_barrier(AllocaInst* a, ArrayRef<std::pair<block_set, block_set>> around) {
  SmallPtrSet<BasicBlock*, 16> uses;
  if (!blocks_using(a, uses)) return true;
  for (const auto& [before, after] : around) {
    bool used_before = false, used_after = false;
    for (BasicBlock* u : uses) {
      used_before |= before.contains(u);
      used_after |= after.contains(u);
    }
    if (used_before && used_after) return true;
  }
  return false;
}
} // namespace

live_values spill_values_live_across(Function& f, BasicBlock* top, const SmallPtrSetImpl<BasicBlock*>& barriers,
                                     const uniformity& u) {
  live_values live;
  spill_ssa_values(f, top, barriers, u, live);
  auto& per_item = live.per_item;
  SmallVector<std::pair<block_set, block_set>, 8> around;
  for (BasicBlock* b : barriers) around.push_back({reachable(b, false), reachable(b, true)});
  for (auto& i : *top)
    if (auto* a = dyn_cast<AllocaInst>(&i); a && !is_contained(per_item, a) && carried_over_a_barrier(a, around))
      per_item.push_back(a);
  return live;
}

} // namespace tessera::cbs
