// Check mode's runtime half (include/tessera/memory/access_check.hpp). The items of a work-group run
// one after another on one worker between two barriers (as a loop, or as fibers that switch only
// at collectives), so the checker sees each stretch between barriers as a sequence of accesses by
// item. Accesses arrive as references, read or write unknown: an element's value is kept at each
// access, and a value that changed before the next access (or the barrier) was written by the item
// that accessed it last.
#include "tessera/memory/access_check.hpp"

#include <cxxabi.h>
#include <dlfcn.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "runtime/address_sanitizer.hpp"
#include "sycl/exception.hpp"
#include "tessera/backend/cpu/local_arena.hpp"
#include "tessera/backend/cpu/nd_launch.hpp"
#include "tessera/runtime/usm_check.hpp"

namespace tessera::check {

std::atomic<bool> checked_items{false};

namespace {

// What local memory holds before an item writes it: a read that finds this and leaves it is a
// read of memory no item wrote.
constexpr unsigned char poison = 0xA5;
constexpr std::uint32_t nobody = UINT32_MAX;

struct access {
  std::uint32_t item = nobody;
  std::uint32_t sub_group = 0, sub_group_epoch = 0;
  const void* pc = nullptr;
};

struct cell {
  std::uint32_t stamp = 0;       // the group (a number per worker) the rest is about
  std::uint32_t epoch = 0;       // the stretch between barriers of `last` and `reader`
  bool written = false;          // some item of the group wrote it
  bool atomic = false;           // accessed atomically in this stretch: not a race
  std::uint32_t size = 0;
  std::uint64_t value = 0;       // its bytes (or their hash) at `last`'s access
  access last, reader;           // reader: an earlier item's access that did not change it
  // An item's write that `last` saw, made at the same place in the code as `last`'s access: the
  // two items took the element's address there (`T* p = &tile[0];`) and one wrote through it,
  // which is no race unless `last` writes too (the same `tile[0] += x` in every item).
  access same_place_writer;
  access unwritten;              // an access that found it never written
};

// The work-group running on this worker, and its local memory's cells (one per byte, as elements
// start at any byte).
struct group_state {
  const void* launch = nullptr;
  const launch_names* names = nullptr; // a hierarchical launch's; null: `launch` is an nd_launch_base
  std::size_t group = 0;
  std::uint32_t stamp = 0;
  std::uint32_t epoch = 0;
  std::uint32_t ended = 0;
  char* arena = nullptr;
  std::size_t bytes = 0;
  std::vector<cell> cells;
  std::vector<std::size_t> touched; // cells touched in this stretch
};

thread_local item_state* current = nullptr;
thread_local const std::type_info* running_kernel = nullptr; // kernel_scope's
thread_local group_state group;

std::uint64_t value_of(const void* p, std::size_t bytes) {
  std::uint64_t v = 0;
  if (bytes <= sizeof v) {
    std::memcpy(&v, p, bytes);
    return v;
  }
  const auto* b = static_cast<const unsigned char*>(p);
  v = 1469598103934665603ull; // FNV-1a over larger elements
  for (std::size_t i = 0; i < bytes; ++i) v = (v ^ b[i]) * 1099511628211ull;
  return v;
}

bool poisoned(const void* p, std::size_t bytes) {
  const auto* b = static_cast<const unsigned char*>(p);
  for (std::size_t i = 0; i < bytes; ++i)
    if (b[i] != poison) return false;
  return true;
}

bool ordered(const access& a, const access& b) {
  return a.item == b.item || (a.sub_group == b.sub_group && a.sub_group_epoch != b.sub_group_epoch);
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
std::string where(const void* pc) {
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
  return group.names ? group.names->describe(group.group, item) : launch_of(group.launch).describe(group.group, item);
}

[[noreturn]] void report(const std::string& what) {
  const std::string msg =
      "check: " + what + " (" + (group.names ? kernel_name(group.names->kernel_name) : kernel_name(group.launch)) + ")";
  group.launch = nullptr; // the group is abandoned; the next one starts afresh
  current = nullptr;
  throw sycl::exception(sycl::errc::kernel, msg);
}

// " by <the item> (kernel <name>)" for an access of the item that runs now, " (kernel <name>)"
// in other kernels, nothing in host code.
std::string by_whom() {
  if (current && group.names && current->launch == group.names)
    return " by " + group.names->describe(current->group, current->local) + " (" +
           kernel_name(group.names->kernel_name) + ")";
  if (current)
    return " by " + launch_of(current->launch).describe(current->group, current->local) + " (" +
           kernel_name(current->launch) + ")";
  return running_kernel ? " (" + kernel_name(running_kernel) + ")" : "";
}

std::string element_at(std::size_t offset, std::size_t size) {
  return "local memory at byte " + std::to_string(offset) + " (" + std::to_string(size) + "-byte element)";
}

// What `c` was last accessed for, now that its value is `now`: a change is the last accessor's write.
// A read of memory no item wrote is known only at the end of the stretch: an item's write before
// then makes it a race instead.
void settle(cell& c, std::size_t offset, std::uint64_t now, const void* p, bool at_end) {
  if (c.last.item == nobody) return;
  if (now != c.value) {
    c.written = true;
    c.unwritten.item = nobody;
    if (!c.atomic && c.reader.item != nobody && !ordered(c.reader, c.last))
      report("race on " + element_at(offset, c.size) + " between two barriers: " + who(c.reader.item) + " reads it at " +
             where(c.reader.pc) + ", and " + who(c.last.item) + " writes it at " + where(c.last.pc) +
             " with no barrier between (add a group_barrier, or use an atomic_ref)");
    if (!c.atomic && c.same_place_writer.item != nobody && !ordered(c.same_place_writer, c.last))
      report("race on " + element_at(offset, c.size) + " between two barriers: " + who(c.same_place_writer.item) +
             " and " + who(c.last.item) + " both write it at " + where(c.last.pc) +
             " with no barrier between (add a group_barrier, or use an atomic_ref)");
    c.reader = c.same_place_writer = access{};
  } else {
    c.same_place_writer = access{};
    if (at_end && c.unwritten.item != nobody && poisoned(p, c.size))
      report("read of " + element_at(offset, c.size) + " that no work-item of the group wrote: " +
             who(c.unwritten.item) + " at " + where(c.unwritten.pc));
  }
}

void end_of_stretch() {
  for (const std::size_t offset : group.touched) {
    cell& c = group.cells[offset];
    settle(c, offset, value_of(group.arena + offset, c.size), group.arena + offset, true);
    c.last = c.reader = c.unwritten = c.same_place_writer = access{};
    c.atomic = false;
  }
  group.touched.clear();
}

void start_group(const void* launch, std::size_t group_id, std::size_t local_bytes, const launch_names* names) {
  group.launch = launch;
  group.names = names;
  group.group = group_id;
  ++group.stamp;
  group.epoch = 0;
  group.ended = 0;
  group.touched.clear();
  group.arena = cpu::local_arena::for_this_thread();
  group.bytes = local_bytes;
  if (group.cells.size() < group.bytes) group.cells.resize(group.bytes);
  std::memset(group.arena, poison, group.bytes);
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

} // namespace

// A hierarchical kernel's work-item: the one of this thread's group that runs now.
thread_local item_state work_item{};

void enter_group(const launch_names& names, std::size_t group_id, std::size_t local_bytes) {
  start_group(&names, group_id, local_bytes, &names);
  if (!checked_items.load(std::memory_order_relaxed)) checked_items.store(true, std::memory_order_relaxed);
}

void enter_work_item(std::uint32_t local) noexcept {
  if (!group.names) return;
  // One sub-group as large as any group: no sub-group barrier orders two items.
  work_item = item_state{group.launch, group.group, local, UINT32_MAX, UINT32_MAX, group.bytes};
  current = &work_item;
}

void leave_work_item() noexcept { current = nullptr; }

void end_work_item_loop() {
  if (!group.names) return;
  end_of_stretch();
  ++group.epoch;
}

void leave_group() {
  if (!group.names) return;
  end_of_stretch();
  group.launch = nullptr;
  group.names = nullptr;
}

kernel_scope::kernel_scope(const std::type_info* name) noexcept : outer_(running_kernel) { running_kernel = name; }
kernel_scope::~kernel_scope() { running_kernel = outer_; }

void enter_item(item_state& item) {
  if (group.launch != item.launch || group.group != item.group) start_group(item.launch, item.group, item.local_bytes, nullptr);
  current = &item;
  if (!checked_items.load(std::memory_order_relaxed)) checked_items.store(true, std::memory_order_relaxed);
}


void leave_item(item_state& item) {
  current = nullptr;
  if (++group.ended < item.group_size) return;
  end_of_stretch();
  group.launch = nullptr;
}

void abandon_item() noexcept {
  current = nullptr;
  group.launch = nullptr;
}

item_state* suspend_item() noexcept {
  item_state* me = current;
  current = nullptr;
  return me;
}

void resume_item(item_state* item, bool work_group_scope) {
  current = item;
  if (!item) return;
  if (!work_group_scope) {
    ++item->sub_group_epoch;
    return;
  }
  // The first item out of a work-group collective ends the stretch, before any item goes on.
  if (++item->epoch > group.epoch) {
    end_of_stretch();
    group.epoch = item->epoch;
  }
}

void touch(const void* p, std::size_t bytes, const void* pc) {
  item_state* me = current;
  if (!me || group.launch != me->launch) return;
  const auto offset = static_cast<std::size_t>(static_cast<const char*>(p) - group.arena);
  if (static_cast<const char*>(p) < group.arena || offset >= group.bytes) return; // not local memory
  cell& c = group.cells[offset];
  if (c.stamp != group.stamp) c = cell{}, c.stamp = group.stamp;
  if (c.epoch != group.epoch || c.last.item == nobody) {
    if (c.epoch != group.epoch) c.last = c.reader = c.unwritten = c.same_place_writer = access{}, c.atomic = false;
    c.epoch = group.epoch;
    group.touched.push_back(offset);
  }
  const std::uint64_t now = value_of(p, bytes);
  c.size = static_cast<std::uint32_t>(bytes);
  settle(c, offset, now, p, false);
  const access mine{me->local, me->local / me->sub_group_size, me->sub_group_epoch, pc};
  if (c.last.item != nobody && now != c.value && !c.atomic && !ordered(c.last, mine) && c.last.pc == pc)
    c.same_place_writer = c.last;
  else if (c.last.item != nobody && now != c.value && !c.atomic && !ordered(c.last, mine))
    report("race on " + element_at(offset, c.size) + " between two barriers: " + who(c.last.item) + " writes it at " +
           where(c.last.pc) + ", and " + who(me->local) + " accesses it at " + where(pc) +
           " with no barrier between (add a group_barrier, or use an atomic_ref)");
  if (c.last.item != nobody && now == c.value && !ordered(c.last, mine)) c.reader = c.last;
  if (!c.written && c.unwritten.item == nobody && poisoned(p, bytes)) c.unwritten = mine;
  c.last = mine;
  c.value = now;
}

void atomic_access(const void* p) noexcept {
  if (!current || group.launch != current->launch) return;
  const auto offset = static_cast<std::size_t>(static_cast<const char*>(p) - group.arena);
  if (static_cast<const char*>(p) < group.arena || offset >= group.bytes) return;
  group.cells[offset].atomic = true;
  group.cells[offset].written = true;
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
