# one_sub_group_remarks.cmake: run by cmake -P as pass_remarks.cmake says, with -DSOURCE=one_sub_group_test.cpp
#
# Compiles one_sub_group_test.cpp with the CBS pass and reads its remarks (-Rpass=tessera-cbs):
# its three kernels (figs 14-24 and 14-26, the test's pack) must each say that they are compiled
# for work-groups of one sub-group only, since larger groups of the same kernel run on fibers.
include("${CMAKE_CURRENT_LIST_DIR}/pass_remarks.cmake")
string(REGEX MATCHALL "regions run as loops over the work-items" kernels "${remarks}")
string(REGEX MATCHALL "compiled for work-groups of one sub-group only" one_sub_group "${remarks}")
list(LENGTH kernels compiled)
list(LENGTH one_sub_group restricted)
if(NOT compiled EQUAL 3 OR NOT restricted EQUAL 3)
  message(SEND_ERROR "expected 3 kernels compiled for work-groups of one sub-group only; got ${compiled} compiled, "
                     "${restricted} of them for one sub-group:\n${remarks}")
else()
  message(STATUS "${restricted} of ${compiled} kernels compiled for work-groups of one sub-group only")
endif()
