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
    : launch_(launch), groups_(groups), sites_(groups) {}

// The sites are plain stores: the last arrival's fetch_add reads every earlier one's, so their
// stores happen before its check. The count and the returned groups are checked Dekker-style
// (both sequentially consistent), so of an arrival and a return racing, one sees the other.
bool root_barrier::arrive(std::size_t group, const group::call_site& site) {
  sites_[group] = site;
  waiting_file_.store(site.file, std::memory_order_relaxed);
  waiting_line_.store(site.line, std::memory_order_relaxed);
  const std::size_t n = arrived_.fetch_add(1, std::memory_order_seq_cst) + 1;
  if (returned_.load(std::memory_order_seq_cst))
    fail("group_barrier(root_group) at " + where(site.file, site.line) + " is reached by " + group_name(group) +
         ", but " + group_name(first_returned_.load(std::memory_order_relaxed)) +
         " returned without reaching it");
  if (n < groups_) return false;
  check_sites();
  arrived_.store(0, std::memory_order_relaxed);
  generation_.fetch_add(1, std::memory_order_seq_cst); // before the waker reads the sleepers
  return true;
}

void root_barrier::check_sites() const {
  for (std::size_t g = 1; g < groups_; ++g)
    if (!same_site(sites_[g], sites_[0]))
      fail("work-groups meet at different root-group barriers: " + group_name(g) + " calls group_barrier(root_group) at " +
           where(sites_[g].file, sites_[g].line) + " while " + group_name(0) + " waits at " +
           where(sites_[0].file, sites_[0].line));
}

void root_barrier::finished(std::size_t group) {
  if (returned_.fetch_add(1, std::memory_order_seq_cst) == 0) first_returned_.store(group, std::memory_order_relaxed);
  const std::size_t waiting = arrived_.load(std::memory_order_seq_cst);
  if (waiting)
    fail(group_name(group) + " returned without reaching group_barrier(root_group) at " +
         where(waiting_file_.load(std::memory_order_relaxed), waiting_line_.load(std::memory_order_relaxed)) +
         ", where " + std::to_string(waiting) + " work-group(s) wait for it");
}

std::string root_barrier::group_name(std::size_t group) const { return launch_.describe_group(group); }

} // namespace tessera::cpu
