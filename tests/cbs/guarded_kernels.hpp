// Kernels whose regions begin with a guard on a local id (`if (id < bound) work;`), which the CBS
// pass runs as loops over the items below the bound only. Compiled with the pass in
// guarded_kernels.cpp: compiled_barriers_test runs them, and guarded_remarks.cmake checks from
// the pass's remarks that the guards were recognised.
#pragma once
#include <sycl/sycl.hpp>

#include <cstdint>
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
// A guard whose other side writes memory too: the loop over dimension 0 is split in two at it.
std::vector<int> busy_other_side(sycl::queue& q);
// Figure 14-20's block scan (Hillis-Steele, `update = li >= stride ? local[li - stride] : 0`) in
// blocks of L items (48 or 128: steps unrolled, the last stride of 48 covering part of the block),
// the loop of each step's first region split at the stride; one inclusive scan per block.
template <std::size_t L>
std::vector<int> block_scans(sycl::queue& q, const std::vector<int>& x);
// The same scan with the group's size known only at run time (any size, 48 and 100 too): the step
// loop stays a loop, and the pass adds a barrier before each step's guard, which follows the
// previous step's barrier through the loop's latch and exit test alone.
std::vector<int> runtime_block_scans(sycl::queue& q, const std::vector<int>& x, std::size_t group);
// Guards whose two sides both work, of every form (>=, <, > and <= signed with bounds below zero,
// == 0, != 0, bounds above the range, a stride that does not divide the group), and one whose low
// side idles; groups of 37 items. One value per item.
std::vector<int> split_forms(sycl::queue& q);
// The same in a 2-D group: split on dimension 0; on dimension 1 the loop keeps every item (only
// the outermost loop is split, to keep the items' order). One value per item.
std::vector<int> split_forms_2d(sycl::queue& q);
} // namespace guarded
