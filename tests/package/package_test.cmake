# Driver for the package tests (see CMakeLists.txt next to this file).
# Run as: cmake -DMODE=<install|wrapper|wrapper_cuda|nvcc|find_package> -D... -P package_test.cmake
cmake_minimum_required(VERSION 3.20)

function(run_step what)
  string(REPLACE ";" " " _shown "${ARGN}")
  message(STATUS "[${what}] ${_shown}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "[${what}] failed (${_rc}): ${_shown}")
  endif()
endfunction()

# The executable must hold device code: for CUDA_ARCH where cuobjdump (looked for in the hint
# folders) can tell, else a .nv_fatbin section; neither tool found, nothing is checked.
function(expect_device_code exe)
  find_program(_cuobjdump cuobjdump HINTS ${ARGN})
  find_program(_readelf NAMES readelf llvm-readelf-19 llvm-readelf)
  if(_cuobjdump)
    execute_process(COMMAND "${_cuobjdump}" --list-elf "${exe}" OUTPUT_VARIABLE _out RESULT_VARIABLE _rc)
    set(_want "${CUDA_ARCH}")
  elseif(_readelf)
    execute_process(COMMAND "${_readelf}" -S -W "${exe}" OUTPUT_VARIABLE _out RESULT_VARIABLE _rc)
    set(_want ".nv_fatbin")
  else()
    return()
  endif()
  string(FIND "${_out}" "${_want}" _pos)
  if(NOT _rc EQUAL 0 OR _pos EQUAL -1)
    message(FATAL_ERROR "[device code] '${_want}' not found in ${exe}:\n${_out}")
  endif()
  message(STATUS "[device code] ${exe} has ${_want}")
endfunction()

function(require_vars)
  foreach(_v IN LISTS ARGN)
    if(NOT DEFINED ${_v} OR "${${_v}}" STREQUAL "")
      message(FATAL_ERROR "package_test.cmake: -D${_v}=... is required for MODE=${MODE}")
    endif()
  endforeach()
endfunction()

if(MODE STREQUAL "install")
  require_vars(BUILD_DIR STAGE_DIR)
  file(REMOVE_RECURSE "${STAGE_DIR}")
  set(_config_args "")
  if(CONFIG)
    set(_config_args --config "${CONFIG}")
  endif()
  run_step(install "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${STAGE_DIR}" ${_config_args})
  foreach(_f bin/tessera++ include/sycl/sycl.hpp)
    if(NOT EXISTS "${STAGE_DIR}/${_f}")
      message(FATAL_ERROR "install: ${STAGE_DIR}/${_f} is missing")
    endif()
  endforeach()
  file(GLOB_RECURSE _configs "${STAGE_DIR}/*/TesseraConfig.cmake")
  file(GLOB_RECURSE _libs "${STAGE_DIR}/*/libtessera.so")
  if(NOT _configs OR NOT _libs)
    message(FATAL_ERROR "install: TesseraConfig.cmake or libtessera.so is missing under ${STAGE_DIR}")
  endif()

elseif(MODE STREQUAL "wrapper")
  require_vars(STAGE_DIR SOURCE WORK_DIR)
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
  set(_wrapper "${STAGE_DIR}/bin/tessera++")
  run_step(showme "${_wrapper}" --showme -O2 "${SOURCE}" -o "${WORK_DIR}/hello_sycl")
  run_step(compile "${_wrapper}" -O2 "${SOURCE}" -o "${WORK_DIR}/hello_sycl")
  run_step(run "${WORK_DIR}/hello_sycl")

elseif(MODE STREQUAL "wrapper_cuda")
  # tessera++ --cuda: compile for the GPU; run on the CPU device, which needs no GPU.
  require_vars(STAGE_DIR SOURCE WORK_DIR CUDA_ARCH)
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
  set(_wrapper "${STAGE_DIR}/bin/tessera++")
  set(_exe "${WORK_DIR}/hello_sycl_cuda")
  run_step(showme "${_wrapper}" --cuda "--cuda-arch=${CUDA_ARCH}" --showme -O2 "${SOURCE}" -o "${_exe}")
  run_step(compile "${_wrapper}" --cuda "--cuda-arch=${CUDA_ARCH}" -O2 "${SOURCE}" -o "${_exe}")
  expect_device_code("${_exe}" /usr/local/cuda/bin)
  run_step(run "${CMAKE_COMMAND}" -E env TESSERA_DEVICE=cpu "${_exe}")

elseif(MODE STREQUAL "wrapper_cuda_reject")
  # tessera++ --cuda must refuse SOURCE with a message matching EXPECT.
  require_vars(STAGE_DIR SOURCE WORK_DIR CUDA_ARCH EXPECT)
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
  execute_process(COMMAND "${STAGE_DIR}/bin/tessera++" --cuda "--cuda-arch=${CUDA_ARCH}" -O2 "${SOURCE}"
                          -o "${WORK_DIR}/rejected" RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(_rc EQUAL 0)
    message(FATAL_ERROR "[reject] ${SOURCE} compiled, but should have been refused")
  endif()
  if(NOT _out MATCHES "${EXPECT}")
    message(FATAL_ERROR "[reject] the error does not match '${EXPECT}':\n${_out}")
  endif()
  message(STATUS "[reject] refused as expected:\n${_out}")

elseif(MODE STREQUAL "nvcc")
  # nvcc instead of clang: a program whose kernel lambdas are marked SYCL_EXTERNAL, compiled
  # with --extended-lambda against the staged headers and linked to the staged libtessera
  # (shared cudart, the one libtessera uses). Runs on the default device (the CPU without a
  # GPU) and, where that is not the CPU, on the CPU too.
  require_vars(NVCC SOURCE WORK_DIR CUDA_ARCH INCLUDE_DIR LIB_DIR)
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
  get_filename_component(_name "${SOURCE}" NAME_WE)
  set(_exe "${WORK_DIR}/${_name}")
  set(_ccbin "")
  if(CCBIN)
    set(_ccbin -ccbin "${CCBIN}")
  endif()
  run_step(compile "${NVCC}" ${_ccbin} -x cu -std=c++20 --extended-lambda --expt-relaxed-constexpr
           "-arch=${CUDA_ARCH}" -O2 "-I${INCLUDE_DIR}" "${SOURCE}" -o "${_exe}"
           -cudart shared "-L${LIB_DIR}" "-Xlinker=-rpath,${LIB_DIR}" -ltessera -lboost_context -lpthread)
  get_filename_component(_nvcc_dir "${NVCC}" DIRECTORY)
  expect_device_code("${_exe}" "${_nvcc_dir}" /usr/local/cuda/bin)
  run_step(run "${_exe}")
  run_step(run-cpu "${CMAKE_COMMAND}" -E env TESSERA_DEVICE=cpu "${_exe}")

elseif(MODE STREQUAL "find_package")
  require_vars(STAGE_DIR SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  file(REMOVE_RECURSE "${WORK_DIR}")
  string(REPLACE "|" ";" _extra "${EXTRA_ARGS}")
  run_step(configure "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${WORK_DIR}" -G "${GENERATOR}"
           "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
           -DCMAKE_BUILD_TYPE=Release
           "-DCMAKE_PREFIX_PATH=${STAGE_DIR}"
           -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON
           ${_extra})
  run_step(build "${CMAKE_COMMAND}" --build "${WORK_DIR}" --config Release)
  if(EXISTS "${WORK_DIR}/Release/tessera_consumer")
    set(_exe "${WORK_DIR}/Release/tessera_consumer")
  else()
    set(_exe "${WORK_DIR}/tessera_consumer")
  endif()
  run_step(run "${_exe}")

else()
  message(FATAL_ERROR "package_test.cmake: unknown MODE '${MODE}'")
endif()
