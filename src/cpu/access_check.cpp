// Check mode's runtime half (include/tessera/memory/access_check.hpp). The items of a work-group run
// one after another on one worker between two barriers (as a loop, or as fibers that switch only
// at collectives), so the checker sees each stretch between barriers as a sequence of accesses by
// item. Where the CBS pass tests a kernel's loads and stores inline, it keeps the shadow of
// check_shadow.hpp and calls here only on a conflict. Elsewhere accesses arrive as references,
// read or write unknown: an element's value is kept at each access, and a value that changed
// before the next access (or the barrier) was written by the item that accessed it last.
#include "tessera/memory/access_check.hpp"
#include "tessera/memory/check_shadow.hpp"

#include <cxxabi.h>
#include <dlfcn.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "runtime/address_sanitizer.hpp"
#include "sycl/exception.hpp"
#include "tessera/backend/cpu/local_arena.hpp"
#include "tessera/backend/cpu/nd_launch.hpp"
#include "tessera/runtime/usm_check.hpp"

extern "C" {
[[gnu::tls_model("initial-exec")]] thread_local tessera_check_shadow_state tessera_check_shadow{};
}

namespace tessera::check {

std::atomic<bool> checked_items{false};

namespace {

// What local memory holds before an item writes it: a read that finds this and leaves it is a
// read of memory no item wrote.
constexpr unsigned char poison = 0xA5;
constexpr std::uint32_t nobody = UINT32_MAX;

// An item's access (its sub-group: item / the group's sub-group size). Only `item` is cleared:
// the rest is read only where the item is someone.
struct access {
  std::uint32_t item = nobody;
  std::uint32_t sub_group_epoch = 0;
  const void* pc = nullptr;
};

struct cell {
  std::uint32_t stamp = 0;       // the group (a number per worker) the rest is about
  std::uint32_t epoch = 0;       // the stretch between barriers of `last` and `reader`
  std::uint64_t value = 0;       // its bytes (or their hash) at `last`'s access
  access last, reader;           // reader: an earlier item's access that did not change it
  // An item's write that `last` saw, made at the same place in the code as `last`'s access: the
  // two items took the element's address there (`T* p = &tile[0];`) and one wrote through it,
  // which is no race unless `last` writes too (the same `tile[0] += x` in every item).
  access same_place_writer;
  access unwritten;              // an access that found it never written
  std::uint32_t size = 0;
  bool written = false;          // some item of the group wrote it
  bool atomic = false;           // accessed atomically in this stretch: not a race
};

// Where a cell's element is: `offset` bytes into region `region` of the group (0: its local
// accessors' memory, the arena; k: its variable k - 1).
struct touched_cell {
  cell* c;
  std::size_t offset;
  std::uint32_t region;
};

// A read that the inline test found of an element no item of the group wrote: reported at the
// end of its stretch, unless another item's write made it a race first.
struct unwritten_read {
  std::size_t offset;
  std::uint32_t item;
  std::uint32_t bytes;
  const char* place;
};

// The work-group running on this worker, and its local memory's cells: one per element, in one
// of three tables by the element's alignment (elements start at any byte; one table of a cell
// per byte spread a tile of floats' cells over four times the cache).
struct group_state {
  const void* launch = nullptr;
  const launch_names* names = nullptr; // a hierarchical launch's; null: `launch` is an nd_launch_base
  std::size_t group = 0;
  std::uint32_t stamp = 0;
  std::uint32_t epoch = 0;
  std::uint32_t ended = 0;
  std::uint32_t sub_group_size = 1;
  char* arena = nullptr;
  std::size_t bytes = 0;
  char* local_memory = nullptr;         // a root-group launch's group's own; null: the worker's arena
  std::vector<cell> cells[3];           // per byte, per 4 bytes, per 8 bytes
  // Local memory besides the arena, which the CBS plugin tells of (tessera_check_declare): a
  // hierarchical kernel's variables of work-group scope, C++ AMP's tile_static variables. The
  // first variable_count are this group's; the others keep their tables for the next groups'.
  struct variable {
    char* at = nullptr;
    std::size_t bytes = 0;
    const char* what = "";
    std::vector<cell> cells[3];
  };
  std::vector<variable> variables;
  std::uint32_t variable_count = 0;
  std::vector<touched_cell> touched;    // cells touched in this stretch
  std::vector<unwritten_read> unwritten_reads; // by the inline test, in this stretch
  std::vector<std::uint64_t> shadow;           // tessera_check_shadow.entries

  static cell& cell_in(std::vector<cell>* tables, std::size_t offset, std::size_t size) {
    if (size >= 8 && offset % 8 == 0) return tables[2][offset / 8];
    if (size >= 4 && offset % 4 == 0) return tables[1][offset / 4];
    return tables[0][offset];
  }
  cell& cell_at(std::size_t offset, std::size_t size) { return cell_in(cells, offset, size); }
  char* base_of(std::uint32_t region) const { return region ? variables[region - 1].at : arena; }
};

void size_tables(std::vector<cell>* tables, std::size_t bytes) {
  for (std::size_t t = 0; t < 3; ++t)
    if (const std::size_t n = bytes / (t == 0 ? 1 : 4 * t) + 1; tables[t].size() < n) tables[t].resize(n);
}

// Every access reads `current` and `group_here` (initial-exec: one load each, where the default
// model for a shared library calls __tls_get_addr, a tenth of a checked kernel's time).
[[gnu::tls_model("initial-exec")]] thread_local item_state* current = nullptr;
thread_local const std::type_info* running_kernel = nullptr; // kernel_scope's
// The thread-local `group` has a destructor: each use goes through a wrapper that calls
// __tls_get_addr, which AddressSanitizer intercepts (about 50 ns), and g++ calls it again in each
// turn of a loop over cells (a third of a checked tree reduction's time). Everything but the
// first use reaches it through `group_here`.
thread_local group_state group;
[[gnu::tls_model("initial-exec")]] thread_local group_state* group_here = nullptr;
// The compiled group's items (enter_compiled_group), whose `local` is the shadow's turn.
[[gnu::tls_model("initial-exec")]] thread_local item_state* compiled_items = nullptr;

inline void sync_turn() {
  if (current && current == compiled_items) current->local = tessera_check_shadow.turn;
}

inline group_state& mine() {
  if (group_state* g = group_here; g) [[likely]]
    return *g;
  return *(group_here = &group);
}

template <typename U>
std::uint64_t load(const void* p) {
  U v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

[[gnu::noinline]] std::uint64_t value_of_other(const void* p, std::size_t bytes) {
  std::uint64_t v = 0;
  if (bytes < sizeof v) {
    std::memcpy(&v, p, bytes);
    return v;
  }
  const auto* b = static_cast<const unsigned char*>(p);
  v = 1469598103934665603ull; // FNV-1a over larger elements
  for (std::size_t i = 0; i < bytes; ++i) v = (v ^ b[i]) * 1099511628211ull;
  return v;
}

// The usual sizes as one load each: a memcpy of a size unknown here, followed by a load of all
// eight bytes, stalled the store forwarding and took a third of a checked kernel's time.
inline std::uint64_t value_of(const void* p, std::size_t bytes) {
  switch (bytes) {
  case 1: return load<std::uint8_t>(p);
  case 2: return load<std::uint16_t>(p);
  case 4: return load<std::uint32_t>(p);
  case 8: return load<std::uint64_t>(p);
  default: return value_of_other(p, bytes);
  }
}

bool poisoned(const void* p, std::size_t bytes) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (std::size_t i = 0; i < bytes; ++i)
    if (b[i] != poison) return false;
  return true;
}

bool ordered(const access& a, const access& b, std::uint32_t sub_group_size) {
  return a.item == b.item ||
         (a.sub_group_epoch != b.sub_group_epoch && a.item / sub_group_size == b.item / sub_group_size);
}

// The frames of `offset` in `module`, innermost first, one "file:line" each, by `tool`'s command
// (a printf format taking the module and the offset); empty where the tool fails.
std::vector<std::string> frames_by(const char* tool, const char* module, std::size_t offset) {
  char cmd[4096];
  std::snprintf(cmd, sizeof cmd, tool, module, offset);
  std::vector<std::string> frames;
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen(cmd, "r"), pclose);
  if (!p) return frames;
  std::array<char, 4096> line{};
  while (std::fgets(line.data(), line.size(), p.get())) {
    std::string l = line.data();
    while (!l.empty() && (l.back() == '\n' || l.back() == ' ')) l.pop_back();
    if (const auto d = l.find(" (discriminator"); d != std::string::npos) l.erase(d);
    if (l.empty() || l.rfind("??", 0) == 0) continue;
    // llvm-symbolizer adds the column: file:line:column
    if (const auto c = l.rfind(':'); c != std::string::npos && l.find(':') != c &&
                                     l.find_first_not_of("0123456789", c + 1) == std::string::npos)
      l.erase(c);
    frames.push_back(l);
  }
  return frames;
}

// file:line of `pc`, from the debug information of the module that holds it (llvm-symbolizer,
// else addr2line, as sanitizers symbolize; addr2line loses the inlined frames of some of clang's
// larger functions): the innermost frame outside Tessera's headers, which is the user's.
std::string symbolize(const void* pc) {
  Dl_info info{};
  if (!pc || !dladdr(pc, &info) || !info.dli_fname) return "an unknown place";
  const auto offset = static_cast<std::size_t>(reinterpret_cast<std::uintptr_t>(pc) - 1 -
                                               reinterpret_cast<std::uintptr_t>(info.dli_fbase));
  std::vector<std::string> frames =
      frames_by("llvm-symbolizer --functions=none --inlining --obj='%s' 0x%zx 2>/dev/null", info.dli_fname, offset);
  if (frames.empty()) frames = frames_by("addr2line -i -e '%s' 0x%zx 2>/dev/null", info.dli_fname, offset);
  for (const std::string& f : frames)
    if (f.find("/include/sycl/") == std::string::npos && f.find("/include/tessera/") == std::string::npos) return f;
  if (!frames.empty()) return frames.front();
  char b[32];
  std::snprintf(b, sizeof b, "%zx", offset);
  return std::string(info.dli_fname) + "+0x" + b + " (build with -g for file:line)";
}

// symbolize, once per place: same_place asks again for places that races may report.
std::string where(const void* pc) {
  static std::mutex lock;
  static std::unordered_map<const void*, std::string> known;
  std::lock_guard<std::mutex> hold(lock);
  auto [it, added] = known.try_emplace(pc);
  if (added) it->second = symbolize(pc);
  return it->second;
}

// Whether two accesses were made at one place of the source: the CBS pass copies a kernel's code
// (a region's loop split at a guard runs one copy for the items below the bound, one for the
// others), so one place may have several addresses.
bool same_place(const void* a, const void* b) { return a == b || where(a) == where(b); }

const cpu::nd_launch_base& launch_of(const void* launch) { return *static_cast<const cpu::nd_launch_base*>(launch); }

std::string kernel_name(const std::type_info* k) {
  if (!k) return "a kernel";
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> d(abi::__cxa_demangle(k->name(), nullptr, nullptr, &status), std::free);
  std::string n = status == 0 && d ? d.get() : k->name();
  if (!n.empty() && n.back() == '*') n.pop_back(); // the launch names kernels by a pointer type
  return "kernel " + n;
}
std::string kernel_name(const void* launch) { return kernel_name(launch_of(launch).kernel_name); }

std::string who(std::uint32_t item) {
  const group_state& g = mine();
  return g.names ? g.names->describe(g.group, item) : launch_of(g.launch).describe(g.group, item);
}

[[noreturn]] void report(const std::string& what) {
  group_state& g = mine();
  const std::string msg =
      "check: " + what + " (" + (g.names ? kernel_name(g.names->kernel_name) : kernel_name(g.launch)) + ")";
  g.launch = nullptr; // the group is abandoned; the next one starts afresh
  current = nullptr;
  throw sycl::exception(sycl::errc::kernel, msg);
}

// " by <the item> (kernel <name>)" for an access of the item that runs now, " (kernel <name>)"
// in other kernels, nothing in host code.
std::string by_whom() {
  sync_turn();
  if (const group_state& g = mine(); current && g.names && current->launch == g.names)
    return " by " + g.names->describe(current->group, current->local) + " (" + kernel_name(g.names->kernel_name) + ")";
  if (current)
    return " by " + launch_of(current->launch).describe(current->group, current->local) + " (" +
           kernel_name(current->launch) + ")";
  return running_kernel ? " (" + kernel_name(running_kernel) + ")" : "";
}

std::string element_at(std::size_t offset, std::size_t size, std::uint32_t region = 0) {
  return "local memory " + (region ? "(" + std::string(mine().variables[region - 1].what) + ") " : std::string()) +
         "at byte " + std::to_string(offset) + " (" + std::to_string(size) + "-byte element)";
}

// What `c` was last accessed for, now that its value is `now`: a change is the last accessor's write.
// A read of memory no item wrote is known only at the end of the stretch: an item's write before
// then makes it a race instead.
void settle(cell& c, std::size_t offset, std::uint64_t now, const void* p, bool at_end, std::uint32_t region) {
  if (c.last.item == nobody) return;
  if (now != c.value) {
    c.written = true;
    c.unwritten.item = nobody;
    if (!c.atomic && c.reader.item != nobody && !ordered(c.reader, c.last, group_here->sub_group_size))
      report("race on " + element_at(offset, c.size, region) + " between two barriers: " + who(c.reader.item) + " reads it at " +
             where(c.reader.pc) + ", and " + who(c.last.item) + " writes it at " + where(c.last.pc) +
             " with no barrier between (add a group_barrier, or use an atomic_ref)");
    if (!c.atomic && c.same_place_writer.item != nobody &&
        !ordered(c.same_place_writer, c.last, group_here->sub_group_size))
      report("race on " + element_at(offset, c.size, region) + " between two barriers: " + who(c.same_place_writer.item) +
             " and " + who(c.last.item) + " both write it at " + where(c.last.pc) +
             " with no barrier between (add a group_barrier, or use an atomic_ref)");
    c.reader.item = c.same_place_writer.item = nobody;
  } else {
    c.same_place_writer.item = nobody;
    if (at_end && c.unwritten.item != nobody && poisoned(p, c.size))
      report("read of " + element_at(offset, c.size, region) + " that no work-item of the group wrote: " +
             who(c.unwritten.item) + " at " + where(c.unwritten.pc));
  }
}

// A cell that kept the value its last access found, and that no access found unwritten, needs
// nothing more; settle, not inlined, is called for the others (called for every cell, it took a
// tenth of a checked tree reduction's time).
void end_of_stretch() {
  group_state& g = mine();
  for (const auto [at, offset, region] : g.touched) {
    if (region && !g.variables[region - 1].bytes) continue; // gone: its bytes are another variable's
    cell& c = *at;
    char* const p = g.base_of(region) + offset;
    const std::uint64_t now = value_of(p, c.size);
    if (now == c.value && c.unwritten.item == nobody) {
      c.same_place_writer.item = nobody;
      continue;
    }
    settle(c, offset, now, p, true, region);
  } // the next stretch's first access to a cell forgets its accesses in this one
  g.touched.clear();
}

void start_group(const void* launch, std::size_t group_id, std::size_t local_bytes, const launch_names* names,
                 std::uint32_t sub_group_size) {
  group_state& g = mine();
  g.launch = launch;
  g.names = names;
  g.group = group_id;
  ++g.stamp;
  g.epoch = 0;
  g.ended = 0;
  g.touched.clear();
  g.variable_count = 0;
  g.arena = g.local_memory ? g.local_memory : cpu::local_arena::for_this_thread();
  g.bytes = local_bytes;
  g.sub_group_size = sub_group_size ? sub_group_size : 1;
  size_tables(g.cells, g.bytes);
  std::memset(g.arena, poison, g.bytes);
}

// AddressSanitizer's report of a bad access, completed with what it does not know: the USM
// allocation that the address belongs to, and the kernel and work-item that made the access. It
// is called once the report is printed, before the program ends.
void complete_address_report(const char*) {
  using runtime::usm_block;
  const void* pc = __asan_get_report_pc();
  auto* address = static_cast<char*>(__asan_get_report_address());
  void* region = nullptr;
  std::size_t region_bytes = 0;
  usm_block b{};
  const bool usm = address && __asan_locate_address &&
                   __asan_locate_address(address, nullptr, 0, &region, &region_bytes) && region &&
                   runtime::usm_block_at(region, b);
  const std::string whom = by_whom();
  if (!usm && whom.empty()) return;
  std::string msg = "Tessera: check: ";
  if (usm) {
    const auto offset = address - b.start;
    msg += std::string(b.freed ? "access to freed USM memory" : "out-of-bounds access through a USM pointer") + " at " +
           where(pc) + ": a " + std::to_string(__asan_get_report_access_size()) + "-byte " +
           (__asan_get_report_access_type() ? "write" : "read") + " at byte " + std::to_string(offset) + " of a " +
           std::to_string(b.bytes) + "-byte allocation of " + b.made_by +
           (b.freed ? " that sycl::free released"
            : offset >= 0 ? " (" + std::to_string(offset - static_cast<std::ptrdiff_t>(b.bytes)) + " bytes past its end)"
                          : "");
  } else {
    msg += "the access AddressSanitizer reports above was made at " + where(pc);
  }
  msg += whom;
  std::fprintf(stderr, "%s\n", msg.c_str());
}

[[maybe_unused]] const bool address_reports_completed = [] {
  if (__asan_set_error_report_callback) __asan_set_error_report_callback(complete_address_report);
  return true;
}();

// A race between the last access to `c` (which wrote it) and the calling item's.
[[gnu::noinline, gnu::cold]] void race_with_last(const cell& c, std::size_t offset, std::uint32_t item, const void* pc,
                                                std::uint32_t region) {
  report("race on " + element_at(offset, c.size, region) + " between two barriers: " + who(c.last.item) + " writes it at " +
         where(c.last.pc) + ", and " + who(item) + " accesses it at " + where(pc) +
         " with no barrier between (add a group_barrier, or use an atomic_ref)");
}

// Clearing whole accesses stored and reloaded them, stalling store forwarding on every stretch's
// first access to each cell: their items alone are cleared.
inline void forget_stretch(cell& c) {
  c.last.item = c.reader.item = c.unwritten.item = c.same_place_writer.item = nobody;
  c.atomic = false;
}
inline void forget_group(cell& c, std::uint32_t stamp) {
  forget_stretch(c);
  c.stamp = stamp;
  c.epoch = 0;
  c.written = false;
}

[[gnu::always_inline]] inline void touch_cell(group_state* g, cell& c, std::size_t offset, std::uint32_t region,
                                              item_state* me, const void* p, std::size_t bytes, const void* pc) {
  if (c.stamp != g->stamp) forget_group(c, g->stamp);
  if (c.epoch != g->epoch || c.last.item == nobody) {
    if (c.epoch != g->epoch) forget_stretch(c);
    c.epoch = g->epoch;
    g->touched.push_back({&c, offset, region});
  }
  const std::uint64_t now = value_of(p, bytes);
  c.size = static_cast<std::uint32_t>(bytes);
  const access mine{me->local, me->sub_group_epoch, pc};
  if (c.last.item != nobody) {
    if (now != c.value) {
      settle(c, offset, now, p, false, region);
      if (!c.atomic && !ordered(c.last, mine, g->sub_group_size)) {
        if (same_place(c.last.pc, pc)) c.same_place_writer = c.last;
        else race_with_last(c, offset, me->local, pc, region);
      }
    } else {
      c.same_place_writer.item = nobody;
      if (!ordered(c.last, mine, g->sub_group_size)) c.reader = c.last;
    }
  }
  if (!c.written && c.unwritten.item == nobody && poisoned(p, bytes)) c.unwritten = mine;
  c.last = mine;
  c.value = now;
}

[[gnu::always_inline]] inline void touch_by(item_state* me, const void* p, std::size_t bytes, const void* pc) {
  group_state* g = group_here;
  if (!me || !g || g->launch != me->launch) return;
  const auto* at = static_cast<const char*>(p);
  const auto offset = static_cast<std::size_t>(at - g->arena);
  if (at < g->arena || offset >= g->bytes) return; // not local memory
  touch_cell(g, g->cell_at(offset, bytes), offset, 0, me, p, bytes, pc);
}

// The group's variable (tessera_check_declare) that holds the `bytes` bytes at `at`: its region
// (0: none).
std::uint32_t variable_at(const group_state& g, const char* at, std::size_t bytes) {
  for (std::uint32_t k = 0; k < g.variable_count; ++k)
    if (const auto& v = g.variables[k]; at >= v.at && at + bytes <= v.at + v.bytes) return k + 1;
  return 0;
}

// A report of an access that tessera_check_shared checked, whose caller the CBS plugin made after
// the optimiser had decided which calls can throw: thrown at the next place where the group's
// items meet or end (the next item of the group may run first, and find the group abandoned).
thread_local std::exception_ptr pending;
// Whether `pending` may hold one, read at every cut and group instead of `pending`: a thread-local
// with a destructor is reached through __tls_get_addr, which AddressSanitizer intercepts (about
// 50 ns), and these calls took a tenth of a checked tree reduction's time.
[[gnu::tls_model("initial-exec")]] thread_local bool maybe_pending = false;

void drop_pending() noexcept {
  if (!maybe_pending) return;
  pending = nullptr;
  maybe_pending = false;
}

// An access to a variable the group declared, by the item that runs: reports as touch_by does.
void touch_variable(const void* p, std::size_t bytes, const void* pc) {
  sync_turn();
  item_state* me = current;
  group_state* g = group_here;
  if (!me || !g || !g->launch || g->launch != me->launch) return;
  const auto* at = static_cast<const char*>(p);
  const std::uint32_t region = variable_at(*g, at, bytes);
  if (!region) return;
  auto& v = g->variables[region - 1];
  const auto offset = static_cast<std::size_t>(at - v.at);
  touch_cell(g, group_state::cell_in(v.cells, offset, bytes), offset, region, me, p, bytes, pc);
}

void touch_variable_deferred(const void* p, std::size_t bytes, const void* pc) noexcept {
  try {
    touch_variable(p, bytes, pc);
  } catch (...) {
    if (!pending) pending = std::current_exception();
    maybe_pending = true;
  }
}

// A variable of the group's, from now on (`how`: tessera_check_declare's `unwritten`). A variable
// declared again where it begins (in the next round of a loop, or another variable in its stack
// slot) is a new one.
void declare(char* var, std::size_t bytes, const char* what, int how) {
  group_state& g = mine();
  if (!g.launch || !var || !bytes) return;
  for (std::uint32_t k = 0; k < g.variable_count; ++k) {
    auto& v = g.variables[k];
    if (v.at == var && v.bytes == bytes && how != 2) return;
    // Another variable's bytes, now this one's (a stack slot used again): the old one is gone.
    if (var < v.at + v.bytes && v.at < var + bytes) v.bytes = 0;
  }
  if (g.variable_count == g.variables.size()) g.variables.emplace_back();
  auto& v = g.variables[g.variable_count++];
  v.at = var;
  v.bytes = bytes;
  v.what = what ? what : "a variable";
  size_tables(v.cells, bytes);
  // Cells of an earlier group's variable here carry its stamp: the next touch forgets them.
  if (how) std::memset(var, poison, bytes);
}

void throw_pending() {
  if (!maybe_pending) [[likely]]
    return;
  maybe_pending = false;
  if (pending) std::rethrow_exception(std::exchange(pending, nullptr));
}

// The inline test's shadow (check_shadow.hpp), for compiled groups.
constexpr std::size_t max_granules = cpu::local_arena::bytes / shadow::granule_bytes;
static_assert(max_granules == shadow::plane);

// Past 2^22 stretches the numbers start again: the group's entries keep what its items wrote
// (as stretch 1, before the one that follows), the others become no group's.
void next_stretch() {
  tessera_check_shadow_state& s = tessera_check_shadow;
  if (++s.stretch < shadow::stretches) return;
  constexpr std::uint64_t keep = (std::uint64_t(1) << shadow::stretch_shift) - 1;
  for (std::size_t k = 0; k < max_granules; ++k) {
    std::uint64_t& w = s.entries[k];
    const std::uint64_t at = w >> shadow::stretch_shift;
    w = at != 0 && at >= s.first ? (w & keep) | std::uint64_t(1) << shadow::stretch_shift : 0;
  }
  s.first = 1;
  s.stretch = 2;
}

void start_shadow(std::size_t local_bytes) {
  group_state& g = mine();
  tessera_check_shadow_state& s = tessera_check_shadow;
  // The worker's shadow serves the root-group launch's groups too (a compiled group runs to its
  // end, and its entries' stretches are the worker's), and the group's local memory is its own.
  if (group.shadow.empty()) group.shadow.assign(3 * shadow::plane, 0);
  s.entries = group.shadow.data();
  s.arena = g.arena;
  next_stretch();
  s.first = s.stretch;
  s.turn = 0;
  s.granules = std::min(max_granules, (local_bytes + shadow::granule_bytes - 1) / shadow::granule_bytes);
  g.unwritten_reads.clear();
}

void stop_shadow() noexcept {
  tessera_check_shadow.granules = 0;
  compiled_items = nullptr;
}

// At the end of a stretch: its first read of an element that no item wrote, where no race came first.
void report_unwritten_reads() {
  group_state& g = mine();
  if (g.unwritten_reads.empty()) return;
  const unwritten_read r = g.unwritten_reads.front();
  g.unwritten_reads.clear();
  report("read of " + element_at(r.offset, r.bytes) + " that no work-item of the group wrote: " + who(r.item) + " at " +
         r.place);
}

[[noreturn]] void race(std::size_t offset, std::size_t bytes, const std::string& first, const std::string& second) {
  report("race on " + element_at(offset, bytes) + " between two barriers: " + first + ", and " + second +
         " with no barrier between (add a group_barrier, or use an atomic_ref)");
}

// The inline test's slow path (tessera_check_conflict).
std::uint64_t conflict(const std::uint64_t* entry, std::uint64_t word, std::uint32_t access, const char* place) {
  const tessera_check_shadow_state& s = tessera_check_shadow;
  const std::uint32_t me = s.turn;
  const std::size_t offset =
      static_cast<std::size_t>(entry - s.entries) * shadow::granule_bytes;
  const std::size_t bytes = access >> 1;
  const bool writes = access & shadow::write_access;
  const auto writer = static_cast<std::uint32_t>(word >> shadow::writer_shift & shadow::item_mask);
  const auto reader = static_cast<std::uint32_t>(word >> shadow::reader_shift & shadow::item_mask);
  const auto* write_place = reinterpret_cast<const char*>(entry[shadow::write_place_at]);
  const auto* read_place = reinterpret_cast<const char*>(entry[shadow::read_place_at]);
  if (word >> shadow::stretch_shift == s.stretch && writer != 0 && writer != me + 1) {
    if (!writes) race(offset, bytes, who(writer - 1) + " writes it at " + write_place, who(me) + " reads it at " + place);
    if (std::strcmp(write_place, place) == 0)
      report("race on " + element_at(offset, bytes) + " between two barriers: " + who(writer - 1) + " and " + who(me) +
             " both write it at " + place + " with no barrier between (add a group_barrier, or use an atomic_ref)");
    race(offset, bytes, who(writer - 1) + " writes it at " + write_place, who(me) + " writes it at " + place);
  }
  if (writes) { // another item read it in this stretch
    if (reader != me + 1) race(offset, bytes, who(reader - 1) + " reads it at " + read_place, who(me) + " writes it at " + place);
    race(offset, bytes, "other work-items read it after " + who(me) + " at " + read_place, who(me) + " writes it at " + place);
  }
  // Unwritten as far as the shadow knows; a write through a raw pointer (`get_pointer()`), which
  // the shadow does not see, left something else than the poison.
  const std::uint64_t read = s.stretch << shadow::stretch_shift | std::uint64_t(me + 1) << shadow::reader_shift;
  if (!poisoned(s.arena + offset, bytes)) return read | shadow::written;
  mine().unwritten_reads.push_back({offset, me, static_cast<std::uint32_t>(bytes), place});
  return read;
}

} // namespace

class group_checker {
public:
  group_state state;
  item_state* current = nullptr; // its item that ran when its fiber last switched away
};

namespace {
[[gnu::tls_model("initial-exec")]] thread_local group_checker* active_checker = nullptr;
thread_local item_state* worker_current = nullptr; // the worker's own, while a root group's fiber runs
} // namespace

group_checker* new_group_checker(char* local_memory) {
  auto* c = new group_checker;
  c->state.local_memory = local_memory;
  return c;
}

void delete_group_checker(group_checker* c) noexcept { delete c; }

group_checker* switch_group_checker(group_checker* c) noexcept {
  group_checker* before = active_checker;
  if (!c && !before) return nullptr; // an unchecked launch's group: the worker's state stays
  (before ? before->current : worker_current) = current;
  active_checker = c;
  group_here = c ? &c->state : &group;
  current = c ? c->current : worker_current;
  return before;
}

// A hierarchical kernel's work-item: the one of this thread's group that runs now.
thread_local item_state work_item{};

void enter_group(const launch_names& names, std::size_t group_id, std::size_t local_bytes) {
  drop_pending();
  start_group(&names, group_id, local_bytes, &names, UINT32_MAX); // no sub-group barrier orders two items
  if (!checked_items.load(std::memory_order_relaxed)) checked_items.store(true, std::memory_order_relaxed);
}

void enter_work_item(std::uint32_t local) noexcept {
  const group_state& g = mine();
  if (!g.names) return;
  // One sub-group as large as any group: no sub-group barrier orders two items.
  work_item = item_state{g.launch, g.group, local, UINT32_MAX, UINT32_MAX, g.bytes};
  current = &work_item;
}

void leave_work_item() noexcept { current = nullptr; }

void end_work_item_loop() {
  throw_pending();
  group_state& g = mine();
  if (!g.names) return;
  end_of_stretch();
  ++g.epoch;
}

void leave_group() {
  throw_pending();
  group_state& g = mine();
  if (!g.names) return;
  end_of_stretch();
  g.launch = nullptr;
  g.names = nullptr;
}

kernel_scope::kernel_scope(const std::type_info* name) noexcept : outer_(running_kernel) { running_kernel = name; }
kernel_scope::~kernel_scope() { running_kernel = outer_; }

void enter_item(item_state& item) {
  if (const group_state& g = mine(); g.launch != item.launch || g.group != item.group)
    start_group(item.launch, item.group, item.local_bytes, nullptr, item.sub_group_size);
  current = &item;
  if (!checked_items.load(std::memory_order_relaxed)) checked_items.store(true, std::memory_order_relaxed);
}


void leave_item(item_state& item) {
  current = nullptr;
  throw_pending();
  if (++mine().ended < item.group_size) return;
  end_of_stretch();
  mine().launch = nullptr;
}

void abandon_item() noexcept {
  drop_pending();
  stop_shadow();
  current = nullptr;
  mine().launch = nullptr;
}

void enter_compiled_group(item_state& items) {
  drop_pending();
  start_group(items.launch, items.group, items.local_bytes, nullptr, items.sub_group_size);
  current = compiled_items = &items;
  start_shadow(items.local_bytes);
  if (!checked_items.load(std::memory_order_relaxed)) checked_items.store(true, std::memory_order_relaxed);
}

void leave_compiled_group() {
  stop_shadow();
  throw_pending();
  report_unwritten_reads();
  current = nullptr;
  end_of_stretch();
  mine().launch = nullptr;
}

item_state* suspend_item() noexcept {
  item_state* me = current;
  current = nullptr;
  return me;
}

void resume_item(item_state* item, bool work_group_scope) {
  current = item;
  throw_pending();
  if (!item) return;
  if (!work_group_scope) {
    ++item->sub_group_epoch;
    return;
  }
  // The first item out of a work-group collective ends the stretch, before any item goes on.
  if (group_state& g = mine(); ++item->epoch > g.epoch) {
    end_of_stretch();
    g.epoch = item->epoch;
  }
}

void touch(const void* p, std::size_t bytes, const void* pc) { touch_by(current, p, bytes, pc); }

void atomic_access(const void* p, std::size_t bytes) noexcept {
  group_state& g = mine();
  if (!current || g.launch != current->launch) return;
  const auto offset = static_cast<std::size_t>(static_cast<const char*>(p) - g.arena);
  if (static_cast<const char*>(p) < g.arena || offset >= g.bytes) return;
  cell& c = g.cell_at(offset, bytes);
  c.atomic = true;
  c.written = true;
}

void out_of_range(std::size_t index, std::size_t extent, const void* pc) {
  throw sycl::exception(sycl::errc::kernel, "check: out-of-bounds access at " + where(pc) + ": element " +
                                                std::to_string(index) + " of an accessor's " + std::to_string(extent) +
                                                " elements" + by_whom());
}

void out_of_accessor_range(int dims, const std::size_t* index, const std::size_t* range, const std::size_t* offset,
                           const void* pc) {
  const auto tuple = [dims](const std::size_t* v) {
    std::string s = "(";
    for (int d = 0; d < dims; ++d) s += (d ? "," : "") + std::to_string(v[d]);
    return s + ")";
  };
  throw sycl::exception(sycl::errc::kernel, "check: out-of-bounds access at " + where(pc) + ": index " + tuple(index) +
                                                " of an accessor whose range is " + tuple(range) + " at offset " +
                                                tuple(offset) + by_whom());
}

} // namespace tessera::check

extern "C" {

void* tessera_check_local(void* p, std::size_t bytes) {
  using namespace tessera::check;
  sync_turn();
  touch_by(current, p, bytes, __builtin_return_address(0));
  return p;
}

void* tessera_check_global(void* p, std::size_t) noexcept { return p; }

void tessera_check_cut(int scope) {
  using namespace tessera::check;
  throw_pending();
  if (tessera_check_shadow.granules) {
    report_unwritten_reads();
    next_stretch();
  }
  if (current) resume_item(current, scope == 0);
}

std::uint64_t tessera_check_conflict(const std::uint64_t* entry, std::uint64_t word, std::uint32_t access,
                                     const char* place) {
  return tessera::check::conflict(entry, word, access, place);
}

void tessera_check_declare(void* var, std::size_t bytes, const char* what, int unwritten) {
  tessera::check::declare(static_cast<char*>(var), bytes, what, unwritten);
}

void tessera_check_shared(void* p, std::size_t bytes) {
  tessera::check::touch_variable_deferred(p, bytes, __builtin_return_address(0));
}

} // extern "C"
