// tessera-device-select: a clang and LLVM plugin for the device side of clang's CUDA mode.
//
// Tessera compiles SYCL and C++ AMP programs as CUDA with clang 19. SYCL code never marks the
// functions, functors and templates its kernels call, and C++ AMP kernels capture arrays by
// reference; clang's CUDA mode rejects both (a call to a __host__ function, a reference capture in
// a kernel lambda). In HIP's standard-parallelism mode (the language option HIPStdPar) clang
// accepts both and emits every unannotated function for the device as well; the HIP toolchain then
// keeps only what kernels reach (HipStdParAcceleratorCodeSelectionPass), but only for AMDGPU.
//
// The front-end half turns HIPStdPar on for the device compilation only: on the host it would
// change overload resolution (a host function called from a host-device one would no longer be
// preferred over a device-only overload, e.g. CUDA's device `sqrt(float)` over the host `sqrt`),
// and no driver option passes it to one side. The pass half does the selection for NVPTX: it keeps the kernels and everything they reach (calls, and functions or variables named
// by reached code or by reached initialisers), drops the bodies of every other function, and lets
// GlobalDCE remove what is left. A kernel that reaches a function with no device definition (a
// host library call such as std::cout's) is reported with its call chain, instead of ptxas's
// "unresolved extern function"; assert(), which glibc declares for the host only, gets CUDA's
// device assert (device_assert.hpp). Its front-end half also makes DPC++'s device_global
// variables GPU variables (device_global.hpp), records for relocatable device code the functions
// the source declares for the device (relocatable_device_code.hpp), and lets kernels name
// specialization constants through constexpr references (specialization_id_references.hpp).
// After it, the same pipeline point runs hierarchical kernels with a thread per work-item
// (hierarchical/hierarchical.hpp). An -O0 device compilation without debug information is
// optimised at -O1, as nvcc's device code is unless -G (optimise_unless_debugging).
#include <clang/AST/ASTConsumer.h>
#include <clang/Frontend/MultiplexConsumer.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendPluginRegistry.h>
#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Passes/PassPlugin.h>
#include <llvm/TargetParser/Triple.h>
#include <llvm/Transforms/IPO/GlobalDCE.h>

#include "device_assert.hpp"
#include "device_global.hpp"
#include "relocatable_device_code.hpp"
#include "specialization_id_references.hpp"
#include "hierarchical/hierarchical.hpp"

#include <string>

using namespace llvm;

namespace {

// Kernels: the functions nvvm.annotations marks {fn, "kernel", 1} (clang 19), or the PTX kernel
// calling convention (later LLVMs).
SmallVector<Function*, 8> kernels_of(Module& m) {
  SmallVector<Function*, 8> ks;
  if (auto* md = m.getNamedMetadata("nvvm.annotations"))
    for (auto* op : md->operands()) {
      if (op->getNumOperands() < 2) continue;
      auto* tag = dyn_cast<MDString>(op->getOperand(1));
      auto* v = dyn_cast_or_null<ValueAsMetadata>(op->getOperand(0));
      if (tag && v && tag->getString() == "kernel")
        if (auto* f = dyn_cast<Function>(v->getValue()); f && !f->isDeclaration()) ks.push_back(f);
    }
  for (auto& f : m)
    if (f.getCallingConv() == CallingConv::PTX_Kernel && !f.isDeclaration()) ks.push_back(&f);
  return ks;
}

// Functions that exist on the device without a definition in the module: LLVM's intrinsics, and
// what CUDA's device runtime and ptxas provide (printf, malloc, assert, the C memory routines).
bool provided_by_device(const Function& f) {
  const StringRef n = f.getName();
  return f.isIntrinsic() || n.starts_with("llvm.") || n.starts_with("__nv_") || n.starts_with("__nvvm_") ||
         n == "vprintf" || n == "malloc" || n == "free" || n == "__assertfail" || n == "memcpy" ||
         n == "memset" || n == "memmove" || n == "__cxa_pure_virtual" || n == "__cxa_deleted_virtual";
}

// What kernels reach, and for each reached global the one that reached it first (for the chain).
class reachability {
public:
  explicit reachability(const SmallVector<Function*, 8>& roots) {
    for (Function* k : roots) visit(k, nullptr);
    while (!work_.empty()) {
      const GlobalValue* g = work_.pop_back_val();
      if (auto* f = dyn_cast<Function>(g)) {
        for (auto& bb : *f)
          for (auto& i : bb) operands_of(&i, g);
      } else if (auto* v = dyn_cast<GlobalVariable>(g)) {
        if (v->hasInitializer()) operands_of(v, g);
      } else if (auto* a = dyn_cast<GlobalAlias>(g)) {
        operands_of(a, g);
      }
    }
  }
  bool reached(const GlobalValue* g) const { return parent_.count(g); }
  const DenseMap<const GlobalValue*, const GlobalValue*>& parents() const { return parent_; }

private:
  void visit(const GlobalValue* g, const GlobalValue* from) {
    if (parent_.try_emplace(g, from).second) work_.push_back(g);
  }
  void operands_of(const User* u, const GlobalValue* from) {
    SmallVector<const User*, 16> stack{u};
    while (!stack.empty()) {
      const User* x = stack.pop_back_val();
      for (const Value* op : x->operands()) {
        if (auto* g = dyn_cast<GlobalValue>(op)) visit(g, from);
        else if (auto* c = dyn_cast<Constant>(op)) stack.push_back(c);
      }
    }
  }
  DenseMap<const GlobalValue*, const GlobalValue*> parent_;
  SmallVector<const GlobalValue*, 64> work_;
};

std::string chain(const reachability& r, const GlobalValue* g) {
  std::string s = demangle(g->getName().str());
  for (const GlobalValue* p = r.parents().lookup(g); p; p = r.parents().lookup(p))
    s = demangle(p->getName().str()) + "\n  -> " + s;
  return s;
}

struct device_code_selection : PassInfoMixin<device_code_selection> {
  PreservedAnalyses run(Module& m, ModuleAnalysisManager&) {
    const bool registered = tessera::device_select::register_device_globals(m);
    if (!Triple(m.getTargetTriple()).isNVPTX()) return registered ? PreservedAnalyses::none() : PreservedAnalyses::all();
    tessera::device_select::define_device_assert_fail(m);
    // Relocatable device code: the device functions this object defines for others' kernels too.
    SmallVector<Function*, 8> roots = kernels_of(m);
    if (tessera::device_select::relocatable())
      for (auto& f : m)
        if (!f.isDeclaration() && (f.hasExternalLinkage() || f.hasWeakODRLinkage()) &&
            tessera::device_select::declared_for_device(f.getName())) // weak_odr: an explicit instantiation
          roots.push_back(&f);
    const reachability live(roots);
    // Static constructors are host business: the device has none to run.
    for (const char* n : {"llvm.global_ctors", "llvm.global_dtors"})
      if (auto* g = m.getGlobalVariable(n)) g->eraseFromParent();
    for (auto& f : m) {
      if (!f.isDeclaration() && !live.reached(&f)) {
        f.deleteBody();
        f.setComdat(nullptr);
      } else if (f.isDeclaration() && live.reached(&f) && !provided_by_device(f)) {
        const bool elsewhere = tessera::device_select::declared_for_device(f.getName());
        if (elsewhere && tessera::device_select::relocatable()) continue; // the device link finds it
        m.getContext().diagnose(DiagnosticInfoUnsupported(
            f, std::string(elsewhere ? "a kernel calls a device function (SYCL_EXTERNAL) that another translation "
                                       "unit defines, which needs relocatable device code: compile and link with "
                                       "-fgpu-rdc (tessera++ --cuda -fgpu-rdc, add_sycl_to_target(... RDC))"
                                     : "a kernel calls a function with no device definition (a host-only library "
                                       "function?)") +
                   "; reached through:\n  " + chain(live, &f)));
      }
    }
    return PreservedAnalyses::none();
  }
};

// Device code is optimised (-O1) when the compilation is -O0 without debug information, as nvcc
// optimises device code whatever the host's -O unless -G asks to debug it (clang 19 forwards no -O
// to the device alone: -Xarch_device -O1 is refused). At -O0 every call of a kernel stays a call and
// SYCL's run-time memory orders and scopes stay switches, and ptxas compiles each kernel's whole
// call tree on its own: one SYCL-CTS atomic_ref source (240 kernels) gave 14 MB of PTX that ptxas
// took 81 s for, against 3 MB and 1.3 s at -O1 (docs/performance.md). The selection pass runs
// first either way. Code generation reads these options after this (optnone, noinline), and so
// does the pass pipeline.
void optimise_unless_debugging(clang::CodeGenOptions& cg) {
  if (cg.OptimizationLevel != 0 || cg.getDebugInfo() != llvm::codegenoptions::NoDebugInfo) return;
  cg.OptimizationLevel = 1;
  cg.setInlining(clang::CodeGenOptions::NormalInlining);
}

// Runs before the main action of every compilation that loads the plugin (-fplugin=).
class device_language : public clang::PluginASTAction {
protected:
  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci, StringRef) override {
    if (!ci.getLangOpts().CUDA) return std::make_unique<clang::ASTConsumer>();
    std::vector<std::unique_ptr<clang::ASTConsumer>> consumers;
    consumers.push_back(tessera::device_select::device_global_consumer(ci));
    consumers.push_back(tessera::device_select::specialization_id_consumer(ci));
    if (ci.getLangOpts().CUDAIsDevice) {
      ci.getLangOpts().HIPStdPar = 1;
      optimise_unless_debugging(ci.getCodeGenOpts());
      consumers.push_back(tessera::device_select::device_function_recorder(ci));
    }
    return std::make_unique<clang::MultiplexConsumer>(std::move(consumers));
  }
  bool ParseArgs(const clang::CompilerInstance&, const std::vector<std::string>&) override { return true; }
  ActionType getActionType() override { return AddBeforeMainAction; }
};
const clang::FrontendPluginRegistry::Add<device_language> registered("tessera-device-language",
                                                                    "HIPStdPar for CUDA device compilations");

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "tessera-device-select", "1", [](PassBuilder& pb) {
            pb.registerPipelineStartEPCallback([](ModulePassManager& mpm, OptimizationLevel) {
              mpm.addPass(device_code_selection());
              mpm.addPass(GlobalDCEPass());
              mpm.addPass(tessera::hierarchical::hierarchical_pass());
            });
          }};
}
