# one_sub_group_remarks.cmake: run by cmake -P as pass_remarks.cmake says, with -DSOURCE=one_sub_group_test.cpp
#
# Compiles one_sub_group_test.cpp with the CBS pass and reads its remarks (-Rpass=tessera-cbs):
# its three kernels (figs 14-24 and 14-26, the test's pack) must each say that they are compiled
# for work-groups of one sub-group only, since larger groups of the same kernel run on fibers.
include("${CMAKE_CURRENT_LIST_DIR}/pass_remarks.cmake")
expect_remarks("compiled kernels" "regions run as loops over the work-items" 3)
expect_remarks("kernels compiled for work-groups of one sub-group only"
               "compiled for work-groups of one sub-group only" 3)
