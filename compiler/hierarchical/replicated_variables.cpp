// Work-group-scope variables every thread can keep a copy of (see hierarchical.hpp): those written
// only at work-group scope, with values every thread computes alike, and only read by the items.
// A loop counter that the items read (fig 9-10's kk, captured by reference) is the case: shared,
// each update would be the leader's between two barriers; replicated, the threads update their
// copies, which the optimiser keeps in registers once everything is inlined.
#include "hierarchical.hpp"

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <functional>

using namespace llvm;

namespace tessera::hierarchical {

namespace {

// Whether every thread computes `v` alike: it reads no thread's own memory (the group object,
// a private_memory, a closure). Calls are the leader's and broadcast. Optimistic around loops.
bool alike(const Value* v, const std::function<bool(const Value*)>& own, SmallPtrSetImpl<const Value*>& seen) {
  if (!seen.insert(v).second || isa<Constant>(v) || isa<CallBase>(v)) return true;
  if (isa<Argument>(v)) return !v->getType()->isPointerTy();
  auto* i = dyn_cast<Instruction>(v);
  if (!i) return false;
  if (auto* load = dyn_cast<LoadInst>(i)) return !own(load->getPointerOperand()) && !load->getType()->isPointerTy();
  if (i->mayReadOrWriteMemory() || isa<AllocaInst>(i)) return false;
  for (const Value* op : i->operands())
    if (!alike(op, own, seen)) return false;
  return true;
}

// The user's body of a parallel_for_work_item: the first C++ function it reaches outside the
// library (the marker is C), whose first argument is the closure.
Function* item_body(Function& items) {
  SmallVector<Function*, 8> work{&items};
  SmallPtrSet<Function*, 8> seen{&items};
  while (!work.empty()) {
    Function* f = work.pop_back_val();
    for (auto& bb : *f)
      for (auto& i : bb) {
        auto* c = dyn_cast<CallBase>(&i);
        Function* g = c ? c->getCalledFunction() : nullptr;
        if (!g || g->isDeclaration() || !g->getName().starts_with("_Z") || !seen.insert(g).second) continue;
        if (!in_namespace(*g, "sycl::") && !in_namespace(*g, "tessera::")) return g;
        work.push_back(g);
      }
  }
  return nullptr;
}

// Whether `p` (or a pointer derived from it) is written through or escapes.
bool written_through(const Value* p) {
  SmallVector<const Value*, 8> work{p};
  SmallPtrSet<const Value*, 8> seen{p};
  while (!work.empty()) {
    const Value* v = work.pop_back_val();
    for (const User* u : v->users()) {
      if (isa<LoadInst>(u)) continue;
      if (auto* s = dyn_cast<StoreInst>(u)) {
        if (s->getValueOperand() == v || s->getPointerOperand() == v) return true;
        continue;
      }
      if (isa<GetElementPtrInst>(u) || isa<BitCastInst>(u) || isa<AddrSpaceCastInst>(u)) {
        if (seen.insert(u).second) work.push_back(u);
        continue;
      }
      if (auto* ii = dyn_cast<IntrinsicInst>(u); ii && ii->isLifetimeStartOrEnd()) continue;
      return true; // a call, an atomic, a comparison or cast we do not follow: assume written
    }
  }
  return false;
}

// The closure pointer in the item body: its first argument and, since the body has not been
// through SROA yet, the loads of the local it is spilled to (`this.addr`).
SmallVector<const Value*, 4> closure_pointers(Function& body) {
  SmallVector<const Value*, 4> found{body.getArg(0)};
  for (const User* u : body.getArg(0)->users())
    if (auto* s = dyn_cast<StoreInst>(u); s && s->getValueOperand() == body.getArg(0))
      if (auto* spill = dyn_cast<AllocaInst>(s->getPointerOperand()))
        for (const User* r : spill->users())
          if (isa<LoadInst>(r)) found.push_back(r);
  return found;
}

// Whether the item body reads the closure's pointer at `offset` without writing through it.
bool items_only_read(Function& items, std::uint64_t offset) {
  Function* body = item_body(items);
  if (!body || body->arg_empty()) return false;
  const DataLayout& dl = body->getParent()->getDataLayout();
  for (const Value* closure : closure_pointers(*body))
    for (const User* u : closure->users()) {
      std::uint64_t at = 0;
      SmallVector<const User*, 4> loads;
      if (isa<LoadInst>(u)) {
        loads.push_back(u);
      } else if (auto* gep = dyn_cast<GetElementPtrInst>(u)) {
        APInt off(dl.getIndexTypeSizeInBits(gep->getType()), 0);
        if (!gep->accumulateConstantOffset(dl, off)) return false;
        at = off.getZExtValue();
        for (const User* x : gep->users()) {
          if (!isa<LoadInst>(x)) return false;
          loads.push_back(x);
        }
      } else if (auto* s = dyn_cast<StoreInst>(u); s && closure == body->getArg(0) && isa<AllocaInst>(s->getPointerOperand())) {
        continue; // the spill closure_pointers follows
      } else {
        return false; // the closure itself escapes
      }
      if (at != offset) continue;
      for (const User* l : loads)
        if (written_through(l)) return false;
    }
  return true;
}

} // namespace

SmallVector<AllocaInst*, 4> replicable_variables(Function& scope, ArrayRef<AllocaInst*> shared,
                                                const std::function<bool(const Value*)>& own,
                                                const std::function<bool(const Instruction&)>& is_work_items) {
  SmallVector<AllocaInst*, 4> found;
  const DataLayout& dl = scope.getParent()->getDataLayout();
  for (AllocaInst* a : shared) {
    bool ok = true;
    for (User* u : a->users()) {
      if (isa<LoadInst>(u)) continue;
      if (auto* ii = dyn_cast<IntrinsicInst>(u); ii && ii->isLifetimeStartOrEnd()) continue;
      auto* s = dyn_cast<StoreInst>(u);
      if (!s) {
        ok = false;
        break;
      }
      SmallPtrSet<const Value*, 16> seen;
      if (s->getPointerOperand() == a) {
        ok = alike(s->getValueOperand(), own, seen);
      } else {
        // Its address, stored into a closure handed to parallel_for_work_item.
        APInt at(dl.getIndexTypeSizeInBits(s->getPointerOperand()->getType()), 0);
        const Value* closure = s->getPointerOperand()->stripAndAccumulateConstantOffsets(dl, at, true);
        ok = own(closure) && isa<AllocaInst>(closure);
        if (ok) {
          bool handed = false;
          for (auto& bb : scope)
            for (auto& i : bb)
              if (is_work_items(i))
                for (const Value* arg : cast<CallBase>(i).args())
                  if (arg->stripPointerCasts() == closure) {
                    handed = true;
                    ok = ok && items_only_read(*cast<CallBase>(i).getCalledFunction(), at.getZExtValue());
                  }
          ok = ok && handed;
        }
      }
      if (!ok) break;
    }
    if (ok) found.push_back(a);
  }
  return found;
}

} // namespace tessera::hierarchical
