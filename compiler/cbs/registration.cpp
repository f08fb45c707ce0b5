// Loading tessera-cbs into clang 19: -fpass-plugin=libtessera-cbs.so (with TESSERA_CBS defined,
// which makes nd_launch emit its item functions). The flattening runs before the inliner, the
// pass after it and before the vectoriser, check mode's shared variables just before it. At -O0
// only the latter runs (after the always-inliner, which inlines what it needs), and every kernel
// keeps fibers.
// For opt: -passes=tessera-cbs-flatten / tessera-cbs / tessera-cbs-shared.
#include "cbs.hpp"

#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/PassPlugin.h>

using namespace llvm;

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, tessera::cbs::pass_name, "1", [](PassBuilder& pb) {
            pb.registerPipelineEarlySimplificationEPCallback([](ModulePassManager& mpm, OptimizationLevel level) {
              if (level != OptimizationLevel::O0) mpm.addPass(tessera::cbs::flatten_pass());
            });
            pb.registerOptimizerEarlyEPCallback([](ModulePassManager& mpm, OptimizationLevel level) {
              mpm.addPass(tessera::cbs::shared_variables_pass());
              if (level != OptimizationLevel::O0) mpm.addPass(tessera::cbs::cbs_pass());
            });
            pb.registerPipelineParsingCallback(
                [](StringRef name, ModulePassManager& mpm, ArrayRef<PassBuilder::PipelineElement>) {
                  if (name == "tessera-cbs-flatten") mpm.addPass(tessera::cbs::flatten_pass());
                  else if (name == "tessera-cbs") mpm.addPass(tessera::cbs::cbs_pass());
                  else if (name == "tessera-cbs-shared") mpm.addPass(tessera::cbs::shared_variables_pass());
                  else return false;
                  return true;
                });
          }};
}
