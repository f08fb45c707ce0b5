// <cmath> calls in kernel code become LLVM's math intrinsics. A libm function such as log2f may
// set errno, so LLVM treats each call as a write to memory: no pass hoists it out of a loop or
// merges two calls of it, and the pass's uniformity analysis takes its result as varying. A SYCL
// kernel cannot observe errno (device code may not use variables of thread storage duration,
// SYCL 2020 §5.4), so in kernel code such a call is the intrinsic clang emits under
// -fno-math-errno: same value, no memory effect, hoistable (fig 14-21's step loop tests
// `d <= log2((float)G) - 1`: every item computed it at every step). It runs on the item functions
// after inlining, when <cmath>'s wrappers (std::log2(float) calls log2f) and sycl::log2's body sit
// in them: the item function exists for the pass alone (nd_launch::cbs_item), so host code, and
// the same functions where the host calls them, keep errno.
#include "cbs.hpp"

#include <llvm/Analysis/OptimizationRemarkEmitter.h>
#include <llvm/Analysis/TargetLibraryInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/TargetParser/Triple.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
// The intrinsic LLVM takes `call` for when it does not touch memory (ValueTracking's mapping of
// libm functions: sin, cos, exp, exp2, log, log2, log10, pow, sqrt and the rounding ones), or none.
Intrinsic::ID intrinsic_without_errno(CallInst& call, const TargetLibraryInfo& tli) {
  const AttributeList before = call.getAttributes();
  call.setDoesNotAccessMemory(); // asked as if errno were not there; restored below
  const Intrinsic::ID id = getIntrinsicForCallSite(call, &tli);
  call.setAttributes(before);
  return id;
}
} // namespace

unsigned make_math_calls_intrinsics(Function& f) {
  if (f.isDeclaration()) return 0;
  const TargetLibraryInfoImpl impl{Triple(f.getParent()->getTargetTriple())};
  const TargetLibraryInfo tli(impl, &f); // honours -fno-builtin and the function's no-builtin attributes
  SmallVector<std::pair<CallInst*, Intrinsic::ID>, 4> found;
  for (auto& bb : f)
    for (auto& i : bb)
      if (auto* call = dyn_cast<CallInst>(&i); call && call->getCalledFunction() && !call->getCalledFunction()->isIntrinsic())
        if (Intrinsic::ID id = intrinsic_without_errno(*call, tli); id != Intrinsic::not_intrinsic)
          found.push_back({call, id});
  OptimizationRemarkEmitter ore(&f);
  for (auto [call, id] : found) {
    Function* intrinsic = Intrinsic::getDeclaration(f.getParent(), id, {call->getType()});
    const StringRef name = call->getCalledFunction()->getName();
    ore.emit([&] {
      return OptimizationRemark(pass_name, "MathIntrinsic", call)
             << "kernel code calls " << name << ": made " << intrinsic->getName()
             << ", which writes no errno (a kernel cannot read it) and so may be hoisted";
    });
    auto* replacement = CallInst::Create(intrinsic, SmallVector<Value*, 2>(call->args()), "", call->getIterator());
    replacement->copyFastMathFlags(call);
    replacement->setDebugLoc(call->getDebugLoc());
    replacement->takeName(call);
    call->replaceAllUsesWith(replacement);
    call->eraseFromParent();
  }
  return found.size();
}

} // namespace tessera::cbs
