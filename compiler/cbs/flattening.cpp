// Flattening: a barrier must sit in the item function's own body to be split at, so every function
// on a call path from an item function to a barrier is inlined (the pass runs before the inliner
// and only marks them).
#include "cbs.hpp"

#include <llvm/ADT/DenseMap.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
bool is_cut_name(StringRef name) {
  return name == barrier_name || name == collective_name || name == sub_group_collective_name;
}

class barrier_reach {
public:
  // Whether `f` calls a barrier, directly or through functions defined in this module.
  bool reaches(Function* f) {
    if (auto it = memo_.find(f); it != memo_.end()) return it->second;
    memo_[f] = false; // a recursive path adds nothing
    bool found = false;
    for (auto& bb : *f)
      for (auto& i : bb) {
        auto* call = dyn_cast<CallBase>(&i);
        Function* callee = call ? call->getCalledFunction() : nullptr;
        if (!callee) continue;
        if (is_cut_name(callee->getName())) found = true;
        else if (!callee->isDeclaration() && reaches(callee)) found = true;
      }
    return memo_[f] = found;
  }

private:
  DenseMap<Function*, bool> memo_;
};
} // namespace

void flatten_barrier_callers(Module& m) {
  // Convergent: no transformation may copy a barrier onto paths that only some items take (jump
  // threading, unswitching), which would split one barrier of the source into several.
  for (const char* name : {barrier_name, collective_name, sub_group_collective_name})
    if (Function* cut = m.getFunction(name)) cut->addFnAttr(Attribute::Convergent);
  barrier_reach reach;
  SmallVector<Function*, 16> work;
  DenseMap<Function*, bool> seen;
  for (auto& w : find_work_item_functions(m)) work.push_back(w.item);
  while (!work.empty()) {
    Function* f = work.pop_back_val();
    if (seen[f]) continue;
    seen[f] = true;
    for (auto& bb : *f)
      for (auto& i : bb) {
        auto* call = dyn_cast<CallBase>(&i);
        Function* callee = call ? call->getCalledFunction() : nullptr;
        if (!callee || callee->isDeclaration() || !reach.reaches(callee)) continue;
        if (callee->hasFnAttribute(Attribute::OptimizeNone)) continue;
        callee->removeFnAttr(Attribute::NoInline);
        callee->addFnAttr(Attribute::AlwaysInline);
        callee->addFnAttr(Attribute::Convergent);
        work.push_back(callee);
      }
  }
}

} // namespace tessera::cbs
