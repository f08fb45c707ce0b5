#pragma once

namespace tessera::runtime::host_holds {

// How many host_accessors hold their buffers now, in any thread: while none does, no wait can be
// one that never ends for that reason, and waits skip the search.
void taken();
void released();
bool any();

} // namespace tessera::runtime::host_holds
