#include "cpu/group_exec.hpp"
#include "tessera/memory/access_check.hpp"

#include <algorithm>
#include <cstring>
#include <map>

#include "cpu/stack_pool.hpp"
#include "tessera/backend/cpu/local_arena.hpp"
#include "sycl/exception.hpp"

namespace tessera::cpu {

namespace {
using boost::context::fiber;

bool same_site(const group::call_site& a, const group::call_site& b) {
  return a.line == b.line && (a.file == b.file || std::strcmp(a.file, b.file) == 0);
}

bool same_call(const collective_call& a, const collective_call& b) {
  return a.op == b.op && a.param == b.param && a.complete == b.complete && same_site(a.site, b.site);
}

std::string site(const group::call_site& s) { return std::string(s.file) + ":" + std::to_string(s.line); }

[[noreturn]] void fail(const std::string& msg) { throw sycl::exception(sycl::errc::kernel, msg); }
} // namespace

group_exec::~group_exec() { abort_fibers(); }

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
    schedule();
    return;
  }
  loop.group = this;
  if (!loop.self) start_loop(loop);
  loop_.self = std::move(loop.self);
  loop_.stack = loop.stack;
  switch_in(loop_);
  if (!fiber_mode_) {
    loop.self = std::move(loop_.self);
    if (error_) std::rethrow_exception(error_);
    return;
  }
  loop.stack = {}; // the item's now: resume() releases it when the item ends
  items_[loop_item_].self = std::move(loop_.self);
  schedule();
}

// `body` runs on the new fiber between the sanitizers' bookkeeping of entering and leaving it.
template <typename Body>
fiber group_exec::make_fiber(item& it, Body body) {
  auto& pool = stack_pool::for_this_thread();
  fiber f(std::allocator_arg, pooled_stack{&pool}, [this, &it, body](fiber&& back) {
    sanitizer::after_switch(nullptr, &scheduler_);
    it.back = std::move(back);
    try {
      body();
    } catch (const boost::context::detail::forced_unwind&) {
      sanitizer::before_switch(nullptr, scheduler_);
      throw;
    } catch (...) {
      if (!error_) error_ = std::current_exception();
    }
    it.finished = true;
    sanitizer::before_switch(nullptr, scheduler_);
    return std::move(it.back);
  });
  sanitizer::create(it.stack, pool.last_taken().sp, pool.last_taken().size);
  return f;
}

// The loop runs on a fiber too: only a fiber can be suspended when an item waits at a collective.
void group_exec::start_loop(loop_fiber& loop) {
  auto& pool = stack_pool::for_this_thread();
  loop.self = fiber(std::allocator_arg, pooled_stack{&pool},
                    [&loop](fiber&& back) { return run_groups(loop, std::move(back)); });
  sanitizer::create(loop.stack, pool.last_taken().sp, pool.last_taken().size);
}

// The loop fiber's life: the items of each group it is resumed for, until a group switches to
// fibers (the fiber ends as the item that caused the switch, which then owns it) or it is resumed
// for no group (loop_fiber's destructor).
fiber group_exec::run_groups(loop_fiber& loop, fiber&& back) {
  sanitizer::after_switch(nullptr, &loop.group->scheduler_);
  while (group_exec* g = loop.group) {
    g->loop_.back = std::move(back);
    g->run_loop_items();
    if (g->fiber_mode_) {
      item& it = g->items_[g->loop_item_];
      it.finished = true;
      sanitizer::before_switch(nullptr, g->scheduler_);
      return std::move(it.back);
    }
    loop.group = nullptr;
    void* fake = nullptr;
    sanitizer::before_switch(&fake, g->scheduler_);
    back = std::move(g->loop_.back).resume();
    sanitizer::after_switch(fake, loop.group ? &loop.group->scheduler_ : &loop.home);
  }
  sanitizer::before_switch(nullptr, loop.home);
  return std::move(back);
}

void group_exec::run_loop_items() {
  try {
    launch_.run_loop(kernel_, *this, group_, fiber_mode_);
  } catch (const boost::context::detail::forced_unwind&) {
    sanitizer::before_switch(nullptr, scheduler_);
    throw;
  } catch (...) {
    if (!error_) error_ = std::current_exception();
  }
}

loop_fiber::~loop_fiber() {
  if (!self) return;
  home = sanitizer::current();
  void* fake = nullptr;
  sanitizer::before_switch(&fake, stack);
  self = std::move(self).resume();
  sanitizer::after_switch(fake, nullptr);
  sanitizer::destroy(stack);
}

void group_exec::start(std::uint32_t lid) {
  items_[lid].self = make_fiber(items_[lid], [this, lid] { launch_.run_item(kernel_, *this, group_, lid); });
}

void group_exec::switch_in(item& it) {
  void* fake = nullptr;
  sanitizer::before_switch(&fake, it.stack);
  it.self = std::move(it.self).resume();
  sanitizer::after_switch(fake, nullptr);
}

void group_exec::switch_out(item& it) {
  sanitizer::before_switch(&it.fake_stack, scheduler_);
  try {
    it.back = std::move(it.back).resume();
  } catch (const boost::context::detail::forced_unwind&) {
    sanitizer::after_switch(it.fake_stack, nullptr);
    throw;
  }
  sanitizer::after_switch(it.fake_stack, nullptr);
}

// Items before `current` already ran to completion in the loop; `current` keeps the loop fiber.
void group_exec::enter_fiber_mode(std::uint32_t current) {
  fiber_mode_ = true;
  loop_item_ = current;
  items_.resize(launch_.group_size);
  for (std::uint32_t lid = 0; lid < current; ++lid) items_[lid].started = items_[lid].finished = true;
  items_[current].started = true;
  items_[current].back = std::move(loop_.back);
  items_[current].stack = loop_.stack;
  launch_.learn_needs_fibers();
}

// In the loop, items before `upto` have returned; the meetings learn it when they are first needed.
void group_exec::count_loop_exits(std::uint32_t upto) {
  for (; loop_exits_counted_ < upto; ++loop_exits_counted_) on_exit(loop_exits_counted_);
}

void group_exec::schedule() {
  std::uint32_t alive = 0;
  for (const auto& it : items_) alive += !it.finished;
  while (alive) {
    bool progressed = false;
    for (std::uint32_t lid = 0; lid < items_.size(); ++lid) {
      item& it = items_[lid];
      if (it.finished || (it.waiting_on && it.waiting_on->generation == it.wait_generation)) continue;
      it.waiting_on = nullptr;
      resume(lid);
      progressed = true;
      if (!error_ && it.finished) {
        --alive;
        on_exit(lid);
      }
      if (error_) {
        abort_fibers();
        std::rethrow_exception(error_);
      }
    }
    if (!progressed) {
      if (!root_pending_) report_deadlock();
      await_root();
    }
  }
}

void group_exec::resume(std::uint32_t lid) {
  item& it = items_[lid];
  if (!it.started) {
    it.started = true;
    start(lid);
  }
  switch_in(it);
  if (it.finished) sanitizer::destroy(it.stack);
}

// Destroying a suspended fiber unwinds its stack, running the item's destructors.
void group_exec::abort_fibers() {
  for (auto& it : items_) {
    if (!it.self) continue;
    void* fake = nullptr;
    sanitizer::before_switch(&fake, it.stack);
    it.self = fiber();
    sanitizer::after_switch(fake, nullptr);
    sanitizer::destroy(it.stack);
  }
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

void group_exec::arrive(group::scope s, std::uint32_t lid, const collective_call& call, const void* in, void* out) {
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
  m.members[lid - m.base] = {in, out};
  if (++m.arrived == m.expected) {
    m.arrived = 0;
    if (m.call.complete) m.call.complete(m.members.data(), m.expected, m.call.param);
    if (meet_root(m.call)) {
      ++m.generation;
      return;
    }
  }
  if (!fiber_mode_) enter_fiber_mode(lid);
  items_[lid].waiting_on = &m;
  items_[lid].wait_generation = m.generation;
  switch_out(items_[lid]);
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
  check::item_state* checked = check::suspend_item();
  g.arrive(s, local_linear_id, call, in, out);
  if (checked) check::resume_item(checked, s == group::scope::work_group);
}

} // namespace tessera::cpu
