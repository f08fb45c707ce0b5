#pragma once
#include <cstdint>

// What a checked GPU kernel (TESSERA_CHECK=1, barrier_check.hpp) leaves for the host when the
// work-items of one of its work-groups part: one item at a work-group barrier or collective, another
// returned from the kernel or at another collective. Plain data, in pinned host memory that the
// kernel writes through the mapping; the host reads it once the kernel has completed.
namespace tessera::cuda {

// An arrival's op: a group::collective_op, or this for an item that returned from the kernel.
inline constexpr unsigned returned_op = 0xffffu;

struct check_arrival {
  unsigned op;
  unsigned line;
  std::uint32_t local[3]; // CUDA's x, y, z (SYCL's last dimension first)
  char file[244];         // cut short, and terminated, when longer
};

struct check_report {
  unsigned ready; // 1 once a work-group wrote the rest; the host sets it back to 0
  unsigned dimensions;
  const void* kernel; // the launch's std::type_info (a host pointer), or null
  std::uint32_t group[3];
  check_arrival first; // the arrival the others were compared with
  check_arrival other; // one that differs from it
};

// A checked launch's argument: where its groups report, and what.
struct check_target {
  unsigned* claimed; // device memory: the first group to report sets it
  check_report* report;
  const void* kernel;
};

} // namespace tessera::cuda
