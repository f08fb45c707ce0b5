#!/usr/bin/env bash
# Builds and runs the Tessera demo (examples/, target tessera-demo).
# Extra arguments are passed to the demo. TESSERA_JOBS=N sets the build parallelism.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=scripts/deps.sh
source scripts/deps.sh
tessera_ensure_deps

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_SANITIZE= -DTESSERA_BUILD_EXAMPLES=ON
cmake --build build -j "${TESSERA_JOBS:-2}" --target tessera-demo
exec build/examples/tessera-demo "$@"
