# CMake helpers for building SYCL programs with Tessera.
#
# Included by TesseraConfig.cmake (installed package) and by Tessera's own top-level
# CMakeLists.txt (in-tree examples, tests and benchmarks), so both see the same function.
include_guard(GLOBAL)

# add_sycl_to_target(TARGET <target> [SOURCES <src>...] [CUDA])
#
# Adds <src>... to <target> and links it against the Tessera SYCL runtime (Tessera::sycl),
# which brings the include directories, C++17 or newer, Boost.Context and threads.
#
# CUDA: parsed but ignored for now. The CUDA backend will use it to compile the
# sources for the device as well; until then the sources build for the CPU only.
function(add_sycl_to_target)
  cmake_parse_arguments(PARSE_ARGV 0 _TSYCL "CUDA" "TARGET" "SOURCES")
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
  if(_TSYCL_CUDA)
    # Reserved for the CUDA backend, which is not built yet.
  endif()
  target_link_libraries(${_TSYCL_TARGET} ${_tsycl_scope} Tessera::sycl)
endfunction()
