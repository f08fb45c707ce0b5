#pragma once
#include <cstddef>
#include <cstdint>

#include "tessera/backend/cpu/rendezvous.hpp"

// Where the CBS pass (compiler/cbs/, loaded into clang 19 with -fpass-plugin and TESSERA_CBS
// defined) meets the CPU runtime. An nd_range kernel's item function (nd_launch::cbs_item) asks
// for its whole-group version; the pass answers with a function that runs every work-item of a
// group as loops between the barriers, or with null, and then the group runs on fibers as
// without the pass. Without the pass the runtime's own definition answers null.
//
// The names are C symbols so that the pass finds them by name; their meaning is fixed here.
extern "C" {

// Runs one work-item (an item function) or, once the pass made it, every work-item of one group:
//   kernel: the worker's copy of the kernel; geometry: the launch's nd_geometry<D>;
//   exec: the group's executor (its error reports); group: the group's sycl::id<D>;
//   local_range: the D extents of the group, outermost first.
typedef void (*tessera_cbs_group_fn)(const void* kernel, const void* geometry, void* exec, const void* group,
                                     const std::size_t* local_range);

// The pass replaces each call with the whole-group version of `item` (a D-dimensional kernel's
// item function, whose kernel, geometry and group id have the given sizes), or with null when the
// kernel has no barrier or keeps fibers.
tessera_cbs_group_fn tessera_cbs_whole_group(tessera_cbs_group_fn item, int dimensions, std::size_t kernel_bytes,
                                             std::size_t geometry_bytes, std::size_t group_bytes) noexcept;
// The same request for a launch whose work-groups are each one sub-group: the pass also answers
// with a function where that alone makes it exact (items on different paths to a sub-group
// collective, which only sub-groups of a larger group may legally take), and `whole_group` null.
tessera_cbs_group_fn tessera_cbs_one_sub_group(tessera_cbs_group_fn item, int dimensions, std::size_t kernel_bytes,
                                               std::size_t geometry_bytes, std::size_t group_bytes) noexcept;

// In an item function: the item's local id in dimension `d` and its linear local id. The pass
// replaces them with its loops' counters; they are never called.
std::size_t tessera_cbs_local_id(int d) noexcept;
std::uint32_t tessera_cbs_local_linear_id() noexcept;

// A work-group barrier: where the pass splits a kernel. Called at run time only on fibers, where
// it is a meeting at the rendezvous. `file` and `line` are the barrier's call site.
void tessera_cpu_work_group_barrier(void* exec, std::uint32_t local_linear, const char* file, unsigned line);

// Every other work-group collective (broadcast, votes, shifts, permutes, select, reduce, scans,
// joint algorithms): on fibers a meeting at the rendezvous, for the pass a cut like a barrier.
// `op` is a tessera::group::collective_op; `param` its parameter, which all items must agree on;
// `complete` computes every item's result from the items' `in` into their `out`.
void tessera_cpu_work_group_collective(void* exec, std::uint32_t local_linear, int op, const char* file,
                                       unsigned line, std::uint64_t param, tessera::cpu::complete_fn complete,
                                       const void* in, void* out);
// The same for a sub-group's barrier and collectives (`complete` null for the barrier): on fibers
// the rendezvous of the item's sub-group, for the pass a cut whose combine runs per sub-group.
// `first`: the local linear id of the sub-group's first item (sub-groups are runs of consecutive
// linear ids), from which the pass finds the source item where it forwards a broadcast's value.
void tessera_cpu_sub_group_collective(void* exec, std::uint32_t local_linear, int op, const char* file,
                                      unsigned line, std::uint64_t param, tessera::cpu::complete_fn complete,
                                      const void* in, void* out, std::uint32_t first);

// `bytes` of memory for the values that a whole-group function keeps per work-item across its
// barriers: this thread's, 64-byte aligned, reused by its next group.
__attribute__((malloc)) void* tessera_cbs_scratch(std::size_t bytes) noexcept;

// One way out of a region of a whole-group function: a barrier's or collective's call site,
// operation (a tessera::group::collective_op) and scope (a tessera::group::scope), or file null
// for returning from the kernel.
struct tessera_cbs_exit {
  const char* file;
  unsigned line;
  int op;
  int scope;
};

// What one item of a whole-group function brings to a work-group collective.
struct tessera_cbs_arrival {
  const void* in;
  void* out;
  std::uint64_t param;
};
// A whole-group function's collective, once every item of the group has arrived (`items`, one per
// item in linear order): reports items that disagree on its parameter as the rendezvous does, then
// computes every item's result, for the whole group or (`scope`: a tessera::group::scope) for each
// of its sub-groups.
void tessera_cbs_combine(void* exec, int scope, int op, const char* file, unsigned line,
                         tessera::cpu::complete_fn complete, const tessera_cbs_arrival* items);
// The items of one group left a region by different exits (`exits[i]` indexes `sites` for
// item i; null where the pass proved that cannot happen): a barrier not every item reaches.
// Throws the error that fibers report.
[[noreturn]] void tessera_cbs_divergent(void* exec, const std::uint8_t* exits, const tessera_cbs_exit* sites);
}

namespace tessera::cpu {
// Whether groups run their whole-group functions where the pass made them (default: yes, unless
// the environment sets TESSERA_CBS=0). For tests and benchmarks comparing with fibers.
bool compiled_groups_enabled();
void enable_compiled_groups(bool on);
// How many nd_range launches so far ran their groups as whole-group functions.
std::size_t compiled_launches();
// How many nd_range launches so far ran some group's items on fibers (a barrier or collective
// that was not compiled away): what tessera-demo reports beside compiled_launches().
std::size_t fiber_launches();
} // namespace tessera::cpu
