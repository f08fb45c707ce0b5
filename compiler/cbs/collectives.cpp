// Work-group collectives in whole-group functions. A collective cuts the kernel like a barrier:
// the region before it ends, for each item, by storing what the item brings (its operand's and
// result's addresses and the collective's parameter) in a per-group arrivals array; between the
// regions the runtime's tessera_cbs_combine checks that the items agree on the parameter and
// computes every item's result with the collective's own `complete` function (the one fibers'
// rendezvous calls), writing each into the item's result, a per-item array that the next region
// reads. Items that reach different cuts are a region left by different exits, reported as for
// barriers.
#include "cbs.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
constexpr const char* arrival_marker_name = "tessera_cbs_arrive";
// tessera_cpu_work_group_collective(exec, local_linear, op, file, line, param, complete, in, out)
enum collective_argument : unsigned { exec_arg, local_linear_arg, op_arg, file_arg, line_arg, param_arg, complete_arg, in_arg, out_arg };
} // namespace

void mark_arrivals(ArrayRef<CallInst*> cuts) {
  for (CallInst* cut : cuts) {
    if (!is_collective(*cut)) continue;
    Module& m = *cut->getModule();
    IRBuilder<> b(cut);
    FunctionCallee marker =
        m.getOrInsertFunction(arrival_marker_name, b.getVoidTy(), b.getPtrTy(), b.getPtrTy(), b.getInt64Ty());
    b.CreateCall(marker, {cut->getArgOperand(in_arg), cut->getArgOperand(out_arg), cut->getArgOperand(param_arg)});
  }
}

bool is_arrival_marker(const Instruction& i) { return is_call_to(i, arrival_marker_name); }

void store_arrival(CallInst* marker, Value* arrivals, Value* linear) {
  IRBuilder<> b(marker);
  Value* at = b.CreateInBoundsGEP(b.getInt8Ty(), arrivals, b.CreateMul(linear, b.getInt64(arrival_bytes)), "cbs.arrival");
  for (unsigned k = 0; k < 3; ++k)
    b.CreateStore(marker->getArgOperand(k), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), at, 8 * k));
  marker->eraseFromParent();
}

BasicBlock* combine_block(const CallInst& cut, Value* exec, Value* arrivals, BasicBlock* next) {
  Function& f = *next->getParent();
  BasicBlock* block = BasicBlock::Create(f.getContext(), "cbs.combine", &f);
  IRBuilder<> b(block);
  Module& m = *f.getParent();
  FunctionCallee combine = m.getOrInsertFunction(combine_name, b.getVoidTy(), b.getPtrTy(), b.getInt32Ty(),
                                                 b.getInt32Ty(), b.getPtrTy(), b.getInt32Ty(), b.getPtrTy(), b.getPtrTy());
  // tessera::group::scope: work_group 0, sub_group 1.
  b.CreateCall(combine, {exec, b.getInt32(is_sub_group_collective(cut) ? 1 : 0), cut.getArgOperand(op_arg), cut.getArgOperand(file_arg), cut.getArgOperand(line_arg),
                         cut.getArgOperand(complete_arg), arrivals});
  b.CreateBr(next);
  return block;
}

} // namespace tessera::cbs
