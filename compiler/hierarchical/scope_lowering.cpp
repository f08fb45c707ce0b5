// Lowering a work-group-scope function for a thread per work-item (see hierarchical.hpp).
#include "hierarchical.hpp"

#include <llvm/ADT/SetVector.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Utils/Cloning.h>

#include <optional>

using namespace llvm;

namespace tessera::hierarchical {

namespace {

// CUDA's static shared memory per block; what the pass places must leave room for the rest.
constexpr std::uint64_t shared_budget = 32 * 1024;

enum class kind {
  pure,    // no memory effects, or a read: every thread runs it
  leader,  // a side effect on memory the threads share: the leader alone
  all,     // control flow, parallel_for_work_item, work on a thread's own objects: every thread
};

class lowering {
public:
  explicit lowering(Function& f) : f_(f), m_(*f.getParent()) {}

  std::optional<std::string> check_and_classify();
  void rewrite();

private:
  bool is_work_items(const Instruction& i) const {
    auto* c = dyn_cast<CallBase>(&i);
    return c && c->getCalledFunction() && is_work_item_scope(*c->getCalledFunction());
  }
  // Memory of this thread alone: its own objects, and what the caller copied for it (byval).
  bool per_thread(const Value* p) const {
    const Value* o = getUnderlyingObject(p, 0);
    if (auto* arg = dyn_cast<Argument>(o)) return arg->hasByValAttr();
    auto* a = dyn_cast<AllocaInst>(o);
    return a && own_.contains(a);
  }
  bool touches_only_own_memory(const Instruction& i) const;
  std::optional<std::string> classify(Instruction& i);
  std::optional<std::string> classify_call(CallBase& c);
  static std::optional<std::string> reaches_convergent(Function* f);

  bool barrier_reaches(Instruction* before) const;
  void barrier_before(Instruction* i);
  void guard_run(Instruction* first, Instruction* last);
  void move_to_shared(AllocaInst* a);
  bool is_barrier(const Instruction& i) const;

  Function& f_;
  Module& m_;
  SmallPtrSet<AllocaInst*, 8> own_;           // allocas that stay per thread
  SmallVector<AllocaInst*, 8> shared_;        // allocas that move to shared memory
  DenseMap<Instruction*, kind> kinds_;
  SmallPtrSet<const GlobalVariable*, 8> slots_;  // broadcast slots
  Value* leader_ = nullptr;
};

bool is_named_type(Type* t, StringRef prefix) {
  auto* s = dyn_cast<StructType>(t);
  return s && s->hasName() && s->getName().starts_with(prefix);
}

std::optional<std::string> lowering::check_and_classify() {
  std::uint64_t shared_bytes = 0;
  const DataLayout& dl = m_.getDataLayout();
  for (auto& bb : f_)
    for (auto& i : bb) {
      if (isa<InvokeInst>(i) || isa<CallBrInst>(i)) return std::string("exception handling at work-group scope");
      auto* a = dyn_cast<AllocaInst>(&i);
      if (!a) continue;
      if (&bb != &f_.getEntryBlock() || !a->isStaticAlloca())
        return std::string("a variable-sized array at work-group scope");
      if (is_named_type(a->getAllocatedType(), "class.sycl::private_memory")) own_.insert(a);
    }
  // What parallel_for_work_item gets (the group, its closure, its range) is each thread's own.
  for (auto& bb : f_)
    for (auto& i : bb)
      if (is_work_items(i))
        for (Value* arg : cast<CallBase>(i).args())
          if (auto* a = dyn_cast<AllocaInst>(getUnderlyingObject(arg, 0))) own_.insert(a);
  SmallVector<AllocaInst*, 8> others;
  for (auto& i : f_.getEntryBlock())
    if (auto* a = dyn_cast<AllocaInst>(&i); a && !own_.contains(a)) others.push_back(a);
  for (AllocaInst* a : replicable_variables(
           f_, others, [this](const Value* p) { return per_thread(p); },
           [this](const Instruction& i) { return is_work_items(i); }))
    own_.insert(a);
  for (AllocaInst* a : others)
    if (!own_.contains(a)) {
      shared_.push_back(a);
      shared_bytes += a->getAllocationSize(dl).value_or(TypeSize::getFixed(0)).getFixedValue();
    }
  if (shared_bytes > shared_budget)
    return "work-group-scope variables of " + std::to_string(shared_bytes) + " bytes (the pass places at most " +
           std::to_string(shared_budget) + " in shared memory)";
  for (auto& bb : f_)
    for (auto& i : bb)
      if (auto why = classify(i)) return why;
  return std::nullopt;
}

std::optional<std::string> lowering::classify(Instruction& i) {
  kind k = kind::pure;
  if (isa<PHINode>(i) || i.isTerminator() || isa<AllocaInst>(i)) k = kind::all;
  else if (auto* s = dyn_cast<StoreInst>(&i)) k = per_thread(s->getPointerOperand()) ? kind::all : kind::leader;
  else if (auto* mi = dyn_cast<MemIntrinsic>(&i)) k = per_thread(mi->getDest()) ? kind::all : kind::leader;
  else if (auto* c = dyn_cast<CallBase>(&i)) {
    if (auto why = classify_call(*c)) return why;
    return std::nullopt;
  } else if (i.mayWriteToMemory() || i.mayHaveSideEffects()) k = kind::leader; // atomics, fences
  kinds_[&i] = k;
  return std::nullopt;
}

std::optional<std::string> lowering::classify_call(CallBase& c) {
  Function* callee = c.getCalledFunction();
  if (is_work_items(c) || (callee && callee->getName() == work_item_marker) || isa<DbgInfoIntrinsic>(c) ||
      c.isLifetimeStartOrEnd() || (callee && callee->getIntrinsicID() == Intrinsic::assume)) {
    kinds_[&c] = kind::all;
    return std::nullopt;
  }
  bool own_arg = false;
  for (Value* arg : c.args())
    if (arg->getType()->isPointerTy() && per_thread(arg)) own_arg = true;
  // A call that builds, copies or destroys a thread's own object (a private_memory, a capture of
  // parallel_for_work_item's closure) runs in every thread; only the library's are known to do
  // nothing else. Calls that read a thread's own object for a value (group queries) are the
  // leader's, like every other call.
  if (own_arg && c.getType()->isVoidTy()) {
    if (!callee || !in_namespace(*callee, "sycl::"))
      return "the call of " + (callee ? demangle(callee->getName().str()) : std::string("a pointer")) +
             " at work-group scope writes into a work-item's own object";
    kinds_[&c] = kind::all;
    return std::nullopt;
  }
  if (auto why = reaches_convergent(callee)) return why;
  kinds_[&c] = c.doesNotAccessMemory() ? kind::pure : kind::leader;
  return std::nullopt;
}

// A call the leader makes alone must not wait for the other threads.
std::optional<std::string> lowering::reaches_convergent(Function* f) {
  if (!f) return std::nullopt; // an indirect call cannot name a barrier's intrinsic
  SetVector<Function*> seen;
  seen.insert(f);
  for (unsigned n = 0; n < seen.size(); ++n) {
    Function* g = seen[n];
    if (g->isIntrinsic() && g->isConvergent())
      return "a call at work-group scope reaches " + g->getName().str() + " (a barrier or warp operation)";
    for (auto& bb : *g)
      for (auto& i : bb)
        if (auto* c = dyn_cast<CallBase>(&i)) {
          if (c->isInlineAsm()) return std::string("a call at work-group scope reaches inline assembly");
          if (Function* h = c->getCalledFunction()) seen.insert(h);
        }
  }
  return std::nullopt;
}

bool lowering::is_barrier(const Instruction& i) const {
  auto* c = dyn_cast<CallBase>(&i);
  return c && c->getCalledFunction() && c->getCalledFunction()->getIntrinsicID() == Intrinsic::nvvm_barrier0;
}

// Whether on every path to `before`, since the last barrier or the scope's entry, nothing touched
// shared or global memory (loads of broadcast slots aside): then a barrier there would add
// nothing. Optimistic around loops, which is right for "every path".
bool lowering::barrier_reaches(Instruction* before) const {
  SmallVector<std::pair<BasicBlock*, Instruction*>, 8> work{{before->getParent(), before}};
  SmallPtrSet<BasicBlock*, 8> seen;
  while (!work.empty()) {
    auto [bb, from] = work.pop_back_val();
    bool found = false;
    for (Instruction* i = from ? from->getPrevNode() : &bb->back(); i; i = i->getPrevNode()) {
      if (is_barrier(*i)) {
        found = true;
        break;
      }
      if (i->mayReadOrWriteMemory() && !touches_only_own_memory(*i)) return false;
    }
    // The kernel calls the scope first thing: before it no thread touched shared memory.
    if (found || bb == &f_.getEntryBlock()) continue;
    for (BasicBlock* p : predecessors(bb))
      if (seen.insert(p).second) work.push_back({p, nullptr});
  }
  return true;
}

// Broadcast slots are written by the leader only after a barrier; a thread's own memory by
// nobody else; what the scope's arguments point to (the kernel object, the thread's group) by
// nobody during the kernel.
bool lowering::touches_only_own_memory(const Instruction& i) const {
  if (auto* load = dyn_cast<LoadInst>(&i))
    return per_thread(load->getPointerOperand()) || isa<Argument>(getUnderlyingObject(load->getPointerOperand(), 0)) ||
           slots_.contains(dyn_cast<GlobalVariable>(load->getPointerOperand()->stripPointerCasts()));
  if (auto* store = dyn_cast<StoreInst>(&i)) return per_thread(store->getPointerOperand());
  if (auto* mi = dyn_cast<MemTransferInst>(&i)) return per_thread(mi->getDest()) && per_thread(mi->getSource());
  if (auto* ms = dyn_cast<MemSetInst>(&i)) return per_thread(ms->getDest());
  auto* ii = dyn_cast<IntrinsicInst>(&i);
  return ii && (ii->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(ii) || ii->getIntrinsicID() == Intrinsic::assume);
}

void lowering::barrier_before(Instruction* i) {
  if (barrier_reaches(i)) return;
  IRBuilder<>(i).CreateIntrinsic(Intrinsic::nvvm_barrier0, {}, {});
}

// first..last (one block) runs on the leader alone; values it defines that are used after it
// are stored by the leader into shared slots and read back by every thread after the barrier.
void lowering::guard_run(Instruction* first, Instruction* last) {
  barrier_before(first);
  BasicBlock* head = first->getParent();
  BasicBlock* body = head->splitBasicBlock(first, head->getName() + ".leader");
  BasicBlock* tail = body->splitBasicBlock(last->getNextNode(), head->getName() + ".shared");
  head->getTerminator()->eraseFromParent();
  BranchInst::Create(body, tail, leader_, head);
  IRBuilder<> b(tail, tail->begin());
  b.CreateIntrinsic(Intrinsic::nvvm_barrier0, {}, {});
  for (auto& i : *body) {
    SmallVector<Use*, 4> outside;
    for (Use& u : i.uses())
      if (cast<Instruction>(u.getUser())->getParent() != body) outside.push_back(&u);
    if (outside.empty()) continue;
    auto* slot = new GlobalVariable(m_, i.getType(), false, GlobalValue::InternalLinkage, UndefValue::get(i.getType()),
                                    f_.getName() + ".broadcast", nullptr, GlobalValue::NotThreadLocal, 3);
    slots_.insert(slot);
    new StoreInst(&i, slot, body->getTerminator());
    LoadInst* shared = b.CreateLoad(i.getType(), slot);
    for (Use* u : outside) u->set(shared);
  }
}

void lowering::move_to_shared(AllocaInst* a) {
  Type* t = a->getAllocatedType();
  if (auto* n = dyn_cast<ConstantInt>(a->getArraySize()); n && !n->isOne()) t = ArrayType::get(t, n->getZExtValue());
  auto* g = new GlobalVariable(m_, t, false, GlobalValue::InternalLinkage, UndefValue::get(t),
                               f_.getName() + "." + a->getName(), nullptr, GlobalValue::NotThreadLocal, 3);
  g->setAlignment(a->getAlign());
  for (User* u : make_early_inc_range(a->users()))
    if (auto* ii = dyn_cast<IntrinsicInst>(u); ii && ii->isLifetimeStartOrEnd()) ii->eraseFromParent();
  a->replaceAllUsesWith(ConstantExpr::getAddrSpaceCast(g, a->getType()));
  a->eraseFromParent();
}

void lowering::rewrite() {
  // The runs of leader-only work: from a leader instruction to the last one before something
  // every thread must run, within a block.
  SmallVector<std::pair<Instruction*, Instruction*>, 16> runs;
  SmallVector<Instruction*, 8> work_items;
  for (auto& bb : f_) {
    Instruction *first = nullptr, *last = nullptr;
    for (auto& i : bb) {
      const kind k = kinds_.lookup(&i);
      if (k == kind::leader) {
        if (!first) first = &i;
        last = &i;
      } else if (k == kind::all) {
        if (first) runs.push_back({first, last});
        first = last = nullptr;
        if (is_work_items(i)) work_items.push_back(&i);
      }
    }
  }
  IRBuilder<> b(&*f_.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
  Value* tid = b.CreateOr(b.CreateOr(b.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_tid_x, {}, {}),
                                     b.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_tid_y, {}, {})),
                          b.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_tid_z, {}, {}));
  leader_ = b.CreateICmpEQ(tid, b.getInt32(0), "leader");
  // The implicit barriers: what the items write is seen by the code after them, and what the
  // group wrote by the items. The barriers after go first, so that those before see them.
  for (Instruction* w : work_items) IRBuilder<>(w->getNextNode()).CreateIntrinsic(Intrinsic::nvvm_barrier0, {}, {});
  for (auto [first, last] : runs) guard_run(first, last);
  for (Instruction* w : work_items) barrier_before(w);
  for (AllocaInst* a : shared_) move_to_shared(a);
}

} // namespace

std::variant<Function*, std::string> lower_work_group_scope(Function& scope, FunctionAnalysisManager& fam) {
  ValueToValueMapTy map;
  Function* copy = CloneFunction(&scope, map);
  // Variables kept in registers stay per thread; only those in memory are shared.
  FunctionPassManager fpm;
  fpm.addPass(SROAPass(SROAOptions::PreserveCFG));
  fpm.run(*copy, fam);
  fam.clear(*copy, copy->getName());
  lowering l(*copy);
  std::optional<std::string> why = l.check_and_classify();
  if (!why) {
    l.rewrite();
    if (verifyFunction(*copy, &errs())) why = "the lowered function failed LLVM's verifier (a bug in the pass)";
  }
  if (why) {
    // Broadcast slots and shared variables of the copy go with it.
    SmallVector<GlobalVariable*, 8> dead;
    for (auto& g : scope.getParent()->globals())
      if (g.getName().starts_with(copy->getName().str() + ".")) dead.push_back(&g);
    copy->eraseFromParent();
    for (GlobalVariable* g : dead) {
      g->removeDeadConstantUsers();
      if (g->use_empty()) g->eraseFromParent();
    }
    return *why;
  }
  fam.clear(scope, scope.getName());
  copy->takeName(&scope);
  scope.replaceAllUsesWith(copy);
  scope.eraseFromParent();
  return copy;
}

} // namespace tessera::hierarchical
