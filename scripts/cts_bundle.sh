#!/usr/bin/env bash
# Packs what building the SYCL-CTS on a lent machine of many cores needs (the device tool's host:
# 16-64 cores, no clang 19, no Boost) into one folder, for scripts/cts_remote.sh to unpack there:
#
#   scripts/cts_bundle.sh --cts DIR [--tessera BUILD] [--out DIR]
#
#   toolchain.tar.xz   this machine's clang 19 (its binary, libLLVM, libclang-cpp and the libraries
#                      they load, its resource headers) and g++ 12's libstdc++ headers and start
#                      files, so that the CTS is compiled there as here (made once; ~41 MB)
#   cts-src.tar.xz     the CTS checkout with its submodules, without .git
#   tessera.tar.xz     `cmake --install` of the Tessera build (default build/) and Boost.Context
# The device tool carries a folder of at most 64 MiB: the default --out is .gpu/cts (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."

cts="" tessera=build out=.gpu/cts
while (($#)); do
  case "$1" in
    --cts) cts="$2"; shift ;;
    --tessera) tessera="$2"; shift ;;
    --out) out="$2"; shift ;;
    *) echo "cts_bundle.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
[[ -d "$cts/tests" ]] || { echo "cts_bundle.sh: --cts DIR (a SYCL-CTS checkout) is required" >&2; exit 2; }
grep -qx '/.gpu/' .git/info/exclude 2>/dev/null || echo '/.gpu/' >> .git/info/exclude
mkdir -p "$out"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT

pack_toolchain() {
  local o="$stage/tc/opt" gcc=/usr/lib/gcc/x86_64-linux-gnu/12 lib
  mkdir -p "$o/llvm-19/bin" "$o/llvm-19/lib/clang/19" "$o/gcc12/usr/lib/gcc/x86_64-linux-gnu/12" \
           "$o/gcc12/usr/include/c++" "$o/gcc12/usr/include/x86_64-linux-gnu/c++"
  cp -L /usr/lib/llvm-19/bin/clang "$o/llvm-19/bin/"
  for lib in libLLVM.so.19.1 libclang-cpp.so.19.1 libedit.so.2 libbsd.so.0 libmd.so.0 libtinfo.so.6 libffi.so.8; do
    cp -L "$(ldconfig -p | awk -v l="$lib" '$1 == l { print $NF; exit }')" "$o/llvm-19/lib/"
  done
  cp -r /usr/lib/llvm-19/lib/clang/19/include /usr/lib/llvm-19/lib/clang/19/share "$o/llvm-19/lib/clang/19/"
  cp "$gcc"/crt*.o "$gcc"/libgcc.a "$gcc"/libgcc_eh.a "$gcc"/libgcc_s.so "$o/gcc12/usr/lib/gcc/x86_64-linux-gnu/12/"
  cp -r "$gcc/include" "$o/gcc12/usr/lib/gcc/x86_64-linux-gnu/12/"
  ln -s /usr/lib/x86_64-linux-gnu/libstdc++.so.6 "$o/gcc12/usr/lib/gcc/x86_64-linux-gnu/12/libstdc++.so"
  cp -r /usr/include/c++/12 "$o/gcc12/usr/include/c++/"
  cp -r /usr/include/x86_64-linux-gnu/c++/12 "$o/gcc12/usr/include/x86_64-linux-gnu/c++/"
  tar -C "$stage/tc" -cf - opt | xz -9 -T0 >"$out/toolchain.tar.xz"
}

[[ -s "$out/toolchain.tar.xz" ]] || pack_toolchain
tar --exclude=.git -C "$(dirname "$(realpath "$cts")")" -cf - "$(basename "$(realpath "$cts")")" \
  | xz -6 -T0 >"$out/cts-src.tar.xz"
cmake --build "$tessera" --target tessera tessera-cbs tessera-ls >/dev/null
cmake --install "$tessera" --prefix "$stage/tessera" >/dev/null
cp -L /usr/lib/x86_64-linux-gnu/libboost_context.so.1.74.0 "$stage/tessera/lib/"
tar -C "$stage" -cf - tessera | xz -6 -T0 >"$out/tessera.tar.xz"
cp scripts/cts_remote.sh "$out/"
du -sh "$out"
