// Check mode: items' loops whose accesses of local memory the runtime tests a loop at a time
// (tessera_check_ranges, src/cpu/check_ranges.cpp), where an inline test per access made a
// checked tree reduction 50x slower than the unchecked one (whose loop is vectorised: a quarter
// of a nanosecond an element; a test costs one or two). In such a loop every item makes each
// access, at an address that steps by one element from an item to the next (a tree reduction's
// `tile[l] += tile[l + half]`), so the loop's accesses are a few ranges of elements, each element
// one item's where the ranges do not overlap. The loop is versioned: before it, the indices it
// tests are computed for its first and last items and, where both are in range, a call hands
// the runtime the ranges. Where the runtime finds them free of conflicts it records them in the
// shadow as the inline tests would, and a copy of the loop with neither tests nor index checks
// runs, vectorised where AddressSanitizer tests none of its accesses (each access it reports
// must be one item's); otherwise the loop with its tests runs, and reports as before.
#include "cbs.hpp"

#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ScalarEvolutionExpressions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>

#include <algorithm>

using namespace llvm;

namespace tessera::cbs {

namespace {

namespace sh = check::shadow;

// The item's turn that the items' loop `l` stores (sub_cfg_formation.cpp): a recurrence that steps
// by one; null where `l` has none.
const SCEVAddRecExpr* turn_of(Loop& l, ScalarEvolution& se) {
  const DataLayout& layout = l.getHeader()->getModule()->getDataLayout();
  const GlobalVariable* state = l.getHeader()->getModule()->getNamedGlobal(check_shadow_name);
  if (!state) return nullptr;
  const std::uint64_t turn =
      layout.getStructLayout(cast<StructType>(state->getValueType()))->getElementOffset(sh::turn);
  for (BasicBlock* b : l.blocks())
    for (Instruction& i : *b) {
      auto* store = dyn_cast<StoreInst>(&i);
      if (!store) continue;
      APInt offset(layout.getIndexTypeSizeInBits(store->getPointerOperandType()), 0);
      auto* tls =
          dyn_cast<IntrinsicInst>(store->getPointerOperand()->stripAndAccumulateConstantOffsets(layout, offset, false));
      if (!tls || tls->getIntrinsicID() != Intrinsic::threadlocal_address || tls->getArgOperand(0) != state ||
          offset != turn)
        continue;
      auto* rec = dyn_cast<SCEVAddRecExpr>(se.getSCEV(store->getValueOperand()));
      return rec && rec->getLoop() == &l && rec->isAffine() && rec->getStepRecurrence(se)->isOne() ? rec : nullptr;
    }
  return nullptr;
}

bool reports(const BasicBlock* b) { return isa<UnreachableInst>(b->getTerminator()); }

// Whether `l` ends only at its latch, or at a report (an index out of range) that ends the kernel;
// the latch's exit, if so.
BasicBlock* only_exit(const Loop& l) {
  BasicBlock* latch = l.getLoopLatch();
  SmallVector<std::pair<BasicBlock*, BasicBlock*>, 4> exits;
  l.getExitEdges(exits);
  BasicBlock* exit = nullptr;
  for (auto [from, to] : exits) {
    if (from == latch && !exit) exit = to;
    else if (!reports(to)) return nullptr;
  }
  return exit;
}

// One range: the accesses at the same addresses, with what tessera_check_range says of them.
struct range {
  const SCEV* start;
  std::uint64_t bytes;
  std::uint64_t kinds = 0;
  Constant* write_place = nullptr;
  Constant* read_place = nullptr;
};

// The ranges of the accesses of loop `l` (all of its checked accesses), in the order the loop
// makes them; none where one is not made by every item or does not step by its element.
std::optional<SmallVector<range, 4>> ranges_of(Loop& l, SmallVectorImpl<checked_access>& accesses, ScalarEvolution& se,
                                               const DominatorTree& dt) {
  BasicBlock* latch = l.getLoopLatch();
  for (const checked_access& a : accesses)
    if (!dt.dominates(a.access->getParent(), latch)) return std::nullopt;
  std::stable_sort(accesses.begin(), accesses.end(), [&](const checked_access& x, const checked_access& y) {
    return x.access != y.access && dt.dominates(x.access, y.access);
  });
  SmallVector<range, 4> ranges;
  for (const checked_access& a : accesses) {
    auto* rec = dyn_cast<SCEVAddRecExpr>(se.getSCEV(a.pointer));
    auto* step = rec && rec->getLoop() == &l && rec->isAffine() ? dyn_cast<SCEVConstant>(rec->getStepRecurrence(se))
                                                                : nullptr;
    if (!step || step->getAPInt() != a.bytes) return std::nullopt;
    auto it = std::find_if(ranges.begin(), ranges.end(),
                           [&](const range& r) { return r.start == rec->getStart() && r.bytes == a.bytes; });
    if (it == ranges.end()) it = ranges.insert(ranges.end(), range{rec->getStart(), a.bytes});
    const bool writes = isa<StoreInst>(a.access);
    if (it->kinds == 0 && writes) it->kinds |= sh::first_writes;
    if (writes) {
      it->kinds |= sh::writes;
      it->write_place = a.place;
    } else {
      if (!it->read_place) it->read_place = a.place;
      it->kinds |= sh::reads;
    }
  }
  return ranges;
}

// A value of the loop's first or last item, computed before the loop.
class ends {
public:
  ends(ScalarEvolution& se, SCEVExpander& expander, const SCEV* taken, Instruction* at)
      : se_(se), expander_(expander), taken_(taken), at_(at) {}

  // `v` at the first (`last` false) or last item, where it can be computed before the loop.
  Value* at(const SCEV* v, const Loop& l, bool last) {
    if (auto* rec = dyn_cast<SCEVAddRecExpr>(v); rec && rec->getLoop() == &l) {
      Type* type = rec->getType();
      v = rec->evaluateAtIteration(last ? se_.getTruncateOrZeroExtend(taken_, type) : se_.getZero(type), se_);
    }
    if (!se_.isLoopInvariant(v, &l) || !expander_.isSafeToExpand(v)) return nullptr;
    return expander_.expandCodeFor(v, v->getType(), at_);
  }

private:
  ScalarEvolution& se_;
  SCEVExpander& expander_;
  const SCEV* taken_;
  Instruction* at_;
};

// Whether every index test in `l` (a branch to a report) passes for every item: true where it does
// for the first and the last, and the index between them moves one way without wrapping. Null
// where a test is not an index that steps by a constant compared with a bound alike in all items.
Value* indices_in_range(Loop& l, ScalarEvolution& se, ends& e, IRBuilder<>& b) {
  Value* all = b.getTrue();
  for (BasicBlock* block : l.blocks()) {
    auto* br = dyn_cast<BranchInst>(block->getTerminator());
    if (!br || !br->isConditional() || block == l.getLoopLatch()) continue;
    const int leaves = !l.contains(br->getSuccessor(0)) ? 0 : !l.contains(br->getSuccessor(1)) ? 1 : -1;
    if (leaves < 0) continue;
    auto* test = dyn_cast<ICmpInst>(br->getCondition());
    if (!test || test->isEquality() || !se.isSCEVable(test->getOperand(0)->getType())) return nullptr;
    const SCEV* x = se.getSCEV(test->getOperand(0));
    const SCEV* y = se.getSCEV(test->getOperand(1));
    for (const SCEV* v : {x, y}) {
      if (se.isLoopInvariant(v, &l)) continue;
      auto* rec = dyn_cast<SCEVAddRecExpr>(v);
      auto* step = rec && rec->getLoop() == &l && rec->isAffine() ? dyn_cast<SCEVConstant>(rec->getStepRecurrence(se))
                                                                  : nullptr;
      // Over at most 2^20 items a step below 2^10 wraps at most once in 32 bits: the ends see it.
      if (!step || step->getAPInt().abs().uge(1 << 10) || rec->getType()->getIntegerBitWidth() < 32) return nullptr;
      Value *first = e.at(v, l, false), *last = e.at(v, l, true);
      if (!first || !last) return nullptr;
      const bool up = !step->getAPInt().isNegative();
      all = b.CreateAnd(all, test->isSigned() ? (up ? b.CreateICmpSGE(last, first) : b.CreateICmpSLE(last, first))
                                              : (up ? b.CreateICmpUGE(last, first) : b.CreateICmpULE(last, first)));
    }
    for (bool last : {false, true}) {
      Value *xv = e.at(x, l, last), *yv = e.at(y, l, last);
      if (!xv || !yv) return nullptr;
      Value* holds = b.CreateICmp(test->getPredicate(), xv, yv);
      all = b.CreateAnd(all, leaves == 1 ? holds : b.CreateNot(holds));
    }
  }
  return all;
}

// The loop's copy that runs where the runtime recorded its accesses: no test, no index check.
// Returns its header.
BasicBlock* untested_copy(Loop& l, BasicBlock* exit, Function& g) {
  ValueToValueMapTy vmap;
  SmallVector<BasicBlock*, 16> copies;
  for (BasicBlock* b : l.blocks()) {
    BasicBlock* c = CloneBasicBlock(b, vmap, ".untested", &g);
    vmap[b] = c;
    copies.push_back(c);
  }
  remapInstructionsInBlocks(copies, vmap);
  BasicBlock* latch = l.getLoopLatch();
  for (PHINode& phi : exit->phis()) {
    Value* v = phi.getIncomingValueForBlock(latch);
    phi.addIncoming(vmap.count(v) ? static_cast<Value*>(vmap[v]) : v, cast<BasicBlock>(vmap[latch]));
  }
  MDNode* none = MDNode::get(g.getContext(), {});
  bool quiet = !g.hasFnAttribute(Attribute::SanitizeAddress);
  for (BasicBlock* c : copies) {
    if (auto* br = dyn_cast<BranchInst>(c->getTerminator()); br && br->isConditional())
      for (unsigned k = 0; k < 2; ++k)
        if (BasicBlock* s = br->getSuccessor(k); s != exit && !l.contains(s) && !vmap.count(s) && reports(s)) {
          BranchInst::Create(br->getSuccessor(1 - k), br->getIterator());
          br->eraseFromParent();
          break;
        }
    for (Instruction& i : make_early_inc_range(*c)) {
      if (!is_call_to(i, check_local_name)) continue;
      for (User* u : i.users())
        if (isa<LoadInst, StoreInst>(u) && getLoadStorePointerOperand(u) == &i)
          cast<Instruction>(u)->setMetadata(LLVMContext::MD_nosanitize, none); // the index is checked already
      i.replaceAllUsesWith(cast<CallInst>(i).getArgOperand(0));
      i.eraseFromParent();
    }
  }
  for (BasicBlock* c : copies)
    for (Instruction& i : *c)
      if (i.mayReadOrWriteMemory() && !isa<CallBase>(i) && !i.hasMetadata(LLVMContext::MD_nosanitize)) quiet = false;
  // Vectorised only where each access AddressSanitizer could report is still one item's.
  auto* copy_latch = cast<BasicBlock>(vmap[latch]);
  LLVMContext& ctx = g.getContext();
  Metadata* properties[] = {nullptr, MDNode::get(ctx, MDString::get(ctx, items_loop_property)),
                            MDNode::get(ctx, {MDString::get(ctx, "llvm.loop.vectorize.enable"),
                                              ConstantAsMetadata::get(ConstantInt::getBool(ctx, quiet))})};
  MDNode* id = MDNode::getDistinct(ctx, properties);
  id->replaceOperandWith(0, id);
  copy_latch->getTerminator()->setMetadata(LLVMContext::MD_loop, id);
  return cast<BasicBlock>(vmap[l.getHeader()]);
}

} // namespace

unsigned test_loops_at_once(Function& g, ArrayRef<checked_access> accesses, FunctionAnalysisManager& fam) {
  Module& m = *g.getParent();
  LLVMContext& ctx = m.getContext();
  auto* ptr = PointerType::get(ctx, 0);
  auto* i64 = Type::getInt64Ty(ctx);
  auto* i32 = Type::getInt32Ty(ctx);
  auto* record = StructType::get(ctx, {i64, i64, ptr, ptr}); // tessera_check_range
  const FunctionCallee test =
      m.getOrInsertFunction(check_ranges_name, Type::getInt8Ty(ctx), ptr, i32, i64, i32, ptr, ptr, ptr, ptr);
  // The loops' headers, which the copies leave as they are; each loop is looked at afresh after
  // the copies before it.
  SmallVector<BasicBlock*, 8> headers;
  {
    auto& loops = fam.getResult<LoopAnalysis>(g);
    for (const checked_access& a : accesses)
      if (Loop* l = loops.getLoopFor(a.access->getParent()); l && !is_contained(headers, l->getHeader()))
        headers.push_back(l->getHeader());
  }
  unsigned versioned = 0;
  for (BasicBlock* header : headers) {
    fam.invalidate(g, PreservedAnalyses::none());
    auto& dt = fam.getResult<DominatorTreeAnalysis>(g);
    auto& loops = fam.getResult<LoopAnalysis>(g);
    auto& se = fam.getResult<ScalarEvolutionAnalysis>(g);
    Loop* l = loops.getLoopFor(header);
    BasicBlock* exit = l ? only_exit(*l) : nullptr;
    BasicBlock* before = l ? l->getLoopPreheader() : nullptr;
    if (!exit || !before || l->getHeader() != header || !is_items_loop(*l) || !l->getSubLoops().empty()) continue;
    SmallVector<checked_access, 8> in_loop;
    for (const checked_access& a : accesses)
      if (l->contains(a.access)) in_loop.push_back(a);
    const auto ranges = ranges_of(*l, in_loop, se, dt);
    const SCEV* taken = se.getExitCount(l, l->getLoopLatch());
    const SCEVAddRecExpr* turn = turn_of(*l, se);
    if (!ranges || ranges->size() > sh::most_ranges || isa<SCEVCouldNotCompute>(taken) || !turn) continue;
    Instruction* at = before->getTerminator();
    SCEVExpander expander(se, m.getDataLayout(), "tessera.check.range");
    ends e(se, expander, taken, at);
    IRBuilder<> b(at);
    Value* first = e.at(turn, *l, false);
    Value* items = e.at(se.getAddExpr(se.getZeroExtendExpr(taken, i64), se.getOne(i64)), *l, false);
    SmallVector<Value*, 4> starts;
    for (const range& r : *ranges) starts.push_back(e.at(r.start, *l, false));
    Value* in_range = indices_in_range(*l, se, e, b);
    if (!first || !items || !in_range || is_contained(starts, nullptr)) continue; // what was expanded goes unused
    formLCSSA(*l, dt, &loops, &se);
    BasicBlock* copy = untested_copy(*l, exit, g);
    // before: ...; br in_range, ask, choose. ask: the call. choose: the copy where it said so.
    BasicBlock* ask = BasicBlock::Create(ctx, "tessera.check.ranges", &g);
    BasicBlock* choose = BasicBlock::Create(ctx, "tessera.check.choose", &g);
    at->eraseFromParent();
    b.SetInsertPoint(before);
    b.CreateCondBr(in_range, ask, choose);
    // What the ranges are is a constant; where they start, the call's arguments (no memory of the
    // group function's: under AddressSanitizer an array on its stack cost a call per group).
    SmallVector<Constant*, 4> described;
    for (const range& r : *ranges)
      described.push_back(ConstantStruct::get(
          record, {ConstantInt::get(i64, r.bytes / sh::granule_bytes), ConstantInt::get(i64, r.kinds),
                   r.write_place ? r.write_place : ConstantPointerNull::get(ptr),
                   r.read_place ? r.read_place : ConstantPointerNull::get(ptr)}));
    auto* table = ConstantArray::get(ArrayType::get(record, described.size()), described);
    auto* constant = new GlobalVariable(m, table->getType(), true, GlobalValue::PrivateLinkage, table,
                                        "tessera.check.ranges");
    b.SetInsertPoint(ask);
    SmallVector<Value*, 8> arguments{constant, b.getInt32(ranges->size()), items, first};
    for (unsigned k = 0; k < sh::most_ranges; ++k)
      arguments.push_back(k < starts.size() ? starts[k] : ConstantPointerNull::get(ptr));
    Value* recorded = b.CreateICmpNE(b.CreateCall(test, arguments), b.getInt8(0));
    b.CreateBr(choose);
    b.SetInsertPoint(choose);
    PHINode* untested = b.CreatePHI(b.getInt1Ty(), 2, "tessera.check.untested");
    untested->addIncoming(b.getFalse(), before);
    untested->addIncoming(recorded, ask);
    b.CreateCondBr(untested, copy, header);
    header->replacePhiUsesWith(before, choose);
    copy->replacePhiUsesWith(before, choose);
    ++versioned;
  }
  fam.invalidate(g, PreservedAnalyses::none());
  return versioned;
}

} // namespace tessera::cbs
