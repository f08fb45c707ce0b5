// Check mode's local memory that no accessor holds (issue 30): C++ AMP's tile_static variables
// (`static thread_local` on the CPU, marked by include/tessera/amp/restrict.hpp's annotation) and
// the variables that a hierarchical kernel declares at work-group scope, which its
// parallel_for_work_item calls share by reference. Their loads and stores pass through no Tessera
// function, so the pass tells the checker of them (include/tessera/memory/access_check.hpp):
// tessera_check_declare where such a variable begins, tessera_check_shared before each access,
// whose call carries the access's debug location for the report.
#include "cbs.hpp"

#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>

using namespace llvm;

namespace tessera::cbs {

namespace {

struct checker_calls {
  FunctionCallee declare, shared;
  IntegerType* size;
};

checker_calls checker_of(Module& m) {
  LLVMContext& ctx = m.getContext();
  auto* ptr = PointerType::get(ctx, 0);
  auto* size = m.getDataLayout().getIntPtrType(ctx);
  auto* none = Type::getVoidTy(ctx);
  return {m.getOrInsertFunction(check_declare_name, FunctionType::get(none, {ptr, size, ptr, Type::getInt32Ty(ctx)}, false)),
          m.getOrInsertFunction(check_shared_name, FunctionType::get(none, {ptr, size}, false)), size};
}

// The module's tile_static variables.
SmallPtrSet<GlobalVariable*, 8> tile_statics(Module& m) {
  SmallPtrSet<GlobalVariable*, 8> found;
  GlobalVariable* annotations = m.getNamedGlobal("llvm.global.annotations");
  auto* list = annotations && annotations->hasInitializer() ? dyn_cast<ConstantArray>(annotations->getInitializer())
                                                            : nullptr;
  if (!list) return found;
  for (Value* entry : list->operands()) {
    auto* e = dyn_cast<ConstantStruct>(entry);
    if (!e || e->getNumOperands() < 2) continue;
    auto* variable = dyn_cast<GlobalVariable>(e->getOperand(0)->stripPointerCasts());
    StringRef text;
    if (variable && variable->isThreadLocal() && getConstantStringInfo(e->getOperand(1), text) &&
        text == tile_static_annotation)
      found.insert(variable);
  }
  return found;
}

// The name the source gives a variable (from its debug information, else its symbol).
std::string source_name(const GlobalVariable& v) {
  SmallVector<DIGlobalVariableExpression*, 1> info;
  v.getDebugInfo(info);
  for (auto* i : info)
    if (DIGlobalVariable* d = i->getVariable()) return d->getName().str();
  const std::string full = demangle(v.getName().str());
  const auto colons = full.rfind("::");
  return colons == std::string::npos ? full : full.substr(colons + 2);
}
// clang's assignment tracking (-O1 and up) describes a variable by markers of its stores instead
// of a declaration.
std::string source_name(AllocaInst& a) {
  for (auto* d : findDbgDeclares(&a)) return d->getVariable()->getName().str();
  for (auto* d : findDVRDeclares(&a)) return d->getVariable()->getName().str();
  for (auto* d : at::getAssignmentMarkers(&a)) return d->getVariable()->getName().str();
  for (auto* d : at::getDVRAssignmentMarkers(&a)) return d->getVariable()->getName().str();
  return {};
}

Value* what(Module& m, const std::string& kind, const std::string& name) {
  const std::string text = name.empty() ? "a " + kind : kind + " `" + name + "`";
  IRBuilder<> b(m.getContext());
  return b.CreateGlobalStringPtr(text, "tessera.check.variable", 0, &m);
}

Value* pointer_of(Instruction& i) {
  if (auto* l = dyn_cast<LoadInst>(&i); l && !l->isAtomic()) return l->getPointerOperand();
  if (auto* s = dyn_cast<StoreInst>(&i); s && !s->isAtomic()) return s->getPointerOperand();
  return nullptr;
}

Type* accessed_type(Instruction& i) {
  if (auto* l = dyn_cast<LoadInst>(&i)) return l->getType();
  return cast<StoreInst>(i).getValueOperand()->getType();
}

// The checker's call before access `i` through `p`, at its place in the source.
void tell_access(Instruction& i, Value* p, const checker_calls& checker) {
  IRBuilder<> b(&i);
  const std::uint64_t bytes = i.getModule()->getDataLayout().getTypeStoreSize(accessed_type(i));
  CallInst* call = b.CreateCall(checker.shared, {p, ConstantInt::get(checker.size, bytes)});
  call->setDebugLoc(i.getDebugLoc());
  call->addFnAttr(Attribute::NoMerge); // one call per place: the report names it
}

// A function that now calls the checker, which reads and writes memory of its own and may report.
void drop_memory_promises(Function& f) {
  for (auto k : {Attribute::Memory, Attribute::NoSync, Attribute::WillReturn}) f.removeFnAttr(k);
}

bool tell_tile_statics(Module& m, const checker_calls& checker) {
  const auto variables = tile_statics(m);
  if (variables.empty()) return false;
  DenseMap<GlobalVariable*, Value*> names;
  for (GlobalVariable* v : variables) names[v] = what(m, "tile_static variable", source_name(*v));
  const DataLayout& layout = m.getDataLayout();
  bool changed = false;
  for (Function& f : m) {
    if (f.isDeclaration()) continue;
    SmallVector<std::pair<Instruction*, SmallVector<GlobalVariable*, 1>>, 16> accesses;
    for (Instruction& i : instructions(f)) {
      Value* p = pointer_of(i);
      if (!p) continue;
      SmallVector<const Value*, 4> objects;
      getUnderlyingObjects(p, objects);
      SmallVector<GlobalVariable*, 1> touched;
      for (const Value* o : objects) {
        if (auto* tls = dyn_cast<IntrinsicInst>(o); tls && tls->getIntrinsicID() == Intrinsic::threadlocal_address)
          o = tls->getArgOperand(0);
        if (auto* v = dyn_cast<GlobalVariable>(const_cast<Value*>(o)); v && variables.contains(v)) touched.push_back(v);
      }
      if (!touched.empty()) accesses.push_back({&i, touched});
    }
    for (auto& [i, touched] : accesses) {
      IRBuilder<> b(i);
      // The variable is the running group's from its first access: on the CPU a worker's instance
      // serves one group after another, and the group finds in it what the last one left.
      for (GlobalVariable* v : touched)
        b.CreateCall(checker.declare, {b.CreateThreadLocalAddress(v),
                                       ConstantInt::get(checker.size, layout.getTypeAllocSize(v->getValueType())),
                                       names[v], b.getInt32(1)});
      tell_access(*i, pointer_of(*i), checker);
    }
    if (!accesses.empty()) {
      drop_memory_promises(f);
      changed = true;
    }
  }
  return changed;
}

bool is_work_item_function(const Function& f) {
  return !f.isDeclaration() && f.getName().starts_with(work_item_prefix);
}

// At -O0 a value reaches its use through a variable of its own (an inlined parameter's slot):
// the value stored there, where one store is all that writes it.
Value* through_slots(Value* v) {
  for (unsigned depth = 0; depth < 8; ++depth) {
    auto* load = dyn_cast<LoadInst>(v);
    auto* slot = load ? dyn_cast<AllocaInst>(load->getPointerOperand()) : nullptr;
    if (!slot) return v;
    StoreInst* only = nullptr;
    for (User* u : slot->users()) {
      if (auto* s = dyn_cast<StoreInst>(u)) {
        if (s->getValueOperand() == slot || only) return v;
        only = s;
      } else if (!isa<LoadInst>(u) && !isa<IntrinsicInst>(u)) {
        return v;
      }
    }
    if (!only) return v;
    v = only->getValueOperand();
  }
  return v;
}

// The variables whose addresses are stored in the object at `closure` (captured by reference),
// and theirs in turn (a lambda of work-group scope captured by reference).
SmallVector<AllocaInst*, 8> captured(AllocaInst* closure) {
  SmallVector<AllocaInst*, 8> found;
  SmallPtrSet<const Value*, 16> seen{closure};
  SmallVector<Value*, 8> objects{closure};
  while (!objects.empty()) {
    SmallVector<Value*, 8> parts{objects.pop_back_val()};
    while (!parts.empty()) {
      Value* part = parts.pop_back_val();
      for (User* u : part->users()) {
        if (isa<GetElementPtrInst>(u) || isa<BitCastInst>(u)) parts.push_back(u);
        auto* s = dyn_cast<StoreInst>(u);
        if (!s || s->getPointerOperand() != part || !s->getValueOperand()->getType()->isPointerTy()) continue;
        auto* a = dyn_cast<AllocaInst>(getUnderlyingObject(through_slots(s->getValueOperand())));
        if (a && seen.insert(a).second) {
          found.push_back(a);
          objects.push_back(a);
        }
      }
    }
  }
  return found;
}

// In the function that calls a work-item function (the work-group's code, with
// parallel_for_work_item inlined into it): each variable the items share begins, unwritten, at
// its lifetime's start; and before each call, it is the group's (unless it is already: a
// variable without a lifetime's start counts as written by the group's code).
bool declare_work_group_variables(Function& f, const checker_calls& checker) {
  Module& m = *f.getParent();
  const DataLayout& layout = m.getDataLayout();
  SmallVector<CallBase*, 4> calls;
  for (Instruction& i : instructions(f))
    if (auto* c = dyn_cast<CallBase>(&i); c && c->getCalledFunction() && is_work_item_function(*c->getCalledFunction()))
      calls.push_back(c);
  DenseMap<AllocaInst*, Value*> names;
  bool changed = false;
  for (CallBase* call : calls) {
    auto* closure = dyn_cast<AllocaInst>(getUnderlyingObject(through_slots(call->getArgOperand(0))));
    if (!closure) continue;
    for (AllocaInst* v : captured(closure)) {
      const auto bytes = v->getAllocationSize(layout);
      if (!bytes || bytes->isScalable()) continue;
      Value* size = ConstantInt::get(checker.size, bytes->getFixedValue());
      auto [named, first] = names.try_emplace(v, nullptr);
      if (first) named->second = what(m, "work-group-scope variable", source_name(*v));
      Value* name = named->second;
      IRBuilder<> b(call);
      b.CreateCall(checker.declare, {v, size, name, b.getInt32(0)});
      changed = true;
      if (!first) continue;
      for (User* u : v->users())
        if (auto* start = dyn_cast<IntrinsicInst>(u); start && start->getIntrinsicID() == Intrinsic::lifetime_start) {
          IRBuilder<> after(start->getNextNode());
          after.CreateCall(checker.declare, {v, size, name, after.getInt32(2)});
        }
    }
  }
  return changed;
}

// In a work-item function: every load and store but of its own variables and of local accessors'
// elements (which the checker sees already) may be of the group's variables.
bool tell_work_item_accesses(Function& f, const checker_calls& checker) {
  SmallVector<Instruction*, 32> accesses;
  for (Instruction& i : instructions(f)) {
    Value* p = pointer_of(i);
    if (!p) continue;
    SmallVector<const Value*, 4> objects;
    getUnderlyingObjects(p, objects);
    const bool private_or_local = all_of(objects, [](const Value* o) {
      return isa<AllocaInst>(o) || (isa<CallInst>(o) && is_call_to(*cast<CallInst>(o), check_local_name));
    });
    if (!private_or_local) accesses.push_back(&i);
  }
  for (Instruction* i : accesses) tell_access(*i, pointer_of(*i), checker);
  if (!accesses.empty()) drop_memory_promises(f);
  return !accesses.empty();
}

} // namespace

bool check_shared_variables(Module& m) {
  if (!is_checked(m)) return false;
  const checker_calls checker = checker_of(m);
  bool changed = tell_tile_statics(m, checker);
  for (Function& f : m) {
    if (f.isDeclaration()) continue;
    if (is_work_item_function(f)) changed |= tell_work_item_accesses(f, checker);
    else changed |= declare_work_group_variables(f, checker);
  }
  return changed;
}

} // namespace tessera::cbs
