#pragma once
#include <cstddef>

namespace tessera::cpu::context {

// A suspended execution context: its stack pointer, with its registers saved below it.
using handle = void*;

// What a context receives when it is resumed: the context that resumed it (now suspended) and
// the value it passed.
struct transfer {
  handle from;
  void* data;
};

// Suspends the calling context and resumes `to`, which receives {the caller, data}; returns what
// the context that later resumes the caller passes. On x86-64 this is Tessera's own switch,
// which keeps the callee-saved registers only: Boost.Context's also saves and restores the x87
// control word and MXCSR, whose fnstcw/fldcw were three quarters of the switch and 15 % of a fiber
// barrier (perf, session 14). Every context of a worker shares one floating-point environment, as
// the work-items of a DPC++ or CUDA work-group do. Elsewhere it is Boost.Context's fcontext.
transfer jump(handle to, void* data);

// A context on the stack whose highest address is `top`, which calls fn(the transfer of its
// first resumption) when first resumed. `fn` must never return: it ends by jumping away.
handle make(void* top, std::size_t size, void (*fn)(transfer));

} // namespace tessera::cpu::context
