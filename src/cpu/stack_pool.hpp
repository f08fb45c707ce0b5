#pragma once
#include <boost/context/protected_fixedsize_stack.hpp>
#include <boost/context/stack_context.hpp>
#include <vector>

namespace tessera::cpu {

// Fiber stacks are mapped once per worker and reused for every group it runs, so starting a
// work-item fiber costs no system call. Guard pages turn a stack overflow into a fault.
class stack_pool {
public:
  static stack_pool& for_this_thread();
  // The size of every fiber stack: 128 KiB (512 KiB under a sanitizer), or TESSERA_FIBER_STACK_SIZE.
  static std::size_t stack_bytes();

  explicit stack_pool(std::size_t stack_bytes) : allocator_(stack_bytes) {}
  ~stack_pool();
  stack_pool(const stack_pool&) = delete;
  stack_pool& operator=(const stack_pool&) = delete;

  boost::context::stack_context take();
  // The stack the latest fiber was given, for the sanitizers' bookkeeping.
  const boost::context::stack_context& last_taken() const { return last_; }
  void give_back(boost::context::stack_context s) { free_.push_back(s); }

private:
  boost::context::protected_fixedsize_stack allocator_;
  std::vector<boost::context::stack_context> free_;
  boost::context::stack_context last_{};
};

// The stack-allocator interface boost::context::fiber expects, drawing from a pool.
struct pooled_stack {
  stack_pool* pool;
  boost::context::stack_context allocate() { return pool->take(); }
  void deallocate(boost::context::stack_context& s) noexcept { pool->give_back(s); }
};

} // namespace tessera::cpu
