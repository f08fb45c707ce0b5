// Alias scopes for the scratch block. What items keep across barriers lives in per-item arrays
// of one block from the runtime (tessera_cbs_scratch, sub_cfg_formation.cpp); the optimiser sees
// each array as an offset computed at run time into that block, so it cannot tell two arrays
// apart, nor (once a runtime check has taken the block's address as an integer) the block from the
// kernel's own memory. The vectoriser then guards an items' loop with a runtime overlap check per
// pair of pointers: fig 9-8's multiply-add region read one array and wrote another, and its 16
// loads of B each got a check against the store, computed anew for every tile (issue 14).
//
// Exact: the block is allocated by the runtime for this function alone, so no access the kernel
// makes through any other pointer can reach it, provided no pointer into it leaves the function's
// sight (none is stored, passed to a call or turned into an integer: else nothing is tagged); and
// an access through array k's base stays within array k (its index is an item's linear id below
// the group's size, each array sized for all items, the arrays disjoint by the layout).
#include "cbs.hpp"

#include <llvm/IR/InstIterator.h>
#include <llvm/IR/MDBuilder.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
CallInst* scratch_call(Function& g) {
  for (Instruction& i : instructions(g))
    if (is_call_to(i, scratch_name)) return cast<CallInst>(&i);
  return nullptr;
}

// The loads and stores that go through `base` (by GEPs alone) into `accesses`, tagged `array`;
// false when a pointer derived from it is used any other way.
bool collect_accesses(Instruction* base, unsigned array, DenseMap<Instruction*, unsigned>& accesses) {
  SmallVector<Instruction*, 16> work{base};
  while (!work.empty()) {
    Instruction* p = work.pop_back_val();
    for (User* u : p->users()) {
      auto* i = cast<Instruction>(u);
      if (auto* gep = dyn_cast<GetElementPtrInst>(i); gep && gep->getPointerOperand() == p) {
        work.push_back(gep);
      } else if (auto* load = dyn_cast<LoadInst>(i); load && load->isSimple()) {
        accesses[load] = array;
      } else if (auto* store = dyn_cast<StoreInst>(i); store && store->isSimple() && store->getValueOperand() != p) {
        accesses[store] = array;
      } else {
        return false;
      }
    }
  }
  return true;
}

void add_scopes(Instruction& i, unsigned kind, ArrayRef<Metadata*> scopes) {
  LLVMContext& ctx = i.getContext();
  i.setMetadata(kind, MDNode::concatenate(i.getMetadata(kind), MDNode::get(ctx, scopes)));
}
} // namespace

bool scope_scratch_arrays(Function& g) {
  CallInst* mem = scratch_call(g);
  if (!mem) return false;
  // Each array's base is one GEP of the block (lay_out_scratch), before anything folds them.
  SmallVector<Instruction*, 16> bases;
  for (User* u : mem->users()) {
    auto* gep = dyn_cast<GetElementPtrInst>(u);
    if (!gep || gep->getPointerOperand() != mem) return false;
    bases.push_back(gep);
  }
  DenseMap<Instruction*, unsigned> accesses;
  for (unsigned k = 0; k < bases.size(); ++k)
    if (!collect_accesses(bases[k], k, accesses)) return false;
  MDBuilder mdb(g.getContext());
  MDNode* domain = mdb.createAnonymousAliasScopeDomain("tessera.cbs.scratch");
  SmallVector<Metadata*, 16> scopes;
  for (unsigned k = 0; k < bases.size(); ++k) scopes.push_back(mdb.createAnonymousAliasScope(domain));
  for (Instruction& i : instructions(g)) {
    if (!isa<LoadInst>(i) && !isa<StoreInst>(i)) continue;
    auto it = accesses.find(&i);
    if (it == accesses.end()) {
      add_scopes(i, LLVMContext::MD_noalias, scopes); // the kernel's own memory: no array
      continue;
    }
    SmallVector<Metadata*, 16> others(scopes);
    others.erase(others.begin() + it->second);
    add_scopes(i, LLVMContext::MD_alias_scope, {scopes[it->second]});
    if (!others.empty()) add_scopes(i, LLVMContext::MD_noalias, others);
  }
  return true;
}

} // namespace tessera::cbs
