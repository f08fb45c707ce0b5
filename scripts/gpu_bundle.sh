#!/usr/bin/env bash
# Builds the CUDA configuration (build-cuda/) and gathers what a device run needs into .gpu/
# (git-ignored through .git/info/exclude): every test, example and the CUDA benchmarks, with
# libtessera, Boost.Context and the CUDA runtime beside them. Then, on the GPU machine:
#   bash scripts/gpu_run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
grep -qx '/.gpu/' .git/info/exclude 2>/dev/null || echo '/.gpu/' >> .git/info/exclude
cmake -S . -B build-cuda -G Ninja -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_BUILD_TYPE=Release -DTESSERA_CUDA=ON >/dev/null
ninja -C build-cuda
rm -rf .gpu && mkdir -p .gpu/t .gpu/ex
cp build-cuda/tests/*_test .gpu/t/
find build-cuda/examples -maxdepth 1 -type f -executable -exec cp {} .gpu/ex/ \;
cp build-cuda/bench/tessera-cuda-bench build-cuda/bench/tessera-amp-bench build-cuda/bench/tessera-root-barrier-bench \
   build-cuda/bench/tessera-dpl-cuda-bench build-cuda/bench/tessera-dpl-bench build-cuda/bench/tessera-ch14-cuda-bench \
   build-cuda/tessera-ls .gpu/
# The nvcc path: the package test's program, built by nvcc against this tree.
/usr/local/cuda/bin/nvcc -x cu -std=c++20 --extended-lambda --expt-relaxed-constexpr -arch=sm_90 -O2 -Iinclude \
  tests/package/nvcc_app.cpp -o .gpu/nvcc_app -cudart shared -Lbuild-cuda -ltessera -lboost_context -lpthread
# clang's OpenMP runtime: the benchmarks' CPU peers (root barrier, oneDPL on the host) need it.
cp -L build-cuda/libtessera.so.0 /usr/lib/x86_64-linux-gnu/libboost_context.so.1.74.0 \
      /usr/local/cuda/lib64/libcudart.so.13 "$(clang++-19 -print-file-name=libomp.so.5)" .gpu/
du -sh .gpu
