# The Khronos SYCL-CTS's adapter for Tessera (-DSYCL_IMPLEMENTATION=Tessera). scripts/cts.sh puts
# this directory on the CTS's CMAKE_MODULE_PATH after the CTS's find_package(Tessera) found the
# package, so Tessera::sycl and add_sycl_to_target are those of the installation given.
#
# The CTS wants SYCL::SYCL, which its util library links, and
# add_sycl_executable_implementation(NAME OBJECT_LIBRARY TESTS), which builds one category's
# executable. Everything that links SYCL::SYCL is compiled as add_sycl_to_target compiles SYCL
# code: with the CBS pass under clang 19, as CUDA with TESSERA_CUDA_KERNELS ON (scripts/cts.sh
# --cuda), so that the util library and the tests read Tessera's headers alike (one definition
# of each inline function in every object).

# tessera++ compiles as C++20; the CTS would otherwise pick C++17.
set(CMAKE_CXX_STANDARD 20)

add_library(SYCL::SYCL INTERFACE IMPORTED GLOBAL)
add_sycl_to_target(TARGET SYCL::SYCL)

# Which executable each category directory makes, for scripts/cts.sh (kernel_bundle makes 26).
set(TESSERA_CTS_EXECUTABLES_FILE "${CMAKE_BINARY_DIR}/tessera-cts-executables.txt")
file(WRITE "${TESSERA_CTS_EXECUTABLES_FILE}" "")

# Categories whose kernels call SYCL_EXTERNAL functions that another of their sources defines:
# under CUDA their device code is relocatable and linked as one (DPC++ links a program's device
# code across translation units by default).
set(TESSERA_CTS_RDC_CATEGORIES sycl_external optional_kernel_features spec_constants cuda_interop)

# Sources of the CTS that no implementation compiles, left out of their executable: the CUDA
# backend test of cuda_interop (SYCL-CTS 2397e7bd) defines its selector as a free function with
# `const override`, which is ill-formed; the category's other test cases build without it.
set(TESSERA_CTS_ILL_FORMED_SOURCES cuda_interop/cuda_backend_avail.cpp)

function(add_sycl_executable_implementation)
  cmake_parse_arguments(args "" "NAME;OBJECT_LIBRARY" "TESTS" ${ARGN})
  get_filename_component(_category "${CMAKE_CURRENT_SOURCE_DIR}" NAME)
  foreach(_src IN LISTS args_TESTS)
    get_filename_component(_name "${_src}" NAME)
    if("${_category}/${_name}" IN_LIST TESSERA_CTS_ILL_FORMED_SOURCES)
      message(STATUS "Tessera: leaving ${_category}/${_name} out of ${args_NAME}: it is ill-formed C++")
      list(REMOVE_ITEM args_TESTS "${_src}")
    endif()
  endforeach()
  # cuda_interop's .cu source is SYCL code compiled as CUDA: as CXX, it gets the options that
  # add_sycl_to_target gives the category's other sources (-xcuda, the shim, Tessera's plugins,
  # relocatable device code), which CMake's CUDA language would not.
  set(_cu_sources ${args_TESTS})
  list(FILTER _cu_sources INCLUDE REGEX "\\.cu$")
  if(_cu_sources)
    set_source_files_properties(${_cu_sources} PROPERTIES LANGUAGE CXX)
  endif()
  add_library(${args_OBJECT_LIBRARY} OBJECT ${args_TESTS})
  add_executable(${args_NAME} $<TARGET_OBJECTS:${args_OBJECT_LIBRARY}>)
  if(TESSERA_CUDA_KERNELS AND _category IN_LIST TESSERA_CTS_RDC_CATEGORIES)
    set_target_properties(${args_OBJECT_LIBRARY} ${args_NAME} PROPERTIES CUDA_SEPARABLE_COMPILATION ON)
    add_sycl_to_target(TARGET ${args_NAME})
  endif()
  add_sycl_to_target(TARGET ${args_OBJECT_LIBRARY} SOURCES ${args_TESTS})
  target_link_libraries(${args_NAME} PRIVATE Tessera::sycl)
  # host_task's CUDA test case calls CUDA's driver API where SYCL_BACKEND_CUDA is defined, in
  # every CUDA build; the CTS links the driver library only with its CUDA interop tests on.
  if(TESSERA_CUDA_KERNELS AND _category STREQUAL "host_task")
    target_link_libraries(${args_NAME} PRIVATE CUDA::cuda_driver)
  endif()
  # cuda_interop calls CUDA's driver API as CUDA 12 declared it (cuda_ctx_create_compat.h).
  if(TESSERA_CUDA_KERNELS AND _category STREQUAL "cuda_interop")
    target_compile_options(${args_OBJECT_LIBRARY} PRIVATE
                           -include "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/cuda_ctx_create_compat.h")
  endif()
  # The CTS gives its include directories, definitions and libraries (util, Catch2) to the
  # executable after this call; the objects are compiled with them too. Appended, not set, so
  # that the CBS or CUDA options add_sycl_to_target gave the objects stay.
  foreach(_prop IN ITEMS INCLUDE_DIRECTORIES COMPILE_DEFINITIONS COMPILE_OPTIONS COMPILE_FEATURES)
    set_property(TARGET ${args_OBJECT_LIBRARY} APPEND PROPERTY ${_prop}
                 "$<TARGET_PROPERTY:${args_NAME},${_prop}>")
  endforeach()
  file(APPEND "${TESSERA_CTS_EXECUTABLES_FILE}" "${_category} ${args_NAME}\n")
endfunction()
