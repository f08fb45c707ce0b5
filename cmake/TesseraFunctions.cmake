# CMake helpers for building SYCL programs with Tessera.
#
# Included by TesseraConfig.cmake (installed package) and by Tessera's own top-level
# CMakeLists.txt (in-tree examples, tests and benchmarks), so both see the same function.
include_guard(GLOBAL)

# add_sycl_to_target(TARGET <target> [SOURCES <src>...] [CUDA | HOST_ONLY] [RDC] [NO_CBS] [CHECK])
#
# Adds <src>... to <target> and links it against the Tessera SYCL runtime (Tessera::sycl),
# which brings the include directories, C++17 or newer, Boost.Context and threads.
#
# CUDA (or the variable TESSERA_CUDA_KERNELS set to ON): the C++ sources of <target> are
# compiled as CUDA, so that their kernels also run on NVIDIA GPUs. This needs a Tessera built
# with TESSERA_CUDA=ON and a project whose C++ compiler is clang (clang++-19: configure with
# -DCMAKE_CXX_COMPILER=clang++-19). Each source gets
#     -x cuda --cuda-path=<shim> --cuda-gpu-arch=<arch>... -Wno-unknown-cuda-version
# plus the include directories of the shim and of CUDA's CCCL (cuda/atomic); <shim> is the
# CUDA toolkit seen through Tessera's fatbinary shim (TESSERA_CUDA_SHIM_DIR), <arch> each
# entry of TESSERA_CUDA_ARCH (default sm_90). CUDA::cudart comes with Tessera::sycl.
#
# RDC (or the target property CUDA_SEPARABLE_COMPILATION set ON before the call): with CUDA, the
# device code is relocatable (-fgpu-rdc), so that a kernel may call a SYCL_EXTERNAL function that
# another translation unit defines, as with DPC++. The target is linked through tessera-rdc-link
# (TESSERA_RDC_LINKER, its CXX_LINKER_LAUNCHER; CMake 3.21), which links the device code of its
# objects with nvcc's device link; every object with device code that calls into another must be
# in the same link (a static library's objects are not device-linked).
#
# HOST_ONLY: never compiled as CUDA, even with TESSERA_CUDA_KERNELS (for programs whose kernels
# use host-only C++ on purpose, e.g. tests of the CPU backend); their kernels run on the CPU.
#
# CBS: sources not compiled as CUDA are compiled with Tessera's CBS pass
# (-fpass-plugin=<TESSERA_CBS_PLUGIN> -DTESSERA_CBS=1), which turns nd_range kernels with barriers
# into loops over the work-items; kernels it cannot handle keep fibers. The pass is clang 19's:
# when the project's C++ compiler is another one (g++) and clang++-19 is installed, <target> is
# compiled and linked by clang++-19 through the launcher tessera-cbs-cxx (TESSERA_CBS_LAUNCHER),
# and configuring says so once. Opt out for all targets with TESSERA_CBS set to OFF (the project
# compiler and fibers), for one with NO_CBS.
# Kernel attributes: wherever clang 19 compiles <target> (CBS or CUDA), Tessera's kernel-attribute
# plugin is loaded too (-fplugin=<TESSERA_KERNEL_ATTRIBUTES_PLUGIN> -DTESSERA_KERNEL_ATTRIBUTES=1),
# through which SYCL 2020's kernel attributes reach the runtime (docs/design.md); elsewhere they
# are ignored, as before.
# CHECK (or the variable TESSERA_CHECK_KERNELS set to ON): check mode (docs/checks.md). The
# target's kernels on the CPU check every accessor access against its range and local memory for
# races and reads of what no work-item wrote, and report with file:line (-DTESSERA_CHECK=1 -g); on
# the CPU it is built with AddressSanitizer (-fsanitize=address, compiled and linked), which finds
# accesses through USM pointers outside their allocations (left out for CUDA targets).
# TESSERA_CBS_VERBOSE=1 in the build's environment (`TESSERA_CBS_VERBOSE=1 cmake --build ...`)
# makes the pass print one line per kernel it leaves on fibers (objects ccache replays print none).
function(add_sycl_to_target)
  cmake_parse_arguments(PARSE_ARGV 0 _TSYCL "CUDA;HOST_ONLY;RDC;NO_CBS;CHECK" "TARGET" "SOURCES")
  if(NOT _TSYCL_TARGET)
    message(FATAL_ERROR "add_sycl_to_target: TARGET <target> is required")
  endif()
  if(_TSYCL_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "add_sycl_to_target: unexpected arguments: ${_TSYCL_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${_TSYCL_TARGET})
    message(FATAL_ERROR "add_sycl_to_target: '${_TSYCL_TARGET}' is not a target")
  endif()
  if(NOT TARGET Tessera::sycl)
    message(FATAL_ERROR "add_sycl_to_target: Tessera::sycl is not defined "
                        "(call find_package(Tessera CONFIG REQUIRED) first)")
  endif()

  get_target_property(_tsycl_type ${_TSYCL_TARGET} TYPE)
  if(_tsycl_type STREQUAL "INTERFACE_LIBRARY")
    set(_tsycl_scope INTERFACE)
  else()
    set(_tsycl_scope PUBLIC)
  endif()

  if(_TSYCL_SOURCES)
    # A source already listed in add_executable/add_library is fine: CMake drops duplicates.
    target_sources(${_TSYCL_TARGET} PRIVATE ${_TSYCL_SOURCES})
  endif()
  if(_TSYCL_CUDA AND _TSYCL_HOST_ONLY)
    message(FATAL_ERROR "add_sycl_to_target: CUDA and HOST_ONLY exclude each other")
  endif()
  if(_TSYCL_CUDA OR (TESSERA_CUDA_KERNELS AND NOT _TSYCL_HOST_ONLY))
    _tessera_sycl_cuda_options(${_TSYCL_TARGET})
    get_target_property(_tsycl_separable ${_TSYCL_TARGET} CUDA_SEPARABLE_COMPILATION)
    if(_TSYCL_RDC OR _tsycl_separable)
      _tessera_sycl_rdc_options(${_TSYCL_TARGET})
    endif()
  elseif(NOT _TSYCL_NO_CBS)
    _tessera_sycl_cbs_options(${_TSYCL_TARGET} ${_tsycl_scope})
  endif()
  if(_TSYCL_CHECK OR TESSERA_CHECK_KERNELS)
    target_compile_definitions(${_TSYCL_TARGET} ${_tsycl_scope} TESSERA_CHECK=1)
    # No vectorizer joins several items' accesses into one: a report names one item's access.
    target_compile_options(${_TSYCL_TARGET} ${_tsycl_scope} -g -fno-tree-vectorize -fno-tree-slp-vectorize)
    if(NOT (_TSYCL_CUDA OR (TESSERA_CUDA_KERNELS AND NOT _TSYCL_HOST_ONLY)) AND NOT "thread" IN_LIST TESSERA_SANITIZE)
      target_compile_options(${_TSYCL_TARGET} ${_tsycl_scope} -fsanitize=address -fno-omit-frame-pointer)
      target_link_options(${_TSYCL_TARGET} ${_tsycl_scope} -fsanitize=address)
    endif()
  endif()
  target_link_libraries(${_TSYCL_TARGET} ${_tsycl_scope} Tessera::sycl)
endfunction()

# How the CBS pass reaches this project's sources: "native" when the project's compiler is clang
# 19 (the LLVM the pass was built for), "launcher" when clang++-19 is installed beside another
# compiler, "" when it cannot (no pass, TESSERA_CBS off, no clang 19, or CMake older than 3.21,
# which has no linker launcher).
function(_tessera_cbs_mode out)
  set(_mode "")
  if(TESSERA_CBS_PLUGIN AND (NOT DEFINED TESSERA_CBS OR TESSERA_CBS))
    if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 19
       AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 20)
      set(_mode native)
    else()
      _tessera_find_cbs_clang()
      if(TESSERA_CBS_CLANG AND TESSERA_CBS_LAUNCHER AND NOT CMAKE_VERSION VERSION_LESS 3.21)
        set(_mode launcher)
      endif()
    endif()
  endif()
  set(${out} "${_mode}" PARENT_SCOPE)
endfunction()

function(_tessera_find_cbs_clang)
  find_program(TESSERA_CBS_CLANG NAMES clang++-19
               DOC "clang 19, which compiles SYCL targets with the CBS pass when the project compiler is not clang 19")
endfunction()

# Once per configuration: what happens to barrier kernels when the project's compiler cannot load
# the pass itself, and the line that changes it.
function(_tessera_cbs_announce mode)
  get_property(_done GLOBAL PROPERTY TESSERA_CBS_ANNOUNCED)
  if(_done OR mode STREQUAL "native" OR (DEFINED TESSERA_CBS AND NOT TESSERA_CBS))
    return()
  endif()
  set_property(GLOBAL PROPERTY TESSERA_CBS_ANNOUNCED TRUE)
  set(_cxx "${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION}")
  if(mode STREQUAL "launcher")
    message(STATUS "Tessera: SYCL targets are compiled and linked by ${TESSERA_CBS_CLANG} with the CBS "
                   "pass, so that barrier kernels run as loops over work-items; the project compiler "
                   "(${_cxx}) compiles the rest. -DTESSERA_CBS=OFF keeps ${_cxx} and runs barrier "
                   "kernels on fibers (10-700x slower).")
  elseif(NOT TESSERA_CBS_PLUGIN)
    message(STATUS "Tessera: this Tessera has no CBS pass (built without llvm-19-dev): nd_range "
                   "kernels with barriers run on fibers (10-700x slower than compiled loops).")
  else()
    message(STATUS "Tessera: nd_range kernels with barriers run on fibers (10-700x slower than "
                   "compiled loops): the CBS pass needs clang 19, and ${_cxx} is the project "
                   "compiler. Install clang 19 (apt-get install clang-19) and reconfigure, or "
                   "configure with -DCMAKE_CXX_COMPILER=clang++-19.")
  endif()
endfunction()

# Compile options that load the CBS pass into clang 19 for <target>'s C++ sources, and with
# another project compiler the launcher that puts clang 19 in its place.
function(_tessera_sycl_cbs_options target scope)
  _tessera_cbs_mode(_mode)
  _tessera_cbs_announce("${_mode}")
  if(NOT _mode)
    return()
  endif()
  if(_mode STREQUAL "launcher")
    if(scope STREQUAL "INTERFACE")
      return() # an interface library compiles nothing; its users' own targets decide
    endif()
    _tessera_use_cbs_launcher(${target})
  endif()
  target_compile_options(${target} ${scope} "$<$<COMPILE_LANGUAGE:CXX>:-fpass-plugin=${TESSERA_CBS_PLUGIN}>")
  target_compile_definitions(${target} ${scope} TESSERA_CBS=1)
  _tessera_kernel_attributes_options(${target} ${scope})
  if(TARGET tessera-cbs-ready AND NOT scope STREQUAL "INTERFACE")
    add_dependencies(${target} tessera-cbs-ready)
  endif()
  _tessera_rebuild_on_plugin(${target} "${TESSERA_CBS_PLUGIN}")
  # tessera_add_cbs_sources (the in-tree CBS tests) must not load the pass a second time.
  set_property(TARGET ${target} PROPERTY TESSERA_CBS_LOADED TRUE)
endfunction()

# Loads the kernel-attribute plugin (TESSERA_KERNEL_ATTRIBUTES_PLUGIN) into the clang 19 that
# compiles <target>'s C++ sources, so that their kernels' [[sycl::reqd_work_group_size]],
# [[sycl::reqd_sub_group_size]] and [[sycl::device_has]] reach the runtime;
# TESSERA_KERNEL_ATTRIBUTES=1 says so to the sources.
function(_tessera_kernel_attributes_options target scope)
  if(NOT TESSERA_KERNEL_ATTRIBUTES_PLUGIN)
    return()
  endif()
  target_compile_options(${target} ${scope} "$<$<COMPILE_LANGUAGE:CXX>:-fplugin=${TESSERA_KERNEL_ATTRIBUTES_PLUGIN}>")
  target_compile_definitions(${target} ${scope} TESSERA_KERNEL_ATTRIBUTES=1)
  if(TARGET tessera-kernel-attributes-ready AND NOT scope STREQUAL "INTERFACE")
    add_dependencies(${target} tessera-kernel-attributes-ready)
  endif()
  _tessera_rebuild_on_plugin(${target} "${TESSERA_KERNEL_ATTRIBUTES_PLUGIN}")
endfunction()

# clang 19 compiles <target> and links it where it is linked (clang's -fopenmp needs clang's
# OpenMP runtime); a launcher already set (ccache) runs after tessera-cbs-cxx.
function(_tessera_use_cbs_launcher target)
  _tessera_prepend_cbs_launcher(${target} CXX_COMPILER_LAUNCHER)
  get_target_property(_type ${target} TYPE)
  if(_type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY)$")
    _tessera_prepend_cbs_launcher(${target} CXX_LINKER_LAUNCHER)
  endif()
endfunction()

# tessera-cbs-cxx in front of <target>'s <property> (a launcher list), once.
function(_tessera_prepend_cbs_launcher target property)
  get_target_property(_launchers ${target} ${property})
  if(NOT _launchers)
    set(_launchers "")
  endif()
  if(NOT TESSERA_CBS_LAUNCHER IN_LIST _launchers)
    set_property(TARGET ${target} PROPERTY ${property}
                 "${TESSERA_CBS_LAUNCHER}" "${TESSERA_CBS_CLANG}" "${CMAKE_CXX_COMPILER}" ${_launchers})
  endif()
endfunction()

# The compiler does not know a pass plugin as an input, so a rebuilt plugin (a new Tessera, or
# the in-tree pass edited) would leave objects it compiled stale: each source <target> lists now
# depends on the plugin's file. Sources added to <target> later are not covered.
function(_tessera_rebuild_on_plugin target plugin)
  get_target_property(_type ${target} TYPE)
  get_target_property(_srcs ${target} SOURCES)
  if(_type STREQUAL "INTERFACE_LIBRARY" OR NOT _srcs)
    return()
  endif()
  set_property(SOURCE ${_srcs} TARGET_DIRECTORY ${target} APPEND PROPERTY OBJECT_DEPENDS "${plugin}")
endfunction()

# Compile options that make clang compile <target>'s C++ sources as CUDA.
function(_tessera_sycl_cuda_options target)
  if(NOT TESSERA_CUDA_SHIM_DIR OR NOT EXISTS "${TESSERA_CUDA_SHIM_DIR}/bin/fatbinary")
    message(FATAL_ERROR "add_sycl_to_target(TARGET ${target} CUDA): this Tessera was built "
                        "without its CUDA backend (configure Tessera with -DTESSERA_CUDA=ON)")
  endif()
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "add_sycl_to_target(TARGET ${target} CUDA): kernels for the GPU are "
                        "compiled by clang in CUDA mode, but the C++ compiler is "
                        "${CMAKE_CXX_COMPILER_ID} (${CMAKE_CXX_COMPILER}); configure a separate "
                        "build directory with -DCMAKE_CXX_COMPILER=clang++-19")
  endif()
  get_target_property(_type ${target} TYPE)
  if(_type STREQUAL "INTERFACE_LIBRARY")
    set(_scope INTERFACE)
  else()
    set(_scope PRIVATE)
  endif()
  set(_archs "${TESSERA_CUDA_ARCH}")
  if(NOT _archs)
    set(_archs sm_90)
  endif()
  set(_opts -xcuda "--cuda-path=${TESSERA_CUDA_SHIM_DIR}" -Wno-unknown-cuda-version)
  foreach(_arch IN LISTS _archs)
    list(APPEND _opts "--cuda-gpu-arch=${_arch}")
  endforeach()
  # Unannotated kernel callees and C++ AMP's reference captures: Tessera's plugin compiles the
  # device side in HIP's stdpar mode, which accepts them, and keeps there what kernels reach. Its
  # pass also gives hierarchical kernels a thread per work-item (TESSERA_CUDA_HIERARCHICAL tells
  # the launch).
  if(TESSERA_DEVICE_SELECT_PLUGIN)
    list(APPEND _opts "-fplugin=${TESSERA_DEVICE_SELECT_PLUGIN}" "-fpass-plugin=${TESSERA_DEVICE_SELECT_PLUGIN}"
         -DTESSERA_CUDA_HIERARCHICAL=1)
    if(TARGET tessera-device-select-ready)
      add_dependencies(${target} tessera-device-select-ready)
    endif()
    _tessera_rebuild_on_plugin(${target} "${TESSERA_DEVICE_SELECT_PLUGIN}")
  endif()
  list(TRANSFORM _opts PREPEND "$<$<COMPILE_LANGUAGE:CXX>:")
  list(TRANSFORM _opts APPEND ">")
  target_compile_options(${target} ${_scope} ${_opts})
  _tessera_kernel_attributes_options(${target} ${_scope})
  # The shim's include/ ahead of the toolkit's (which CUDA::cudart brings): its cuda.h and
  # vector_types.h must be the ones read (cmake/TesseraCudaShim.cmake).
  set(_incs "${TESSERA_CUDA_SHIM_DIR}/shim-include" "${TESSERA_CUDA_SHIM_DIR}/include")
  if(EXISTS "${TESSERA_CUDA_SHIM_DIR}/include/cccl")
    list(APPEND _incs "${TESSERA_CUDA_SHIM_DIR}/include/cccl")  # CUDA 13: cuda/atomic, cub
  endif()
  target_include_directories(${target} SYSTEM ${_scope} ${_incs})
endfunction()

# Relocatable device code for <target>'s CUDA sources, and the link that resolves it.
function(_tessera_sycl_rdc_options target)
  if(NOT TESSERA_RDC_LINKER OR CMAKE_VERSION VERSION_LESS 3.21)
    message(FATAL_ERROR "add_sycl_to_target(TARGET ${target} RDC): needs CMake 3.21 (a linker launcher) and a "
                        "Tessera with tools/tessera-rdc-link")
  endif()
  get_target_property(_type ${target} TYPE)
  set(_scope PRIVATE)
  if(_type STREQUAL "INTERFACE_LIBRARY")
    set(_scope INTERFACE)
  endif()
  target_compile_options(${target} ${_scope} "$<$<COMPILE_LANGUAGE:CXX>:-fgpu-rdc>")
  if(_type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY)$")
    set(_archs "${TESSERA_CUDA_ARCH}")
    if(NOT _archs)
      set(_archs sm_90)
    endif()
    string(REPLACE ";" "," _archs "${_archs}")
    get_target_property(_launchers ${target} CXX_LINKER_LAUNCHER)
    if(NOT _launchers)
      set(_launchers "")
    endif()
    set_property(TARGET ${target} PROPERTY CXX_LINKER_LAUNCHER
                 "${TESSERA_RDC_LINKER}" "${TESSERA_CUDA_SHIM_DIR}/bin/nvcc" "${_archs}" ${_launchers})
  endif()
endfunction()
