# Tessera's compiler plugins (compiler/: device-code selection for clang's CUDA mode, compiler/cbs/:
# the CBS pass, compiler/kernel_attributes/: SYCL's kernel attributes) are loaded by clang 19 into
# its own process, so they are found and built alike.

# tessera_find_llvm19(<found-var> [CLANG]): whether LLVM's 19 development files are there (with
# CLANG, clang's plugin headers too). LLVM's version file accepts only an exact major.minor request,
# hence the check after find_package.
macro(tessera_find_llvm19 found)
  find_package(LLVM CONFIG QUIET HINTS /usr/lib/llvm-19/lib/cmake/llvm)
  set(${found} FALSE)
  if(LLVM_FOUND AND LLVM_VERSION_MAJOR EQUAL 19)
    set(${found} TRUE)
    if("${ARGN}" STREQUAL "CLANG")
      find_path(TESSERA_CLANG_PLUGIN_HEADERS clang/Frontend/FrontendPluginRegistry.h
                HINTS ${LLVM_INCLUDE_DIRS} NO_DEFAULT_PATH)
      if(NOT TESSERA_CLANG_PLUGIN_HEADERS)
        set(${found} FALSE)
      endif()
    endif()
  endif()
endmacro()

# tessera_clang_plugin(<name> <source>...): lib<name>.so in this binary folder, installed in
# lib/tessera, and <name>-ready, the utility target that programs compiled with it depend on.
function(tessera_clang_plugin name)
  add_library(${name} MODULE ${ARGN})
  target_include_directories(${name} SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS})
  target_compile_definitions(${name} PRIVATE ${LLVM_DEFINITIONS})
  # clang provides LLVM's symbols (and its own); both are built without RTTI.
  target_compile_options(${name} PRIVATE -fno-rtti)
  # A fixed path ($<1:> stops multi-config generators adding a folder per configuration): it is
  # also each compiled object's dependency (OBJECT_DEPENDS), which takes no generator expression.
  set_target_properties(${name} PROPERTIES PREFIX "lib" SUFFIX ".so" CXX_VISIBILITY_PRESET default
                        LIBRARY_OUTPUT_DIRECTORY "$<1:${CMAKE_CURRENT_BINARY_DIR}>")
  # Compiling a program needs the linked plugin; Ninja orders objects after their dependencies'
  # objects only, but after a utility target's completion.
  add_custom_target(${name}-ready DEPENDS ${name})
  install(TARGETS ${name} LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}/tessera")
endfunction()
