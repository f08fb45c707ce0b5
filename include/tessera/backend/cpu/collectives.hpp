#pragma once
#include "tessera/glue/item_context.hpp"
#include "tessera/backend/cpu/rendezvous.hpp"

namespace tessera::cpu {

// Helpers over the one rendezvous, used by barriers and every group algorithm. `Op` computes all
// members' results at once: Op::complete(const T* const* in, R* const* out, n, param).
template <int D>
inline void barrier(const glue::item_context<D>& c, group::scope s, const group::call_site& site) {
  rendezvous(*c.exec, s, c.local_linear, collective_call{group::collective_op::barrier, site, 0, nullptr}, nullptr,
             nullptr);
}

template <int D>
inline void collective(const glue::item_context<D>& c, group::scope s, const collective_call& call, const void* in,
                       void* out) {
  rendezvous(*c.exec, s, c.local_linear, call, in, out);
}

} // namespace tessera::cpu
