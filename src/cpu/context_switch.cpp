#include "cpu/context_switch.hpp"

#include <cstdint>

#if defined(__x86_64__) && defined(__ELF__)

// System V x86-64. A suspended context's stack holds, from its handle upwards: r12, r13, r14,
// r15, rbx, rbp, then the address to continue at. transfer is returned in rax:rdx, and a new
// context's entry gets it in rdi:rsi.
asm(R"(
  .text
  .globl tessera_context_jump
  .type tessera_context_jump, @function
  .p2align 4
tessera_context_jump:
  pushq %rbp
  pushq %rbx
  pushq %r15
  pushq %r14
  pushq %r13
  pushq %r12
  movq %rsp, %rax
  movq %rdi, %rsp
  popq %r12
  popq %r13
  popq %r14
  popq %r15
  popq %rbx
  popq %rbp
  popq %r8
  movq %rsi, %rdx
  movq %rax, %rdi
  jmpq *%r8
  .size tessera_context_jump, .-tessera_context_jump

  .globl tessera_context_start
  .type tessera_context_start, @function
  .p2align 4
tessera_context_start:
  .cfi_startproc
  .cfi_undefined rip
  callq *%r12
  ud2
  .cfi_endproc
  .size tessera_context_start, .-tessera_context_start
)");

extern "C" {
tessera::cpu::context::transfer tessera_context_jump(void* to, void* data);
void tessera_context_start();
}

namespace tessera::cpu::context {

transfer jump(handle to, void* data) { return tessera_context_jump(to, data); }

handle make(void* top, std::size_t /*size*/, void (*fn)(transfer)) {
  // After the six registers and the return address are popped, the stack is 16-byte aligned, as
  // a call (tessera_context_start's, of fn) requires; rbp 0 ends frame-pointer walks there.
  auto aligned = reinterpret_cast<std::uintptr_t>(top) & ~std::uintptr_t{15};
  auto* sp = reinterpret_cast<void**>(aligned - 72);
  sp[0] = reinterpret_cast<void*>(fn); // r12
  for (int r = 1; r < 6; ++r) sp[r] = nullptr;
  sp[6] = reinterpret_cast<void*>(&tessera_context_start);
  return sp;
}

} // namespace tessera::cpu::context

#else

#include <boost/context/detail/fcontext.hpp>

namespace tessera::cpu::context {

namespace fc = boost::context::detail;

transfer jump(handle to, void* data) {
  const fc::transfer_t t = fc::jump_fcontext(to, data);
  return {t.fctx, t.data};
}

// Boost's entry takes its own transfer type, of the same layout.
handle make(void* top, std::size_t size, void (*fn)(transfer)) {
  static_assert(sizeof(fc::transfer_t) == sizeof(transfer));
  return fc::make_fcontext(top, size, reinterpret_cast<void (*)(fc::transfer_t)>(fn));
}

} // namespace tessera::cpu::context

#endif
