// Check mode in a whole-group function: the kernel's loads and stores through the checker's
// pointers (check_local_name) become an inline test of the shadow word of their element
// (include/tessera/memory/check_shadow.hpp), which the runtime keeps, with a call only on a
// conflict or a read of an element no item of the group wrote. A call per access, in loops that
// are not vectorised, cost 20-50x the unchecked kernel before the checker did anything
// (docs/performance.md, "Check mode"). The test knows reads from writes, where the checker's
// call infers them from the element's value, and names the access's place by a string taken
// from its debug location, where the call took its return address.
#include "cbs.hpp"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

#include <map>
#include <tuple>

using namespace llvm;

namespace tessera::cbs {

namespace sh = check::shadow;

namespace {

GlobalVariable& shadow_state(Module& m) {
  if (GlobalVariable* gv = m.getNamedGlobal(check_shadow_name)) return *gv;
  LLVMContext& ctx = m.getContext();
  auto* ptr = PointerType::get(ctx, 0);
  auto* i64 = Type::getInt64Ty(ctx);
  // tessera_check_shadow_state's fields, in order.
  auto* type = StructType::get(ctx, {ptr, ptr, i64, i64, i64, Type::getInt32Ty(ctx)});
  return *new GlobalVariable(m, type, false, GlobalValue::ExternalLinkage, nullptr, check_shadow_name, nullptr,
                             GlobalValue::InitialExecTLSModel);
}

bool is_shadow_field(Value* p, const GlobalVariable& state) {
  p = p->stripInBoundsConstantOffsets();
  if (auto* tls = dyn_cast<IntrinsicInst>(p); tls && tls->getIntrinsicID() == Intrinsic::threadlocal_address)
    p = tls->getArgOperand(0);
  return p == &state;
}

// The checks' reports of an index out of range (include/tessera/memory/access_seam.hpp and the
// accessors' subscripts): they read their arguments and throw. Said so, the kernel's loads of its
// accessors' pointers and ranges leave the items' loops, where AddressSanitizer tested each at
// every access.
bool reports_an_index(const CallInst& call) {
  const Function* f = call.getCalledFunction();
  return f && (f->getName().starts_with("_ZN7tessera6memory12out_of_range") ||
               f->getName().starts_with("_ZN7tessera5check21out_of_accessor_range"));
}

// A pointer that check_local_name returned, and the loads and stores through it.
struct checked_pointer {
  CallInst* marker;
  std::uint64_t bytes;
  SmallVector<Instruction*, 4> accesses;
};

// The kernel's checked pointers, where the inline test can stand for all of their checks: each is
// only loaded and stored through, whole elements of 4 or 8 bytes (the shadow's granule is 4 bytes:
// two items' chars in one would be a race), and no sub-group cut orders some items' accesses and
// not others'. Otherwise none: the checker's calls and the shadow would each see part of an
// element's accesses.
std::optional<SmallVector<checked_pointer, 16>> checked_pointers(Function& g) {
  const DataLayout& layout = g.getParent()->getDataLayout();
  SmallVector<checked_pointer, 16> found;
  for (Instruction& i : instructions(g)) {
    if (is_call_to(i, check_cut_name)) {
      auto* scope = dyn_cast<ConstantInt>(cast<CallBase>(i).getArgOperand(0));
      if (!scope || !scope->isZero()) return std::nullopt;
      continue;
    }
    if (!is_call_to(i, check_local_name)) continue;
    auto* marker = dyn_cast<CallInst>(&i);
    auto* size = marker ? dyn_cast<ConstantInt>(marker->getArgOperand(1)) : nullptr;
    if (!size || (size->getZExtValue() != 4 && size->getZExtValue() != 8)) return std::nullopt;
    checked_pointer c{marker, size->getZExtValue(), {}};
    for (User* u : marker->users()) {
      Type* type = nullptr;
      if (auto* load = dyn_cast<LoadInst>(u); load && load->isSimple() && load->getPointerOperand() == marker)
        type = load->getType();
      else if (auto* store = dyn_cast<StoreInst>(u);
               store && store->isSimple() && store->getPointerOperand() == marker && store->getValueOperand() != marker)
        type = store->getValueOperand()->getType();
      if (!type || layout.getTypeStoreSize(type) != c.bytes) return std::nullopt;
      c.accesses.push_back(cast<Instruction>(u));
    }
    found.push_back(std::move(c));
  }
  return found;
}

std::string path_of(const DILocation& l) {
  const StringRef file = l.getFilename(), dir = l.getDirectory();
  return file.starts_with("/") || dir.empty() ? file.str() : (dir + "/" + file).str();
}

// "file:line" of the access `marker` stands for: the innermost frame outside Tessera's headers,
// which is the user's subscript (as the checker picks from a return address's frames).
std::string place_of(const Instruction& marker) {
  const DILocation* innermost = marker.getDebugLoc().get();
  for (const DILocation* l = innermost; l; l = l->getInlinedAt())
    if (const std::string file = path_of(*l);
        file.find("/include/sycl/") == std::string::npos && file.find("/include/tessera/") == std::string::npos)
      return file + ":" + std::to_string(l->getLine());
  if (innermost) return path_of(*innermost) + ":" + std::to_string(innermost->getLine());
  return "a place its debug information does not name (build with -g for file:line)";
}

class inline_test {
public:
  explicit inline_test(Function& g)
      : m_(*g.getParent()), ctx_(m_.getContext()), state_(shadow_state(m_)), i64_(Type::getInt64Ty(ctx_)),
        nosanitize_(MDNode::get(ctx_, {})) {
    MDBuilder md(ctx_);
    MDNode* domain = md.createAnonymousAliasScopeDomain("tessera.check");
    state_scope_ = MDNode::get(ctx_, {md.createAnonymousAliasScope(domain, "shadow state")});
    entry_scope_ = MDNode::get(ctx_, {md.createAnonymousAliasScope(domain, "shadow entries")});
    both_scopes_ = MDNode::concatenate(state_scope_, entry_scope_);
    conflict_ = m_.getOrInsertFunction(check_conflict_name, i64_, PointerType::get(ctx_, 0), i64_,
                                       Type::getInt32Ty(ctx_), PointerType::get(ctx_, 0));
    // The kernel's memory operations touch no shadow, and the shadow's state no entry: the
    // kernel's values stay in registers across the test (else each access reloads the
    // accessors' ranges, each with AddressSanitizer's test of its own).
    SmallVector<CallInst*, 8> cuts;
    for (Instruction& i : instructions(g)) {
      if (is_call_to(i, check_cut_name)) cuts.push_back(cast<CallInst>(&i));
      if (auto* call = dyn_cast<CallInst>(&i); call && reports_an_index(*call))
        call->setMemoryEffects(MemoryEffects::argMemOnly(ModRefInfo::Ref) | MemoryEffects::inaccessibleMemOnly());
      Value* p = getLoadStorePointerOperand(&i);
      if (!p && !isa<AtomicRMWInst, AtomicCmpXchgInst, MemIntrinsic>(i)) continue;
      if (p && is_shadow_field(p, state_)) shadow(&i, true);
      else i.setMetadata(LLVMContext::MD_noalias, MDNode::concatenate(i.getMetadata(LLVMContext::MD_noalias), both_scopes_));
    }
    // The state the runtime set for the group, read once; the stretch changes at each cut only, and
    // lives in a variable that the optimiser then promotes to registers.
    IRBuilder<> b(&*g.getEntryBlock().getFirstInsertionPt());
    entries_ = field(b, sh::entries, b.getPtrTy());
    arena_ = field(b, sh::arena, b.getPtrTy());
    granules_ = field(b, sh::granules, i64_);
    first_ = field(b, sh::first, i64_);
    stretch_ = b.CreateAlloca(i64_, nullptr, "tessera.check.stretch");
    b.CreateStore(field(b, sh::stretch, i64_), stretch_);
    for (CallInst* cut : cuts) {
      IRBuilder<> after(cut->getNextNode());
      after.CreateStore(field(after, sh::stretch, i64_), stretch_);
    }
  }

  Constant* place(const checked_pointer& c) { return place_constant(place_of(*c.marker)); }

  void instrument(const checked_pointer& c) {
    Value* p = c.marker->getArgOperand(0);
    Constant* place = this->place(c);
    for (Instruction* access : c.accesses) {
      test(access, p, c.bytes, place);
      access->setMetadata(LLVMContext::MD_nosanitize, nosanitize_); // its index is checked already
    }
    c.marker->replaceAllUsesWith(p);
    c.marker->eraseFromParent();
  }

private:
  Instruction* shadow(Instruction* i, bool state) {
    i->setMetadata(LLVMContext::MD_nosanitize, nosanitize_);
    i->setMetadata(LLVMContext::MD_alias_scope, state ? state_scope_ : entry_scope_);
    i->setMetadata(LLVMContext::MD_noalias, state ? entry_scope_ : state_scope_);
    return i;
  }

  Value* field(IRBuilder<>& b, unsigned f, Type* type) {
    return shadow(b.CreateLoad(type, check_shadow_field(b, f)), true);
  }

  Constant* place_constant(const std::string& place) {
    auto [it, added] = places_.try_emplace(place, nullptr);
    if (added) {
      Constant* text = ConstantDataArray::getString(ctx_, place);
      auto* gv = new GlobalVariable(m_, text->getType(), true, GlobalValue::PrivateLinkage, text, "tessera.check.place");
      gv->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
      it->second = gv;
    }
    return it->second;
  }

  // Before `access` (a load or store through `p`, of `bytes` bytes), where `p` is in the group's
  // local memory: the shadow entry's word, and its new word unless the slow path is needed.
  void test(Instruction* access, Value* p, std::uint64_t bytes, Constant* place) {
    const bool writes = isa<StoreInst>(access);
    IRBuilder<> b(access);
    Value* granule = b.CreateLShr(b.CreateSub(b.CreatePtrToInt(p, i64_), b.CreatePtrToInt(arena_, i64_)),
                                  Log2_32(sh::granule_bytes));
    Value* inside = b.CreateICmpULT(granule, granules_);
    Instruction* join = SplitBlockAndInsertIfThen(inside, access, false);
    b.SetInsertPoint(join);
    Value* entry = b.CreateInBoundsGEP(i64_, entries_, granule);
    Value* stretch = b.CreateLoad(i64_, stretch_);
    Value* me = b.CreateAdd(b.CreateZExt(field(b, sh::turn, b.getInt32Ty()), i64_), b.getInt64(1));
    Value* w = shadow(b.CreateLoad(i64_, entry), false);
    if (!writes) {
      // A read of what several items read and none wrote in this stretch (a tile's row in a
      // matmul), or that this item read already: the entry stays as it is.
      constexpr std::uint64_t stretch_bits = ~std::uint64_t(0) << sh::stretch_shift;
      constexpr std::uint64_t writer_bits = sh::item_mask << sh::writer_shift;
      Value* now_bits = b.CreateShl(stretch, sh::stretch_shift);
      Value* shared = b.CreateICmpEQ(b.CreateAnd(w, stretch_bits | writer_bits | sh::several_readers),
                                     b.CreateOr(now_bits, sh::several_readers));
      Value* again = b.CreateICmpEQ(b.CreateAnd(w, stretch_bits | writer_bits | sh::item_mask << sh::reader_shift),
                                    b.CreateOr(now_bits, b.CreateShl(me, sh::reader_shift)));
      Instruction* other = SplitBlockAndInsertIfThen(b.CreateNot(b.CreateOr(shared, again)), join, false,
                                                     MDBuilder(ctx_).createBranchWeights(1, 4));
      join = other;
      b.SetInsertPoint(join);
    }
    // The stretch's first access to an element (each level of a tree reduction reads what the
    // last one wrote), a read where an item of the group wrote it: the fresh word, the place.
    {
      Value* at = b.CreateLShr(w, sh::stretch_shift);
      Value* fresh = writes ? b.CreateICmpNE(at, stretch)
                            : b.CreateAnd(b.CreateAnd(b.CreateICmpNE(at, stretch), b.CreateICmpUGE(at, first_)),
                                          b.CreateICmpNE(b.CreateAnd(w, sh::written), b.getInt64(0)));
      Instruction *first_access = nullptr, *other = nullptr;
      SplitBlockAndInsertIfThenElse(fresh, join, &first_access, &other, MDBuilder(ctx_).createBranchWeights(4, 1));
      IRBuilder<> fb(first_access);
      Value* item = fb.CreateShl(me, writes ? sh::writer_shift : sh::reader_shift);
      shadow(fb.CreateStore(fb.CreateOr(fb.CreateShl(stretch, sh::stretch_shift), fb.CreateOr(item, sh::written)), entry),
             false);
      const std::uint64_t place_at = writes ? sh::write_place_at : sh::read_place_at;
      shadow(fb.CreateStore(place, fb.CreateConstInBoundsGEP1_64(i64_, entry, place_at)), false);
      join = other;
      b.SetInsertPoint(join);
    }
    Value* zero = b.getInt64(0);
    Value* now = b.CreateICmpEQ(b.CreateLShr(w, sh::stretch_shift), stretch);
    Value* writer = b.CreateAnd(b.CreateLShr(w, sh::writer_shift), sh::item_mask);
    Value* reader = b.CreateAnd(b.CreateLShr(w, sh::reader_shift), sh::item_mask);
    auto another = [&](Value* item) { return b.CreateAnd(b.CreateICmpNE(item, zero), b.CreateICmpNE(item, me)); };
    Value* fresh = b.CreateShl(stretch, sh::stretch_shift);
    Value *slow, *word, *first_read = nullptr;
    if (writes) {
      Value* read_by_another = b.CreateOr(another(reader), b.CreateICmpNE(b.CreateAnd(w, sh::several_readers), zero));
      slow = b.CreateAnd(now, b.CreateOr(another(writer), read_by_another));
      Value* mine = b.CreateOr(b.CreateShl(me, sh::writer_shift), sh::written);
      word = b.CreateSelect(now, b.CreateOr(b.CreateAnd(w, ~(sh::item_mask << sh::writer_shift)), mine),
                            b.CreateOr(fresh, mine));
    } else {
      Value* group_wrote = b.CreateAnd(b.CreateICmpNE(b.CreateAnd(w, sh::written), zero),
                                       b.CreateICmpUGE(b.CreateLShr(w, sh::stretch_shift), first_));
      slow = b.CreateSelect(now, another(writer), b.CreateNot(group_wrote));
      Value* me_reader = b.CreateShl(me, sh::reader_shift);
      Value* no_reader = b.CreateICmpEQ(reader, zero);
      Value* again = b.CreateSelect(no_reader, b.CreateOr(w, me_reader),
                                    b.CreateSelect(b.CreateICmpEQ(reader, me), w, b.CreateOr(w, sh::several_readers)));
      word = b.CreateSelect(now, again, b.CreateOr(fresh, b.CreateOr(me_reader, sh::written)));
      first_read = b.CreateOr(b.CreateNot(now), no_reader);
    }
    BasicBlock* fast = join->getParent();
    Instruction* call_site =
        SplitBlockAndInsertIfThen(slow, join, false, MDBuilder(ctx_).createBranchWeights(1, 1 << 20));
    IRBuilder<> sb(call_site);
    CallInst* call = sb.CreateCall(conflict_, {entry, w, sb.getInt32(uint32_t(bytes << 1) | (writes ? sh::write_access : 0)), place});
    // The call reads the entry's places and keeps the runtime's state: the kernel's values stay.
    call->setMemoryEffects(MemoryEffects::argMemOnly(ModRefInfo::Ref) | MemoryEffects::inaccessibleMemOnly());
    b.SetInsertPoint(join);
    PHINode* new_word = b.CreatePHI(i64_, 2);
    new_word->addIncoming(word, fast);
    new_word->addIncoming(call, call_site->getParent());
    PHINode* set_place = nullptr;
    if (!writes) {
      set_place = b.CreatePHI(b.getInt1Ty(), 2);
      set_place->addIncoming(first_read, fast);
      set_place->addIncoming(b.getTrue(), call_site->getParent());
    }
    shadow(b.CreateStore(new_word, entry), false);
    if (writes) {
      shadow(b.CreateStore(place, b.CreateConstInBoundsGEP1_64(i64_, entry, sh::write_place_at)), false);
      return;
    }
    IRBuilder<> pb(SplitBlockAndInsertIfThen(set_place, join, false));
    shadow(pb.CreateStore(place, pb.CreateConstInBoundsGEP1_64(i64_, entry, sh::read_place_at)), false);
  }

  Module& m_;
  LLVMContext& ctx_;
  GlobalVariable& state_;
  Type* i64_;
  MDNode* nosanitize_;
  MDNode *state_scope_, *entry_scope_, *both_scopes_;
  Value *entries_, *arena_, *granules_, *first_;
  AllocaInst* stretch_;
  FunctionCallee conflict_;
  std::map<std::string, Constant*> places_;
};

// The loads of the kernel's data, the geometry and the group id at constant offsets (the
// accessors' pointers, ranges and offsets), read once at the group function's start: those
// objects are never written while the group runs. LICM does not take them out of the items'
// loops, which they would not leave otherwise: the out-of-range reports' calls before them may
// throw, and under AddressSanitizer it moves no load that might not execute; each one stayed on
// every turn of fig 9-8's inner loop, with AddressSanitizer's test of each.
void read_arguments_once(Function& g) {
  const DataLayout& layout = g.getParent()->getDataLayout();
  IRBuilder<> b(&*g.getEntryBlock().getFirstInsertionPt());
  MDNode* none = MDNode::get(g.getContext(), {});
  const auto unchanging = [&](const Value* p) {
    const auto* arg = dyn_cast<Argument>(p);
    const unsigned a = arg ? arg->getArgNo() : 2;
    return (a == 0 || a == 1 || a == 3) && arg->hasNoAliasAttr() && arg->onlyReadsMemory();
  };
  SmallVector<LoadInst*, 32> loads;
  for (Instruction& i : instructions(g))
    if (auto* load = dyn_cast<LoadInst>(&i); load && load->isSimple()) loads.push_back(load);
  std::map<std::tuple<Value*, std::int64_t, Type*>, LoadInst*> once;
  for (LoadInst* load : loads) {
    APInt offset(layout.getIndexTypeSizeInBits(load->getPointerOperandType()), 0);
    Value* arg = load->getPointerOperand()->stripAndAccumulateInBoundsConstantOffsets(layout, offset);
    const std::int64_t at = offset.getSExtValue();
    if (!unchanging(arg) || at < 0 ||
        std::uint64_t(at) + layout.getTypeStoreSize(load->getType()).getFixedValue() >
            g.getParamDereferenceableBytes(cast<Argument>(arg)->getArgNo()))
      continue;
    LoadInst*& first = once[{arg, at, load->getType()}];
    if (!first) {
      first = b.CreateAlignedLoad(load->getType(), b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), arg, at),
                                  load->getAlign(), load->getName());
      first->setMetadata(LLVMContext::MD_nosanitize, none);
    }
    load->replaceAllUsesWith(first);
    load->eraseFromParent();
  }
}

} // namespace

Value* check_shadow_field(IRBuilder<>& b, unsigned field) {
  GlobalVariable& state = shadow_state(*b.GetInsertBlock()->getModule());
  return b.CreateStructGEP(state.getValueType(), b.CreateThreadLocalAddress(&state), field);
}

bool check_accesses_inline(Function& g, FunctionAnalysisManager& fam) {
  const auto pointers = checked_pointers(g);
  if (!pointers || pointers->empty()) return false;
  // The geometry, the group id and a kernel that does not write its own copy come `restrict`
  // (nd_launch::cbs_item) and are never written while the group runs: said so, the items' loops
  // read the accessors' pointers and ranges once, where the out-of-range reports' calls kept them
  // reloading. A kernel that writes its copy (a reduction's partial results) is not `restrict`.
  for (unsigned a : {0u, 1u, 3u})
    if (g.hasParamAttribute(a, Attribute::NoAlias)) g.addParamAttr(a, Attribute::ReadOnly);
  read_arguments_once(g);
  inline_test t(g);
  SmallVector<checked_access, 16> accesses;
  for (const checked_pointer& c : *pointers)
    for (Instruction* access : c.accesses)
      accesses.push_back({access, c.marker->getArgOperand(0), c.bytes, t.place(c)});
  fam.invalidate(g, PreservedAnalyses::none());
  test_loops_at_once(g, accesses, fam); // copies of loops, where the originals are instrumented
  for (const checked_pointer& c : *pointers) t.instrument(c);
  return true;
}

} // namespace tessera::cbs
