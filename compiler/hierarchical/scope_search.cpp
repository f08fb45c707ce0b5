// Finding a kernel's work-group-scope function: the one function it reaches that calls
// parallel_for_work_item, reached only through the library's own calls (so that no user code
// calls it where the pass would run it on the leader alone).
#include "hierarchical.hpp"

#include <llvm/ADT/SetVector.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Instructions.h>

#include <cstdlib>

using namespace llvm;

namespace tessera::hierarchical {

namespace {

Function* direct_callee(const Instruction& i) {
  auto* call = dyn_cast<CallBase>(&i);
  return call ? call->getCalledFunction() : nullptr;
}

bool calls(const Function& f, StringRef name) {
  for (auto& bb : f)
    for (auto& i : bb)
      if (Function* g = direct_callee(i); g && g->getName() == name) return true;
  return false;
}

SetVector<Function*> reachable_from(Function& root) {
  SetVector<Function*> seen;
  seen.insert(&root);
  for (unsigned n = 0; n < seen.size(); ++n)
    for (auto& bb : *seen[n])
      for (auto& i : bb)
        if (Function* g = direct_callee(i); g && !g->isDeclaration()) seen.insert(g);
  return seen;
}

bool is_library(const Function& f) { return in_namespace(f, "tessera::") || in_namespace(f, "sycl::"); }

// Every way to `scope` must go through library functions from kernels of this kind (those that
// ask whether they were lowered), by direct calls only.
std::string why_not_only_from_library(Function& scope) {
  SmallVector<Function*, 8> work{&scope};
  SmallPtrSet<Function*, 8> seen{&scope};
  while (!work.empty()) {
    Function* f = work.pop_back_val();
    for (User* u : f->users()) {
      auto* call = dyn_cast<CallBase>(u);
      if (!call || call->getCalledFunction() != f) return demangle(f->getName().str()) + " is used other than called";
      Function* caller = call->getFunction();
      if (calls(*caller, lowered_marker)) continue;
      if (!is_library(*caller))
        return "parallel_for_work_item is called from " + demangle(f->getName().str()) +
               ", itself called at work-group scope (from " + demangle(caller->getName().str()) + ")";
      if (seen.insert(caller).second) work.push_back(caller);
    }
  }
  return {};
}

} // namespace

// The context the demangler gives a local entity (a lambda in a function) is its function's whole
// name, which starts with a return type where that function is a template ("void sycl::group<1>::
// for_each_work_item<...>(...)"): a first space outside brackets, before the first parenthesis.
static StringRef without_return_type(StringRef name) {
  int depth = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == '<') ++depth;
    else if (c == '>') --depth;
    else if (c == '(' && depth == 0) return name;
    else if (c == ' ' && depth == 0) return name.drop_front(i + 1);
  }
  return name;
}

bool in_namespace(const Function& f, StringRef ns) {
  const std::string name = f.getName().str(); // the demangler's nodes point into it
  ItaniumPartialDemangler d;
  if (d.partialDemangle(name.c_str())) return false;
  char* context = d.getFunctionDeclContextName(nullptr, nullptr);
  const bool in = context && without_return_type(context).starts_with(ns);
  std::free(context);
  return in;
}

bool is_work_item_scope(const Function& f) { return calls(f, work_item_marker); }

std::variant<Function*, std::string> find_work_group_scope(Function& kernel) {
  Function* scope = nullptr;
  for (Function* f : reachable_from(kernel)) {
    bool calls_work_items = false;
    for (auto& bb : *f)
      for (auto& i : bb)
        if (Function* g = direct_callee(i); g && is_work_item_scope(*g)) calls_work_items = true;
    if (!calls_work_items) continue;
    if (scope) return std::string("parallel_for_work_item is called from two functions (") +
                      demangle(scope->getName().str()) + ", " + demangle(f->getName().str()) + ")";
    scope = f;
  }
  if (!scope) return std::string("no parallel_for_work_item");
  if (is_work_item_scope(*scope)) return std::string("parallel_for_work_item is called inside another");
  if (std::string why = why_not_only_from_library(*scope); !why.empty()) return why;
  return scope;
}

} // namespace tessera::hierarchical
