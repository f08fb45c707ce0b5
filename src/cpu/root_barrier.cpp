#include "cpu/root_barrier.hpp"

#include <cstring>

#include "sycl/exception.hpp"
#include "tessera/backend/cpu/nd_launch.hpp"

namespace tessera::cpu {

namespace {
std::string where(const char* file, unsigned line) { return std::string(file) + ":" + std::to_string(line); }

bool same_site(const group::call_site& a, const group::call_site& b) {
  return a.line == b.line && (a.file == b.file || std::strcmp(a.file, b.file) == 0);
}

[[noreturn]] void fail(const std::string& msg) { throw sycl::exception(sycl::errc::kernel, msg); }
} // namespace

root_barrier::root_barrier(const nd_launch_base& launch, std::size_t groups)
    : launch_(launch), groups_(groups), arrivals_(std::make_unique<arrival[]>(groups)) {}

// The arrival records are relaxed stores: the last arrival's fetch_add reads every earlier one's, so
// their stores happen before its check. The count and the returned groups are checked Dekker-style
// (both sequentially consistent), so of an arrival and a return racing, one sees the other.
bool root_barrier::arrive(std::size_t group, const group::call_site& site) {
  arrival& a = arrivals_[group];
  const std::uint64_t generation = generation_.load(std::memory_order_relaxed);
  a.file.store(site.file, std::memory_order_relaxed);
  a.line.store(site.line, std::memory_order_relaxed);
  a.generation.store(generation, std::memory_order_relaxed);
  const std::size_t n = arrived_.fetch_add(1, std::memory_order_seq_cst) + 1;
  if (returned_.load(std::memory_order_seq_cst)) {
    const std::size_t first = first_returned_.load(std::memory_order_relaxed);
    fail("group_barrier(root_group) at " + where(site.file, site.line) + " is reached by " + group_name(group) +
         ", the launch's root barrier number " + std::to_string(generation + 1) + ", but " + group_name(first) +
         " returned without reaching it, after " +
         std::to_string(arrivals_[first].returned_after.load(std::memory_order_relaxed)) + " root barrier(s)");
  }
  if (n < groups_) return false;
  check_sites();
  arrived_.store(0, std::memory_order_relaxed);
  generation_.fetch_add(1, std::memory_order_seq_cst); // before the waker reads the sleepers
  return true;
}

group::call_site root_barrier::site_of(std::size_t group) const {
  const arrival& a = arrivals_[group];
  return {a.file.load(std::memory_order_relaxed), a.line.load(std::memory_order_relaxed)};
}

void root_barrier::check_sites() const {
  const group::call_site first = site_of(0);
  for (std::size_t g = 1; g < groups_; ++g)
    if (const group::call_site s = site_of(g); !same_site(s, first))
      fail("work-groups meet at different root-group barriers: " + group_name(g) + " calls group_barrier(root_group) at " +
           where(s.file, s.line) + " while " + group_name(0) + " waits at " + where(first.file, first.line));
}

// Some group that arrived in the current generation: the count this generation was read after their
// records were written.
std::string root_barrier::waiting_site() const {
  const std::uint64_t now = generation_.load(std::memory_order_acquire);
  const std::string number = ", the launch's root barrier number " + std::to_string(now + 1);
  for (std::size_t g = 0; g < groups_; ++g)
    if (arrivals_[g].generation.load(std::memory_order_relaxed) == now) {
      const group::call_site s = site_of(g);
      return where(s.file, s.line) + number;
    }
  return "a root-group barrier" + number;
}

// An arrival that sees the count in returned_ sees the first group to return and its record: the
// winner's exchange releases them, a loser's acquires them, and each count's increment releases
// what its group saw.
void root_barrier::finished(std::size_t group) {
  arrivals_[group].returned_after.store(generation_.load(std::memory_order_relaxed), std::memory_order_relaxed);
  std::size_t first = nobody;
  first_returned_.compare_exchange_strong(first, group, std::memory_order_acq_rel, std::memory_order_acquire);
  returned_.fetch_add(1, std::memory_order_seq_cst);
  const std::size_t waiting = arrived_.load(std::memory_order_seq_cst);
  if (waiting)
    fail(group_name(group) + " returned without reaching group_barrier(root_group) at " + waiting_site() +
         ", where " + std::to_string(waiting) + " work-group(s) wait for it");
}

std::string root_barrier::group_name(std::size_t group) const { return launch_.describe_group(group); }

} // namespace tessera::cpu
