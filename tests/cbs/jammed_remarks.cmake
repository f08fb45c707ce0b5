# cmake -DCOMPILER=<clang++-19> -DPLUGIN=<libtessera-cbs.so> -DINCLUDE=<include> -DEXAMPLES=<examples>
#       -DSOURCE=jammed_items_test.cpp -P jammed_remarks.cmake
#
# Compiles jammed_items_test.cpp with the CBS pass and reads its remarks (-Rpass=tessera-cbs):
# every kernel there must be compiled with a version whose items' loop is jammed, or the test's
# results would say nothing about that version.
execute_process(
  COMMAND "${COMPILER}" -std=c++20 -O3 -DNDEBUG -DTESSERA_CBS=1 "-fpass-plugin=${PLUGIN}" "-I${INCLUDE}"
          "-I${EXAMPLES}" -Rpass=tessera-cbs -S -emit-llvm -o /dev/null "${SOURCE}"
  RESULT_VARIABLE rc ERROR_VARIABLE remarks OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compiling ${SOURCE} failed (${rc}):\n${remarks}")
endif()
string(REGEX MATCHALL "regions run as loops over the work-items" kernels "${remarks}")
string(REGEX MATCHALL "items' loop\\(s\\) jammed by four" jammed "${remarks}")
list(LENGTH kernels compiled)
list(LENGTH jammed with_jam)
# run_chains<32, 4>, <4, 4>, <4, 3> and <8, 8>, and figure 9-14 for float and int.
if(NOT compiled EQUAL 6 OR NOT with_jam EQUAL 6)
  message(SEND_ERROR "expected 6 compiled kernels, each with a jammed version; got ${compiled} compiled, ${with_jam} jammed:\n${remarks}")
else()
  message(STATUS "${with_jam} of ${compiled} kernels with a jammed version")
endif()
