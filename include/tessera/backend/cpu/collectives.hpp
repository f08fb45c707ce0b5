#pragma once
#include "tessera/glue/item_context.hpp"
#include "tessera/backend/cpu/rendezvous.hpp"

namespace tessera::cpu {

// A barrier at the one rendezvous, at work-group, sub-group or any wider scope.
template <int D>
inline void barrier(const glue::item_context<D>& c, group::scope s, const group::call_site& site) {
  rendezvous(*c.exec, s, c.local_linear, collective_call{group::collective_op::barrier, site, 0, nullptr}, nullptr,
             nullptr);
}

} // namespace tessera::cpu
