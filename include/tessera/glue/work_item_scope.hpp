#pragma once
#include "tessera/detail/macros.hpp"

// The marker parallel_for_work_item calls first, itself (the pass looks for its callers): it
// answers whether each physical work-item has a thread of its own, which is what it is told
// (the geometry's item_threads). A compiler pass that runs a hierarchical kernel with a thread per
// work-item (compiler/hierarchical/, CUDA) finds the work-item scopes by it, before inlining, and
// with them the work-group-scope function that calls them; in the scopes of a kernel it lowered
// it replaces the answer with the constant, which the optimiser cannot always carry itself from
// the kernel's store of the flag to the loads past the barriers.
extern "C" TESSERA_HOST_DEVICE inline bool tessera_work_item_scope(bool item_threads) { return item_threads; }
