# unswitched_remarks.cmake: run by cmake -P as pass_remarks.cmake says, with -DSOURCE=unswitched_items_test.cpp
#
# Compiles unswitched_items_test.cpp with the CBS pass and reads its remarks (-Rpass=tessera-cbs):
# both kernels there must be compiled with at least one items' loop unswitched.
include("${CMAKE_CURRENT_LIST_DIR}/pass_remarks.cmake")
string(REGEX MATCHALL "regions run as loops over the work-items" kernels "${remarks}")
string(REGEX MATCHALL "[1-9][0-9]* items' loop\\(s\\) unswitched on a branch alike in all items" unswitched "${remarks}")
list(LENGTH kernels compiled)
list(LENGTH unswitched with_unswitch)
# tiled_matmul and phased.
if(NOT compiled EQUAL 2 OR NOT with_unswitch EQUAL 2)
  message(SEND_ERROR "expected 2 compiled kernels, each with an unswitched items' loop; got ${compiled} compiled, ${with_unswitch} unswitched:\n${remarks}")
else()
  message(STATUS "${with_unswitch} of ${compiled} kernels with unswitched items' loops")
endif()
