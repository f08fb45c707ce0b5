#!/usr/bin/env bash
# Gathers Celerity built on Tessera's CUDA configuration (scripts/celerity.sh --cuda) into
# .gpu/celerity/ (git-ignored) for a GPU machine without MPI: its examples, system tests and
# unit tests (all_tests, or those built one by one), stripped, in the layout of the build
# directory (build/), with the libraries they link that a bare machine lacks (libtessera,
# Boost.Context, CUDA's runtime, HDF5, ...) and Debian's Open MPI (scripts/gpu_openmpi_bundle.sh),
# all in one celerity.tar.gz: HDF5's dependencies (distr_io) make it 60 MiB unpacked, and a
# device run carries 64 MiB in all.
#   bash scripts/gpu_celerity_bundle.sh <celerity-build> [DEST]    (default DEST .gpu/celerity)
#       <celerity-build>: <checkout>/build-tessera-cuda
# Then, on the GPU machine: bash scripts/gpu_celerity_run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
src=${1:?usage: gpu_celerity_bundle.sh <celerity-build> [DEST]}
out=${2:-.gpu/celerity}
exclude="$(git rev-parse --git-common-dir)/info/exclude"
grep -qx '/.gpu/' "$exclude" 2>/dev/null || echo '/.gpu/' >> "$exclude"
rm -rf "$out" && mkdir -p "$out/lib" "$out/build/test/system"
bash scripts/gpu_openmpi_bundle.sh "$out"
bins=()
put() { mkdir -p "$(dirname "$out/build/$1")"; strip -o "$out/build/$1" "$src/$1"; bins+=("$src/$1"); }
for d in "$src"/examples/*/; do
  d=${d%/} && [[ -x "$d/${d##*/}" ]] && put "examples/${d##*/}/${d##*/}"
done
for t in "$src"/test/system/*; do [[ -f "$t" && -x "$t" ]] && put "test/system/${t##*/}"; done
# all_tests, or the unit-test executables built one by one where they are fewer.
for t in "$src"/test/*; do [[ -f "$t" && -x "$t" ]] && put "test/${t##*/}"; done
[[ ! -f "$src/test/tessera-unit-tests.txt" ]] || cp "$src/test/tessera-unit-tests.txt" "$out/build/test/"
cp "$src/tessera-input.ppm" "$out/build/"
# Every library they link but the C and C++ runtimes (which the machine has) and Open MPI's own.
mpilib=$out/root/usr/lib/x86_64-linux-gnu
ldd "${bins[@]}" | awk '/=> \// { print $1, $3 }' | sort -u | while read -r name path; do
  case "$name" in libc.so*|libm.so*|libstdc++.so*|libgcc_s.so*|libpthread.so*|libdl.so*|librt.so*) continue ;; esac
  [[ -e "$mpilib/$name" || -e "$out/lib/$name" ]] || cp -L "$path" "$out/lib/$name"
done
tar -czf "$out.tar.gz" -C "$out" build lib root
rm -rf "$out" && mkdir -p "$out" && mv "$out.tar.gz" "$out/celerity.tar.gz"
du -sh "$out"
