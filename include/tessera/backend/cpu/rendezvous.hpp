#pragma once
#include <cstddef>
#include <cstdint>
#include "tessera/group/call_site.hpp"
#include "tessera/group/collective_op.hpp"

namespace tessera::cpu {

class group_exec;

// What one work-item brings to a collective and where its result goes. Both point into the item's
// own stack, which stays alive because the item is suspended until the collective completes.
struct arrival {
  const void* in;
  void* out;
};

// Computes every member's result once all members have arrived; run by the last to arrive.
using complete_fn = void (*)(arrival* members, std::uint32_t count, std::uint64_t param);

// Everything the members of one collective call must agree on. `complete` doubles as the identity
// of the operation and value type, so a reduce with plus and one with maximum do not match.
struct collective_call {
  group::collective_op op;
  group::call_site site;
  std::uint64_t param;
  complete_fn complete;
};

// The one rendezvous of the CPU backend: every barrier and collective goes through here. Returns
// when all members of the scope have arrived (and results are written); reports mismatches and
// items that can never arrive as sycl::exception.
void rendezvous(group_exec& g, group::scope s, std::uint32_t local_linear_id, const collective_call& call,
                const void* in, void* out);

} // namespace tessera::cpu
