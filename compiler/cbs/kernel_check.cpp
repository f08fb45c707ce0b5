// What the pass accepts. Anything it cannot prove it compiles right keeps fibers, which handle
// every kernel: the answer names the reason for the -Rpass-missed=tessera-cbs remark.
#include "cbs.hpp"

#include <llvm/ADT/DenseMap.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
// Whether a call to `f` may meet the group: a barrier or collective the pass would not see.
class meets_group {
public:
  bool operator()(Function* f) {
    if (f->getName() == barrier_name || f->getName() == collective_name || f->getName() == sub_group_collective_name ||
        f->getName().starts_with(rendezvous_prefix))
      return true;
    if (f->isDeclaration()) return false;
    if (auto it = memo_.find(f); it != memo_.end()) return it->second;
    memo_[f] = false;
    bool found = false;
    for (auto& i : instructions(*f))
      if (auto* call = dyn_cast<CallBase>(&i))
        if (Function* callee = call->getCalledFunction(); callee && (*this)(callee)) found = true;
    return memo_[f] = found;
  }

private:
  DenseMap<Function*, bool> memo_;
};

std::optional<std::string> check_call(const CallBase& call, meets_group& meets) {
  if (call.isInlineAsm()) return std::nullopt;
  Function* callee = call.getCalledFunction();
  if (!callee) return std::string("it makes an indirect call, which might reach a barrier");
  const StringRef name = callee->getName();
  if (name == barrier_name) {
    if (!isa<CallInst>(call)) return std::string("a barrier is called where an exception may be caught");
    if (!isa<Constant>(call.getArgOperand(2)) || !isa<ConstantInt>(call.getArgOperand(3)))
      return std::string("a barrier's call site is not a constant");
    return std::nullopt;
  }
  if (name == collective_name || name == sub_group_collective_name) {
    if (!isa<CallInst>(call)) return std::string("a collective is called where an exception may be caught");
    if (!isa<ConstantInt>(call.getArgOperand(2)) || !isa<Constant>(call.getArgOperand(3)) ||
        !isa<ConstantInt>(call.getArgOperand(4)) || !isa<Constant>(call.getArgOperand(6)))
      return std::string("a collective's operation or call site is not a constant");
    return std::nullopt;
  }
  if (name == local_id_name) {
    if (!isa<ConstantInt>(call.getArgOperand(0))) return std::string("a local id's dimension is not a constant");
    return std::nullopt;
  }
  if (name == local_linear_id_name) return std::nullopt;
  if (name.starts_with(rendezvous_prefix))
    return std::string("it calls the root barrier, which needs fibers");
  if (meets(callee))
    return "it calls " + callee->getName().str() + ", which reaches a barrier but was not inlined (recursion?)";
  return std::nullopt;
}
} // namespace

std::optional<std::string> why_not_compilable(Function& f) {
  if (f.hasFnAttribute(Attribute::OptimizeNone)) return std::string("it is compiled without optimisation");
  meets_group meets;
  for (auto& i : instructions(f)) {
    if (auto* a = dyn_cast<AllocaInst>(&i); a && !(a->getParent()->isEntryBlock() && a->isStaticAlloca()))
      return std::string("it allocates a variable-sized private array");
    if (isa<CallBrInst>(i) || isa<IndirectBrInst>(i)) return std::string("it jumps to computed addresses");
    if (isa<CatchSwitchInst>(i) || isa<CleanupPadInst>(i) || isa<CatchPadInst>(i))
      return std::string("it uses funclet-based exception handling");
    if (auto* inv = dyn_cast<InvokeInst>(&i); inv && !inv->use_empty() && !inv->getNormalDest()->getSinglePredecessor())
      return std::string("a call's result arrives on a shared path");
    if (auto* call = dyn_cast<CallBase>(&i))
      if (auto why = check_call(*call, meets)) return why;
  }
  return std::nullopt;
}

} // namespace tessera::cbs
