# cmake -DCOMPILER=<clang++-19> -DPLUGIN=<libtessera-cbs.so> -DINCLUDE=<include> -DEXAMPLES=<examples>
#       -DTESTS=<tests> -DSOURCE=one_sub_group_test.cpp -P one_sub_group_remarks.cmake
#
# Compiles one_sub_group_test.cpp with the CBS pass and reads its remarks (-Rpass=tessera-cbs):
# its three kernels (figs 14-24 and 14-26, the test's pack) must each say that they are compiled
# for work-groups of one sub-group only, since larger groups of the same kernel run on fibers.
execute_process(
  COMMAND "${COMPILER}" -std=c++20 -O3 -DNDEBUG -DTESSERA_CBS=1 "-fpass-plugin=${PLUGIN}" "-I${INCLUDE}"
          "-I${EXAMPLES}" "-I${TESTS}" -Rpass=tessera-cbs -S -emit-llvm -o /dev/null "${SOURCE}"
  RESULT_VARIABLE rc ERROR_VARIABLE remarks OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compiling ${SOURCE} failed (${rc}):\n${remarks}")
endif()
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
