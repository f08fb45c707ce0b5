# tessera_add_cbs_sources(<target> SOURCES <src>... [INCLUDES <dir>...])
#
# Compiles <src>... with clang 19 and the CBS pass (compiler/cbs/), so that their nd_range kernels
# with barriers run as loops over work-items on the CPU. When this build's compiler is clang 19
# the sources are added with the plugin's options; otherwise (a g++ build, so that CI tests the
# pass there too) clang++-19 compiles them into objects linked into <target>. Needs the plugin
# (TESSERA_CBS_PLUGIN); returns with TESSERA_CBS_SOURCES_ADDED false when it cannot be used.
include_guard(GLOBAL)

function(tessera_add_cbs_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 _CBS "" "" "SOURCES;INCLUDES")
  set(TESSERA_CBS_SOURCES_ADDED FALSE PARENT_SCOPE)
  if(NOT TESSERA_CBS_PLUGIN)
    return()
  endif()
  set(_flags "-fpass-plugin=${TESSERA_CBS_PLUGIN}" -DTESSERA_CBS=1)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 19
     AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 20)
    target_sources(${target} PRIVATE ${_CBS_SOURCES})
    target_include_directories(${target} PRIVATE ${_CBS_INCLUDES})
    get_target_property(_loaded ${target} TESSERA_CBS_LOADED)
    if(NOT _loaded)
      set_source_files_properties(${_CBS_SOURCES} TARGET_DIRECTORY ${target} PROPERTIES COMPILE_OPTIONS "${_flags}")
    endif()
    add_dependencies(${target} tessera-cbs-ready)
    set_property(SOURCE ${_CBS_SOURCES} TARGET_DIRECTORY ${target} APPEND PROPERTY OBJECT_DEPENDS "${TESSERA_CBS_PLUGIN}")
    set(TESSERA_CBS_SOURCES_ADDED TRUE PARENT_SCOPE)
    return()
  endif()
  find_program(TESSERA_CBS_CLANG NAMES clang++-19 DOC "clang 19, which compiles the CBS pass's tests and benchmarks")
  if(NOT TESSERA_CBS_CLANG)
    return()
  endif()
  set(_incs "${PROJECT_SOURCE_DIR}/include" "${PROJECT_SOURCE_DIR}/include/tessera/posix" ${Boost_INCLUDE_DIRS} ${_CBS_INCLUDES})
  if(TARGET GTest::gtest)
    get_target_property(_gtest_incs GTest::gtest INTERFACE_INCLUDE_DIRECTORIES)
    if(_gtest_incs)
      list(APPEND _incs ${_gtest_incs})
    endif()
  endif()
  list(TRANSFORM _incs PREPEND "-I")
  set(_std 20)
  if(CMAKE_CXX_STANDARD)
    set(_std ${CMAKE_CXX_STANDARD})
  endif()
  foreach(_src IN LISTS _CBS_SOURCES)
    get_filename_component(_abs "${_src}" ABSOLUTE)
    get_filename_component(_name "${_src}" NAME)
    set(_obj "${CMAKE_CURRENT_BINARY_DIR}/${target}.cbs/${_name}.o")
    add_custom_command(OUTPUT "${_obj}"
      COMMAND "${TESSERA_CBS_CLANG}" -std=c++${_std} -O3 -DNDEBUG -fPIE -pthread ${_flags} ${_incs}
              -MD -MF "${_obj}.d" -c "${_abs}" -o "${_obj}"
      DEPENDS "${_abs}" tessera-cbs
      DEPFILE "${_obj}.d"
      COMMENT "Compiling ${_name} with clang 19 and the CBS pass"
      VERBATIM)
    target_sources(${target} PRIVATE "${_obj}")
  endforeach()
  set(TESSERA_CBS_SOURCES_ADDED TRUE PARENT_SCOPE)
endfunction()
