#pragma once
// Check mode's shadow of local memory in work-groups that the CBS pass compiled into loops: the
// pass tests it inline at each load and store of local memory (compiler/cbs/checked_accesses.cpp)
// and the runtime (src/cpu/access_check.cpp) keeps it, so both read this layout. No other
// header: the pass includes it too.
#include <cstdint>

extern "C" {
// The worker's thread-local `tessera_check_shadow` (initial-exec: the pass loads its fields).
struct tessera_check_shadow_state {
  // words_per_entry words per 4-byte granule of the group's local memory: the entry's word
  // (below), the place of its last write, the place of its first read in the stretch (each a
  // "file:line" string the pass emits), one unused.
  std::uint64_t* entries;
  char* arena;             // the group's local memory
  std::uint64_t granules;  // entries in use; 0 where no compiled checked group runs
  std::uint64_t stretch;   // the stretch between barriers that runs, numbered on the worker from 1
  std::uint64_t first;     // the group's first stretch: entries of an older one are another group's
  std::uint32_t turn;      // the linear local id of the item that runs
};
}

namespace tessera::check::shadow {
// The fields of tessera_check_shadow_state, by index, for the pass's IR.
enum field : unsigned { entries, arena, granules, stretch, first, turn };
inline constexpr unsigned words_per_entry = 4, granule_bytes = 4;
// An entry's word: the items are numbered from 1 (0: none), the stretch is its last access's.
inline constexpr unsigned reader_shift = 0;       // the stretch's first reader
inline constexpr unsigned writer_shift = 20;      // the stretch's last writer
inline constexpr std::uint64_t item_mask = (std::uint64_t(1) << 20) - 1;
inline constexpr std::uint64_t several_readers = std::uint64_t(1) << 40; // another item read it too
inline constexpr std::uint64_t written = std::uint64_t(1) << 41;         // an item of the group wrote it
inline constexpr unsigned stretch_shift = 42;
inline constexpr std::uint64_t stretches = std::uint64_t(1) << (64 - stretch_shift); // then renumbered
// The slow path's `access` argument: the access's size in bytes, shifted, and whether it writes.
inline constexpr std::uint32_t write_access = 1;
} // namespace tessera::check::shadow
