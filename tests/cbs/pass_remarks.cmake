# Included by each other tests/cbs/*_remarks.cmake script, run as
#   cmake -DCOMPILER=<clang++-19> -DPLUGIN=<libtessera-cbs.so> -DINCLUDE=<include> -DEXAMPLES=<examples>
#         -DTESTS=<tests> -DSOURCE=<file> -P <script>
# Compiles SOURCE with the CBS pass and leaves the pass's account of its kernels
# (-Rpass=tessera-cbs) in `remarks`, for the script to read what results alone cannot tell.
execute_process(
  COMMAND "${COMPILER}" -std=c++20 -O3 -DNDEBUG -DTESSERA_CBS=1 "-fpass-plugin=${PLUGIN}" "-I${INCLUDE}"
          "-I${EXAMPLES}" "-I${TESTS}" -Rpass=tessera-cbs -S -emit-llvm -o /dev/null "${SOURCE}"
  RESULT_VARIABLE rc ERROR_VARIABLE remarks OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compiling ${SOURCE} failed (${rc}):\n${remarks}")
endif()

# expect_remarks(<what> <regex> <count>): the remarks must match <regex> <count> times.
function(expect_remarks what regex count)
  string(REGEX MATCHALL "${regex}" found "${remarks}")
  list(LENGTH found n)
  if(NOT n EQUAL count)
    message(SEND_ERROR "expected ${count} ${what}, got ${n}:\n${remarks}")
  else()
    message(STATUS "${n} ${what}")
  endif()
endfunction()
