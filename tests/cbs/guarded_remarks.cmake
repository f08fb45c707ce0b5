# cmake -DCOMPILER=<clang++-19> -DPLUGIN=<libtessera-cbs.so> -DINCLUDE=<include> -DSOURCE=guarded_kernels.cpp -P
#
# Compiles guarded_kernels.cpp with the CBS pass and reads its remarks: each kernel's count of
# regions that loop over the items below a guard (the results alone cannot tell: a loop over every
# item gives the same answers, only slower).
execute_process(
  COMMAND "${COMPILER}" -std=c++20 -O3 -DNDEBUG -DTESSERA_CBS=1 "-fpass-plugin=${PLUGIN}" "-I${INCLUDE}"
          -Rpass=tessera-cbs -S -emit-llvm -o /dev/null "${SOURCE}"
  RESULT_VARIABLE rc ERROR_VARIABLE remarks OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "compiling ${SOURCE} failed (${rc}):\n${remarks}")
endif()

# expect(<kernel> <first barrier's line> <regions> <guarded>)
function(expect kernel line regions guarded)
  set(want "guarded_kernels.cpp:${line}: [0-9]+ barrier\\(s\\), [0-9]+ collective\\(s\\) and [0-9]+ loop head\\(s\\) or guarded join\\(s\\) cut, ${regions} regions run as loops over the work-items, ${guarded} of them over the items below a guard")
  if(NOT remarks MATCHES "${want}")
    message(SEND_ERROR "${kernel}: expected ${guarded} of ${regions} regions over the items below a guard:\n${remarks}")
  else()
    message(STATUS "${kernel}: ${guarded} of ${regions} regions guarded")
  endif()
endfunction()

file(STRINGS "${SOURCE}" lines)
# The line of the first barrier after each kernel's name.
function(first_barrier kernel out)
  set(n 0)
  set(seen FALSE)
  foreach(l IN LISTS lines)
    math(EXPR n "${n} + 1")
    if(l MATCHES "std::vector<int> ${kernel}\\(")
      set(seen TRUE)
    elseif(seen AND l MATCHES "it\\.barrier\\(\\)")
      set(${out} ${n} PARENT_SCOPE)
      return()
    endif()
  endforeach()
  message(FATAL_ERROR "no barrier after ${kernel} in ${SOURCE}")
endfunction()

first_barrier(fixed_tree_sums tree)
first_barrier(tree_sums runtime_tree)
first_barrier(guard_forms forms)
first_barrier(busy_other_side busy)
expect(fixed_tree_sums ${tree} 9 8)   # its 8 steps, unrolled
expect(tree_sums ${runtime_tree} 3 1) # its step loop: a barrier added at the join
expect(guard_forms ${forms} 7 5)      # every guard form
expect(busy_other_side ${busy} 3 0)   # the other side writes: all items run
