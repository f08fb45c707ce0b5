# As in the CTS: the implementations it knows, its package and its adapter.
set (KNOWN_SYCL_IMPLEMENTATIONS "DPCPP;AdaptiveCpp")
if(NOT "${SYCL_IMPLEMENTATION}" IN_LIST KNOWN_SYCL_IMPLEMENTATIONS)
  message(FATAL_ERROR "-DSYCL_IMPLEMENTATION=[${KNOWN_SYCL_IMPLEMENTATIONS}]")
endif()
string(TOUPPER ${SYCL_IMPLEMENTATION} _canonical)
find_package(${SYCL_IMPLEMENTATION} REQUIRED)
find_file(SYCL_IMPLEMENTATION_ADAPTER Adapt${SYCL_IMPLEMENTATION}.cmake PATHS ${CMAKE_MODULE_PATH})
include("${SYCL_IMPLEMENTATION_ADAPTER}")
target_compile_definitions(SYCL::SYCL INTERFACE SYCL_CTS_COMPILING_WITH_${_canonical})

function(add_sycl_executable)
  cmake_parse_arguments(args "" "NAME;OBJECT_LIBRARY" "TESTS" ${ARGN})
  add_sycl_executable_implementation(NAME "${args_NAME}" OBJECT_LIBRARY "${args_OBJECT_LIBRARY}"
                                     TESTS "${args_TESTS}")
endfunction()
