// Check mode with AddressSanitizer: the loads and stores of a global accessor's element, whose
// index the accessor tested against its range (include/tessera/memory/access_seam.hpp), need no
// test of AddressSanitizer's. They reach it through check_global_name's pointer; marked
// `!nosanitize` here, before AddressSanitizer's pass, they cost the kernel's loop nothing more
// (fig 9-8's inner loop loads an element of B per step, which AddressSanitizer tested each time).
#include "cbs.hpp"

#include <llvm/IR/Operator.h>

using namespace llvm;

namespace tessera::cbs {

namespace {

// Marks the loads and stores through `p`, which points `offset` bytes into the element of `bytes`
// bytes, that stay inside it; a pointer computed from `p` at a constant offset is followed (a
// member of a struct element), any other (`&a[i] + k`) keeps AddressSanitizer's test.
void exempt(Value* p, std::int64_t offset, std::uint64_t bytes, MDNode* none, const DataLayout& layout) {
  const auto inside = [&](Type* type) {
    return offset >= 0 && std::uint64_t(offset) + layout.getTypeStoreSize(type).getFixedValue() <= bytes;
  };
  for (User* u : p->users()) {
    if (auto* load = dyn_cast<LoadInst>(u); load && inside(load->getType())) {
      load->setMetadata(LLVMContext::MD_nosanitize, none);
    } else if (auto* store = dyn_cast<StoreInst>(u);
               store && store->getPointerOperand() == p && inside(store->getValueOperand()->getType())) {
      store->setMetadata(LLVMContext::MD_nosanitize, none);
    } else if (auto* gep = dyn_cast<GEPOperator>(u); gep && gep->getPointerOperand() == p) {
      APInt at(layout.getIndexTypeSizeInBits(gep->getType()), 0);
      if (gep->accumulateConstantOffset(layout, at)) exempt(gep, offset + at.getSExtValue(), bytes, none, layout);
    }
  }
}

} // namespace

bool exempt_global_accesses(Module& m) {
  Function* marker = m.getFunction(check_global_name);
  if (!marker || marker->use_empty()) return false;
  MDNode* none = MDNode::get(m.getContext(), {});
  for (User* u : make_early_inc_range(marker->users())) {
    auto* call = dyn_cast<CallInst>(u);
    if (!call || call->getCalledOperand() != marker) continue;
    Value* p = call->getArgOperand(0);
    if (auto* bytes = dyn_cast<ConstantInt>(call->getArgOperand(1)))
      exempt(call, 0, bytes->getZExtValue(), none, m.getDataLayout());
    call->replaceAllUsesWith(p);
    call->eraseFromParent();
  }
  return true;
}

} // namespace tessera::cbs
