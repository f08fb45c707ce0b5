# unswitched_remarks.cmake: run by cmake -P as pass_remarks.cmake says, with -DSOURCE=unswitched_items_test.cpp
#
# Compiles unswitched_items_test.cpp with the CBS pass and reads its remarks (-Rpass=tessera-cbs):
# both kernels there must be compiled with at least one items' loop unswitched.
include("${CMAKE_CURRENT_LIST_DIR}/pass_remarks.cmake")
# tiled_matmul and phased.
expect_remarks("compiled kernels" "regions run as loops over the work-items" 2)
expect_remarks("kernels with an unswitched items' loop"
               "[1-9][0-9]* items' loop\\(s\\) unswitched on a branch alike in all items" 2)
