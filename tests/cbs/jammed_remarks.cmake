# jammed_remarks.cmake: run by cmake -P as pass_remarks.cmake says, with -DSOURCE=jammed_items_test.cpp
#
# Compiles jammed_items_test.cpp with the CBS pass and reads its remarks (-Rpass=tessera-cbs):
# every kernel there must be compiled with a version whose items' loop is jammed, or the test's
# results would say nothing about that version.
include("${CMAKE_CURRENT_LIST_DIR}/pass_remarks.cmake")
string(REGEX MATCHALL "regions run as loops over the work-items" kernels "${remarks}")
string(REGEX MATCHALL "items' loop\\(s\\) jammed by four" jammed "${remarks}")
# ... and in that version compute the values the jammed items share as usual (expected_values.cpp):
# the sub-group's first item of every kernel; and run_int_columns' and fig 9-14's int columns.
string(REGEX MATCHALL "computes [0-9]+ value\\(s\\) as usual" usual "${remarks}")
string(REGEX MATCHALL "computes [2-9] value\\(s\\) as usual" several "${remarks}")
list(LENGTH kernels compiled)
list(LENGTH jammed with_jam)
list(LENGTH usual with_usual)
list(LENGTH several with_several)
# run_chains<32, 4>, <4, 4>, <4, 3> and <8, 8>, run_int_columns, and figure 9-14 for float and int.
if(NOT compiled EQUAL 7 OR NOT with_jam EQUAL 7 OR NOT with_usual EQUAL 7 OR NOT with_several EQUAL 3)
  message(SEND_ERROR "expected 7 compiled kernels, each with a jammed version computing values as usual, 3 of them "
                     "several; got ${compiled} compiled, ${with_jam} jammed, ${with_usual} with values as usual, "
                     "${with_several} several:\n${remarks}")
else()
  message(STATUS "${with_jam} of ${compiled} kernels with a jammed version, ${with_usual} computing values as usual")
endif()
