# jammed_remarks.cmake: run by cmake -P as pass_remarks.cmake says, with -DSOURCE=jammed_items_test.cpp
#
# Compiles jammed_items_test.cpp with the CBS pass and reads its remarks (-Rpass=tessera-cbs):
# every kernel there must be compiled with a version whose items' loop is jammed, or the test's
# results would say nothing about that version.
include("${CMAKE_CURRENT_LIST_DIR}/pass_remarks.cmake")
# run_chains<32, 4>, <4, 4>, <4, 3> and <8, 8>, run_int_columns, and figure 9-14 for float and int,
# each with a jammed version that computes the values the jammed items share as usual
# (expected_values.cpp): the sub-group's first item of every kernel, and run_int_columns' and
# fig 9-14's int columns too.
expect_remarks("compiled kernels" "regions run as loops over the work-items" 7)
expect_remarks("kernels with a jammed version" "items' loop\\(s\\) jammed by four" 7)
expect_remarks("jammed versions computing values as usual" "computes [0-9]+ value\\(s\\) as usual" 7)
expect_remarks("jammed versions computing several values as usual" "computes [2-9] value\\(s\\) as usual" 3)
