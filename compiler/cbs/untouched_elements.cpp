// Check mode: an element of local memory taken and never loaded or stored through (`(void)r[0]`,
// a reference bound and dropped) is no access, but the checker's call (check_local_name), which
// infers reads from the element's value where the CBS pass does not test a kernel inline, takes
// it for a read, and one of what no item wrote where nothing wrote it. The calls whose pointer
// nothing uses are dropped (the index's test stays).
#include "cbs.hpp"

#include <llvm/IR/InstIterator.h>
#include <llvm/Transforms/Utils/Local.h>

using namespace llvm;

namespace tessera::cbs {

bool drop_untouched_elements(Module& m) {
  SmallVector<Instruction*, 8> untouched;
  for (Function& f : m)
    for (Instruction& i : instructions(f))
      if (is_call_to(i, check_local_name) && i.use_empty()) untouched.push_back(&i);
  for (Instruction* i : untouched) {
    // A call that may throw, in a try block (the launch's, around the kernel), is an invoke: its
    // block goes on at the normal destination.
    if (auto* invoke = dyn_cast<InvokeInst>(i)) i = changeToCall(invoke);
    i->eraseFromParent();
  }
  return !untouched.empty();
}

} // namespace tessera::cbs
