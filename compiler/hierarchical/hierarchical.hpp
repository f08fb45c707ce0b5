// tessera-hierarchical: runs the hierarchical kernels of clang's CUDA device compilation with a
// GPU thread per physical work-item (issue 16), the idea of DPC++'s SYCLLowerWGScope.
//
// The library launches such a kernel (cuda::hierarchical_item_kernel) with a block per
// work-group and asks the pass, through the marker tessera_cuda_hierarchical_lowered(), whether
// it lowered it. The pass finds the work-group-scope function, the one calling the
// parallel_for_work_item functions (which call the marker tessera_work_item_scope() first),
// and rewrites it, before inlining, so that every thread runs its control flow:
//  - its variables live in shared memory, except private_memory objects, the objects handed to
//    parallel_for_work_item (its closure and range), and variables the items only read and every
//    thread can compute alike (a loop counter), which stay per thread;
//  - its side effects (stores to shared or global memory, calls) are done by the leader thread
//    alone, and what the leader computes there that the others use is broadcast through shared
//    memory, between barriers;
//  - each parallel_for_work_item runs in every thread between two barriers (the implicit
//    barriers); the library's loop gives each thread its own logical ids.
// A kernel it cannot lower keeps one thread per work-group, and the pass says why under
// -Rpass-missed=tessera-hierarchical or TESSERA_CBS_VERBOSE=1.
#pragma once
#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>

#include <functional>
#include <string>
#include <variant>

namespace tessera::hierarchical {

inline constexpr const char* pass_name = "tessera-hierarchical";
inline constexpr const char* lowered_marker = "tessera_cuda_hierarchical_lowered";
inline constexpr const char* work_item_marker = "tessera_work_item_scope";

// The work-group-scope function that `kernel` runs, or why there is none the pass can lower.
std::variant<llvm::Function*, std::string> find_work_group_scope(llvm::Function& kernel);

// Whether `f` is declared in namespace `ns` (a prefix such as "sycl::"), or in a class there.
bool in_namespace(const llvm::Function& f, llvm::StringRef ns);

// Whether `f` calls a parallel_for_work_item function (one whose body calls the marker).
bool is_work_item_scope(const llvm::Function& f);

// The variables among `shared` (allocas of `scope`) that every thread may keep a copy of: written
// only by `scope`, with values every thread computes alike (`own` says which memory is a thread's
// own), and only read by the parallel_for_work_item bodies they are handed to
// (replicated_variables.cpp).
llvm::SmallVector<llvm::AllocaInst*, 4>
replicable_variables(llvm::Function& scope, llvm::ArrayRef<llvm::AllocaInst*> shared,
                     const std::function<bool(const llvm::Value*)>& own,
                     const std::function<bool(const llvm::Instruction&)>& is_work_items);

// Rewrites a copy of `scope` for a thread per work-item and replaces `scope` by it; on failure
// leaves the module as it was and says why.
std::variant<llvm::Function*, std::string> lower_work_group_scope(llvm::Function& scope,
                                                                  llvm::FunctionAnalysisManager& fam);

class hierarchical_pass : public llvm::PassInfoMixin<hierarchical_pass> {
public:
  llvm::PreservedAnalyses run(llvm::Module& m, llvm::ModuleAnalysisManager& am);
};

} // namespace tessera::hierarchical
