#!/usr/bin/env bash
# Builds and runs SYCL-CTS categories on a lent machine from the folder scripts/cts_bundle.sh made
# (run from the root of this tree there; as root: it installs a clang++-19 launcher in /usr/bin):
#
#   bash scripts/cts_remote.sh BUNDLE OUT SECONDS [--cuda] [cts.sh options and categories...]
#
# BUNDLE is the bundle folder, OUT where the table and the logs go, SECONDS how long the build of
# all categories together may take (cts.sh --together). With --cuda, the bundle's CUDA build of
# Tessera (tessera-cuda.tar.xz) compiles the kernels for the machine's GPU (CUDA in
# /usr/local/cuda). A CPU and a CUDA run may go side by side (each has its own build directory
# and OUT); two runs of one kind (say full conformance and the default mode) need CTS_BUILD, a
# build directory of their own. The toolchain lands in /opt, the CTS and Tessera under /tmp.
set -euo pipefail
bundle="$(realpath "$1")" out="$2" seconds="$3"
shift 3
tree="$(pwd)"
cuda=()
if [[ "${1:-}" == --cuda ]]; then
  cuda=(--cuda)
  shift
fi

unxz_to() { # unxz_to DIR FILE: Python's lzma where there is no xz
  if command -v xz >/dev/null; then xz -dc "$2"; else
    python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), sys.stdout.buffer)' "$2"
  fi | tar -C "$1" -xf -
}

# clang 19 as this machine's clang++-19, with g++ 12's headers (those the bundle's maker compiles
# with), and its own libraries ahead of the system's. Done once; a second run waits for the first.
install_toolchain() {
  unxz_to / "$bundle/toolchain.tar.xz"
  unxz_to / "$bundle/toolchain-libs.tar.xz"
  unxz_to /tmp "$bundle/cts-src.tar.xz"
  cat >/usr/bin/clang++-19.new <<'EOF'
#!/bin/sh
LD_LIBRARY_PATH=/opt/llvm-19/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}:/opt/llvm-19/lib/fallback exec /opt/llvm-19/bin/clang \
  --driver-mode=g++ --gcc-install-dir=/opt/gcc12/usr/lib/gcc/x86_64-linux-gnu/12 "$@"
EOF
  chmod +x /usr/bin/clang++-19.new
  mv /usr/bin/clang++-19.new /usr/bin/clang++-19
}
exec 9>/tmp/cts-remote.lock
flock 9
[[ -x /usr/bin/clang++-19 && -d /opt/gcc12 ]] || install_toolchain
# lld beside clang, which looks for ld.lld in its own folder first (cts.sh links with it).
[[ -x /opt/llvm-19/bin/ld.lld || ! -f "$bundle/linker.tar.xz" ]] || unxz_to / "$bundle/linker.tar.xz"
flock -u 9

# Boost.Context is Tessera's one library dependency; there is no Boost there, so the staged
# package names the library itself instead of finding Boost's CMake package.
name=tessera
((${#cuda[@]} == 0)) || name=tessera-cuda
# Unpacked again only for another bundle: fresh timestamps on its headers would make a second run
# in the same lease (the CTS build directory kept) rebuild every object.
lib="/tmp/$name/lib"
stamp="$(cksum <"$bundle/$name.tar.xz")"
if [[ "$(cat "/tmp/$name/.bundle" 2>/dev/null)" != "$stamp" ]]; then
  rm -rf "/tmp/$name" && unxz_to /tmp "$bundle/$name.tar.xz"
  ln -sf libboost_context.so.1.74.0 "$lib/libboost_context.so"
  sed -i "s|^find_dependency(Boost .*|if(NOT TARGET Boost::context)\n  add_library(Boost::context SHARED IMPORTED)\n  set_target_properties(Boost::context PROPERTIES IMPORTED_LOCATION $lib/libboost_context.so.1.74.0)\nendif()|" \
    "$lib/cmake/Tessera/TesseraConfig.cmake"
  echo "$stamp" >"/tmp/$name/.bundle"
fi
export LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

cts="$(find /tmp -maxdepth 1 -name 'SYCL-CTS*' -type d | head -1)"
mkdir -p "$out"
status=0
build="${CTS_BUILD:-/tmp/cts-build-$name}"
bash "$tree/scripts/cts.sh" --cts "$cts" --tessera "/tmp/$name" --build "$build" "${cuda[@]}" \
  --together "$seconds" --out "$out/conformance.md" "$@" 2> >(tee "$out/progress.log" >&2) || status=$?
# The logs of what did not build or pass, for the table's first errors to be read in full.
tar -C "$build/cts-logs" -czf "$out/cts-logs.tar.gz" .
exit "$status"
