# Tessera presented to Celerity as the SYCL implementation it calls "SimSYCL".
#
# scripts/celerity.sh puts this directory first on CMAKE_PREFIX_PATH and configures Celerity with
# -DCELERITY_SYCL_IMPL=SimSYCL, so that Celerity's own CMakeLists.txt finds Tessera through its
# find_package(SimSYCL CONFIG) and links SimSYCL::simsycl. Why SimSYCL's branch and not another:
#   * Celerity's DPC++ and AdaptiveCpp branches need those compilers (-fsycl, acpp's CMake
#     functions, ACPP_* and HIPSYCL_* macros); SimSYCL's is the one for a SYCL that is a plain C++
#     library, compiled by the host compiler, which is what Tessera is.
#   * In that branch Celerity builds no CUDA backend (its sycl_cuda_backend.cc calls DPC++ and
#     AdaptiveCpp interop), and its add_sycl_to_target does nothing: so the compile options
#     Tessera's own add_sycl_to_target gives (the CBS pass for barrier kernels) are put on
#     SimSYCL::simsycl here, and reach every Celerity target that links it. With
#     -DTESSERA_CUDA_KERNELS=ON (scripts/celerity.sh --cuda) and a Tessera built with its CUDA
#     backend, those options compile the targets as CUDA instead, so that Celerity's kernels run
#     on the GPUs; Celerity's own CUDA backend stays off, and its generic SYCL backend moves data.
#   * Celerity's source has no SimSYCL-only code path but a test it skips and a smaller matmul
#     (docs/celerity.md); no header of SimSYCL's is included.
# Nothing else of Celerity is changed.
find_package(Tessera CONFIG REQUIRED)

if(NOT TARGET SimSYCL::simsycl)
  add_library(SimSYCL::simsycl INTERFACE IMPORTED GLOBAL)
  add_sycl_to_target(TARGET SimSYCL::simsycl)
  # Celerity prints "SimSYCL " SIMSYCL_VERSION as its SYCL implementation at start-up.
  target_compile_definitions(SimSYCL::simsycl INTERFACE
    "SIMSYCL_VERSION=\"interface, implemented by Tessera ${Tessera_VERSION}\"")
endif()

set(SimSYCL_VERSION "${Tessera_VERSION}")
set(SimSYCL_FOUND TRUE)
