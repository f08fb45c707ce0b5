# kernel_math_remarks.cmake: run by cmake -P as pass_remarks.cmake says, with -DSOURCE=kernel_math_test.cpp
#
# Compiles kernel_math_test.cpp with the CBS pass and reads its remarks (-Rpass=tessera-cbs): the
# kernels' log2f and powf calls must have become intrinsics (kernel_math.cpp), and fig
# 14-21's kernel, whose step loop's test then calls nothing, must have its step's guard follow a
# barrier (the results alone cannot tell: a call that sets errno gives the same values, only slower).
include("${CMAKE_CURRENT_LIST_DIR}/pass_remarks.cmake")
foreach(call IN ITEMS "log2f: made llvm.log2.f32" "powf: made llvm.pow.f32")
  if(NOT remarks MATCHES "kernel code calls ${call}")
    message(SEND_ERROR "no remark \"kernel code calls ${call}\":\n${remarks}")
  endif()
endforeach()
# scan_totals: 3 barriers, the loop head cut, and the guarded step split after the added barrier.
set(want "scan_totals[^\n]* with a barrier at [^\n]*fig14_20.hpp:[0-9]+: 3 barrier\\(s\\)[^\n]* 5 regions run as loops over the work-items, 0 of them over the items below a guard, 1 split in two at a guard")
if(NOT remarks MATCHES "${want}")
  message(SEND_ERROR "fig 14-21's kernel: expected 5 regions, 1 split in two at a guard:\n${remarks}")
else()
  message(STATUS "kernel math made intrinsics; fig 14-21's step split at its guard")
endif()
