// Sub-group collectives that need no meeting. A sub-group broadcast gives every item the value
// that the source item brought; where that value is computed, in the source item, from the local
// ids, values alike in every item and memory nobody writes between its load and the broadcast,
// each item can compute it for the source itself, at the broadcast: the pass puts that
// computation, with the source's local ids in place of the item's, where the call was. The
// collective is then no cut: no region ends there, no arrivals are stored, no combine runs, and
// the loop around it (fig 9-14's k loop) stays one region whose item loop vectorises.
//
// Exact where fibers agree: every item reaches the broadcast as often as every other (so none
// waits for an item that never comes), its source id is alike in every item (so the parameter
// check of the rendezvous cannot fail), and the value it forwards is the one the source item
// computed: the operand's loads read memory that no instruction on any path from the load to the
// broadcast may write (an item writing what another item of its group reads between two of their
// meetings is a data race, which the spec leaves undefined).
#include "cbs.hpp"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
constexpr unsigned broadcast_op = 1; // tessera::group::collective_op::broadcast
// tessera_cpu_sub_group_collective(exec, local_linear, op, file, line, param, complete, in, out, first)
enum argument : unsigned { op_arg = 2, param_arg = 5, in_arg = 7, out_arg = 8, first_arg = 9 };

// Private memory of one item: what another item cannot read there.
bool is_private(const Value* p) { return isa<AllocaInst>(getUnderlyingObject(p)); }

// Whether `i` may write memory that another item can read (a store to private memory cannot).
bool writes_shared(const Instruction& i) {
  if (!i.mayWriteToMemory()) return false;
  if (const auto* s = dyn_cast<StoreInst>(&i)) return !s->isSimple() || !is_private(s->getPointerOperand());
  if (const auto* ii = dyn_cast<IntrinsicInst>(&i)) return !ii->isLifetimeStartOrEnd();
  return true;
}

// Whether an instruction on a path from `from` to `at` (not through `from` again) satisfies
// `hit`. `from` dominates `at`.
template <typename Hit>
bool on_a_path(Instruction* from, Instruction* at, Hit hit) {
  BasicBlock *first = from->getParent(), *last = at->getParent();
  auto any = [&](BasicBlock::iterator b, BasicBlock::iterator e) { return std::any_of(b, e, [&](Instruction& i) { return hit(i); }); };
  if (first == last) return any(std::next(from->getIterator()), at->getIterator());
  // Blocks that reach `last` without passing `first`, and blocks `first` reaches without passing `last`.
  DenseSet<BasicBlock*> before_last, after_first;
  SmallVector<BasicBlock*, 16> work{last};
  while (!work.empty())
    for (BasicBlock* p : predecessors(work.pop_back_val()))
      if (p != first && p != last && before_last.insert(p).second) work.push_back(p);
  work.push_back(first);
  while (!work.empty())
    for (BasicBlock* s : successors(work.pop_back_val()))
      if (s != first && s != last && after_first.insert(s).second) work.push_back(s);
  if (any(std::next(from->getIterator()), first->end()) || any(last->begin(), at->getIterator())) return true;
  for (BasicBlock* b : after_first)
    if (before_last.contains(b) && any(b->begin(), b->end())) return true;
  return false;
}

bool written_between(Instruction* load, Instruction* at) {
  return on_a_path(load, at, [](const Instruction& i) { return writes_shared(i); });
}

// Whether `at` can be reached from just after `from` without passing an instruction that
// satisfies `stop`.
template <typename Stop>
bool reaches_without(Instruction* from, Instruction* at, Stop stop) {
  SmallPtrSet<BasicBlock*, 16> seen;
  SmallVector<BasicBlock::iterator, 16> work{std::next(from->getIterator())};
  while (!work.empty()) {
    BasicBlock::iterator i = work.pop_back_val();
    BasicBlock* b = i->getParent();
    for (; i != b->end(); ++i) {
      if (&*i == at) return true;
      if (stop(*i)) break;
    }
    if (i == b->end())
      for (BasicBlock* s : successors(b))
        if (seen.insert(s).second) work.push_back(s->begin());
  }
  return false;
}

// The value the operand `in` (an alloca that only loads, stores, lifetime markers and
// collectives use) holds at `at`: the one value that every store reaching `at` (with no other
// store to `in` or lifetime marker of it between) writes, defined where it dominates `at`.
// Several such stores are one store of the source copied onto paths (jump threading).
Value* operand_value(CallInst* at, AllocaInst* in, const DominatorTree& dt) {
  SmallVector<StoreInst*, 8> stores;
  for (User* u : in->users()) {
    auto* s = dyn_cast<StoreInst>(u);
    const auto* ii = dyn_cast<IntrinsicInst>(u);
    const auto* call = dyn_cast<CallInst>(u);
    if (s && s->getPointerOperand() == in) stores.push_back(s);
    else if (!isa<LoadInst>(u) && !(ii && ii->isLifetimeStartOrEnd()) && !(call && is_collective(*call))) return nullptr;
  }
  auto touches_in = [&](const Instruction& i) {
    const auto* s = dyn_cast<StoreInst>(&i);
    const auto* ii = dyn_cast<IntrinsicInst>(&i);
    return (s && s->getPointerOperand() == in) || (ii && ii->isLifetimeStartOrEnd() && ii->getArgOperand(1) == in);
  };
  Value* value = nullptr;
  for (StoreInst* s : stores) {
    if (!reaches_without(s, at, touches_in)) continue;
    if (!s->isSimple() || (value && value != s->getValueOperand())) return nullptr;
    value = s->getValueOperand();
  }
  auto* def = dyn_cast_or_null<Instruction>(value);
  return def && !dt.dominates(def, at) ? nullptr : value;
}

// The operand's computation for another item: which instructions it takes, then their copies.
class recomputation {
public:
  recomputation(const uniformity& u, Instruction* at) : u_(u), at_(at) {}

  // Whether `v` can be computed at `at` for any item of the group.
  bool possible(Value* v) {
    auto* i = dyn_cast<Instruction>(v);
    if (!i || u_.uniform(i) || is_local_id_marker(*i)) return true;
    if (auto it = checked_.find(i); it != checked_.end()) return it->second;
    bool ok = ++size_ <= 64;
    if (auto* load = dyn_cast<LoadInst>(i))
      ok = ok && load->isSimple() && !is_private(load->getPointerOperand()) && !written_between(load, at_);
    else
      ok = ok && (isa<BinaryOperator>(i) || isa<CastInst>(i) || isa<GetElementPtrInst>(i) || isa<CmpInst>(i) ||
                  isa<SelectInst>(i) || isa<FreezeInst>(i) || isa<ExtractValueInst>(i) || isa<InsertValueInst>(i) ||
                  isa<ExtractElementInst>(i) || isa<InsertElementInst>(i) || isa<ShuffleVectorInst>(i));
    for (Value* op : i->operands())
      if (ok) ok = possible(op);
    return checked_[i] = ok;
  }

  // `v` as the item whose local ids are `ids` (its linear id `linear`, an i64) computes it.
  Value* as(Value* v, ArrayRef<Value*> ids, Value* linear) {
    auto* i = dyn_cast<Instruction>(v);
    if (!i || u_.uniform(i)) return v;
    if (auto it = copies_.find(i); it != copies_.end()) return it->second;
    IRBuilder<> b(at_);
    Value* copy;
    if (is_local_id_marker(*i)) {
      copy = local_id_of_item(*i, ids, linear, b);
    } else {
      Instruction* c = i->clone();
      for (Use& op : c->operands()) op.set(as(op.get(), ids, linear));
      c->setName(i->getName() + ".forwarded");
      b.Insert(c);
      copy = c;
    }
    return copies_[i] = copy;
  }

private:
  const uniformity& u_;
  Instruction* at_;
  unsigned size_ = 0;
  DenseMap<Instruction*, bool> checked_;
  DenseMap<Instruction*, Value*> copies_;
};

// The local ids of the item whose linear id is `linear` (an i64).
SmallVector<Value*, 3> local_ids_of(Value* linear, Function& f, unsigned dimensions, IRBuilder<>& b) {
  SmallVector<Value*, 3> ids(dimensions);
  Value* rest = linear;
  for (unsigned d = dimensions; d-- > 0;) {
    if (d == 0) {
      ids[0] = rest;
      break;
    }
    Value* range = b.CreateLoad(b.getInt64Ty(), b.CreateConstInBoundsGEP1_64(b.getInt64Ty(), f.getArg(4), d));
    ids[d] = b.CreateURem(rest, range);
    rest = b.CreateUDiv(rest, range);
  }
  return ids;
}

// Where the source's ids can be computed: after `first` and `param`, as early as both are known,
// so that they are computed once per item, not in each iteration of the loop around `c`.
Instruction* source_point(CallInst* c, const DominatorTree& dt) {
  Instruction* at = &*c->getFunction()->getEntryBlock().getFirstNonPHIOrDbgOrAlloca();
  for (Value* v : {c->getArgOperand(first_arg), c->getArgOperand(param_arg)})
    if (auto* i = dyn_cast<Instruction>(v); i && dt.dominates(at, i)) {
      if (i->isTerminator()) return nullptr;
      at = isa<PHINode>(i) ? &*i->getParent()->getFirstNonPHIOrDbg() : i->getNextNode();
    }
  return at;
}

// Replaces broadcast `c` with its operand computed for the source item; false where it cannot.
bool forward_broadcast(CallInst* c, const uniformity& u, const DominatorTree& dt, unsigned dimensions) {
  Value* param = c->getArgOperand(param_arg);
  auto* in = dyn_cast<AllocaInst>(c->getArgOperand(in_arg));
  if (!u.uniform(param) || !in) return false;
  Value* operand = operand_value(c, in, dt);
  const DataLayout& dl = c->getDataLayout();
  if (!operand || dl.getTypeStoreSize(operand->getType()) != *in->getAllocationSize(dl)) return false;
  recomputation r(u, c);
  Instruction* at = source_point(c, dt);
  if (!at || !r.possible(operand)) return false;
  // The source: `param` items after the sub-group's first (the kernel checked it is in range).
  IRBuilder<> b(at);
  Value* source = b.CreateAdd(b.CreateZExt(c->getArgOperand(first_arg), b.getInt64Ty()),
                              b.CreateZExtOrTrunc(param, b.getInt64Ty()), "cbs.source");
  SmallVector<Value*, 3> ids = local_ids_of(source, *c->getFunction(), dimensions, b);
  IRBuilder<>(c).CreateStore(r.as(operand, ids, source), c->getArgOperand(out_arg));
  c->eraseFromParent();
  return true;
}
} // namespace

unsigned forward_sub_group_collectives(Function& f, unsigned dimensions) {
  SmallVector<CallInst*, 8> broadcasts;
  for (CallInst* c : cuts_in(f))
    if (is_sub_group_collective(*c) && c->arg_size() > first_arg &&
        cast<ConstantInt>(c->getArgOperand(op_arg))->getZExtValue() == broadcast_op)
      broadcasts.push_back(c);
  if (broadcasts.empty()) return 0;
  uniformity u(f);
  DominatorTree dt(f);
  PostDominatorTree pdt(f);
  SmallVector<BasicBlock*, 8> diverging;
  for (auto& b : f)
    if (!u.branches_alike(&b)) diverging.push_back(&b);
  // Until none is left that can go: a broadcast forwarded is no longer a call that may write
  // memory between a later broadcast's operand and that broadcast.
  unsigned forwarded = 0;
  for (bool progress = true; progress;) {
    progress = false;
    for (CallInst*& c : broadcasts)
      if (c && reached_alike(c->getParent(), diverging, pdt) && forward_broadcast(c, u, dt, dimensions)) {
        c = nullptr;
        ++forwarded;
        progress = true;
      }
  }
  return forwarded;
}

} // namespace tessera::cbs
