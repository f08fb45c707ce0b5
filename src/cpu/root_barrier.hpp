#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "tessera/group/call_site.hpp"

namespace tessera::cpu {

class nd_launch_base;

// The barrier across the work-groups of one use_root_sync launch: a sense-reversing counter. The
// last group to arrive resets the count and advances the generation, which the waiting groups'
// workers watch. It also finds the misuses that would hang: work-groups at different root
// barriers, and a group that returned while others wait (or arrives after one returned).
class root_barrier {
public:
  root_barrier(const nd_launch_base& launch, std::size_t groups);

  // Group `group` has wholly arrived at `site`: true if it was the last, which released the others.
  bool arrive(std::size_t group, const group::call_site& site);
  std::uint64_t generation() const { return generation_.load(std::memory_order_acquire); }
  // Group `group` has returned; throws if other groups wait for it at a root barrier.
  void finished(std::size_t group);

private:
  // Where one group arrived, and in which generation: a line of its own, so that arrivals on
  // different workers do not queue for one line (the count's is the one they share).
  struct alignas(64) arrival {
    std::atomic<const char*> file{nullptr};
    std::atomic<unsigned> line{0};
    std::atomic<std::uint64_t> generation{~std::uint64_t{0}};
    std::atomic<std::uint64_t> returned_after{0}; // root barriers passed, once it returned
  };
  void check_sites() const;
  group::call_site site_of(std::size_t group) const;
  std::string waiting_site() const;
  std::string group_name(std::size_t group) const;

  const nd_launch_base& launch_;
  const std::size_t groups_;
  alignas(64) std::atomic<std::size_t> arrived_{0};
  alignas(64) std::atomic<std::uint64_t> generation_{0};
  alignas(64) std::atomic<std::size_t> returned_{0};
  static constexpr std::size_t nobody = ~std::size_t{0};
  std::atomic<std::size_t> first_returned_{nobody};
  // Compared by the last to arrive; read for the report of a group that returned while others wait.
  std::unique_ptr<arrival[]> arrivals_;
};

} // namespace tessera::cpu
