// Kernels whose regions begin with a guard on a local id (`if (id < bound) work;`), which the CBS
// pass runs as loops over the items below the bound only. Compiled with the pass in
// guarded_kernels.cpp: compiled_barriers_test runs them, and guarded_remarks.cmake checks from
// the pass's remarks that the guards were recognised.
#pragma once
#include <sycl/sycl.hpp>

#include <vector>

namespace guarded {
// The tree reduction of the benchmark, 256 items per group (its 8 steps unrolled): one sum per group.
std::vector<int> fixed_tree_sums(sycl::queue& q, const std::vector<int>& x);
// The same with the group's size known only at run time (the loop over the steps stays a loop):
// a barrier the pass adds where each step's guard joins makes the step a region of its own.
std::vector<int> tree_sums(sycl::queue& q, const std::vector<int>& x, std::size_t group);
// Guards of every form the pass takes (<, <=, == 0, signed, on either dimension of a 2-D group,
// bounds below zero and above the range) between barriers; one value per item.
std::vector<int> guard_forms(sycl::queue& q);
// A guard whose other side writes memory: every item must run it, the loop keeps its full range.
std::vector<int> busy_other_side(sycl::queue& q);
} // namespace guarded
