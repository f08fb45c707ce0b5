# The mpi_heat test (examples/CMakeLists.txt): the plate after 40 iterations on 2 ranks, with halo
# rows passed to MPI directly and staged through host memory, must be bit for bit the plate of
# 1 rank. Skipped (CTest SKIP_REGULAR_EXPRESSION) where there is no mpirun.
if(NOT MPIEXEC OR NOT EXISTS "${MPIEXEC}")
  message("SKIPPED: no mpirun (MPIEXEC='${MPIEXEC}')")
  return()
endif()
# --oversubscribe: 2 ranks on a machine with fewer cores; as root, Open MPI asks for consent.
set(_flags --oversubscribe --allow-run-as-root)
set(_reference "")
foreach(_run IN ITEMS "1" "2" "2 --stage")
  separate_arguments(_extra UNIX_COMMAND "${_run}")
  list(POP_FRONT _extra _np)
  execute_process(COMMAND "${MPIEXEC}" ${_flags} -np ${_np} "${PROGRAM}" 48 40 --check ${_extra}
                  OUTPUT_VARIABLE _out ERROR_VARIABLE _err RESULT_VARIABLE _rc TIMEOUT 30)
  message("--- mpirun -np ${_np} mpi_heat 48 40 --check ${_extra}\n${_out}${_err}")
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "mpi_heat on ${_np} rank(s) failed: ${_rc}")
  endif()
  string(REGEX MATCH "fingerprint [0-9a-f]+" _print "${_out}")
  if(NOT _print)
    message(FATAL_ERROR "mpi_heat on ${_np} rank(s) printed no fingerprint")
  endif()
  if(NOT _reference)
    set(_reference "${_print}")
  elseif(NOT _print STREQUAL _reference)
    message(FATAL_ERROR "mpi_heat on ${_np} rank(s) ${_extra}: ${_print}, where 1 rank gave ${_reference}")
  endif()
endforeach()
