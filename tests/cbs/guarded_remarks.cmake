# guarded_remarks.cmake: run by cmake -P as pass_remarks.cmake says, with -DSOURCE=guarded_kernels.cpp
#
# Compiles guarded_kernels.cpp with the CBS pass and reads its remarks: each kernel's count of
# regions that loop over the items below a guard (the results alone cannot tell: a loop over every
# item gives the same answers, only slower).
include("${CMAKE_CURRENT_LIST_DIR}/pass_remarks.cmake")

# expect(<kernel> <first barrier's line> <regions> <guarded> [<split>])
function(expect kernel line regions guarded)
  set(split "")
  if(ARGC GREATER 4)
    set(split ", ${ARGV4} split in two at a guard")
  endif()
  set(want "guarded_kernels.cpp:${line}: [0-9]+ barrier\\(s\\), [0-9]+ collective\\(s\\) and [0-9]+ loop head\\(s\\) or guarded join\\(s\\) cut, ${regions} regions run as loops over the work-items, ${guarded} of them over the items below a guard${split}(; [0-9]+ items' loop\\(s\\) unswitched on a branch alike in all items)? \\[")
  if(NOT remarks MATCHES "${want}")
    message(SEND_ERROR "${kernel}: expected ${guarded} of ${regions} regions over the items below a guard${split}:\n${remarks}")
  else()
    message(STATUS "${kernel}: ${guarded} of ${regions} regions guarded${split}")
  endif()
endfunction()

file(STRINGS "${SOURCE}" lines)
# The line of the first barrier after each kernel's name.
function(first_barrier kernel out)
  set(n 0)
  set(seen FALSE)
  foreach(l IN LISTS lines)
    math(EXPR n "${n} + 1")
    if(l MATCHES "std::vector<int> ${kernel}\\(")
      set(seen TRUE)
    elseif(seen AND l MATCHES "it\\.barrier\\(\\)")
      set(${out} ${n} PARENT_SCOPE)
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "no barrier after ${kernel} in ${SOURCE}")
endfunction()

first_barrier(fixed_tree_sums tree)
first_barrier(tree_sums runtime_tree)
first_barrier(guard_forms forms)
first_barrier(busy_other_side busy)
expect(fixed_tree_sums ${tree} 9 8)   # its 8 steps, unrolled
expect(tree_sums ${runtime_tree} 3 1) # its step loop: a barrier added at the join
expect(guard_forms ${forms} 7 5)      # every guard form
first_barrier(block_scans scans)
first_barrier(runtime_block_scans runtime_scans)
first_barrier(split_forms split)
first_barrier(split_forms_2d split_2d)
expect(busy_other_side ${busy} 3 0 1) # the other side writes: split in two
expect(block_scans ${scans} 16 0 7)   # blocks of 128: each of the 7 steps' first region
expect(block_scans ${scans} 14 0 6)   # blocks of 48
expect(runtime_block_scans ${runtime_scans} 5 0 1) # a barrier added before the step's guard
expect(split_forms ${split} 15 1 5)   # == 0 becomes a select of the address, no branch
expect(split_forms_2d ${split_2d} 7 1 1) # dimension 1 is not split
