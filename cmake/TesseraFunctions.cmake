# CMake helpers for building SYCL programs with Tessera.
#
# Included by TesseraConfig.cmake (installed package) and by Tessera's own top-level
# CMakeLists.txt (in-tree examples, tests and benchmarks), so both see the same function.
include_guard(GLOBAL)

# add_sycl_to_target(TARGET <target> [SOURCES <src>...] [CUDA | HOST_ONLY] [NO_CBS])
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
# HOST_ONLY: never compiled as CUDA, even with TESSERA_CUDA_KERNELS (for programs whose kernels
# use host-only C++ on purpose, e.g. tests of the CPU backend); their kernels run on the CPU.
#
# CBS: when the project's C++ compiler is clang 19 and the sources are not compiled as CUDA,
# they are compiled with Tessera's CBS pass (-fpass-plugin=<TESSERA_CBS_PLUGIN> -DTESSERA_CBS=1),
# which turns nd_range kernels with barriers into loops over the work-items; kernels it cannot
# handle keep fibers. Opt out for all targets with TESSERA_CBS set to OFF, for one with NO_CBS.
# TESSERA_CBS_VERBOSE=1 in the build's environment (`TESSERA_CBS_VERBOSE=1 cmake --build ...`)
# makes the pass print one line per kernel it leaves on fibers (objects ccache replays print none).
function(add_sycl_to_target)
  cmake_parse_arguments(PARSE_ARGV 0 _TSYCL "CUDA;HOST_ONLY;NO_CBS" "TARGET" "SOURCES")
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
  elseif(NOT _TSYCL_NO_CBS)
    _tessera_sycl_cbs_options(${_TSYCL_TARGET} ${_tsycl_scope})
  endif()
  target_link_libraries(${_TSYCL_TARGET} ${_tsycl_scope} Tessera::sycl)
endfunction()

# Whether this project's compiler can load the CBS pass: clang 19, the LLVM it was built for.
function(_tessera_cbs_usable out)
  set(_ok FALSE)
  if(TESSERA_CBS_PLUGIN AND (NOT DEFINED TESSERA_CBS OR TESSERA_CBS)
     AND CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 19
     AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 20)
    set(_ok TRUE)
  endif()
  set(${out} ${_ok} PARENT_SCOPE)
endfunction()

# Compile options that load the CBS pass into clang 19 for <target>'s C++ sources.
function(_tessera_sycl_cbs_options target scope)
  _tessera_cbs_usable(_usable)
  if(NOT _usable)
    return()
  endif()
  target_compile_options(${target} ${scope} "$<$<COMPILE_LANGUAGE:CXX>:-fpass-plugin=${TESSERA_CBS_PLUGIN}>")
  target_compile_definitions(${target} ${scope} TESSERA_CBS=1)
  if(TARGET tessera-cbs-ready AND NOT scope STREQUAL "INTERFACE")
    add_dependencies(${target} tessera-cbs-ready)
  endif()
  _tessera_rebuild_on_plugin(${target} "${TESSERA_CBS_PLUGIN}")
  # tessera_add_cbs_sources (the in-tree CBS tests) must not load the pass a second time.
  set_property(TARGET ${target} PROPERTY TESSERA_CBS_LOADED TRUE)
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
  # The shim's include/ ahead of the toolkit's (which CUDA::cudart brings): its cuda.h and
  # vector_types.h must be the ones read (cmake/TesseraCudaShim.cmake).
  set(_incs "${TESSERA_CUDA_SHIM_DIR}/shim-include" "${TESSERA_CUDA_SHIM_DIR}/include")
  if(EXISTS "${TESSERA_CUDA_SHIM_DIR}/include/cccl")
    list(APPEND _incs "${TESSERA_CUDA_SHIM_DIR}/include/cccl")  # CUDA 13: cuda/atomic, cub
  endif()
  target_include_directories(${target} SYSTEM ${_scope} ${_incs})
endfunction()
