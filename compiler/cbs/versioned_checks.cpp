// A kernel versioned on its checks. The library's checks (a sub-group broadcast's source id
// against the sub-group's size) are branches whose other way only throws; a loop's guard (the
// test a rotated loop makes before its first iteration) is a branch around the loop. Both tie an
// item's run to its own progress: a compiled group that ran the items' iterations interleaved
// (jammed_items.cpp) would throw at a different item, or after other items' writes, than fibers.
// Where each such branch's condition can be computed for any item from its local ids, the
// arguments and the read-only kernel data, the group is compiled twice: as today, and with every
// check taking its way on and every guard entering its loop. A first loop over the items computes
// the conditions; if every item would go the expected way, the second version runs, else the
// first, which throws at the same item as fibers (or skips the loop) as before.
#include "cbs.hpp"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/MDBuilder.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
bool only_throws(const BasicBlock* b) { return isa<UnreachableInst>(b->getTerminator()); }

// Whether `f` may write memory through argument `a` (or a pointer based on it) or let a call do so.
bool written_through(const Function& f, const Argument* a) {
  for (const Instruction& i : instructions(f)) {
    if (!i.mayWriteToMemory()) continue;
    if (const auto* s = dyn_cast<StoreInst>(&i)) {
      if (getUnderlyingObject(s->getPointerOperand()) == a) return true;
    } else if (const auto* call = dyn_cast<CallBase>(&i)) {
      for (const Value* op : call->args())
        if (op->getType()->isPointerTy() && getUnderlyingObject(op) == a) return true;
    } else {
      return true; // atomics and the like: assume the worst
    }
  }
  return false;
}

// The kernel object, the geometry and the group id, where the item function promises that no
// other pointer reaches them (restrict) and writes nothing through them: what a load there
// reads is the same for every item, whenever it loads. Also the group's local range (argument 4,
// `dimensions` extents), which is the runtime's and which the kernel cannot reach.
bool read_only_argument(const Value* p, const DataLayout& dl, Type* type, const std::uint64_t bytes[3], unsigned dimensions) {
  APInt offset(64, 0);
  const auto* a = dyn_cast<Argument>(p->stripAndAccumulateConstantOffsets(dl, offset, /*AllowNonInbounds=*/true));
  if (!a || offset.isNegative()) return false;
  const std::uint64_t end = offset.getZExtValue() + dl.getTypeStoreSize(type);
  if (a->getArgNo() == 4) return end <= 8 * dimensions && !written_through(*a->getParent(), a);
  if (!a->hasNoAliasAttr()) return false;
  const unsigned k = a->getArgNo() == 0 ? 0 : a->getArgNo() == 1 ? 1 : a->getArgNo() == 3 ? 2 : 3;
  return k < 3 && end <= bytes[k] && !written_through(*a->getParent(), a);
}

// A condition's computation, copied into the wrapper for any item.
class evaluation {
public:
  evaluation(Function& item, const std::uint64_t bytes[3], unsigned dimensions)
      : item_(item), bytes_(bytes), dimensions_(dimensions) {}

  // Whether `v` can be computed at the group's start for any item: from the local ids, the
  // arguments and loads of the read-only kernel data, without a fault the item would not have.
  bool possible(Value* v) {
    auto* i = dyn_cast<Instruction>(v);
    if (!i || is_local_id_marker(*i)) return isa<Constant>(v) || isa<Argument>(v) || i;
    if (auto it = checked_.find(i); it != checked_.end()) return it->second;
    bool ok = ++size_ <= 64;
    if (auto* load = dyn_cast<LoadInst>(i))
      ok = ok && load->isSimple() && read_only_argument(load->getPointerOperand(), i->getDataLayout(), i->getType(), bytes_, dimensions_);
    else
      ok = ok && !isa<PHINode>(i) && !i->mayReadOrWriteMemory() && (isSafeToSpeculativelyExecute(i) || runs_first(i));
    for (Value* op : i->operands())
      if (ok) ok = possible(op);
    return checked_[i] = ok;
  }

  // `v` for the item whose local ids are `ids` and linear id `linear` (i64s), built at `b`.
  Value* as(Value* v, ArrayRef<Value*> ids, Value* linear, IRBuilder<>& b) {
    if (auto* a = dyn_cast<Argument>(v)) return b.GetInsertBlock()->getParent()->getArg(a->getArgNo());
    auto* i = dyn_cast<Instruction>(v);
    if (!i) return v;
    if (auto it = copies_.find(i); it != copies_.end()) return it->second;
    Value* copy;
    if (is_local_id_marker(*i)) {
      copy = local_id_of_item(*i, ids, linear, b);
    } else {
      Instruction* c = i->clone();
      for (Use& op : c->operands()) op.set(as(op.get(), ids, linear, b));
      b.Insert(c);
      copy = c;
    }
    return copies_[i] = copy;
  }

private:
  // An instruction every item runs before anything else can stop it (in the entry block, with
  // nothing before it that may throw or not return): evaluating it earlier faults no more often.
  bool runs_first(const Instruction* i) const {
    if (i->getParent() != &item_.getEntryBlock()) return false;
    for (const Instruction* x = &i->getParent()->front(); x != i; x = x->getNextNode())
      if (!is_local_id_marker(*x) && !isGuaranteedToTransferExecutionToSuccessor(x)) return false;
    return true;
  }

  Function& item_;
  const std::uint64_t* bytes_;
  unsigned dimensions_;
  unsigned size_ = 0;
  DenseMap<Instruction*, bool> checked_;
  DenseMap<Instruction*, Value*> copies_;
};

// The wrapper's loops over the items: a nest over the local ids (each header's phi), the
// linear id, and the innermost header, where the builder is left to compute the conditions.
struct item_nest {
  SmallVector<PHINode*, 3> ids;
  Value* linear;
  BasicBlock* body;
};

item_nest open_items(IRBuilder<>& b, ArrayRef<Value*> range) {
  item_nest n;
  Function* w = b.GetInsertBlock()->getParent();
  BasicBlock* pred = b.GetInsertBlock();
  for (unsigned d = 0; d < range.size(); ++d) {
    BasicBlock* h = BasicBlock::Create(w->getContext(), "cbs.check.d" + Twine(d), w);
    b.CreateBr(h);
    b.SetInsertPoint(h);
    PHINode* id = b.CreatePHI(b.getInt64Ty(), 2);
    id->addIncoming(b.getInt64(0), pred);
    n.ids.push_back(id);
    pred = h;
  }
  n.linear = b.getInt64(0);
  for (unsigned d = 0; d < range.size(); ++d)
    n.linear = d ? b.CreateAdd(b.CreateMul(n.linear, range[d]), n.ids[d]) : static_cast<Value*>(n.ids[0]);
  n.body = b.GetInsertBlock();
  return n;
}

void close_items(IRBuilder<>& b, const item_nest& n, ArrayRef<Value*> range, BasicBlock* done) {
  for (unsigned d = n.ids.size(); d-- > 0;) {
    Value* next = b.CreateAdd(n.ids[d], b.getInt64(1));
    n.ids[d]->addIncoming(next, b.GetInsertBlock());
    BasicBlock* outer = d ? BasicBlock::Create(b.getContext(), "cbs.check.next", done->getParent()) : done;
    b.CreateCondBr(b.CreateICmpULT(next, range[d]), n.ids[d]->getParent(), outer);
    b.SetInsertPoint(outer);
  }
  if (n.ids.empty()) b.CreateBr(done);
}

void call_and_return(Function& callee, BasicBlock* at) {
  Function* w = at->getParent();
  IRBuilder<> b(at);
  SmallVector<Value*, 5> args;
  for (Argument& a : w->args()) args.push_back(&a);
  b.CreateCall(&callee, args);
  b.CreateRetVoid();
}
} // namespace

bool computable_at_start(Function& item, Value* v, const std::uint64_t bytes[3], unsigned dimensions) {
  return evaluation(item, bytes, dimensions).possible(v);
}

SmallVector<expected_branch, 8> expected_branches(Function& item, const std::uint64_t bytes[3], unsigned dimensions) {
  SmallVector<expected_branch, 8> found;
  DominatorTree dt(item);
  LoopInfo loops(dt);
  evaluation e(item, bytes, dimensions);
  // A guard that cannot be computed up front (a loop inside a loop) stays: it is only slower.
  // The guard: the branch before the loop's preheader, one of whose ways skips the loop.
  for (Loop* l : loops.getLoopsInPreorder()) {
    BasicBlock* pre = l->getLoopPreheader();
    BasicBlock* before = pre ? pre->getUniquePredecessor() : nullptr;
    auto* guard = before ? dyn_cast<BranchInst>(before->getTerminator()) : nullptr;
    if (guard && guard->isConditional() && guard->getSuccessor(0) != guard->getSuccessor(1) &&
        e.possible(guard->getCondition()))
      found.push_back({guard, guard->getSuccessor(0) == pre ? 0u : 1u});
  }
  // A check that cannot be computed up front would keep the items in order: no version then.
  for (auto& bb : item) {
    auto* br = dyn_cast<BranchInst>(bb.getTerminator());
    if (!br || !br->isConditional()) continue;
    for (unsigned s = 0; s < 2; ++s)
      if (only_throws(br->getSuccessor(s)) && !only_throws(br->getSuccessor(1 - s))) {
        if (!e.possible(br->getCondition())) return {};
        found.push_back({br, 1 - s});
      }
  }
  return found;
}

void take_expected_ways(ArrayRef<expected_branch> branches, ValueToValueMapTy& vmap) {
  for (const expected_branch& x : branches) {
    auto* br = cast<BranchInst>(vmap[x.branch]);
    br->setCondition(ConstantInt::getBool(br->getContext(), x.way == 0));
  }
}

Function* versioned_group(Function& item, ArrayRef<expected_branch> branches, Function& as_today, Function& expected,
                          unsigned dimensions, const std::uint64_t bytes[3]) {
  Module& m = *as_today.getParent();
  Function* w = Function::Create(as_today.getFunctionType(), as_today.getLinkage(), as_today.getName() + ".versioned", m);
  w->copyAttributesFrom(&as_today);
  for (Function* v : {&as_today, &expected}) {
    v->setLinkage(GlobalValue::InternalLinkage);
    v->setComdat(nullptr);
  }
  LLVMContext& ctx = m.getContext();
  IRBuilder<> b(BasicBlock::Create(ctx, "cbs.check", w));
  MDNode* extent = MDBuilder(ctx).createRange(APInt(64, 1), APInt(64, uint64_t(1) << 31));
  SmallVector<Value*, 3> range;
  for (unsigned d = 0; d < dimensions; ++d) {
    LoadInst* l = b.CreateLoad(b.getInt64Ty(), b.CreateConstInBoundsGEP1_64(b.getInt64Ty(), w->getArg(4), d));
    l->setMetadata(LLVMContext::MD_range, extent);
    range.push_back(l);
  }
  BasicBlock* today = BasicBlock::Create(ctx, "cbs.as.today", w);
  BasicBlock* fast = BasicBlock::Create(ctx, "cbs.as.expected", w);
  item_nest n = open_items(b, range);
  evaluation e(item, bytes, dimensions);
  SmallVector<Value*, 3> ids(n.ids.begin(), n.ids.end());
  Value* other = b.getFalse();
  for (const expected_branch& x : branches) {
    Value* c = e.as(x.branch->getCondition(), ids, n.linear, b);
    other = b.CreateOr(other, x.way == 0 ? b.CreateNot(c) : c);
  }
  BasicBlock* next = BasicBlock::Create(ctx, "cbs.check.item", w);
  b.CreateCondBr(other, today, next);
  b.SetInsertPoint(next);
  close_items(b, n, range, fast);
  call_and_return(as_today, today);
  call_and_return(expected, fast);
  return w;
}

} // namespace tessera::cbs
