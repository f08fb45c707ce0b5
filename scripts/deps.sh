# shellcheck shell=bash
# Sourced by .ci/run, scripts/test.sh and scripts/demo.sh: the Debian packages Tessera
# needs to build and test, and a helper that installs the missing ones.

# shellcheck disable=SC2034  # used by the scripts that source this file
TESSERA_DEBIAN_PACKAGES=(
  g++                   # the compiler (also brings the ASan/UBSan/TSan runtimes)
  cmake
  ninja-build
  make
  libboost-context-dev  # fibers for work-items that call group barriers
  libgtest-dev
  libbenchmark-dev
  clang-19              # second compiler (clang's CUDA support, portability checks)
  libclang-rt-19-dev    # clang's sanitizer runtimes
  libomp-19-dev         # OpenMP for tessera-bench when clang builds it (build-cuda/)
  llvm-19-dev           # the device-code selection plugin of CUDA builds (compiler/)
  libclang-19-dev       # its front-end half
  nlohmann-json3-dev    # JSON parser of the trace test (tests/trace_test.cpp)
  libopenmpi-dev        # MPI for examples/mpi_heat (SYCL + MPI, one rank per device)
  openmpi-bin           # mpirun, which runs its test on 2 ranks
  ca-certificates
)

# tessera_missing_packages: prints the packages of the list that are not installed.
tessera_missing_packages() {
  local pkg
  for pkg in "${TESSERA_DEBIAN_PACKAGES[@]}"; do
    if ! dpkg -s "$pkg" >/dev/null 2>&1; then
      printf '%s\n' "$pkg"
    fi
  done
}

# tessera_ensure_deps: as root, installs whatever of the list is missing (apt-get is not run
# at all when everything is present). As another user, only warns.
tessera_ensure_deps() {
  if ! command -v dpkg >/dev/null 2>&1; then
    echo "note: not a Debian system; make sure these are installed: ${TESSERA_DEBIAN_PACKAGES[*]}" >&2
    return 0
  fi
  local missing
  missing="$(tessera_missing_packages | tr '\n' ' ')"
  if [[ -z "${missing// /}" ]]; then
    return 0
  fi
  if [[ "$(id -u)" -eq 0 ]]; then
    echo "==> installing missing packages: $missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    # shellcheck disable=SC2086
    apt-get install -y --no-install-recommends $missing
  else
    echo "warning: missing Debian packages (run as root to install them): $missing" >&2
  fi
}
