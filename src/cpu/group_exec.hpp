#pragma once
#include <boost/context/stack_context.hpp>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "tessera/backend/cpu/nd_launch.hpp"
#include "tessera/backend/cpu/rendezvous.hpp"
#include "cpu/context_switch.hpp"
#include "cpu/group_memory.hpp"
#include "cpu/sanitizer_fiber.hpp"
#include "cpu/stack_pool.hpp"

namespace tessera::cpu {

// How a work-group of a use_root_sync launch meets the other work-groups (src/cpu/root_launch.cpp).
class root_member {
public:
  // Every item of the group has reached the root barrier at `site`: true once all work-groups
  // have (this one was the last), false if the group must wait().
  virtual bool arrive(const group::call_site& site) = 0;
  // Called on the group's own fiber; returns when every work-group has arrived.
  virtual void wait() = 0;

protected:
  ~root_member() = default;
};

class group_exec;

// The fiber on which barrier-free groups run their items as a plain loop, kept from one group to
// the next (nd_executor: one per chunk of groups), so such a group costs two stack switches and no
// fiber start. A group whose item meets a collective keeps the fiber for that item; the next
// group then starts a new one.
class loop_fiber {
public:
  loop_fiber() = default;
  loop_fiber(const loop_fiber&) = delete;
  loop_fiber& operator=(const loop_fiber&) = delete;
  // Lets a fiber that waits for its next group return.
  ~loop_fiber();

private:
  friend class group_exec;
  context::handle self = nullptr; // waiting for a group; null: none started, or an item kept it
  boost::context::stack_context memory{};
  sanitizer::stack stack;
  context::handle home = nullptr;  // the context that ends it
  sanitizer::stack home_stack;
  group_exec* group = nullptr;     // the group to run when resumed; null: return
};

// One executing work-group. It starts as a plain loop over its items; the first collective that
// item 0 meets switches the group to one fiber per item, scheduled round-robin on this thread.
// All collectives meet in `arrive`, which also finds the calls that can never complete.
class group_exec {
public:
  // `root`: the group's part in a use_root_sync launch; null in other launches.
  group_exec(const nd_launch_base& launch, std::size_t group, void* kernel, root_member* root = nullptr)
      : launch_(launch), group_(group), kernel_(kernel), root_(root) {}
  group_exec(const group_exec&) = delete;
  group_exec& operator=(const group_exec&) = delete;
  ~group_exec();

  // Runs every item of the group; throws the first error of any item. A barrier-free group runs
  // them on `loop`, which the caller may hand to the next group.
  void run(loop_fiber& loop);
  void run() {
    loop_fiber loop;
    run(loop);
  }
  void arrive(group::scope s, std::uint32_t lid, const collective_call& call, const void* in, void* out);
  // group_local_memory's block of call site `site` for this group (group_memory.hpp).
  void* local_memory(const void* site, std::size_t bytes, std::size_t align, const group::call_site& where);
  // A compiled group's items left a region by different barriers (compiled_group.hpp).
  [[noreturn]] void report_divergent(const std::uint8_t* exits, const tessera_cbs_exit* sites) const;
  // A compiled group's collective, every item arrived (compiled_group.hpp), for the work-group or
  // for each sub-group (`call.param` is ignored: each item brings its own).
  void combine(group::scope s, const collective_call& call, const tessera_cbs_arrival* items);

private:
  struct meeting {
    group::scope scope = group::scope::work_group;
    collective_call call{};
    std::uint32_t base = 0;
    std::uint32_t expected = 0;
    std::uint32_t arrived = 0;
    std::uint32_t generation = 0;
    std::uint32_t first_arrival = 0;
    std::uint32_t exited = 0;
    std::uint32_t first_exited = 0;
    std::vector<arrival> members;
  };
  struct item {
    context::handle self = nullptr; // while suspended
    boost::context::stack_context memory{};
    sanitizer::stack stack;
    void* fake_stack = nullptr;
    const meeting* waiting_on = nullptr;
    std::uint32_t wait_generation = 0;
    bool started = false;
    bool finished = false;
  };
  // Contexts are items 0..n-1 and the scheduler: the context that called run().
  static constexpr std::uint32_t scheduler_id = ~std::uint32_t{0};

  // What a context passes when it starts another: where the starter's own handle goes, and whose
  // context it is (the group, or the loop fiber).
  struct start_record {
    context::handle* save;
    void* owner;
  };
  // Thrown at an item's suspension point to unwind its stack when the group is abandoned.
  struct unwind {};

  friend class loop_fiber;
  static void item_main(context::transfer t);
  static void loop_main(context::transfer t);
  static void start_loop(loop_fiber& loop);
  [[noreturn]] static void run_groups(loop_fiber& loop);
  void run_loop_items();
  void start(std::uint32_t lid);
  // A waiting item hands the thread straight to the next item that can run (one stack switch a
  // barrier and item); only when none can run does the scheduler get it back.
  [[gnu::always_inline]] inline void switch_to(std::uint32_t to);
  [[gnu::always_inline]] inline void arrived_from(context::transfer t, void* fake);
  [[gnu::always_inline]] inline std::uint32_t next_runnable(std::uint32_t after) const;
  [[gnu::always_inline]] inline void prefetch_after(std::uint32_t to) const;
  // `lid` waits at `m` until the collective completes.
  [[gnu::always_inline]] inline void wait(std::uint32_t lid, const meeting& m);
  // Every arrival but the fast path of arrive(): the first and last, mismatches, the loop's.
  [[gnu::noinline]] void arrive_checked(group::scope s, std::uint32_t lid, const collective_call& call,
                                        const void* in, void* out);
  [[noreturn]] void finish(std::uint32_t lid);
  context::handle& slot(std::uint32_t id) { return id == scheduler_id ? scheduler_ctx_ : items_[id].self; }
  sanitizer::stack& stack_of(std::uint32_t id) { return id == scheduler_id ? scheduler_ : items_[id].stack; }
  void enter_fiber_mode(std::uint32_t current);
  void count_loop_exits(std::uint32_t upto);
  void schedule();
  void on_exit(std::uint32_t lid);
  void abort_fibers();
  void create_meetings();
  bool meet_root(const collective_call& call);
  void await_root();
  [[gnu::always_inline]] inline meeting& meeting_of(group::scope s, std::uint32_t lid);
  [[noreturn]] void report_deadlock();
  std::string who(std::uint32_t lid) const;
  static std::string what(group::scope s, const collective_call& c);
  static std::string what(const meeting& m) { return what(m.scope, m.call); }

  const nd_launch_base& launch_;
  std::size_t group_;
  void* kernel_;
  root_member* root_;
  stack_pool& pool_ = stack_pool::for_this_thread(); // the items' stacks
  bool root_pending_ = false;         // every item waits at the root barrier for the other groups
  bool fiber_mode_ = false;
  bool compiled_ = false;             // the group runs as the CBS pass's loops, without fibers
  context::handle scheduler_ctx_ = nullptr; // the scheduler, while an item runs
  sanitizer::stack scheduler_;
  void* scheduler_fake_ = nullptr;
  loop_fiber* loop_ = nullptr;        // the loop fiber that runs this group's items in turn
  bool unwinding_ = false;            // abort_fibers resumes items only to unwind them
  std::uint32_t current_ = scheduler_id; // the context running now (in fiber mode)
  std::uint32_t from_ = scheduler_id;    // the context that switched to the one running now
  std::uint32_t alive_ = 0;              // items not finished (in fiber mode)
  std::uint32_t loop_item_ = 0;       // the item that the loop fiber runs once in fiber mode
  std::uint32_t loop_exits_counted_ = 0;
  std::vector<item> items_;
  std::vector<meeting> meetings_; // [0]: the work-group, then one per sub-group
  std::vector<arrival> combined_;  // a compiled group's collective: its members
  std::exception_ptr error_;
  group_memory memory_;
};

} // namespace tessera::cpu
