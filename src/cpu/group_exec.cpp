#include "cpu/group_exec.hpp"
#include "tessera/memory/access_check.hpp"

#include <algorithm>
#include <cstring>
#include <map>
#include <utility>

#include "cpu/stack_pool.hpp"
#include "tessera/backend/cpu/local_arena.hpp"
#include "sycl/exception.hpp"

namespace tessera::cpu {

namespace {

bool same_site(const group::call_site& a, const group::call_site& b) {
  return a.line == b.line && (a.file == b.file || std::strcmp(a.file, b.file) == 0);
}

bool same_call(const collective_call& a, const collective_call& b) {
  return a.op == b.op && a.param == b.param && a.complete == b.complete && same_site(a.site, b.site);
}

std::string site(const group::call_site& s) { return std::string(s.file) + ":" + std::to_string(s.line); }

[[noreturn]] void fail(const std::string& msg) { throw sycl::exception(sycl::errc::kernel, msg); }
} // namespace

group_exec::~group_exec() {
  if (fiber_mode_) abort_fibers();
}

void group_exec::run(loop_fiber& loop) {
  if (launch_.compiled && compiled_groups_enabled()) {
    compiled_ = true;
    launch_.run_compiled(kernel_, *this, group_);
    return;
  }
  scheduler_ = sanitizer::current();
  if (launch_.needs_fibers.load(std::memory_order_relaxed)) {
    fiber_mode_ = true;
    items_.resize(launch_.group_size);
    alive_ = launch_.group_size;
    schedule();
    return;
  }
  loop.group = this;
  loop_ = &loop;
  const bool starting = !loop.self;
  if (starting) start_loop(loop);
  start_record record{&scheduler_ctx_, &loop};
  void* fake = nullptr;
  sanitizer::before_switch(&fake, loop.stack);
  from_ = scheduler_id;
  const context::transfer t = context::jump(std::exchange(loop.self, nullptr), starting ? &record : static_cast<void*>(&scheduler_ctx_));
  if (!fiber_mode_) {
    sanitizer::after_switch(fake, nullptr);
    loop.self = t.from;
    if (error_) std::rethrow_exception(error_);
    return;
  }
  // An item met a collective: the loop fiber became that item, and the items switched among
  // themselves until none could run.
  arrived_from(t, fake);
  schedule();
}

void group_exec::start_loop(loop_fiber& loop) {
  auto& pool = stack_pool::for_this_thread();
  loop.memory = pool.take();
  loop.self = context::make(loop.memory.sp, loop.memory.size, &loop_main);
  sanitizer::create(loop.stack, loop.memory.sp, loop.memory.size);
}

void group_exec::loop_main(context::transfer t) {
  const auto* record = static_cast<const start_record*>(t.data);
  *record->save = t.from;
  run_groups(*static_cast<loop_fiber*>(record->owner));
}

// The loop fiber's life: the items of each group it is resumed for, until a group switches to
// fibers (the fiber ends as the item that caused the switch, which then owns it) or it is resumed
// for no group (loop_fiber's destructor).
void group_exec::run_groups(loop_fiber& loop) {
  sanitizer::after_switch(nullptr, &loop.group->scheduler_);
  while (group_exec* g = loop.group) {
    g->run_loop_items();
    if (g->fiber_mode_) g->finish(g->loop_item_);
    loop.group = nullptr;
    void* fake = nullptr;
    sanitizer::before_switch(&fake, g->scheduler_);
    const context::transfer t = context::jump(g->scheduler_ctx_, &loop.self);
    sanitizer::after_switch(fake, loop.group ? &loop.group->scheduler_ : &loop.home_stack);
    *static_cast<context::handle*>(t.data) = t.from;
  }
  sanitizer::before_switch(nullptr, loop.home_stack);
  context::jump(loop.home, nullptr);
  __builtin_unreachable();
}

void group_exec::run_loop_items() {
  try {
    launch_.run_loop(kernel_, *this, group_, fiber_mode_);
  } catch (const unwind&) {
    // run_groups ends the item, outside this handler: a context must not be left inside one.
  } catch (...) {
    if (!error_) error_ = std::current_exception();
  }
}

loop_fiber::~loop_fiber() {
  if (!self) return;
  home_stack = sanitizer::current();
  void* fake = nullptr;
  sanitizer::before_switch(&fake, stack);
  context::jump(self, &home);
  sanitizer::after_switch(fake, nullptr);
  sanitizer::destroy(stack);
  stack_pool::for_this_thread().give_back(memory);
}

void group_exec::start(std::uint32_t lid) {
  item& it = items_[lid];
  it.started = true;
  it.memory = pool_.take();
  it.self = context::make(it.memory.sp, it.memory.size, &item_main);
  sanitizer::create(it.stack, it.memory.sp, it.memory.size);
}

void group_exec::item_main(context::transfer t) {
  const auto* record = static_cast<const start_record*>(t.data);
  auto& g = *static_cast<group_exec*>(record->owner);
  const std::uint32_t lid = g.current_;
  g.arrived_from({t.from, record->save}, nullptr);
  try {
    g.launch_.run_item(g.kernel_, g, g.group_, lid);
  } catch (const unwind&) {
  } catch (...) {
    if (!g.error_) g.error_ = std::current_exception();
  }
  g.finish(lid);
}

// The first item after `after`, in turn, that can run: not finished, and not waiting at a
// collective that has yet to complete; the scheduler if there is none.
std::uint32_t group_exec::next_runnable(std::uint32_t after) const {
  const auto n = static_cast<std::uint32_t>(items_.size());
  for (std::uint32_t k = 1; k <= n; ++k) {
    std::uint32_t lid = after + k;
    if (lid >= n) lid -= n;
    const item& it = items_[lid];
    if (!it.finished && !(it.waiting_on && it.waiting_on->generation == it.wait_generation)) return lid;
  }
  return scheduler_id;
}

// The item that will most likely run after `to` is the next one: its registers and top frames,
// which the switch to it reloads, are brought into the cache while `to` runs (the switches'
// loads missed the cache: 256 items' stacks do not fit in L1), and the item after it, whose
// stack pointer that needs.
void group_exec::prefetch_after(std::uint32_t to) const {
  const auto n = static_cast<std::uint32_t>(items_.size());
  if (to >= n || to + 2 >= n) return;
  __builtin_prefetch(&items_[to + 2]);
  if (const auto* top = static_cast<const char*>(items_[to + 1].self))
    for (int line = 0; line < 8; ++line) __builtin_prefetch(top + 64 * line);
}

// From the running context to `to`; returns when some context switches back to this one.
void group_exec::switch_to(std::uint32_t to) {
  const std::uint32_t me = current_;
  start_record record{&slot(me), this};
  void* data = &slot(me);
  if (to != scheduler_id && !items_[to].started) {
    start(to);
    data = &record;
  }
  from_ = me;
  current_ = to;
  prefetch_after(to);
  void*& fake = me == scheduler_id ? scheduler_fake_ : items_[me].fake_stack;
  sanitizer::before_switch(&fake, stack_of(to));
  arrived_from(context::jump(std::exchange(slot(to), nullptr), data), fake);
  if (unwinding_ && current_ != scheduler_id) throw unwind{};
}

// First thing in a context switched back to: keeps the handle of the context that switched here,
// which from_ names, unless it ended (then its stack is free).
void group_exec::arrived_from(context::transfer t, void* fake) {
  sanitizer::after_switch(fake, from_ == scheduler_id ? &scheduler_ : nullptr);
  if (t.data) {
    *static_cast<context::handle*>(t.data) = t.from;
  } else {
    item& it = items_[from_];
    sanitizer::destroy(it.stack);
    pool_.give_back(it.memory);
  }
}

// An item's body returned, threw or was unwound: the next item runs, or the scheduler, which ends
// the group or reports what went wrong. The item's stack is released by the context switched to.
void group_exec::finish(std::uint32_t lid) {
  items_[lid].finished = true;
  --alive_;
  if (!error_ && !unwinding_) on_exit(lid);
  const std::uint32_t next = error_ || unwinding_ ? scheduler_id : next_runnable(lid);
  start_record record{nullptr, this};
  void* data = nullptr;
  if (next != scheduler_id && !items_[next].started) {
    start(next);
    data = &record;
  }
  from_ = lid;
  current_ = next;
  sanitizer::before_switch(nullptr, stack_of(next));
  context::jump(std::exchange(slot(next), nullptr), data);
  __builtin_unreachable();
}

// Items before `current` already ran to completion in the loop; `current` keeps the loop fiber.
void group_exec::enter_fiber_mode(std::uint32_t current) {
  fiber_mode_ = true;
  loop_item_ = current;
  current_ = current;
  items_.resize(launch_.group_size);
  for (std::uint32_t lid = 0; lid < current; ++lid) items_[lid].started = items_[lid].finished = true;
  item& it = items_[current];
  it.started = true;
  it.stack = loop_->stack;
  it.memory = std::exchange(loop_->memory, {});
  alive_ = launch_.group_size - current;
  launch_.learn_needs_fibers();
}

// In the loop, items before `upto` have returned; the meetings learn it when they are first needed.
void group_exec::count_loop_exits(std::uint32_t upto) {
  for (; loop_exits_counted_ < upto; ++loop_exits_counted_) on_exit(loop_exits_counted_);
}

// On the context that called run(), each time no item can run: ends the group, rethrows an item's
// error, waits for the other groups at a root barrier, or reports a deadlock.
void group_exec::schedule() {
  current_ = scheduler_id;
  for (;;) {
    if (error_) {
      abort_fibers();
      std::rethrow_exception(error_);
    }
    if (alive_ == 0) return;
    const std::uint32_t next = next_runnable(static_cast<std::uint32_t>(items_.size()) - 1);
    if (next != scheduler_id) {
      switch_to(next);
    } else {
      if (!root_pending_) report_deadlock();
      await_root();
    }
  }
}

// Each suspended item is resumed to throw `unwind` where it waits, which runs its destructors on
// the way out; it then ends by switching back here.
void group_exec::abort_fibers() {
  unwinding_ = true;
  for (std::uint32_t lid = 0; lid < items_.size(); ++lid)
    if (items_[lid].self) switch_to(lid);
  unwinding_ = false;
}

void group_exec::create_meetings() {
  const std::uint32_t n = launch_.group_size, sg = launch_.sub_group_size;
  meetings_.resize(1 + (n + sg - 1) / sg);
  meetings_[0].expected = n;
  for (std::uint32_t k = 1; k < meetings_.size(); ++k) {
    meetings_[k].scope = group::scope::sub_group;
    meetings_[k].base = (k - 1) * sg;
    meetings_[k].expected = std::min(sg, n - meetings_[k].base);
  }
  for (auto& m : meetings_) m.members.resize(m.expected);
}

group_exec::meeting& group_exec::meeting_of(group::scope s, std::uint32_t lid) {
  if (meetings_.empty()) [[unlikely]]
    create_meetings();
  return s == group::scope::work_group ? meetings_[0] : meetings_[1 + lid / launch_.sub_group_size];
}

// Most arrivals in fiber mode are neither the first nor the last at a collective that every item
// reaches alike: such an item records itself and hands the thread on, in a function of its own, so
// that the frame a waiting item leaves on its stack (which the switch back reloads) stays small.
void group_exec::arrive(group::scope s, std::uint32_t lid, const collective_call& call, const void* in, void* out) {
  if (fiber_mode_ && !meetings_.empty()) {
    meeting& m = meeting_of(s, lid);
    if (m.arrived != 0 && m.arrived + 1 < m.expected && m.exited == 0 && same_call(m.call, call)) {
      ++m.arrived;
      if (call.complete) m.members[lid - m.base] = {in, out};
      return wait(lid, m);
    }
  }
  arrive_checked(s, lid, call, in, out);
}

void group_exec::arrive_checked(group::scope s, std::uint32_t lid, const collective_call& call, const void* in,
                                void* out) {
  // The pass compiled every barrier it saw; this one was out of its sight (another translation unit).
  if (compiled_)
    fail(what(s, call) + " is reached by " + who(lid) + " from code that the CBS pass did not see, in a kernel " +
         "it compiled into loops over work-items; compile that code with the kernel, or run with TESSERA_CBS=0");
  if (call.op == group::collective_op::root_barrier && !root_) [[unlikely]]
    fail(what(s, call) + " is called by " + who(lid) +
         ", but the kernel was launched without the property use_root_sync, so its work-groups need not all "
         "be running: launch it with sycl::ext::oneapi::experimental::properties{use_root_sync}");
  meeting& m = meeting_of(s, lid);
  if (!fiber_mode_) count_loop_exits(lid);
  if (m.exited)
    fail(what(s, call) + " is reached by " + who(lid) + ", but " + who(m.first_exited) +
         " returned without reaching it");
  if (m.arrived == 0) {
    m.call = call;
    m.first_arrival = lid;
  } else if (!same_call(m.call, call)) {
    const bool same_place = m.call.op == call.op && same_site(m.call.site, call.site);
    fail("work-items meet at different collectives: " + who(lid) + " calls " + what(s, call) + " while " +
         who(m.first_arrival) + " waits at " + what(m) +
         (same_place ? " (with different arguments: " + std::to_string(call.param) + " vs " +
                           std::to_string(m.call.param) + ", or a different operation or type)"
                     : ""));
  }
  if (call.complete) m.members[lid - m.base] = {in, out};
  if (++m.arrived == m.expected) {
    m.arrived = 0;
    if (m.call.complete) m.call.complete(m.members.data(), m.expected, m.call.param);
    if (meet_root(m.call)) {
      ++m.generation;
      return;
    }
  }
  if (!fiber_mode_) enter_fiber_mode(lid);
  wait(lid, m);
}

void group_exec::wait(std::uint32_t lid, const meeting& m) {
  items_[lid].waiting_on = &m;
  items_[lid].wait_generation = m.generation;
  switch_to(next_runnable(lid));
}

// The whole group reached a barrier: unless it is the root barrier and other work-groups have yet
// to arrive, the items go on. Otherwise the last item waits like the others, and the scheduler,
// finding nobody to run, waits for the other groups (await_root).
bool group_exec::meet_root(const collective_call& call) {
  if (call.op != group::collective_op::root_barrier || root_->arrive(call.site)) return true;
  root_pending_ = true;
  return false;
}

void group_exec::await_root() {
  root_->wait();
  root_pending_ = false;
  ++meetings_[0].generation;
}

void group_exec::on_exit(std::uint32_t lid) {
  if (meetings_.empty()) return;
  for (meeting* m : {&meetings_[0], &meetings_[1 + lid / launch_.sub_group_size]}) {
    if (m->exited++ == 0) m->first_exited = lid;
    if (m->arrived && !error_ && fiber_mode_)
      error_ = std::make_exception_ptr(sycl::exception(
          sycl::errc::kernel, who(lid) + " returned without reaching " + what(*m) + ", where " +
                                  std::to_string(m->arrived) + " work-item(s) wait for it"));
  }
}

void* group_exec::local_memory(const void* site, std::size_t bytes, std::size_t align, const group::call_site& where) {
  const std::size_t accessors = std::min(launch_.local_bytes, local_arena::bytes);
  return memory_.block(site, bytes, align, local_arena::bytes - accessors, where);
}

void group_exec::report_divergent(const std::uint8_t* exits, const tessera_cbs_exit* sites) const {
  // No exits recorded: the pass proved that all items branch alike in the region.
  if (!exits)
    fail("work-items of the group of " + who(0) + " left a region of the kernel by different exits, which the CBS "
         "pass had proved impossible (a Tessera bug; TESSERA_CBS=0 runs the kernel on fibers)");
  std::uint32_t other = 1;
  while (other < launch_.group_size && exits[other] == exits[0]) ++other;
  const auto barrier_at = [](const tessera_cbs_exit& e) {
    return what(static_cast<group::scope>(e.scope),
                collective_call{static_cast<group::collective_op>(e.op), group::call_site{e.file, e.line}, 0, nullptr});
  };
  const tessera_cbs_exit &first = sites[exits[0]], &second = sites[exits[other]];
  if (!first.file || !second.file) {
    const bool first_returned = !first.file;
    const std::uint32_t waiter = first_returned ? other : 0, returned = first_returned ? 0 : other;
    fail(barrier_at(first_returned ? second : first) + " is reached by " + who(waiter) + ", but " + who(returned) +
         " returned without reaching it");
  }
  fail("work-items meet at different collectives: " + who(other) + " calls " + barrier_at(second) + " while " +
       who(0) + " waits at " + barrier_at(first));
}

void group_exec::combine(group::scope s, const collective_call& call, const tessera_cbs_arrival* items) {
  const std::uint32_t n = launch_.group_size;
  const std::uint32_t size = s == group::scope::work_group ? n : launch_.sub_group_size;
  combined_.resize(n);
  for (std::uint32_t base = 0; base < n; base += size) {
    const std::uint32_t count = std::min(size, n - base);
    const std::uint64_t param = items[base].param;
    for (std::uint32_t i = base; i < base + count; ++i) {
      if (items[i].param != param)
        fail("work-items meet at different collectives: " + who(i) + " calls " +
             what(s, collective_call{call.op, call.site, items[i].param, call.complete}) + " while " + who(base) +
             " waits at " + what(s, call) + " (with different arguments: " + std::to_string(items[i].param) + " vs " +
             std::to_string(param) + ", or a different operation or type)");
      combined_[i] = {items[i].in, items[i].out};
    }
    if (call.complete) call.complete(combined_.data() + base, count, param);
  }
}

void group_exec::report_deadlock() {
  std::map<const meeting*, std::uint32_t> waiting;
  for (const auto& it : items_)
    if (!it.finished && it.waiting_on) ++waiting[it.waiting_on];
  std::string msg = "work-items of the group wait at collectives that can never complete:";
  for (const auto& [m, count] : waiting) msg += " " + std::to_string(count) + " at " + what(*m) + ";";
  abort_fibers();
  fail(msg + " (" + who(0) + " is one of the group)");
}

std::string group_exec::who(std::uint32_t lid) const { return launch_.describe(group_, lid); }

std::string group_exec::what(group::scope s, const collective_call& c) {
  if (c.op == group::collective_op::root_barrier) return std::string(group::to_string(c.op)) + " at " + site(c.site);
  return std::string(s == group::scope::sub_group ? "sub-group " : "work-group ") + group::to_string(c.op) +
         " at " + site(c.site);
}

} // namespace tessera::cpu

namespace tessera::cpu {

// A checked item (TESSERA_CHECK) is suspended while it waits, so that the checker attributes
// the accesses of the items that run meanwhile to them.
void rendezvous(group_exec& g, group::scope s, std::uint32_t local_linear_id, const collective_call& call,
                const void* in, void* out) {
  if (!check::any_item_checked()) return g.arrive(s, local_linear_id, call, in, out);
  check::item_state* checked = check::suspend_item();
  g.arrive(s, local_linear_id, call, in, out);
  if (checked) check::resume_item(checked, s == group::scope::work_group);
}

} // namespace tessera::cpu
