#!/usr/bin/env bash
# Checks the layering of docs/design.md ("Layers"):
#   1. include/sycl/, the SYCL surface, and the libraries on it (include/oneapi/, oneDPL's API, and
#      include/tessera/ext/, its implementation) name no backend: no tessera::cpu:: or tessera::cuda::, no
#      backend header, no conditional on CUDA compilation (comments aside).
#   2. The CUDA backend is a folder one can delete: a copy of the tree without
#      include/tessera/backend/cuda and src/cuda configures with TESSERA_CUDA=OFF, builds, and
#      passes its tests.
# Environment: TESSERA_JOBS=N (default 2).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs="${TESSERA_JOBS:-2}"

pattern='tessera::(cpu|cuda)::|tessera/backend/|__CUDA|TESSERA_DEVICE_PASS|TESSERA_CUDA_COMPILE'
if grep -rnE "$pattern" include/sycl include/oneapi include/tessera/ext | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'; then
  echo "error: the surface names a backend (lines above); go through include/tessera/glue/" >&2
  exit 1
fi
echo "include/sycl/, include/oneapi/ and include/tessera/ext/ name no backend"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work"
rm -rf "$work/include/tessera/backend/cuda" "$work/src/cuda"
cmake -S "$work" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_SANITIZE= -DTESSERA_CUDA=OFF
cmake --build "$work/build" -j "$jobs"
ctest --test-dir "$work/build" --output-on-failure -j "$jobs"
echo "the tree without its CUDA backend builds and passes its tests"
