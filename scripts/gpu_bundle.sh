#!/usr/bin/env bash
# Builds the CUDA configuration (build-cuda/) and gathers what a device run needs into .gpu/
# (git-ignored through .git/info/exclude): every test, example and the CUDA benchmarks, and
# programs of tests/package/ built by the staged tessera++ --cuda, with libtessera, Boost.Context
# and the CUDA runtime beside them, and from build/ (when built) the CPU benchmarks of the default
# build in .gpu/cpu/. Then, on the GPU machine:
#   bash scripts/gpu_run.sh; bash scripts/gpu_run.sh cpu
set -euo pipefail
cd "$(dirname "$0")/.."
exclude="$(git rev-parse --git-common-dir)/info/exclude" # a worktree's .git is a file
grep -qx '/.gpu/' "$exclude" 2>/dev/null || echo '/.gpu/' >> "$exclude"
cmake -S . -B build-cuda -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_BUILD_TYPE=Release -DTESSERA_CUDA=ON >/dev/null
ninja -C build-cuda
rm -rf .gpu && mkdir -p .gpu/t .gpu/ex
cp build-cuda/tests/*_test .gpu/t/
find build-cuda/examples -maxdepth 1 -type f -executable -exec cp {} .gpu/ex/ \;
cp build-cuda/bench/tessera-cuda-bench build-cuda/bench/tessera-amp-bench build-cuda/bench/tessera-root-barrier-bench \
   build-cuda/bench/tessera-dpl-cuda-bench build-cuda/bench/tessera-dpl-bench build-cuda/bench/tessera-ch14-cuda-bench \
   build-cuda/bench/tessera-barrier-check-bench \
   build-cuda/tessera-ls .gpu/
# The nvcc path: the package test's program, built by nvcc against this tree.
/usr/local/cuda/bin/nvcc -x cu -std=c++20 --extended-lambda --expt-relaxed-constexpr -arch=sm_90 -O2 -Iinclude \
  tests/package/nvcc_app.cpp -o .gpu/nvcc_app -cudart shared -Lbuild-cuda -ltessera -lboost_context -lpthread
# Programs compiled as users compile them, by the staged tessera++ --cuda (tests/package/): CUB
# included after and before <sycl/sycl.hpp>, and a C++ AMP program as written for MSVC.
cmake --install build-cuda --prefix build-cuda/stage >/dev/null
mkdir -p .gpu/pkg
for p in cub_after_sycl cub_before_sycl amp_app; do
  build-cuda/stage/bin/tessera++ --cuda -O2 "tests/package/$p.cpp" -o ".gpu/pkg/$p"
done
# clang's OpenMP runtime: the benchmarks' CPU peers (root barrier, oneDPL on the host) need it.
cp -L build-cuda/libtessera.so.0 /usr/lib/x86_64-linux-gnu/libboost_context.so.1.74.0 \
      /usr/local/cuda/lib64/libcudart.so.13 "$(clang++-19 -print-file-name=libomp.so.5)" .gpu/
# The default build's CPU side (build/: g++, its SYCL programs compiled by clang 19 with the CBS
# pass), which `gpu_run.sh cpu` measures on the GPU machine's host: the benches and the demo that
# docs/performance.md's first tables quote, with that build's libtessera and both OpenMP runtimes.
if [[ -x build/bench/tessera-bench && -x build/bench/tessera-cbs-bench && -x build/examples/tessera-demo ]]; then
  mkdir -p .gpu/cpu
  cp build/bench/tessera-bench build/bench/tessera-cbs-bench build/examples/tessera-demo .gpu/cpu/
  cp -L build/libtessera.so.0 /usr/lib/x86_64-linux-gnu/libboost_context.so.1.74.0 \
        "$(clang++-19 -print-file-name=libomp.so.5)" "$(g++ -print-file-name=libgomp.so.1)" .gpu/cpu/
else
  echo "note: build/ has no tessera-bench, tessera-cbs-bench or tessera-demo: .gpu/cpu/ left out" >&2
fi
# Unstripped (check mode's reports need line tables), the tests and examples exceed the device
# tool's 64 MiB as files; gpu_run.sh unpacks this archive.
tar -C .gpu -cf - t ex | xz -6 -T0 >.gpu/tex.tar.xz
rm -rf .gpu/t .gpu/ex
du -sh .gpu
