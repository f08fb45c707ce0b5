# tessera_make_cuda_shim(<dir> <cuda root>)
#
# Builds the directory that clang is given as --cuda-path=<dir> when it compiles SYCL
# programs as CUDA. clang 19 predates CUDA 13, which it otherwise handles, but for two things:
#   * clang runs `fatbinary --image=profile=...`; CUDA 13 only accepts `--image3=kind=...`.
#     <dir>/bin/fatbinary is a small sh script that rewrites the options and runs the real one.
#   * clang's CUDA wrapper header includes texture_fetch_functions.h, which CUDA 13 removed;
#     <dir>/shim-include/ holds an empty one (compile with -isystem <dir>/shim-include).
# Every other entry of <cuda root> and of <cuda root>/bin is a symbolic link to the original,
# so the shim follows the toolkit it was made from.
include_guard(GLOBAL)

set(_tessera_cuda_shim_template "${CMAKE_CURRENT_LIST_DIR}/tessera-cuda-fatbinary.in")

function(tessera_make_cuda_shim dir cuda_root)
  if(NOT EXISTS "${cuda_root}/bin/fatbinary")
    message(FATAL_ERROR "Tessera: ${cuda_root}/bin/fatbinary not found (is ${cuda_root} a CUDA toolkit?)")
  endif()
  file(REMOVE_RECURSE "${dir}")
  file(MAKE_DIRECTORY "${dir}/bin" "${dir}/shim-include")
  file(GLOB _entries RELATIVE "${cuda_root}" LIST_DIRECTORIES true "${cuda_root}/*")
  foreach(_e IN LISTS _entries)
    if(NOT _e STREQUAL "bin" AND NOT _e STREQUAL "shim-include")
      file(CREATE_LINK "${cuda_root}/${_e}" "${dir}/${_e}" SYMBOLIC)
    endif()
  endforeach()
  file(GLOB _tools RELATIVE "${cuda_root}/bin" LIST_DIRECTORIES true "${cuda_root}/bin/*")
  foreach(_t IN LISTS _tools)
    if(NOT _t STREQUAL "fatbinary")
      file(CREATE_LINK "${cuda_root}/bin/${_t}" "${dir}/bin/${_t}" SYMBOLIC)
    endif()
  endforeach()
  set(TESSERA_CUDA_REAL_FATBINARY "${cuda_root}/bin/fatbinary")
  configure_file("${_tessera_cuda_shim_template}" "${dir}/bin/fatbinary" @ONLY
                 FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE
                                  GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  file(WRITE "${dir}/shim-include/texture_fetch_functions.h"
       "// Empty: CUDA 13 removed this header, which clang 19's CUDA wrapper still includes.\n")
endfunction()
