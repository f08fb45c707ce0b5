#pragma once
#include <utility>

#include "tessera/backend/cpu/commands.hpp"
#include "tessera/detail/macros.hpp"
#include "tessera/glue/commands.hpp"
#if TESSERA_CUDA_COMPILE
#include "tessera/backend/cuda/commands.hpp"
#endif

namespace tessera::glue {

// Hands a kernel command to the backend of the handler's device, chosen here and nowhere else.
// A GPU command is enqueued on the queue's CUDA stream, which completes it; a CPU command is an
// action on the worker pool. Only a CUDA translation unit can launch on a GPU, and the CUDA backend
// may decline a command (cuda::takes: a reduction of a type the GPU cannot combine), which then
// throws errc::feature_not_supported on a GPU queue as any CPU-only command does.
//
// The backends build their launch here, while the handler is copying the kernel into its command
// (placeholder accessors are bound then); by then the handler knows which local accessors the
// kernel captured.
//
// A CUDA compilation's device pass needs only the GPU launch, which names the kernels it compiles;
// its host code never runs. The CPU's launch, instantiated there per kernel for nothing, was a fifth
// of the device pass of a SYCL-CTS source (docs/performance.md, "Compile time under --cuda").
template <typename Handler, typename Command>
void submit(Handler& h, Command cmd) {
  h.check_local_memory();
#if TESSERA_CUDA_COMPILE
  if constexpr (cuda::takes<Command>::value)
    if (h.on_gpu()) return h.on_stream(cuda::enqueue(std::move(cmd)));
#endif
#if TESSERA_DEVICE_PASS
  (void)cmd;
#else
  h.cpu_only(Command::what);
  h.set(cpu::action(std::move(cmd)));
#endif
}

} // namespace tessera::glue
