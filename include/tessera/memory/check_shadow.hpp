#pragma once
// Check mode's shadow of local memory in work-groups that the CBS pass compiled into loops: the
// pass tests it inline at each load and store of local memory (compiler/cbs/checked_accesses.cpp)
// and the runtime (src/cpu/access_check.cpp) keeps it, so both read this layout. No other
// header: the pass includes it too.
#include <cstdint>

extern "C" {
// The worker's thread-local `tessera_check_shadow` (initial-exec: the pass loads its fields).
struct tessera_check_shadow_state {
  // Three planes of a word per 4-byte granule of the group's local memory (an entry): the
  // entry's word (below), the place of its last write, the place of its first read in the stretch
  // (each a "file:line" string the pass emits). Planes, not a record per granule, so that the
  // runtime's test of a loop at once (tessera_check_ranges) reads and writes each as a vector.
  std::uint64_t* entries;
  char* arena;             // the group's local memory
  std::uint64_t granules;  // entries in use; 0 where no compiled checked group runs
  std::uint64_t stretch;   // the stretch between barriers that runs, numbered on the worker from 1
  std::uint64_t first;     // the group's first stretch: entries of an older one are another group's
  std::uint32_t turn;      // the linear local id of the item that runs
};

// The accesses of an items' loop that the runtime tests for the whole loop at once
// (tessera_check_ranges) at one address per item, stepping by one element from an item to the
// next, in the order the loop makes them: what they are, alike in every group (the pass emits it
// as a constant; the addresses are the call's arguments).
struct tessera_check_range {
  std::uint64_t step;       // granules from an item's element to the next item's: 1 or 2
  std::uint64_t kinds;      // tessera::check::shadow::range_kinds
  const char* write_place;  // "file:line" of the last write of the element, if one writes
  const char* read_place;   // of the first read, if one reads
};
}

namespace tessera::check::shadow {
// The fields of tessera_check_shadow_state, by index, for the pass's IR.
enum field : unsigned { entries, arena, granules, stretch, first, turn };
inline constexpr unsigned granule_bytes = 4;
// Entries in a plane: the local memory a group can have (cpu::local_arena::bytes).
inline constexpr std::uint64_t plane = 64 * 1024 / granule_bytes;
// Where an entry's places are, in words from its word.
inline constexpr std::uint64_t write_place_at = plane, read_place_at = 2 * plane;
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
// tessera_check_range::kinds: whether the item's first access of its element writes, and whether
// any writes or reads it.
enum range_kinds : std::uint64_t { first_writes = 1, writes = 2, reads = 4 };
// At most this many ranges in a loop tested at once: their addresses are the call's arguments.
inline constexpr unsigned most_ranges = 4;
} // namespace tessera::check::shadow
