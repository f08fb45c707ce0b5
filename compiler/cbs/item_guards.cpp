// Regions that begin with a guard on a local id: `if (lid < U) work;` where the items at or above
// U go straight to the region's only exit doing nothing on the way (a tree reduction's steps).
// Their item loop can stop at min(range, U): the skipped items would change nothing, and the
// items it runs take the work's side without a test, so the loop has no branch left to
// if-convert and vectorises. Where the items at or above U work too (a scan's
// `update = lid >= stride ? local[lid - stride] : 0`), the loop is split there: items [0, U) then
// [U, range), each taking its side without the test.
#include "cbs.hpp"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Dominators.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
// The local id dimension that `v` is (through casts that keep every id below 2^31), if any; the
// linear id counts as dimension 0 in a one-dimensional kernel.
std::optional<unsigned> id_dimension(Value* v, unsigned dimensions) {
  while (auto* cast = dyn_cast<CastInst>(v)) {
    if (!isa<ZExtInst>(cast) && !isa<SExtInst>(cast) && !isa<TruncInst>(cast)) return std::nullopt;
    if (cast->getType()->getScalarSizeInBits() < 32) return std::nullopt;
    v = cast->getOperand(0);
  }
  auto* i = dyn_cast<Instruction>(v);
  if (!i) return std::nullopt;
  if (is_call_to(*i, local_id_name)) {
    const uint64_t d = cast<ConstantInt>(cast<CallInst>(i)->getArgOperand(0))->getZExtValue();
    if (d < dimensions) return static_cast<unsigned>(d);
  }
  if (is_call_to(*i, local_linear_id_name) && dimensions == 1) return 0u;
  return std::nullopt;
}

// Whether the blocks from `work` on, all dominated by it and without a cut, leave only for `join`,
// whose predecessors are those blocks and `guard`: the work side of an if without else.
bool joins_only_at(BasicBlock* guard, BasicBlock* work, BasicBlock* join, const DominatorTree& dt) {
  if (work == join) return false;
  SmallPtrSet<BasicBlock*, 16> seen{work};
  SmallVector<BasicBlock*, 16> todo{work};
  while (!todo.empty()) {
    BasicBlock* b = todo.pop_back_val();
    if (!dt.dominates(work, b) || seen.size() > 32 || any_of(*b, [](Instruction& i) { return is_cut(i); })) return false;
    for (BasicBlock* s : successors(b))
      if (s != join && seen.insert(s).second) todo.push_back(s);
  }
  return any_of(predecessors(join), [&](BasicBlock* p) { return seen.contains(p); }) &&
         all_of(predecessors(join), [&](BasicBlock* p) { return p == guard || seen.contains(p); });
}

// Whether an item leaving by `b` reaches the region's exit (a barrier block or a return) through
// blocks that change nothing.
bool skips_to_exit(BasicBlock* b, const SmallPtrSetImpl<BasicBlock*>& barriers) {
  for (unsigned steps = 0; steps < 8; ++steps) {
    if (barriers.contains(b)) return true;
    for (Instruction& i : *b)
      if (i.mayHaveSideEffects()) return false;
    if (isa<ReturnInst>(b->getTerminator())) return true;
    b = b->getSingleSuccessor();
    if (!b) return false;
  }
  return false;
}

bool is_zero(const Value* v) {
  const auto* c = dyn_cast<ConstantInt>(v);
  return c && c->isZero();
}

bool read_only_load(const LoadInst& load) {
  if (load.isVolatile() || load.isAtomic()) return false;
  auto* a = dyn_cast<Argument>(getUnderlyingObject(load.getPointerOperand()));
  return a && (a->getArgNo() == 0 || a->getArgNo() == 1 || a->getArgNo() == 3);
}

// Whether `v` is the same in every item and can be computed before the region's item loop: built
// from constants, arguments, the kernel's read-only data and values read once per region.
bool hoistable(Value* v, BasicBlock* start, const SmallPtrSetImpl<AllocaInst*>& read_once, unsigned depth = 0) {
  if (isa<Constant>(v) || isa<Argument>(v)) return true;
  auto* i = dyn_cast<Instruction>(v);
  if (!i || depth > 12 || i->getParent() != start) return false;
  if (auto* load = dyn_cast<LoadInst>(i)) {
    if (auto* a = dyn_cast<AllocaInst>(load->getPointerOperand())) return read_once.contains(a);
    return read_only_load(*load) && hoistable(load->getPointerOperand(), start, read_once, depth + 1);
  }
  if (!isa<BinaryOperator>(i) && !isa<CastInst>(i) && !isa<GetElementPtrInst>(i) && !isa<CmpInst>(i) &&
      !isa<SelectInst>(i) && !isa<FreezeInst>(i))
    return false;
  if (!isSafeToSpeculativelyExecute(i)) return false;
  return all_of(i->operands(), [&](Value* op) { return hoistable(op, start, read_once, depth + 1); });
}

// `v` (hoistable) computed at `b`'s insertion point; loads of values read once become their
// region-wide copies.
Value* hoist(Value* v, IRBuilder<>& b, const DenseMap<Instruction*, Value*>& once) {
  auto* i = dyn_cast<Instruction>(v);
  if (!i) return v;
  if (Value* copy = once.lookup(i)) return copy;
  Instruction* c = i->clone();
  for (Use& op : c->operands()) op.set(hoist(op.get(), b, once));
  return b.Insert(c, i->getName() + ".cbs.bound");
}

// The guard's bound (hoisted) as an i64, extended as the comparison reads it.
Value* bound_as_i64(const item_guard& g, IRBuilder<>& b, const DenseMap<Instruction*, Value*>& once) {
  Value* bound = hoist(g.bound, b, once);
  return g.is_signed ? b.CreateSExtOrTrunc(bound, b.getInt64Ty()) : b.CreateZExtOrTrunc(bound, b.getInt64Ty());
}
} // namespace

unsigned add_join_barriers(Function& f, unsigned dimensions) {
  Function* barrier = f.getParent()->getFunction(barrier_name);
  if (!barrier) return 0;
  DominatorTree dt(f);
  SmallVector<BasicBlock*, 8> joins;
  for (CallInst* cut : cuts_in(f)) {
    BasicBlock* guard = cut->getParent();
    auto* br = dyn_cast<BranchInst>(guard->getTerminator());
    auto* cmp = br && br->isConditional() ? dyn_cast<ICmpInst>(br->getCondition()) : nullptr;
    if (!cmp || (!id_dimension(cmp->getOperand(0), dimensions) && !id_dimension(cmp->getOperand(1), dimensions)))
      continue;
    bool pure = true;
    for (Instruction* i = cut->getNextNode(); i != br; i = i->getNextNode()) pure &= !i->mayHaveSideEffects();
    for (unsigned w = 0; pure && w < 2; ++w) {
      BasicBlock* join = br->getSuccessor(1 - w);
      // A join that is already the region's end (a cut, or nothing left but the return) needs none.
      const bool ends = is_cut(*join->getFirstNonPHI()) ||
                        (isa<ReturnInst>(join->getTerminator()) && none_of(*join, [](Instruction& i) { return i.mayHaveSideEffects(); }));
      if (!is_contained(joins, join) && !ends &&
          joins_only_at(guard, br->getSuccessor(w), join, dt)) {
        joins.push_back(join);
        break;
      }
    }
  }
  IRBuilder<> b(f.getContext());
  Constant* site = b.CreateGlobalStringPtr("<a barrier the CBS pass added where a guarded step joins>",
                                           "cbs.join.site", 0, f.getParent());
  for (BasicBlock* j : joins) {
    b.SetInsertPoint(j->getFirstNonPHI());
    b.CreateCall(barrier, {f.getArg(2), b.getInt32(0), site, b.getInt32(0)})->setConvergent();
  }
  return joins.size();
}

namespace {
// Whether every path into `b` from the cut (or the kernel's entry) before it runs only blocks
// without side effects whose branches all items take alike, with at least one conditional branch
// among them (a loop's exit test): then every item passes `b` as often as every other between two
// cuts, and a barrier at its start changes no result.
bool reached_alike_after_cuts(BasicBlock* b, const uniformity& u) {
  SmallPtrSet<BasicBlock*, 16> seen;
  SmallVector<BasicBlock*, 16> todo(predecessors(b));
  bool tested = false;
  while (!todo.empty()) {
    BasicBlock* p = todo.pop_back_val();
    if (!seen.insert(p).second) continue;
    if (seen.size() > 16 || !u.branches_alike(p)) return false;
    auto* br = dyn_cast<BranchInst>(p->getTerminator());
    tested |= br && br->isConditional();
    bool cut = pred_empty(p);
    for (Instruction& i : reverse(*p)) {
      if (is_cut(i)) {
        cut = true;
        break;
      }
      if (i.mayHaveSideEffects()) return false;
    }
    if (!cut) todo.append(pred_begin(p), pred_end(p));
  }
  return tested && !seen.empty();
}
} // namespace

unsigned add_guard_barriers(Function& f, unsigned dimensions, const uniformity& u) {
  Function* barrier = f.getParent()->getFunction(barrier_name);
  if (!barrier) return 0;
  SmallVector<BasicBlock*, 8> guards;
  for (BasicBlock& b : f) {
    auto* br = dyn_cast<BranchInst>(b.getTerminator());
    auto* cmp = br && br->isConditional() ? dyn_cast<ICmpInst>(br->getCondition()) : nullptr;
    if (!cmp) continue;
    const bool left = id_dimension(cmp->getOperand(0), dimensions).has_value();
    if (!left && !id_dimension(cmp->getOperand(1), dimensions)) continue;
    if (!u.uniform(cmp->getOperand(left ? 1 : 0)) || any_of(b, [](Instruction& i) { return i.mayHaveSideEffects(); }))
      continue;
    if (reached_alike_after_cuts(&b, u)) guards.push_back(&b);
  }
  IRBuilder<> b(f.getContext());
  Constant* site = b.CreateGlobalStringPtr("<a barrier the CBS pass added before a guard all items reach alike>",
                                           "cbs.guard.site", 0, f.getParent());
  for (BasicBlock* g : guards) {
    b.SetInsertPoint(g->getFirstNonPHI());
    b.CreateCall(barrier, {f.getArg(2), b.getInt32(0), site, b.getInt32(0)})->setConvergent();
  }
  return guards.size();
}

std::optional<item_guard> find_item_guard(BasicBlock* start, unsigned dimensions,
                                          const SmallPtrSetImpl<BasicBlock*>& barriers,
                                          const SmallPtrSetImpl<AllocaInst*>& read_once) {
  auto* br = dyn_cast<BranchInst>(start->getTerminator());
  auto* cmp = br && br->isConditional() ? dyn_cast<ICmpInst>(br->getCondition()) : nullptr;
  if (!cmp || (!pred_empty(start) && !start->getSinglePredecessor())) return std::nullopt;
  for (Instruction& i : *start)
    if (i.mayHaveSideEffects()) return std::nullopt;
  // As "id pred bound", true on the low items' side.
  ICmpInst::Predicate pred = cmp->getPredicate();
  Value* id = cmp->getOperand(0);
  Value* bound = cmp->getOperand(1);
  if (!id_dimension(id, dimensions)) {
    std::swap(id, bound);
    pred = ICmpInst::getSwappedPredicate(pred);
  }
  const std::optional<unsigned> d = id_dimension(id, dimensions);
  if (!d) return std::nullopt;
  unsigned low = 0;
  if (pred == ICmpInst::ICMP_EQ || pred == ICmpInst::ICMP_NE) {
    if (!is_zero(bound)) return std::nullopt;
    low = pred == ICmpInst::ICMP_EQ ? 0 : 1;
    pred = ICmpInst::ICMP_ULE; // id == 0: id <= 0
  } else if (pred == ICmpInst::ICMP_UGE || pred == ICmpInst::ICMP_UGT || pred == ICmpInst::ICMP_SGE ||
             pred == ICmpInst::ICMP_SGT) {
    low = 1;
    pred = ICmpInst::getInversePredicate(pred);
  }
  if (pred != ICmpInst::ICMP_ULT && pred != ICmpInst::ICMP_ULE && pred != ICmpInst::ICMP_SLT &&
      pred != ICmpInst::ICMP_SLE)
    return std::nullopt;
  if (br->getSuccessor(0) == start || br->getSuccessor(1) == start) return std::nullopt;
  const bool low_works = !skips_to_exit(br->getSuccessor(low), barriers);
  const bool high_works = !skips_to_exit(br->getSuccessor(1 - low), barriers);
  // Where one side idles, its items are skipped on any dimension; a split into two loops only on
  // the outermost one, so that the items still run in the order of their linear ids.
  if ((!low_works && !high_works) || (low_works && high_works && *d != 0)) return std::nullopt;
  if (!hoistable(bound, start, read_once)) return std::nullopt;
  return item_guard{*d,        br,        low, bound, ICmpInst::isSigned(pred), pred == ICmpInst::ICMP_ULE || pred == ICmpInst::ICMP_SLE,
                    low_works, high_works};
}

Value* item_guard_cap(const item_guard& g, IRBuilder<>& b, Value* range, const DenseMap<Instruction*, Value*>& once) {
  Value* u = bound_as_i64(g, b, once);
  Value* cap = g.inclusive ? b.CreateAdd(b.CreateBinaryIntrinsic(Intrinsic::umin, u, b.CreateSub(range, b.getInt64(1))),
                                         b.getInt64(1))
                           : b.CreateBinaryIntrinsic(Intrinsic::umin, u, range);
  // A negative signed bound: no item does the work.
  if (g.is_signed) cap = b.CreateSelect(b.CreateICmpSLT(u, b.getInt64(0)), b.getInt64(0), cap);
  cap->setName("cbs.items.cap");
  return cap;
}

std::pair<Value*, Value*> item_guard_high(const item_guard& g, IRBuilder<>& b, Value* range,
                                          const DenseMap<Instruction*, Value*>& once) {
  Value* u = bound_as_i64(g, b, once);
  // The first high item: the bound itself (plus one where inclusive) when that is below the range,
  // so that the loop starts at the very value the region's addresses are computed from (a scan's
  // `local[li - stride]` then reads consecutive elements from 0 on, which the vectoriser sees).
  Value* first = g.inclusive ? b.CreateAdd(u, b.getInt64(1)) : u;
  Value* runs = g.inclusive ? b.CreateICmpULT(u, b.CreateSub(range, b.getInt64(1))) : b.CreateICmpULT(u, range);
  if (g.is_signed) {
    Value* negative = b.CreateICmpSLT(u, b.getInt64(0));
    first = b.CreateSelect(negative, b.getInt64(0), first);
    runs = b.CreateOr(negative, runs);
  }
  first->setName("cbs.items.high");
  return {first, runs};
}

} // namespace tessera::cbs
