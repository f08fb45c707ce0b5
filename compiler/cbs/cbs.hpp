// tessera-cbs: continuation-based synchronisation for the CPU (issue 14; after Meyer et al.,
// "Implementation Techniques for SPMD Kernels on CPUs", IWOCL 2023). An nd_range kernel's item
// function (nd_launch::cbs_item, include/tessera/backend/cpu/compiled_group.hpp) becomes a
// function that runs every work-item of a group: its body is cut at the barriers into regions,
// each region runs as a loop nest over the local ids, and what an item keeps across a barrier
// lives in per-item arrays. Kernels it cannot prove right keep fibers.
#pragma once
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#include <cstdint>
#include <optional>
#include <string>

#include "tessera/memory/check_shadow.hpp"

namespace tessera::cbs {

// The runtime's symbols (compiled_group.hpp).
inline constexpr const char* whole_group_name = "tessera_cbs_whole_group";
// The sibling request: the whole-group function also where it is exact only for work-groups of
// one sub-group (sub_cfgs::one_sub_group), which nd_launch asks for only for such launches.
inline constexpr const char* one_sub_group_name = "tessera_cbs_one_sub_group";
inline constexpr const char* local_id_name = "tessera_cbs_local_id";
inline constexpr const char* local_linear_id_name = "tessera_cbs_local_linear_id";
inline constexpr const char* barrier_name = "tessera_cpu_work_group_barrier";
// tessera::group::scope's values, as the runtime reads an exit site's scope.
inline constexpr unsigned work_group_scope = 0, sub_group_scope = 1;
// Every other work-group collective: a cut like the barrier, whose results are combined between
// the regions by the runtime's tessera_cbs_combine (collectives.cpp).
inline constexpr const char* collective_name = "tessera_cpu_work_group_collective";
// Sub-group barriers and collectives: a cut like the work-group's, combined per sub-group, where
// every item of the work-group reaches it alike.
inline constexpr const char* sub_group_collective_name = "tessera_cpu_sub_group_collective";
inline constexpr const char* combine_name = "tessera_cbs_combine";
inline constexpr const char* scratch_name = "tessera_cbs_scratch";
inline constexpr const char* divergent_name = "tessera_cbs_divergent";
// Sub-group collectives (and the root barrier) meet at the runtime's rendezvous, which needs fibers.
inline constexpr const char* rendezvous_prefix = "_ZN7tessera3cpu10rendezvous";
// Check mode (include/tessera/memory/access_check.hpp): a checked translation unit's element
// accesses of local memory pass their pointer through check_local_name, and its whole-group
// functions tell the checker where each region ends, at every cut of the kernel and no other.
inline constexpr const char* check_local_name = "tessera_check_local";
inline constexpr const char* check_cut_name = "tessera_check_cut";
// Local memory that no accessor holds (shared_variables.cpp): C++ AMP's tile_static variables,
// marked by an annotation, and a hierarchical kernel's variables of work-group scope, shared by
// the calls of its work-item function (tessera::check::run_work_item). Each access is told to the
// checker, and each variable's start.
inline constexpr const char* check_declare_name = "tessera_check_declare";
inline constexpr const char* check_shared_name = "tessera_check_shared";
inline constexpr const char* tile_static_annotation = "tessera.tile_static";
inline constexpr const char* work_item_prefix = "_ZN7tessera5check13run_work_item";
bool check_shared_variables(llvm::Module& m);
// Drops the calls of check_local_name whose pointer nothing uses (untouched_elements.cpp).
bool drop_untouched_elements(llvm::Module& m);
// With AddressSanitizer, each element access through a global accessor passes its pointer through
// check_global_name, whose loads and stores exempt_global_accesses takes from AddressSanitizer.
inline constexpr const char* check_global_name = "tessera_check_global";
// The shadow of local memory that checked whole-group functions keep inline (check_shadow.hpp),
// and the call on its slow path.
inline constexpr const char* check_shadow_name = "tessera_check_shadow";
inline constexpr const char* check_conflict_name = "tessera_check_conflict";
// The address of field `field` (tessera::check::shadow::field) of the worker's shadow state.
llvm::Value* check_shadow_field(llvm::IRBuilder<>& b, unsigned field);
// Check mode in whole-group function `g`: each load and store through check_local_name's pointer
// becomes an inline test of the shadow, where every such pointer is only loaded and stored
// through and the kernel has no sub-group cut; false where `g` keeps the checker's calls.
bool check_accesses_inline(llvm::Function& g, llvm::FunctionAnalysisManager& fam);
// A load or store of local memory that the inline test checks: the element's pointer (what the
// access's pointer, check_local_name's result, stands for), its `bytes`, the "file:line" constant
// that names it.
struct checked_access {
  llvm::Instruction* access;
  llvm::Value* pointer;
  std::uint64_t bytes;
  llvm::Constant* place;
};
// The runtime's test of an items' loop at once (checked_ranges.cpp).
inline constexpr const char* check_ranges_name = "tessera_check_ranges";
// Versions each items' loop of `g` whose accesses of local memory (of `accesses`, which are all of
// `g`'s, not yet instrumented) the runtime can test at once: before the loop, a call of
// check_ranges_name; where it recorded them, a copy of the loop without tests or index checks
// runs instead (checked_ranges.cpp). Returns how many loops.
unsigned test_loops_at_once(llvm::Function& g, llvm::ArrayRef<checked_access> accesses,
                            llvm::FunctionAnalysisManager& fam);
// Removes every call of check_global_name in `m`, marking the loads and stores of the element
// through its pointer `!nosanitize` (their index is tested against the accessor's range already);
// false where `m` has none.
bool exempt_global_accesses(llvm::Module& m);
// Whether `m` is such a translation unit: it calls the checker (check_local_name, or a function
// of tessera::check, which the launch of every checked nd_range kernel calls).
bool is_checked(const llvm::Module& m);
// Remarks: -Rpass=tessera-cbs, -Rpass-missed=tessera-cbs.
inline constexpr const char* pass_name = "tessera-cbs";

// One kernel's item function and the calls asking for its whole-group version.
struct work_item_function {
  llvm::Function* item;
  unsigned dimensions;
  // Sizes of what its arguments 0, 1 and 3 point to (the kernel, the geometry, the group id).
  std::uint64_t argument_bytes[3];
  llvm::SmallVector<llvm::CallInst*, 2> requests;               // of whole_group_name
  llvm::SmallVector<llvm::CallInst*, 2> one_sub_group_requests; // of one_sub_group_name
};
llvm::SmallVector<work_item_function, 8> find_work_item_functions(llvm::Module& m);
bool is_call_to(const llvm::Instruction& i, llvm::StringRef name);
// A call of the local-id markers (local_id_name, local_linear_id_name).
bool is_local_id_marker(const llvm::Instruction& i);
// What `marker` reads for the item whose local ids are `ids` and linear id `linear` (i64s), built
// at `b`: how a computation is copied for another item than the one running it.
llvm::Value* local_id_of_item(const llvm::Instruction& marker, llvm::ArrayRef<llvm::Value*> ids, llvm::Value* linear,
                              llvm::IRBuilder<>& b);
// Where the pass cuts a kernel: its work-group barriers and collectives.
bool is_cut(const llvm::Instruction& i);
bool is_collective(const llvm::Instruction& i); // a cut other than the work-group barrier
bool is_sub_group_collective(const llvm::Instruction& i);
llvm::SmallVector<llvm::CallInst*, 8> cuts_in(llvm::Function& f);

// A cut's call site and operation (a tessera::group::collective_op: 0 for the barrier), read from
// its arguments, which kernel_check.cpp made sure are constants.
struct cut_site {
  llvm::Constant* file;
  unsigned line;
  unsigned op;
};
cut_site site_of(const llvm::CallInst& cut);

// A work-group collective cut (a call to collective_name): before the pass makes regions, each gets
// a marker just before it holding what each item brings (its operand, result and parameter);
// in a region's copy, the marker becomes the item's stores into the arrivals array; between the
// regions, one call of the runtime combines them (collectives.cpp).
void mark_arrivals(llvm::ArrayRef<llvm::CallInst*> cuts);
bool is_arrival_marker(const llvm::Instruction& i);
void store_arrival(llvm::CallInst* marker_copy, llvm::Value* arrivals, llvm::Value* linear);
inline constexpr std::uint64_t arrival_bytes = 24; // tessera_cbs_arrival
// A block that combines the items' arrivals at collective `cut`, then goes to `next`.
llvm::BasicBlock* combine_block(const llvm::CallInst& cut, llvm::Value* exec, llvm::Value* arrivals,
                                llvm::BasicBlock* next);

// Marks every function between an item function and a barrier always-inline, so that the
// inliner puts all barriers in the item function's body (run before the inliner).
void flatten_barrier_callers(llvm::Module& m);

// Replaces each call in `f` of a libm function that LLVM knows as an intrinsic (log2f, powf, sqrt,
// ...) with that intrinsic, which sets no errno (kernel_math.cpp); for item functions only (kernel
// code: the host never calls them). Returns how many.
unsigned make_math_calls_intrinsics(llvm::Function& f);

// Why the pass cannot turn `f` (an inlined item function with barriers) into a whole group; none
// when it can.
std::optional<std::string> why_not_compilable(llvm::Function& f);

// Which values every work-item of a group computes alike (uniformity.cpp), for an item function
// before the pass changes it; its answers about instructions stay valid while blocks are split.
class uniformity {
public:
  explicit uniformity(llvm::Function& f);
  bool uniform(const llvm::Value* v) const { return !varying_.contains(v); }
  // Whether every item that reaches `b` leaves it the same way.
  bool branches_alike(const llvm::BasicBlock* b) const;
  llvm::LoopInfo& loops() { return loops_; }

private:
  llvm::DominatorTree dt_;
  llvm::LoopInfo loops_;
  llvm::DenseSet<const llvm::Value*> varying_;
};

// Every item reaches `b` as often as every other: each branch that items may take differently
// (`diverging`) leads to `b` on all its paths, or on none.
bool reached_alike(llvm::BasicBlock* b, llvm::ArrayRef<llvm::BasicBlock*> diverging, const llvm::PostDominatorTree& pdt);

// Replaces each sub-group broadcast whose operand every item can compute for the source item
// (from the local ids, values alike in all items and memory not written before the broadcast)
// with that computation, so that it cuts nothing (forwarded_collectives.cpp). Returns how many.
unsigned forward_sub_group_collectives(llvm::Function& f, unsigned dimensions);

// Adds a barrier at the head of every innermost loop without one whose iterations all items run
// alike, so that its body becomes a region and the loop over the items its innermost loop, which
// vectorises across items (implicit_barriers.cpp). Returns how many.
unsigned add_loop_barriers(llvm::Function& f, uniformity& u);

// The values an item keeps across barriers, in an item function whose barriers each sit alone in
// a block (`barriers`) and whose allocas and local-id markers sit in `top` (live_values.cpp).
// Values computed from the local ids and read-only kernel data are recomputed after a barrier;
// other SSA values used past one are spilled to allocas in `top`.
struct live_values {
  // Allocas whose contents live across a barrier: they become per-item arrays.
  llvm::SmallVector<llvm::AllocaInst*, 16> per_item;
  // Those of them holding a value every item computes alike, which no item redefines before
  // reading it in the same region: each region reads item 0's copy once, before its loop.
  llvm::SmallPtrSet<llvm::AllocaInst*, 8> read_once;
};
live_values spill_values_live_across(llvm::Function& f, llvm::BasicBlock* top,
                                     const llvm::SmallPtrSetImpl<llvm::BasicBlock*>& barriers, const uniformity& u);

// A region that starts with `if (local id < bound)` (or <=, == 0, and their inverses, signed or
// not): the items below the bound take one side, the others the other. Where one side goes to the
// region's only exit changing nothing, the item loop over `dimension` runs only the other side's
// items (a tree reduction's steps); where both work (a scan's `lid >= stride ? ... : 0`), the loop
// over dimension 0 is split in two at the bound. Each loop takes its side without the test
// (item_guards.cpp).
struct item_guard {
  unsigned dimension;
  llvm::BranchInst* branch;   // the region's first branch
  unsigned work;              // its successor taken by the items below the bound
  llvm::Value* bound;         // alike in all items, computable before the loop
  bool is_signed, inclusive;  // the comparison: id < bound, id <= bound, signed or not
  bool low_works, high_works; // which items do something: those below the bound, the others
};
// Where a cut is followed by such a guard whose work side joins the other side inside the region
// (a tree reduction's step in a loop that was not unrolled: the join runs the loop's latch and
// exit), adds a barrier at the join: every item passes there once, so the barrier changes no
// result, and the guarded step becomes a region of its own whose loop can stop at the bound.
// Returns how many.
unsigned add_join_barriers(llvm::Function& f, unsigned dimensions);
// Where such a guard (its bound alike in all items) follows a cut only through blocks that do
// nothing but branch alike in every item (a loop's latch and exit test, the loop not unrolled),
// adds a barrier at the guard: every item passes there as often as every other, so the barrier
// changes no result, and the guarded region can then skip or split its items. Returns how many.
unsigned add_guard_barriers(llvm::Function& f, unsigned dimensions, const uniformity& u);
// `start`: a region's first block, after the live values were spilled (`read_once`: live_values).
std::optional<item_guard> find_item_guard(llvm::BasicBlock* start, unsigned dimensions,
                                          const llvm::SmallPtrSetImpl<llvm::BasicBlock*>& barriers,
                                          const llvm::SmallPtrSetImpl<llvm::AllocaInst*>& read_once);
// How many items of `range` (an i64) are below the bound, computed at `b`; `once` maps the loads
// of values read once per region to their copies.
llvm::Value* item_guard_cap(const item_guard& g, llvm::IRBuilder<>& b, llvm::Value* range,
                            const llvm::DenseMap<llvm::Instruction*, llvm::Value*>& once);
// The first item at or above the bound, and whether there is one below `range`, computed at `b`.
std::pair<llvm::Value*, llvm::Value*> item_guard_high(const item_guard& g, llvm::IRBuilder<>& b, llvm::Value* range,
                                                      const llvm::DenseMap<llvm::Instruction*, llvm::Value*>& once);

// A kernel compiled twice (versioned_checks.cpp): the branches whose way an item may take only
// rarely, each with the way expected (0: its first successor): the library's checks (the other
// way only throws) and the loops' guards (the way into the loop). Empty where a check's
// condition cannot be computed for any item at the group's start (then no second version).
struct expected_branch {
  llvm::BranchInst* branch;
  unsigned way;
};
llvm::SmallVector<expected_branch, 8> expected_branches(llvm::Function& item, const std::uint64_t argument_bytes[3],
                                                        unsigned dimensions);
// In a copy of the item function (`vmap` from the original), each branch takes its expected way.
void take_expected_ways(llvm::ArrayRef<expected_branch> branches, llvm::ValueToValueMapTy& vmap);
// The whole-group function that runs `expected` (compiled from that copy) when every item of the
// group would take every branch's expected way, and `as_today` otherwise.
llvm::Function* versioned_group(llvm::Function& item, llvm::ArrayRef<expected_branch> branches, llvm::Function& as_today,
                                llvm::Function& expected, unsigned dimensions, const std::uint64_t argument_bytes[3]);

// Whether `v`, an instruction of item function `item`, can be computed for any item before its
// group runs (versioned_checks.cpp): from the local ids, the arguments, the read-only kernel data
// and the local range.
bool computable_at_start(llvm::Function& item, llvm::Value* v, const std::uint64_t argument_bytes[3], unsigned dimensions);
// A copy of `item` in which the values that the jammed items usually compute alike are checked to
// be so and used as such (expected_values.cpp): its checks join the expected branches, and the
// second version is compiled from it. Null where it has none; `count`: how many values.
llvm::Function* with_expected_values(llvm::Function& item, unsigned dimensions, const std::uint64_t argument_bytes[3],
                                     unsigned& count);

// Four chains cover the latency of a floating-point add and fill a 128-bit vector of floats.
inline constexpr unsigned jam_count = 4;
// The loop property that marks a region's loop over its last dimension's items.
inline constexpr const char* items_loop_property = "tessera.cbs.items";
// Whether `l` is such a loop (jammed_items.cpp).
bool is_items_loop(const llvm::Loop& l);
// Unrolls by four and jams each items' loop of `g` that holds one loop and whose items' steps may
// interleave (jammed_items.cpp). Returns how many.
unsigned jam_items_loops(llvm::Function& g, llvm::FunctionAnalysisManager& fam);
// Unswitches each items' loop of `g` on the branches whose condition every item computes alike
// (invariant in the loop), so that each way's loop vectorises (unswitched_items.cpp). Returns how
// many items' loops were unswitched.
unsigned unswitch_items_loops(llvm::Function& g, llvm::FunctionAnalysisManager& fam);
// Tags every load and store of a whole-group function just formed with alias scopes that tell
// the per-item arrays of the scratch block apart from each other and from all other memory
// (scratch_scopes.cpp); false (nothing tagged) where a pointer into the block escapes.
bool scope_scratch_arrays(llvm::Function& g);

// What form_sub_cfgs made: its regions, and how many of them loop over the items below a guard.
struct sub_cfgs {
  unsigned regions;
  unsigned guarded;   // of the regions whose loop skips the items on a guard's idle side
  unsigned split;     // of the regions whose loop is split in two at a guard, both sides working
  unsigned forwarded; // sub-group collectives that cut nothing (forward_sub_group_collectives)
  // Items may leave a region by different exits, one of them a sub-group collective: exact only
  // where the work-group is one sub-group (its cut is then the sub-group's, and items at different
  // exits are mismatched sub-group collectives, reported as on fibers). Elsewhere sub-groups could
  // legally take different paths, which a group-wide cut would report.
  bool one_sub_group = false;
};
// Rewrites `f` in place into the whole-group function; `dimensions` loops over the local ids.
// `checked` (is_checked): only the kernel's own barriers and collectives cut it, none added or
// removed for speed (a barrier the pass added would hide a race between the items it separates),
// and each cut first calls the checker's check_cut_name with its scope.
sub_cfgs form_sub_cfgs(llvm::Function& f, unsigned dimensions, bool checked = false);

// The pass: run at the start of the optimisation pipeline, after inlining, before vectorising.
class cbs_pass : public llvm::PassInfoMixin<cbs_pass> {
public:
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager& am);
};

// After inlining, before cbs_pass: check mode's drop_untouched_elements and check_shared_variables.
class shared_variables_pass : public llvm::PassInfoMixin<shared_variables_pass> {
public:
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager&) {
    const bool dropped = drop_untouched_elements(m);
    return check_shared_variables(m) || dropped ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
  }
};

// Before inlining: flatten_barrier_callers.
class flatten_pass : public llvm::PassInfoMixin<flatten_pass> {
public:
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager&) {
    flatten_barrier_callers(m);
    return llvm::PreservedAnalyses::none();
  }
};

} // namespace tessera::cbs
