#!/usr/bin/env bash
# Packs what building the SYCL-CTS on a lent machine of many cores needs (the device tool's host:
# 16-64 cores, no clang 19, no Boost) into one folder, for scripts/cts_remote.sh to unpack there:
#
#   scripts/cts_bundle.sh --cts DIR [--tessera BUILD] [--cuda-tessera BUILD] [--out DIR]
#
#   toolchain.tar.xz   this machine's clang 19 (its binary, libLLVM, libclang-cpp, its resource
#                      headers) and g++ 12's libstdc++ headers and start files, so that the CTS is
#                      compiled there as here (made once; ~41 MB)
#   toolchain-libs.tar.xz  the other libraries clang 19 loads (made once; ~16 MB)
#   linker.tar.xz      lld 19 (package lld-19), where this machine has it: cts.sh links CPU builds
#                      with lld, whose full-conformance objects ld.bfd takes minutes to link (~2 MB)
#   cts-src.tar.xz     the CTS checkout with its submodules, without .git
#   tessera.tar.xz     `cmake --install` of the Tessera build (default build/) and Boost.Context
#   tessera-cuda.tar.xz  the same of a CUDA build (TESSERA_CUDA=ON), with --cuda-tessera
# The device tool carries a folder of at most 64 MiB: the default --out is .gpu/cts (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."

cts="" tessera=build cuda_tessera="" out=.gpu/cts
while (($#)); do
  case "$1" in
    --cts) cts="$2"; shift ;;
    --tessera) tessera="$2"; shift ;;
    --cuda-tessera) cuda_tessera="$2"; shift ;;
    --out) out="$2"; shift ;;
    *) echo "cts_bundle.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
[[ -d "$cts/tests" ]] || { echo "cts_bundle.sh: --cts DIR (a SYCL-CTS checkout) is required" >&2; exit 2; }
exclude="$(git rev-parse --git-common-dir)/info/exclude" # a worktree's .git is a file
grep -qx '/.gpu/' "$exclude" 2>/dev/null || echo '/.gpu/' >> "$exclude"
mkdir -p "$out"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

pack_toolchain() {
  local o="$stage/tc/opt" gcc=/usr/lib/gcc/x86_64-linux-gnu/12 lib
  mkdir -p "$o/llvm-19/bin" "$o/llvm-19/lib/clang/19" "$o/gcc12/usr/lib/gcc/x86_64-linux-gnu/12" \
           "$o/gcc12/usr/include/c++" "$o/gcc12/usr/include/x86_64-linux-gnu/c++"
  cp -L /usr/lib/llvm-19/bin/clang "$o/llvm-19/bin/"
  cp -L /usr/lib/x86_64-linux-gnu/libLLVM.so.19.1 /usr/lib/x86_64-linux-gnu/libclang-cpp.so.19.1 "$o/llvm-19/lib/"
  cp -r /usr/lib/llvm-19/lib/clang/19/include /usr/lib/llvm-19/lib/clang/19/share "$o/llvm-19/lib/clang/19/"
  cp "$gcc"/crt*.o "$gcc"/libgcc.a "$gcc"/libgcc_eh.a "$gcc"/libgcc_s.so "$o/gcc12/usr/lib/gcc/x86_64-linux-gnu/12/"
  cp -r "$gcc/include" "$o/gcc12/usr/lib/gcc/x86_64-linux-gnu/12/"
  ln -s /usr/lib/x86_64-linux-gnu/libstdc++.so.6 "$o/gcc12/usr/lib/gcc/x86_64-linux-gnu/12/libstdc++.so"
  cp -r /usr/include/c++/12 "$o/gcc12/usr/include/c++/"
  cp -r /usr/include/x86_64-linux-gnu/c++/12 "$o/gcc12/usr/include/x86_64-linux-gnu/c++/"
  tar -C "$stage/tc" -cf - opt | xz -9 -T0 >"$out/toolchain.tar.xz"
}

# The libraries clang 19 loads beside the C and C++ runtimes: those that the linker (which clang
# runs, and which inherits its library path) loads too go last in that path (lib/fallback), so
# that the machine's own come first for it.
pack_libraries() {
  local o="$stage/libs/opt/llvm-19/lib" lib path
  mkdir -p "$o/fallback"
  for lib in $(ldd /usr/lib/llvm-19/bin/clang | awk '/=>/ { print $1 }'); do
    case "$lib" in
      libc.so*|libm.so*|libstdc++.so*|libgcc_s.so*|libLLVM.so*|libclang-cpp.so*) continue ;;
    esac
    path="$(ldd /usr/lib/llvm-19/bin/clang | awk -v l="$lib" '$1 == l { print $3 }')"
    case "$lib" in
      libz.so*|liblzma.so*|libzstd.so*) cp -L "$path" "$o/fallback/" ;;
      *) cp -L "$path" "$o/" ;;
    esac
  done
  tar -C "$stage/libs" -cf - opt | xz -9 -T0 >"$out/toolchain-libs.tar.xz"
}

# lld loads the libraries clang does (libLLVM, and those of toolchain-libs).
pack_linker() {
  local o="$stage/ld/opt/llvm-19/bin"
  mkdir -p "$o"
  cp -L /usr/lib/llvm-19/bin/lld "$o/"
  ln -s lld "$o/ld.lld"
  tar -C "$stage/ld" -cf - opt | xz -9 -T0 >"$out/linker.tar.xz"
}

[[ -s "$out/toolchain.tar.xz" ]] || pack_toolchain
[[ -s "$out/toolchain-libs.tar.xz" ]] || pack_libraries
[[ -s "$out/linker.tar.xz" || ! -x /usr/lib/llvm-19/bin/lld ]] || pack_linker
tar --exclude=.git -C "$(dirname "$(realpath "$cts")")" -cf - "$(basename "$(realpath "$cts")")" \
  | xz -6 -T0 >"$out/cts-src.tar.xz"
# pack_tessera BUILD NAME: NAME.tar.xz, the build's library and tools installed, with Boost.Context.
pack_tessera() {
  cmake --build "$1" --target tessera tessera-cbs tessera-ls >/dev/null
  cmake --install "$1" --prefix "$stage/$2" >/dev/null
  cp -L /usr/lib/x86_64-linux-gnu/libboost_context.so.1.74.0 "$stage/$2/lib/"
  tar -C "$stage" -cf - "$2" | xz -6 -T0 >"$out/$2.tar.xz"
}
pack_tessera "$tessera" tessera
[[ -z "$cuda_tessera" ]] || pack_tessera "$cuda_tessera" tessera-cuda
cp scripts/cts_remote.sh "$out/"
du -sh "$out"
