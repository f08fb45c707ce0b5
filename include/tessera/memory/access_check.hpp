#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <typeinfo>

// Check mode (TESSERA_CHECK defined when a translation unit is compiled: `tessera++ --check`):
// every element access through an accessor or a local accessor of a kernel on the CPU is checked
// against the accessor's range, and local-memory accesses are checked for races between the
// work-items of a group (two items touch an element between two barriers, one writing, without
// an atomic) and for reads of local memory that no item wrote. Such a program is built with
// AddressSanitizer, which finds accesses through USM pointers outside their allocations; the
// checks complete its reports with the allocation and the kernel. The runtime half is
// src/cpu/access_check.cpp; docs/checks.md shows the reports.
namespace tessera::check {

// The checked work-item running on this thread; kept on its own stack by the launch
// (nd_launch.hpp) while the kernel runs for it.
struct item_state {
  const void* launch;              // its cpu::nd_launch_base, which names the kernel and the items
  std::size_t group;
  std::uint32_t local;             // linear local id
  std::uint32_t group_size;
  std::uint32_t sub_group_size;
  std::size_t local_bytes;         // the group's local memory, at the start of the worker's arena
  std::uint32_t epoch = 0;         // work-group barriers this item has passed
  std::uint32_t sub_group_epoch = 0;
};

// Names the kernel and the work-items of a checked launch other than an nd_range launch (whose
// cpu::nd_launch_base names them), for reports.
class launch_names {
public:
  virtual std::string describe(std::size_t group, std::uint32_t local) const = 0;
  const std::type_info* kernel_name = nullptr;

protected:
  ~launch_names() = default;
};

// A hierarchical kernel's work-group runs its body on this thread, its local memory the first
// `local_bytes` of the worker's arena. Each parallel_for_work_item runs its items one after
// another, each between enter_work_item and leave_work_item (with the linear id of the physical
// item that runs it), and ends with the implicit barrier: end_work_item_loop. Code at work-group
// scope is no work-item's and is not checked.
void enter_group(const launch_names& names, std::size_t group, std::size_t local_bytes);
void enter_work_item(std::uint32_t local) noexcept;
void leave_work_item() noexcept;
void end_work_item_loop();
void leave_group();

// An item starts, and ends (throws sycl::exception, errc::kernel, for what the group's last
// stretch between barriers did wrong once all of its items have ended).
void enter_item(item_state& item);
void leave_item(item_state& item);
// The item that runs ends with an exception: its group is abandoned.
void abandon_item() noexcept;
// The item that is about to wait at a collective, and, once it returns, the same item again:
// a work-group collective ends a stretch between barriers, which is checked then.
item_state* suspend_item() noexcept;
// Set when the process's first checked item starts: until then a collective need not look for
// one (two calls and two thread-local lookups cost a fiber barrier a third of its time).
extern std::atomic<bool> checked_items;
inline bool any_item_checked() noexcept { return checked_items.load(std::memory_order_relaxed); }
void resume_item(item_state* item, bool work_group_scope);

// A root-group launch (use_root_sync) runs several work-groups on one worker, each on a fiber of
// its own with its own local memory at `local_memory` (src/cpu/root_launch.cpp): each group has
// its own checker state, which is this thread's while its fiber runs.
class group_checker;
group_checker* new_group_checker(char* local_memory);
void delete_group_checker(group_checker* c) noexcept;
// Makes `c` the state of the work-group that runs on this thread from now (null: the worker's own);
// returns the one before.
group_checker* switch_group_checker(group_checker* c) noexcept;

// A group whose items the CBS pass compiled into loops (nd_launch::run_compiled) runs in one call:
// `items` stands for each of its items in turn (the pass stores each item's turn in
// tessera_check_shadow.turn), its stretches between barriers ended by its calls of
// tessera_check_cut. leave_compiled_group throws as leave_item does; a group that throws is left
// by abandon_item.
void enter_compiled_group(item_state& items);
void leave_compiled_group();

// One access to `bytes` bytes at `p`, made by the code at `pc`.
void touch(const void* p, std::size_t bytes, const void* pc);
// The access that `touch` last saw at `p`, of `bytes` bytes, was an atomic one.
void atomic_access(const void* p, std::size_t bytes) noexcept;
// The kernel whose items run on this thread, where they are not nd_range items (which name their
// own): a single_task, a range or a hierarchical kernel. AddressSanitizer reports an access
// through a USM pointer outside its allocation, and the report then names the kernel.
class kernel_scope {
public:
  explicit kernel_scope(const std::type_info* name) noexcept;
  ~kernel_scope();
  kernel_scope(const kernel_scope&) = delete;
  kernel_scope& operator=(const kernel_scope&) = delete;

private:
  const std::type_info* outer_;
};

[[noreturn]] void out_of_range(std::size_t index, std::size_t extent, const void* pc);
[[noreturn]] void out_of_accessor_range(int dims, const std::size_t* index, const std::size_t* range,
                                        const std::size_t* offset, const void* pc);

} // namespace tessera::check

// A report names the place of an access by the return address of its call into the checker:
// calls from different places must stay apart, where the optimiser would merge identical calls
// (and give the merged one a location that names only Tessera's header).
#if defined(__has_attribute)
#if __has_attribute(nomerge)
#define TESSERA_CHECK_CALL __attribute__((nomerge))
#endif
#endif
#ifndef TESSERA_CHECK_CALL
#define TESSERA_CHECK_CALL
#endif

// The names the CBS pass knows (compiler/cbs/cbs.hpp).
extern "C" {
// An access to the element of `bytes` bytes at `p` by the checked item running on this thread,
// made by the code at the call's return address (the accessor's element function is inlined into
// the kernel): returns `p`, through which the kernel then loads and stores. In a group that the
// CBS pass compiled, the pass replaces it with an inline test of each of those loads and stores
// (include/tessera/memory/check_shadow.hpp) where it can see them all.
TESSERA_CHECK_CALL void* tessera_check_local(void* p, std::size_t bytes);
// In a group compiled by the CBS pass: every item has reached a barrier or collective of `scope`
// (a tessera::group::scope: 0 the work-group, 1 its sub-group).
void tessera_check_cut(int scope);
// With AddressSanitizer, where the CBS pass compiles the kernel: an access to the element of
// `bytes` bytes at `p` through a global accessor, whose index is tested against the accessor's
// range already. Returns `p`. The pass removes the call and marks the loads and stores of the
// element through it `!nosanitize`: AddressSanitizer's test of each (in fig 9-8's inner loop,
// every element of B) would find nothing the index's test did not. Without the pass (-O0) the
// runtime's returns `p`.
[[gnu::const]] void* tessera_check_global(void* p, std::size_t bytes) noexcept;
// Before an items' loop of a group the CBS pass compiled (item `first_turn`'s turn, then each next
// item's, `items` in all), the `n` ranges of its accesses (check_shadow.hpp), range k starting at
// `first_k` for the first item: where none of them can conflict with another item's access or
// read an element no item of the group wrote, records them in the shadow as the inline test
// would and returns true, and the loop runs untested; otherwise changes nothing and returns
// false, and the loop tests each access.
struct tessera_check_range;
bool tessera_check_ranges(const tessera_check_range* ranges, std::uint32_t n, std::uint64_t items,
                          std::uint32_t first_turn, const char* first_0, const char* first_1, const char* first_2,
                          const char* first_3) noexcept;
// The inline test's slow path: the item that runs (tessera_check_shadow.turn) makes an access that
// conflicts with the shadow `entry`, whose word was `word` (`access`: check_shadow.hpp), at
// `place`: reports the race, or notes a read of an element no item wrote (reported at the end of
// the stretch, where no race came first); returns the entry's new word.
std::uint64_t tessera_check_conflict(const std::uint64_t* entry, std::uint64_t word, std::uint32_t access,
                                     const char* place);
// Local memory that passes through no accessor, whose accesses the CBS plugin sees and tells of
// (compiler/cbs/shared_variables.cpp): a hierarchical kernel's variable of work-group scope, or a
// C++ AMP tile_static variable, of `bytes` bytes at `var`, is the running work-group's from now
// on; `what` names it in reports. `unwritten`: 0, the group's own code may have written it; 1, it
// holds nothing anyone wrote where the group did not know it yet (a read before an item writes
// it is reported); 2, it begins here (a variable the group knew at this place is gone).
void tessera_check_declare(void* var, std::size_t bytes, const char* what, int unwritten);
// An access to the `bytes` bytes at `p` by the work-item that runs, made at the call's return
// address: checked where they lie in a variable of tessera_check_declare's. Never throws: its
// caller may not unwind; a report is thrown at the next barrier or the item's end.
void tessera_check_shared(void* p, std::size_t bytes);
}

namespace tessera::check {
// A hierarchical kernel's work-item `it`: `f(it)` in a function of its own, which the CBS plugin
// finds by its name and checks the accesses of to the group's variables (with `f` inlined into
// it: clang's flatten).
template <typename F, typename Item>
#if defined(__clang__)
[[gnu::noinline, gnu::flatten]]
#else
[[gnu::noinline]]
#endif
void run_work_item(const F& f, Item& it) {
  // Its address, kept: the optimiser must not change its parameters (promote the lambda's
  // captures to parameters of their own), where the plugin finds what the lambda captured.
  [[gnu::used]] static constexpr void (*self)(const F&, Item&) = &run_work_item<F, Item>;
  f(it);
}
} // namespace tessera::check
