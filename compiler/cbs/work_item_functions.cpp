// Finding kernels' item functions (the first argument of tessera_cbs_whole_group and
// tessera_cbs_one_sub_group) and their barriers.
#include "cbs.hpp"

#include <llvm/IR/Constants.h>

using namespace llvm;

namespace tessera::cbs {

bool is_call_to(const Instruction& i, StringRef name) {
  const auto* call = dyn_cast<CallBase>(&i);
  const Function* callee = call ? call->getCalledFunction() : nullptr;
  return callee && callee->getName() == name;
}

bool is_checked(const Module& m) {
  if (m.getFunction(check_local_name)) return true;
  for (const Function& f : m)
    if (f.getName().starts_with("_ZN7tessera5check")) return true;
  return false;
}

bool is_local_id_marker(const Instruction& i) {
  return is_call_to(i, local_id_name) || is_call_to(i, local_linear_id_name);
}

Value* local_id_of_item(const Instruction& marker, ArrayRef<Value*> ids, Value* linear, IRBuilder<>& b) {
  if (is_call_to(marker, local_linear_id_name)) return b.CreateTrunc(linear, marker.getType());
  const auto d = cast<ConstantInt>(cast<CallInst>(marker).getArgOperand(0))->getZExtValue();
  return d < ids.size() ? b.CreateZExtOrTrunc(ids[d], marker.getType()) : ConstantInt::get(marker.getType(), 0);
}

namespace {
// Adds the calls of `request` (whole_group_name or one_sub_group_name) to their item functions.
void find_requests(Module& m, StringRef request_name, SmallVectorImpl<work_item_function>& found) {
  Function* request = m.getFunction(request_name);
  if (!request) return;
  for (User* u : request->users()) {
    auto* call = dyn_cast<CallInst>(u);
    if (!call || call->getCalledFunction() != request) continue;
    auto* item = dyn_cast<Function>(call->getArgOperand(0)->stripPointerCasts());
    auto* dims = dyn_cast<ConstantInt>(call->getArgOperand(1));
    if (!item || !dims || item->isDeclaration() || call->arg_size() != 5) continue;
    std::uint64_t bytes[3];
    bool constant = true;
    for (unsigned k = 0; k < 3; ++k) {
      auto* b = dyn_cast<ConstantInt>(call->getArgOperand(2 + k));
      constant &= b != nullptr;
      bytes[k] = b ? b->getZExtValue() : 0;
    }
    if (!constant) continue;
    auto same = llvm::find_if(found, [&](const work_item_function& w) { return w.item == item; });
    if (same == found.end()) {
      found.push_back({item, static_cast<unsigned>(dims->getZExtValue()), {bytes[0], bytes[1], bytes[2]}, {}, {}});
      same = std::prev(found.end());
    }
    (request_name == whole_group_name ? same->requests : same->one_sub_group_requests).push_back(call);
  }
}
} // namespace

SmallVector<work_item_function, 8> find_work_item_functions(Module& m) {
  SmallVector<work_item_function, 8> found;
  find_requests(m, whole_group_name, found);
  find_requests(m, one_sub_group_name, found);
  return found;
}

bool is_sub_group_collective(const Instruction& i) { return is_call_to(i, sub_group_collective_name); }
bool is_collective(const Instruction& i) { return is_call_to(i, collective_name) || is_sub_group_collective(i); }
bool is_cut(const Instruction& i) { return is_call_to(i, barrier_name) || is_collective(i); }

SmallVector<CallInst*, 8> cuts_in(Function& f) {
  SmallVector<CallInst*, 8> found;
  for (auto& bb : f)
    for (auto& i : bb)
      if (is_cut(i)) found.push_back(cast<CallInst>(&i));
  return found;
}

cut_site site_of(const CallInst& cut) {
  const bool barrier = cut.getCalledFunction()->getName() == barrier_name;
  const unsigned at = barrier ? 2 : 3;
  return {cast<Constant>(cut.getArgOperand(at)),
          static_cast<unsigned>(cast<ConstantInt>(cut.getArgOperand(at + 1))->getZExtValue()),
          barrier ? 0u : static_cast<unsigned>(cast<ConstantInt>(cut.getArgOperand(2))->getZExtValue())};
}

} // namespace tessera::cbs
