// Sub-CFG formation: the item function becomes the whole group. Its body is cut at the barriers
// and work-group collectives (collectives.cpp) into regions: the blocks an item runs from the kernel's entry, or from just after a barrier,
// up to the next barriers or its return. Each region is copied into a loop nest over the local
// ids (the innermost loop over the last dimension, whose id is the induction variable, so the
// loop vectorises). After a region, every item must have left it by the same exit: the next
// region, or the return; items that disagree are a barrier not every item reaches, reported with
// its file and line as fibers report it.
#include "cbs.hpp"

#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/STLExtras.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

using namespace llvm;

namespace tessera::cbs {

namespace {
constexpr unsigned returned = ~0u; // the exit by the kernel's return

struct region {
  BasicBlock* start;
  SmallVector<BasicBlock*, 16> blocks;  // in the function's order
  SmallVector<unsigned, 4> exits;       // barrier indices, then `returned`
  BasicBlock* loop = nullptr;           // the scaffold's entry
  // Whether items may leave by different exits: then each records its exit, for the report.
  bool may_diverge = false;
  // Where only the items below a bound do anything: the loop stops there.
  std::optional<item_guard> guard;
};

struct item_state {
  SmallVector<Value*, 3> local_range; // loaded in the entry
  Value* exec = nullptr;
  Value* exits = nullptr;             // one byte per item: the exit each took (regions with several)
  Value* arrivals = nullptr;          // what each item brings to a collective (collectives.cpp)
  AllocaInst* mask = nullptr;         // the exits taken by some item, one bit each
  DenseMap<AllocaInst*, std::pair<Value*, uint64_t>> per_item; // base and stride of each array
  SmallPtrSet<AllocaInst*, 8> read_once;                        // live_values::read_once
  DenseMap<Instruction*, unsigned> local_ids;                   // marker -> dimension
  SmallVector<Instruction*, 2> linear_ids;
  bool checked = false;                                         // form_sub_cfgs's
};

// Each barrier alone in its block, and what follows it in a block of its own; returns those blocks.
SmallVector<BasicBlock*, 8> isolate(ArrayRef<CallInst*> barriers) {
  SmallVector<BasicBlock*, 8> blocks;
  for (CallInst* c : barriers) {
    BasicBlock* b = c->getParent()->splitBasicBlock(c, "cbs.barrier");
    b->splitBasicBlock(c->getNextNode(), "cbs.after");
    blocks.push_back(b);
  }
  return blocks;
}

// A block before the body holding every alloca and the local-id markers, which every region sees.
BasicBlock* make_top(Function& f, item_state& st) {
  BasicBlock* entry = &f.getEntryBlock();
  BasicBlock* top = BasicBlock::Create(f.getContext(), "cbs.entry", &f, entry);
  BranchInst::Create(entry, top);
  SmallVector<Instruction*, 16> moved;
  for (auto& b : f)
    for (auto& i : b) {
      if (&b != top && isa<AllocaInst>(i)) moved.push_back(&i);
      if (is_call_to(i, local_id_name)) {
        st.local_ids[&i] = cast<ConstantInt>(cast<CallInst>(i).getArgOperand(0))->getZExtValue();
        moved.push_back(&i);
      } else if (is_call_to(i, local_linear_id_name)) {
        st.linear_ids.push_back(&i);
        moved.push_back(&i);
      }
    }
  for (Instruction* i : moved) i->moveBefore(top->getTerminator());
  return top;
}

region find_region(BasicBlock* start, const SmallPtrSetImpl<BasicBlock*>& barrier_set,
                   ArrayRef<BasicBlock*> barrier_blocks) {
  region r{start, {}, {}};
  DenseSet<BasicBlock*> in{start};
  SmallVector<BasicBlock*, 16> work{start};
  SmallVector<unsigned, 4> exits;
  bool returns = false;
  while (!work.empty()) {
    BasicBlock* b = work.pop_back_val();
    returns |= isa<ReturnInst>(b->getTerminator());
    for (BasicBlock* s : successors(b)) {
      if (barrier_set.contains(s)) {
        const unsigned k = find(barrier_blocks, s) - barrier_blocks.begin();
        if (!is_contained(exits, k)) exits.push_back(k);
      } else if (in.insert(s).second) {
        work.push_back(s);
      }
    }
  }
  for (auto& b : *start->getParent())
    if (in.contains(&b)) r.blocks.push_back(&b);
  sort(exits);
  r.exits = exits;
  if (returns) r.exits.push_back(returned);
  return r;
}

// Per-item arrays and the exits' bytes share one scratch block; each array starts 64-byte aligned.
void lay_out_scratch(Function& f, BasicBlock* top, ArrayRef<AllocaInst*> per_item, bool needs_exits,
                     bool needs_arrivals, item_state& st) {
  IRBuilder<> b(top->getTerminator());
  const DataLayout& dl = f.getDataLayout();
  Value* n = b.getInt64(1);
  for (Value* l : st.local_range) n = b.CreateMul(n, l, "cbs.items");
  SmallVector<std::pair<Value*, uint64_t>, 16> layout;
  Value* offset = b.getInt64(0);
  auto place = [&](uint64_t stride) {
    Value* at = offset;
    offset = b.CreateAnd(b.CreateAdd(b.CreateAdd(offset, b.CreateMul(n, b.getInt64(stride))), b.getInt64(63)),
                         b.getInt64(~uint64_t(63)));
    return at;
  };
  for (AllocaInst* a : per_item) {
    const uint64_t stride = alignTo(*a->getAllocationSize(dl), a->getAlign());
    layout.push_back({place(stride), stride});
  }
  Value* exits_at = needs_exits ? place(1) : nullptr;
  Value* arrivals_at = needs_arrivals ? place(arrival_bytes) : nullptr;
  if (layout.empty() && !exits_at && !arrivals_at) return;
  Module& m = *f.getParent();
  FunctionCallee scratch = m.getOrInsertFunction(scratch_name, b.getPtrTy(), b.getInt64Ty());
  CallInst* mem = b.CreateCall(scratch, {offset}, "cbs.scratch");
  mem->addRetAttr(Attribute::NoAlias);
  for (unsigned k = 0; k < per_item.size(); ++k)
    st.per_item[per_item[k]] = {b.CreateInBoundsGEP(b.getInt8Ty(), mem, layout[k].first), layout[k].second};
  if (exits_at) st.exits = b.CreateInBoundsGEP(b.getInt8Ty(), mem, exits_at, "cbs.exits");
  if (arrivals_at) st.arrivals = b.CreateInBoundsGEP(b.getInt8Ty(), mem, arrivals_at, "cbs.arrivals");
}

Constant* exit_sites(Module& m, const region& r, ArrayRef<CallInst*> barriers) {
  LLVMContext& ctx = m.getContext();
  auto* i32 = Type::getInt32Ty(ctx);
  auto* site = StructType::get(PointerType::get(ctx, 0), i32, i32, i32);
  SmallVector<Constant*, 4> entries;
  for (unsigned e : r.exits) {
    if (e == returned) {
      entries.push_back(Constant::getNullValue(site));
      continue;
    }
    const cut_site s = site_of(*barriers[e]);
    const unsigned scope = is_sub_group_collective(*barriers[e]) ? sub_group_scope : work_group_scope;
    entries.push_back(ConstantStruct::get(site, {s.file, ConstantInt::get(i32, s.line), ConstantInt::get(i32, s.op),
                                                 ConstantInt::get(i32, scope)}));
  }
  auto* type = ArrayType::get(site, entries.size());
  return new GlobalVariable(m, type, true, GlobalValue::PrivateLinkage, ConstantArray::get(type, entries),
                            "cbs.exit_sites");
}

// The innermost items' loop carries a property of its own, which jammed_items.cpp looks for. A
// checked one is not vectorised: each access of AddressSanitizer's reports is one item's.
void mark_items_loop(BranchInst* latch, bool checked) {
  LLVMContext& ctx = latch->getContext();
  MDNode* property = MDNode::get(ctx, MDString::get(ctx, items_loop_property));
  SmallVector<Metadata*, 4> properties{nullptr, property};
  if (checked) {
    auto* i1 = Type::getInt1Ty(ctx);
    auto* i32 = Type::getInt32Ty(ctx);
    properties.push_back(MDNode::get(ctx, {MDString::get(ctx, "llvm.loop.vectorize.enable"),
                                           ConstantAsMetadata::get(ConstantInt::getFalse(i1))}));
    properties.push_back(MDNode::get(ctx, {MDString::get(ctx, "llvm.loop.interleave.count"),
                                           ConstantAsMetadata::get(ConstantInt::get(i32, 1))}));
  }
  MDNode* id = MDNode::getDistinct(ctx, properties);
  id->replaceOperandWith(0, id);
  latch->setMetadata(LLVMContext::MD_loop, id);
}

class region_builder {
public:
  region_builder(Function& f, item_state& st, ArrayRef<region> regions, ArrayRef<CallInst*> barriers,
                 BasicBlock* ret)
      : f_(f), ctx_(f.getContext()), st_(st), regions_(regions), barriers_(barriers), ret_(ret) {}

  void build(const region& r, unsigned index) {
    const bool several = r.exits.size() > 1;
    IRBuilder<> b(r.loop);
    if (several) b.CreateStore(b.getInt64(0), st_.mask);
    // Values alike in all items, read once: item 0's copy.
    DenseMap<Instruction*, Value*> read_once;
    for (AllocaInst* a : st_.read_once) {
      Value* v = b.CreateLoad(a->getAllocatedType(), st_.per_item[a].first, a->getName() + ".once");
      for (User* u : a->users())
        if (auto* load = dyn_cast<LoadInst>(u); load && load->getPointerOperand() == a) read_once[load] = v;
    }
    BasicBlock* after = BasicBlock::Create(ctx_, "cbs.region.done", &f_);
    starts_.assign(st_.local_range.size(), b.getInt64(0));
    bounds_.assign(st_.local_range.begin(), st_.local_range.end());
    if (!r.guard) {
      build_nest(r, index, b, nullptr, read_once, after);
    } else {
      // One nest per side of the guard that does something, each taking its side without the
      // test: the items below the bound, then the others (either maybe none).
      const item_guard& g = *r.guard;
      Value* range = bounds_[g.dimension];
      if (g.low_works) {
        BasicBlock* high = g.high_works ? BasicBlock::Create(ctx_, "cbs.region.high", &f_) : after;
        bounds_[g.dimension] = item_guard_cap(g, b, range, read_once);
        taken_ = g.work == 0;
        build_nest(r, index, b, b.CreateICmpEQ(bounds_[g.dimension], b.getInt64(0)), read_once, high);
        b.SetInsertPoint(high);
        bounds_[g.dimension] = range;
      }
      if (g.high_works) {
        auto [first, runs] = item_guard_high(g, b, range, read_once);
        starts_[g.dimension] = first;
        taken_ = g.work == 1;
        build_nest(r, index, b, b.CreateNot(runs), read_once, after);
      }
    }
    b.SetInsertPoint(after);
    leave(b, r, several);
  }

  void set_barrier_blocks(ArrayRef<BasicBlock*> blocks) { barrier_blocks_ = blocks; }
  // Where the group goes after each cut: the next region, or first the combining of a collective.
  void set_after_cuts(ArrayRef<BasicBlock*> blocks) { after_cuts_ = blocks; }

private:
  BasicBlock* barrier_block(unsigned k) const { return barrier_blocks_[k]; }

  // A loop nest over the items from starts_ up to bounds_ running a copy of the region, entered
  // from `b`'s block unless `skip` (or null) holds; then `after`. In a guarded region its items
  // all take the guard's branch as taken_ says.
  void build_nest(const region& r, unsigned index, IRBuilder<>& b, Value* skip,
                  const DenseMap<Instruction*, Value*>& read_once, BasicBlock* after) {
    vmap_.clear();
    return_exit_ = nullptr;
    const unsigned dims = st_.local_range.size();
    const bool several = r.exits.size() > 1;
    // The loop nest's headers: ids[d] counts dimension d; the innermost header computes the linear id.
    SmallVector<PHINode*, 3> ids;
    BasicBlock* pred = b.GetInsertBlock();
    for (unsigned d = 0; d < dims; ++d) {
      BasicBlock* h = BasicBlock::Create(ctx_, "cbs.items.d" + Twine(d), &f_);
      if (d == 0 && skip) b.CreateCondBr(skip, after, h);
      else b.CreateBr(h);
      b.SetInsertPoint(h);
      PHINode* id = b.CreatePHI(b.getInt64Ty(), 2, "cbs.local.id" + Twine(d));
      id->addIncoming(starts_[d], pred);
      ids.push_back(id);
      pred = h;
    }
    Value* linear = b.getInt64(0);
    for (unsigned d = 0; d < dims; ++d)
      linear = d ? b.CreateAdd(b.CreateMul(linear, st_.local_range[d]), ids[d]) : static_cast<Value*>(ids[0]);
    linear = dims ? linear : b.getInt64(0);
    for (auto& [marker, d] : st_.local_ids) vmap_[marker] = d < dims ? static_cast<Value*>(ids[d]) : b.getInt64(0);
    for (Instruction* marker : st_.linear_ids) vmap_[marker] = b.CreateTrunc(linear, marker->getType());
    if (st_.checked) // each item's turn, for the checks and for reports of what they do not see
      b.CreateStore(b.CreateTrunc(linear, b.getInt32Ty()), check_shadow_field(b, check::shadow::turn))
          ->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(ctx_, {}));
    for (auto& [a, place] : st_.per_item)
      vmap_[a] = b.CreateInBoundsGEP(b.getInt8Ty(), place.first, b.CreateMul(linear, b.getInt64(place.second)));

    // The item's latch: which exit it took, then the next item.
    BasicBlock* latch = BasicBlock::Create(ctx_, "cbs.next.item", &f_);
    IRBuilder<> lb(latch);
    PHINode* bit = several ? lb.CreatePHI(lb.getInt64Ty(), r.exits.size(), "cbs.exit.bit") : nullptr;
    for (unsigned e = 0; e < r.exits.size(); ++e) {
      BasicBlock* exit = BasicBlock::Create(ctx_, "cbs.exit", &f_);
      IRBuilder<> eb(exit);
      if (r.may_diverge) eb.CreateStore(eb.getInt8(e), eb.CreateInBoundsGEP(eb.getInt8Ty(), st_.exits, linear));
      if (several) bit->addIncoming(eb.getInt64(uint64_t(1) << e), exit);
      eb.CreateBr(latch);
      if (r.exits[e] == returned) return_exit_ = exit;
      else vmap_[barrier_block(r.exits[e])] = exit;
    }
    if (several) lb.CreateStore(lb.CreateOr(lb.CreateLoad(lb.getInt64Ty(), st_.mask), bit), st_.mask);
    b.CreateBr(copy_blocks(r, index));
    // Each item's arrival at the collective that ends the region.
    SmallVector<CallInst*, 2> markers;
    for (BasicBlock* bb : r.blocks)
      for (Instruction& i : *bb)
        if (is_arrival_marker(i)) markers.push_back(cast<CallInst>(vmap_[&i]));
    for (CallInst* m : markers) store_arrival(m, st_.arrivals, linear);
    if (r.guard) cast<BranchInst>(vmap_[r.guard->branch])->setCondition(ConstantInt::getBool(ctx_, taken_));
    for (auto& [load, v] : read_once)
      if (auto* copy = cast_or_null<Instruction>(vmap_.lookup(load))) {
        copy->replaceAllUsesWith(v);
        copy->eraseFromParent();
      }
    close_loops(lb, ids, after);
  }

  // The region's blocks, copied for this loop; returns the copy of its start.
  BasicBlock* copy_blocks(const region& r, unsigned index) {
    SmallVector<BasicBlock*, 16> copies;
    for (BasicBlock* bb : r.blocks) {
      BasicBlock* c = CloneBasicBlock(bb, vmap_, ".r" + Twine(index), &f_);
      vmap_[bb] = c;
      copies.push_back(c);
    }
    DenseSet<BasicBlock*> mine(copies.begin(), copies.end());
    for (BasicBlock* c : copies) {
      for (auto& i : *c) {
        RemapInstruction(&i, vmap_, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
        RemapDbgRecordRange(f_.getParent(), i.getDbgRecordRange(), vmap_,
                            RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
      }
      for (PHINode& phi : c->phis())
        for (unsigned k = phi.getNumIncomingValues(); k-- > 0;)
          if (!mine.contains(phi.getIncomingBlock(k))) phi.removeIncomingValue(k, false);
      if (auto* ret = dyn_cast<ReturnInst>(c->getTerminator())) {
        BranchInst::Create(return_exit_, ret->getIterator());
        ret->eraseFromParent();
      }
    }
    return cast<BasicBlock>(vmap_[r.start]);
  }

  void close_loops(IRBuilder<>& b, ArrayRef<PHINode*> ids, BasicBlock* after) {
    for (unsigned d = ids.size(); d-- > 0;) {
      Value* next = b.CreateAdd(ids[d], b.getInt64(1));
      ids[d]->addIncoming(next, b.GetInsertBlock());
      BasicBlock* outer = d ? BasicBlock::Create(ctx_, "cbs.next.d" + Twine(d - 1), &f_) : after;
      BranchInst* latch = b.CreateCondBr(b.CreateICmpULT(next, bounds_[d]), ids[d]->getParent(), outer);
      if (d + 1 == ids.size()) mark_items_loop(latch, st_.checked);
      b.SetInsertPoint(outer);
    }
    if (ids.empty()) b.CreateBr(after);
  }

  // Once every item ran: the next region, the return, or the report of items that disagree.
  void leave(IRBuilder<>& b, const region& r, bool several) {
    auto target = [&](unsigned e) { return r.exits[e] == returned ? ret_ : after_cuts_[r.exits[e]]; };
    if (!several) {
      b.CreateBr(target(0));
      return;
    }
    BasicBlock* divergent = BasicBlock::Create(ctx_, "cbs.divergent", &f_);
    SwitchInst* sw = b.CreateSwitch(b.CreateLoad(b.getInt64Ty(), st_.mask), divergent, r.exits.size());
    for (unsigned e = 0; e < r.exits.size(); ++e) sw->addCase(b.getInt64(uint64_t(1) << e), target(e));
    IRBuilder<> db(divergent);
    Module& m = *f_.getParent();
    FunctionCallee report = m.getOrInsertFunction(divergent_name, db.getVoidTy(), db.getPtrTy(), db.getPtrTy(),
                                                  db.getPtrTy());
    Value* exits = r.may_diverge ? st_.exits : ConstantPointerNull::get(db.getPtrTy());
    CallInst* call = db.CreateCall(report, {st_.exec, exits, exit_sites(m, r, barriers_)});
    call->setDoesNotReturn();
    db.CreateUnreachable();
  }

  Function& f_;
  LLVMContext& ctx_;
  item_state& st_;
  ArrayRef<region> regions_;
  ArrayRef<CallInst*> barriers_;
  ArrayRef<BasicBlock*> barrier_blocks_;
  ArrayRef<BasicBlock*> after_cuts_;
  BasicBlock* ret_;
  BasicBlock* return_exit_ = nullptr;
  ValueToValueMapTy vmap_;
  SmallVector<Value*, 3> starts_, bounds_; // each loop's first item and its end in this nest
  bool taken_ = false;                      // a guard's branch condition in this nest
};

// Check mode: the checker learns that every item has reached `cut` (its stretch between barriers
// ends there), then the group goes on to `next`.
BasicBlock* check_cut_block(const CallInst& cut, BasicBlock* next) {
  Function& f = *next->getParent();
  BasicBlock* b = BasicBlock::Create(f.getContext(), "cbs.check.cut", &f);
  IRBuilder<> ib(b);
  FunctionCallee hook = f.getParent()->getOrInsertFunction(check_cut_name, ib.getVoidTy(), ib.getInt32Ty());
  ib.CreateCall(hook, {ib.getInt32(is_sub_group_collective(cut) ? sub_group_scope : work_group_scope)});
  ib.CreateBr(next);
  return b;
}

void drop_lifetime_markers(ArrayRef<AllocaInst*> allocas) {
  SmallVector<Instruction*, 8> dead;
  for (AllocaInst* a : allocas)
    for (User* u : a->users())
      if (auto* ii = dyn_cast<IntrinsicInst>(u); ii && ii->isLifetimeStartOrEnd()) dead.push_back(ii);
  for (Instruction* i : dead) i->eraseFromParent();
}
} // namespace

sub_cfgs form_sub_cfgs(Function& f, unsigned dimensions, bool checked) {
  const unsigned forwarded = checked ? 0 : forward_sub_group_collectives(f, dimensions);
  uniformity u(f);
  if (!checked) {
    add_loop_barriers(f, u);
    add_join_barriers(f, dimensions);
    add_guard_barriers(f, dimensions, u);
  }
  SmallVector<CallInst*, 8> barriers = cuts_in(f);
  mark_arrivals(barriers);
  SmallVector<BasicBlock*, 8> barrier_blocks = isolate(barriers);
  SmallPtrSet<BasicBlock*, 8> barrier_set(barrier_blocks.begin(), barrier_blocks.end());
  item_state st;
  st.checked = checked;
  BasicBlock* body = &f.getEntryBlock();
  BasicBlock* top = make_top(f, st);
  live_values live = spill_values_live_across(f, top, barrier_set, u);
  const auto& per_item = live.per_item;
  st.read_once = live.read_once;
  drop_lifetime_markers(per_item);

  SmallVector<BasicBlock*, 32> originals;
  for (auto& b : f)
    if (&b != top) originals.push_back(&b);
  SmallVector<region, 8> regions;
  regions.push_back(find_region(body, barrier_set, barrier_blocks));
  for (BasicBlock* bb : barrier_blocks) regions.push_back(find_region(bb->getSingleSuccessor(), barrier_set, barrier_blocks));
  for (auto& r : regions)
    r.may_diverge = r.exits.size() > 1 && !all_of(r.blocks, [&](BasicBlock* bb) { return u.branches_alike(bb); });
  // A sub-group collective is cut for the whole work-group: every item must reach it alike, unless
  // the work-group is one sub-group (sub_cfgs::one_sub_group).
  const bool one_sub_group = any_of(regions, [&](const region& r) {
    return r.may_diverge && any_of(r.exits, [&](unsigned e) { return e != returned && is_sub_group_collective(*barriers[e]); });
  });
  unsigned guarded = 0, split = 0;
  for (auto& r : regions)
    if (r.exits.size() == 1 && (r.guard = find_item_guard(r.start, dimensions, barrier_set, st.read_once)))
      ++(r.guard->low_works && r.guard->high_works ? split : guarded);
  const bool several = any_of(regions, [](const region& r) { return r.exits.size() > 1; });
  const bool may_diverge = any_of(regions, [](const region& r) { return r.may_diverge; });

  IRBuilder<> b(top->getTerminator());
  Argument* local_range = f.getArg(4);
  // A group's extent is positive and below 2^31: the loops' counters then fit the int a kernel
  // often narrows its ids to, and the vectoriser can follow the addresses computed from them.
  MDNode* extent = MDBuilder(f.getContext()).createRange(APInt(64, 1), APInt(64, uint64_t(1) << 31));
  for (unsigned d = 0; d < dimensions; ++d) {
    LoadInst* l =
        b.CreateLoad(b.getInt64Ty(), b.CreateConstInBoundsGEP1_64(b.getInt64Ty(), local_range, d), "cbs.local.range");
    l->setMetadata(LLVMContext::MD_range, extent);
    st.local_range.push_back(l);
  }
  st.exec = f.getArg(2);
  if (several) st.mask = b.CreateAlloca(b.getInt64Ty(), nullptr, "cbs.exit.mask");
  const bool collectives = any_of(barriers, [](CallInst* c) { return is_collective(*c); });
  lay_out_scratch(f, top, per_item, may_diverge, collectives, st);

  for (auto& r : regions) r.loop = BasicBlock::Create(f.getContext(), "cbs.region", &f);
  BasicBlock* ret = BasicBlock::Create(f.getContext(), "cbs.return", &f);
  ReturnInst::Create(f.getContext(), ret);
  region_builder builder(f, st, regions, barriers, ret);
  builder.set_barrier_blocks(barrier_blocks);
  SmallVector<BasicBlock*, 8> after_cuts;
  for (unsigned k = 0; k < barriers.size(); ++k) {
    after_cuts.push_back(is_collective(*barriers[k])
                             ? combine_block(*barriers[k], st.exec, st.arrivals, regions[k + 1].loop)
                             : regions[k + 1].loop);
    if (checked) after_cuts.back() = check_cut_block(*barriers[k], after_cuts.back());
  }
  builder.set_after_cuts(after_cuts);
  for (unsigned k = 0; k < regions.size(); ++k) builder.build(regions[k], k);
  top->getTerminator()->setSuccessor(0, regions.front().loop);

  for (BasicBlock* bb : originals) bb->dropAllReferences();
  for (BasicBlock* bb : originals) bb->eraseFromParent();
  for (auto& [marker, d] : st.local_ids) marker->eraseFromParent();
  for (Instruction* marker : st.linear_ids) marker->eraseFromParent();
  for (AllocaInst* a : per_item) a->eraseFromParent();
  return {static_cast<unsigned>(regions.size()), guarded, split, forwarded, one_sub_group};
}

} // namespace tessera::cbs
