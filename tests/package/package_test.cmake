# Driver for the package tests (see CMakeLists.txt next to this file).
# Run as: cmake -DMODE=<install|wrapper|wrapper_cuda|wrapper_cuda_device_O0|wrapper_cuda_nd_range_O0|nvcc|find_package> -D... -P package_test.cmake
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

elseif(MODE STREQUAL "wrapper_cbs")
  # tessera++ with clang 19 loads the installed CBS pass (and says so in --showme); --no-cbs does
  # not; --cbs-verbose names the kernel that keeps fibers. SOURCE takes "compiled" or "fibers".
  require_vars(STAGE_DIR SOURCE WORK_DIR CLANG)
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
  set(_wrapper "${CMAKE_COMMAND}" -E env "TESSERA_CXX=${CLANG}" "${STAGE_DIR}/bin/tessera++")
  set(_exe "${WORK_DIR}/barrier_app")
  foreach(_variant cbs no-cbs)
    set(_opt "")
    if(_variant STREQUAL "no-cbs")
      set(_opt --no-cbs)
    endif()
    execute_process(COMMAND ${_wrapper} ${_opt} --showme -O2 "${SOURCE}" -o "${_exe}-${_variant}"
                    OUTPUT_VARIABLE _shown RESULT_VARIABLE _rc)
    message(STATUS "[showme ${_variant}] ${_shown}")
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR "[showme ${_variant}] failed (${_rc})")
    endif()
    string(REGEX MATCH "-fpass-plugin=([^ ]*libtessera-cbs\\.so)" _plugin "${_shown}")
    if(_variant STREQUAL "cbs" AND (NOT _plugin OR NOT EXISTS "${CMAKE_MATCH_1}"))
      message(FATAL_ERROR "[showme cbs] no -fpass-plugin with an installed libtessera-cbs.so")
    elseif(_variant STREQUAL "no-cbs" AND _plugin)
      message(FATAL_ERROR "[showme no-cbs] --no-cbs still loads the CBS pass")
    endif()
    # With clang 19 the kernel-attribute plugin comes too, where this Tessera installed it.
    file(GLOB _attributes "${STAGE_DIR}/lib*/tessera/libtessera-kernel-attributes.so")
    if(_variant STREQUAL "cbs" AND _attributes
       AND NOT _shown MATCHES "-fplugin=[^ ]*libtessera-kernel-attributes\\.so -DTESSERA_KERNEL_ATTRIBUTES=1")
      message(FATAL_ERROR "[showme cbs] the installed kernel-attribute plugin is not loaded")
    endif()
    run_step("compile ${_variant}" ${_wrapper} ${_opt} -O2 "${SOURCE}" -o "${_exe}-${_variant}")
  endforeach()
  run_step("run cbs" "${_exe}-cbs" compiled)
  run_step("run no-cbs" "${_exe}-no-cbs" fibers)
  execute_process(COMMAND ${_wrapper} --cbs-verbose -O2 -c "${SOURCE}" -o "${_exe}-verbose.o"
                  RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
  if(NOT _rc EQUAL 0 OR NOT _out MATCHES "^tessera-cbs: [^\n]*fallback_kernel[^\n]* keeps fibers: [^\n]*sub-group barrier[^\n]*\n$")
    message(FATAL_ERROR "[cbs-verbose] expected a remark that fallback_kernel keeps fibers (${_rc}):\n${_out}")
  endif()
  string(REGEX MATCHALL "keeps fibers" _notes "${_out}")
  list(LENGTH _notes _count)
  if(NOT _count EQUAL 1)
    message(FATAL_ERROR "[cbs-verbose] expected one fallback note, got ${_count}:\n${_out}")
  endif()
  message(STATUS "[cbs-verbose] ${_out}")

elseif(MODE STREQUAL "wrapper_default")
  # With no TESSERA_CXX, tessera++ of an installation with the CBS pass compiles with clang 19
  # whatever compiler built Tessera, and --showme says so; TESSERA_CXX=<Tessera's compiler> still
  # overrides (no pass unless that compiler is clang 19).
  require_vars(STAGE_DIR SOURCE WORK_DIR BUILD_CXX)
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
  set(_wrapper "${CMAKE_COMMAND}" -E env --unset=TESSERA_CXX "${STAGE_DIR}/bin/tessera++")
  set(_exe "${WORK_DIR}/barrier_app")
  execute_process(COMMAND ${_wrapper} --showme -O2 "${SOURCE}" -o "${_exe}"
                  OUTPUT_VARIABLE _shown ERROR_VARIABLE _why RESULT_VARIABLE _rc)
  message(STATUS "[showme] ${_why}${_shown}")
  if(NOT _rc EQUAL 0 OR NOT _shown MATCHES "^[^ ]*clang\\+\\+-19 .*-fpass-plugin=[^ ]*libtessera-cbs\\.so"
     OR NOT _why MATCHES "^tessera\\+\\+: compiler [^ ]*clang\\+\\+-19: clang 19 loads the CBS pass")
    message(FATAL_ERROR "[showme] expected clang++-19 with the CBS pass, and why on stderr (${_rc})")
  endif()
  run_step(compile ${_wrapper} -O2 "${SOURCE}" -o "${_exe}")
  run_step("run compiled" "${_exe}" compiled)
  set(_override "${CMAKE_COMMAND}" -E env "TESSERA_CXX=${BUILD_CXX}" "${STAGE_DIR}/bin/tessera++")
  execute_process(COMMAND ${_override} --showme -O2 "${SOURCE}" -o "${_exe}-override"
                  OUTPUT_VARIABLE _shown ERROR_VARIABLE _why RESULT_VARIABLE _rc)
  string(FIND "${_shown}" "${BUILD_CXX} " _cmd_at)
  string(FIND "${_why}" "compiler ${BUILD_CXX}: TESSERA_CXX" _why_at)
  if(NOT _rc EQUAL 0 OR NOT _cmd_at EQUAL 0 OR _why_at EQUAL -1)
    message(FATAL_ERROR "[showme TESSERA_CXX] expected ${BUILD_CXX}, got (${_rc}): ${_why}${_shown}")
  endif()

elseif(MODE STREQUAL "find_package_cbs")
  # A project compiled by Tessera's own compiler: its SYCL target gets the CBS pass (through
  # clang++-19 when that compiler is not clang 19), configuring says what compiles it, and
  # -DTESSERA_CBS=OFF gives fibers.
  require_vars(STAGE_DIR SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  foreach(_variant cbs no-cbs)
    set(_dir "${WORK_DIR}/${_variant}")
    file(REMOVE_RECURSE "${_dir}")
    set(_opt -DTESSERA_CBS=ON)
    set(_expect compiled)
    if(_variant STREQUAL "no-cbs")
      set(_opt -DTESSERA_CBS=OFF)
      set(_expect fibers)
    endif()
    execute_process(COMMAND "${CMAKE_COMMAND}" -S "${SOURCE_DIR}" -B "${_dir}" -G "${GENERATOR}"
                            "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" -DCMAKE_BUILD_TYPE=Release
                            "-DCMAKE_PREFIX_PATH=${STAGE_DIR}" -DCMAKE_FIND_PACKAGE_NO_PACKAGE_REGISTRY=ON ${_opt}
                    OUTPUT_VARIABLE _out ERROR_VARIABLE _err RESULT_VARIABLE _rc)
    message(STATUS "[configure ${_variant}] ${_out}${_err}")
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR "[configure ${_variant}] failed (${_rc})")
    endif()
    string(FIND "${_out}" "SYCL targets are compiled and linked by" _said)
    if(_variant STREQUAL "cbs" AND NOT CXX_COMPILER MATCHES "clang\\+\\+-19" AND _said EQUAL -1)
      message(FATAL_ERROR "[configure cbs] no note that clang 19 compiles the SYCL targets")
    endif()
    run_step("build ${_variant}" "${CMAKE_COMMAND}" --build "${_dir}")
    run_step("run ${_variant}" "${_dir}/barrier_app" ${_expect})
  endforeach()

elseif(MODE STREQUAL "wrapper_cuda")
  # tessera++ --cuda: compile for the GPU; run on the CPU device, which needs no GPU, and with
  # DEFAULT_DEVICE=ON first on the default device (the GPU where there is one).
  require_vars(STAGE_DIR SOURCE WORK_DIR CUDA_ARCH)
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
  set(_wrapper "${STAGE_DIR}/bin/tessera++")
  set(_exe "${WORK_DIR}/hello_sycl_cuda")
  run_step(showme "${_wrapper}" --cuda "--cuda-arch=${CUDA_ARCH}" --showme -O2 "${SOURCE}" -o "${_exe}")
  run_step(compile "${_wrapper}" --cuda "--cuda-arch=${CUDA_ARCH}" -O2 "${SOURCE}" -o "${_exe}")
  expect_device_code("${_exe}" /usr/local/cuda/bin)
  if(DEFAULT_DEVICE)
    run_step(run-default "${_exe}")
  endif()
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

elseif(MODE STREQUAL "wrapper_cuda_device_O0")
  # tessera++ --cuda -O0: the device code of SOURCE is optimised (no optnone function, and the
  # kernel's callee inlined), unless -g asks for debug information, which keeps it at -O0.
  require_vars(STAGE_DIR SOURCE WORK_DIR CUDA_ARCH)
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
  foreach(_debug "" -g)
    set(_ir "${WORK_DIR}/device${_debug}.ll")
    run_step(device-ir${_debug} "${STAGE_DIR}/bin/tessera++" --cuda "--cuda-arch=${CUDA_ARCH}" -O0 ${_debug}
             --cuda-device-only -S -emit-llvm "${SOURCE}" -o "${_ir}")
    file(READ "${_ir}" _text)
    string(FIND "${_text}" "optnone" _optnone)
    string(FIND "${_text}" "call " _call)
    if(_debug STREQUAL "" AND (NOT _optnone EQUAL -1 OR NOT _call EQUAL -1))
      message(FATAL_ERROR "[device-ir] -O0 device code was not optimised (optnone or a call left):\n${_text}")
    elseif(_debug STREQUAL "-g" AND _optnone EQUAL -1)
      message(FATAL_ERROR "[device-ir-g] -O0 -g device code was optimised (no optnone function):\n${_text}")
    endif()
  endforeach()
  message(STATUS "[device-ir] -O0 device code optimised, -O0 -g device code not")

elseif(MODE STREQUAL "wrapper_cuda_nd_range_O0")
  # tessera++ --cuda -O0: SOURCE's one nd_range kernel is one GPU kernel (and its TESSERA_CHECK
  # copy), not three warp-fill specialisations.
  require_vars(STAGE_DIR SOURCE WORK_DIR CUDA_ARCH)
  file(REMOVE_RECURSE "${WORK_DIR}")
  file(MAKE_DIRECTORY "${WORK_DIR}")
  run_step(device-ptx "${STAGE_DIR}/bin/tessera++" --cuda "--cuda-arch=${CUDA_ARCH}" -O0 --cuda-device-only -S
           "${SOURCE}" -o "${WORK_DIR}/device.s")
  file(STRINGS "${WORK_DIR}/device.s" _kernels REGEX "^\\.visible \\.entry _ZN7tessera4cuda15nd_range_kernel")
  list(LENGTH _kernels _count)
  if(NOT _count EQUAL 1)
    message(FATAL_ERROR "[device-ptx] ${_count} nd_range kernels at -O0, expected 1:\n${_kernels}")
  endif()
  message(STATUS "[device-ptx] one nd_range kernel at -O0")

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
