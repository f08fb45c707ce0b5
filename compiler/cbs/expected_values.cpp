// Values a kernel's second version (versioned_checks.cpp) takes as they usually are, so that the
// items it jams (jammed_items.cpp) visibly share what they compute alike:
// - a sub-group's first item (the `first` of a sub-group collective, from which a broadcast
//   computed in place delinearises its source): the same for the four items of a jam wherever
//   no sub-group starts inside a run of four items aligned in the last dimension. The version
//   computes it from the item's ids with the last one rounded down to a multiple of four, so that
//   the four copies of the source's ids, and of the operand's loads (fig 9-14's A), are one;
// - an id truncated to `int` and sign-extended back (fig 9-14's `int n` indexing B): the id
//   itself where it fits, so that consecutive items' addresses are visibly consecutive and their
//   loads one vector.
// Each becomes a check in a copy of the item function: a branch on `value != replacement` whose
// other way ends in `unreachable`, which the versioning takes as a check (computed for every item
// before the group runs; the version runs only where none fails, else the group runs as today),
// and the value's uses take the replacement. Exact: the version runs only where every item's
// value equals its replacement.
#include "cbs.hpp"

#include <llvm/IR/PatternMatch.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <functional>
#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace tessera::cbs {

namespace {
constexpr unsigned first_arg = 9; // tessera_cpu_sub_group_collective's `first`

// The item function's markers of the local ids, one per dimension, in its entry block; empty
// where one is missing.
SmallVector<CallInst*, 3> id_markers(Function& f, unsigned dimensions) {
  SmallVector<CallInst*, 3> ids(dimensions, nullptr);
  for (Instruction& i : f.getEntryBlock())
    if (auto* c = dyn_cast<CallInst>(&i); c && is_call_to(*c, local_id_name))
      if (const auto d = cast<ConstantInt>(c->getArgOperand(0))->getZExtValue(); d < dimensions && !ids[d]) ids[d] = c;
  if (is_contained(ids, nullptr)) return {};
  return ids;
}

// Copies of a computation for the item whose last local id is rounded down to a multiple of the
// jam count (the first item of its jam), built at `b`; what does not depend on the ids is shared.
// The linear id is computed from the ids and the local range (argument 4) as the pass's loops
// compute it, so that the jam's four copies fold into one.
class rounded_ids {
public:
  rounded_ids(ArrayRef<CallInst*> ids, IRBuilder<>& b) : ids_(ids.begin(), ids.end()), b_(b) {}

  Value* as(Value* v) {
    auto* i = dyn_cast<Instruction>(v);
    if (!i) return v;
    if (auto it = copies_.find(i); it != copies_.end()) return it->second;
    Value* copy = i;
    if (i == ids_.back()) {
      copy = rounded_last();
    } else if (is_call_to(*i, local_linear_id_name)) {
      copy = b_.CreateTrunc(rounded_linear(), i->getType(), "cbs.jam.first.linear");
    } else if (!isa<PHINode>(i) && !is_local_id_marker(*i)) {
      SmallVector<Value*, 4> ops;
      bool changed = false;
      for (Value* op : i->operands()) {
        ops.push_back(as(op));
        changed |= ops.back() != op;
      }
      if (changed && isa<FreezeInst>(i)) {
        // The ids are never poison, nor is what the copies compute from them (flags dropped):
        // a freeze would only hide from the optimiser that the jam's copies compute one value.
        copy = ops.front();
      } else if (changed) {
        Instruction* c = i->clone();
        c->dropPoisonGeneratingFlags();
        c->dropPoisonGeneratingMetadata();
        for (unsigned k = 0; k < ops.size(); ++k) c->setOperand(k, ops[k]);
        c->setName(i->getName() + ".jam");
        b_.Insert(c);
        copy = c;
      }
    }
    return copies_[i] = copy;
  }

private:
  Value* rounded_last() { return b_.CreateAnd(ids_.back(), ~std::uint64_t(jam_count - 1), "cbs.jam.first.id"); }

  Value* rounded_linear() {
    Value* linear = ids_.size() == 1 ? rounded_last() : ids_.front();
    Argument* range = b_.GetInsertBlock()->getParent()->getArg(4);
    for (unsigned d = 1; d < ids_.size(); ++d) {
      Value* extent = b_.CreateLoad(b_.getInt64Ty(), b_.CreateConstInBoundsGEP1_64(b_.getInt64Ty(), range, d));
      linear = b_.CreateAdd(b_.CreateMul(linear, extent), d + 1 == ids_.size() ? rounded_last() : ids_[d]);
    }
    return linear;
  }

  SmallVector<CallInst*, 3> ids_;
  IRBuilder<>& b_;
  DenseMap<Instruction*, Value*> copies_;
};

// The checks, computed at the end of the entry block (what the entry computes stays there, where
// the versioning may compute it first thing, and a loop's guard stays just before its loop): one
// branch on whether any value differs from its usual replacement.
class checks {
public:
  explicit checks(Function& f) : b_(f.getEntryBlock().getTerminator()), any_(b_.getFalse()) {}
  IRBuilder<>& builder() { return b_; }
  void equal(Value* v, Value* usual) { any_ = b_.CreateOr(any_, b_.CreateICmpNE(v, usual), "cbs.unusual"); }
  unsigned count() const { return count_; }
  void counted() { ++count_; }
  void branch() {
    if (count_) SplitBlockAndInsertIfThen(any_, &*b_.GetInsertPoint(), /*Unreachable=*/true);
  }

private:
  IRBuilder<> b_;
  Value* any_;
  unsigned count_ = 0;
};

bool in_entry(const Value* v) {
  const auto* i = dyn_cast<Instruction>(v);
  return i && i->getParent() == &i->getFunction()->getEntryBlock();
}

// `first` of each sub-group collective, as computed for the first item of the item's jam.
void expect_jam_first(Function& f, unsigned dimensions, checks& c, const std::function<bool(Value*)>& computable) {
  SmallVector<CallInst*, 3> ids = id_markers(f, dimensions);
  if (ids.empty()) return;
  DenseMap<Value*, Value*> usual;
  rounded_ids r(ids, c.builder());
  for (CallInst* call : cuts_in(f)) {
    if (!is_sub_group_collective(*call) || call->arg_size() <= first_arg) continue;
    Value* first = call->getArgOperand(first_arg);
    if (!usual.count(first)) {
      Value* rounded = in_entry(first) && computable(first) ? r.as(first) : first;
      if (rounded != first) {
        c.equal(first, rounded);
        c.counted();
      }
      usual[first] = rounded;
    }
    call->setArgOperand(first_arg, usual[first]);
  }
}

// `sext(trunc x)` from 64 to 32 bits and back, times 2^(32 - shift): InstCombine leaves it as
// `ashr(shl(x, 32), shift)` (shift 30: an index of 4-byte elements), or as written.
std::optional<std::pair<Value*, unsigned>> truncated_and_extended(Instruction& i) {
  Value* x;
  const APInt* shift;
  if (match(&i, m_SExt(m_Trunc(m_Value(x)))) && x->getType() == i.getType() && i.getOperand(0)->getType()->isIntegerTy(32))
    return std::pair{x, 32u};
  if (i.getType()->isIntegerTy(64) && match(&i, m_AShr(m_Shl(m_Value(x), m_SpecificInt(32)), m_APInt(shift))) &&
      shift->ule(32) && shift->uge(28))
    return std::pair{x, static_cast<unsigned>(shift->getZExtValue())};
  return std::nullopt;
}

// Values computable at the group's start (ids) truncated to 32 bits and extended back, as the value.
void expect_ids_fit(Function& f, checks& c, const std::function<bool(Value*)>& computable) {
  SmallVector<Instruction*, 8> found;
  for (BasicBlock& b : f)
    for (Instruction& i : b)
      if (auto t = truncated_and_extended(i); t && in_entry(t->first) && computable(&i)) found.push_back(&i);
  IRBuilder<>& b = c.builder();
  SmallPtrSet<Value*, 8> checked;
  for (Instruction* v : found) {
    auto [x, shift] = *truncated_and_extended(*v);
    if (checked.insert(x).second) {
      c.equal(b.CreateSExt(b.CreateTrunc(x, b.getInt32Ty()), x->getType()), x);
      c.counted();
    }
    Value* usual = IRBuilder<>(v).CreateShl(x, 32 - shift, "cbs.id.fits");
    v->replaceAllUsesWith(usual);
    v->eraseFromParent();
  }
}
} // namespace

Function* with_expected_values(Function& item, unsigned dimensions, const std::uint64_t argument_bytes[3],
                               unsigned& count) {
  ValueToValueMapTy vmap;
  Function* p = CloneFunction(&item, vmap);
  p->setName(item.getName() + ".cbs.usual");
  auto computable = [&](Value* v) { return computable_at_start(*p, v, argument_bytes, dimensions); };
  checks c(*p);
  expect_jam_first(*p, dimensions, c, computable);
  expect_ids_fit(*p, c, computable);
  count = c.count();
  if (!count) {
    p->eraseFromParent();
    return nullptr;
  }
  c.branch();
  return p;
}

} // namespace tessera::cbs
