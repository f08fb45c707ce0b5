#!/usr/bin/env bash
# Checks the layering of docs/design.md ("Layers"):
#   1. include/sycl/, the SYCL surface, and the libraries on it (include/oneapi/, oneDPL's API, and
#      include/tessera/ext/, its implementation) name no backend: no tessera::cpu:: or tessera::cuda::, no
#      backend header, no conditional on CUDA compilation (comments aside).
#   2. The CUDA backend is a folder one can delete: a copy of the tree without
#      include/tessera/backend/cuda and src/cuda configures with TESSERA_CUDA=OFF into the same
#      targets as BUILD (a TESSERA_CUDA=OFF build of this tree, default build/), and every source
#      it compiles preprocesses there. The copy's objects are then those of BUILD, so BUILD's test
#      run stands for the copy's (building and testing the copy again cost CI a Release build).
# Usage: check_backend_glue.sh [BUILD]
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
jobs="${TESSERA_JOBS:-2}"

pattern='tessera::(cpu|cuda)::|tessera/backend/|__CUDA|TESSERA_DEVICE_PASS|TESSERA_CUDA_COMPILE'
if grep -rnE "$pattern" include/sycl include/oneapi include/tessera/ext | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'; then
  echo "error: the surface names a backend (lines above); go through include/tessera/glue/" >&2
  exit 1
fi
echo "include/sycl/, include/oneapi/ and include/tessera/ext/ name no backend"

build="$(realpath "${1:-build}")"
if ! grep -q '^TESSERA_CUDA:BOOL=OFF' "$build/CMakeCache.txt" 2>/dev/null; then
  echo "error: $build is not a configured TESSERA_CUDA=OFF build of this tree" >&2
  exit 1
fi
root="$(pwd)"
cuda_dirs=(include/tessera/backend/cuda src/cuda)

# What BUILD compiled read nothing from the CUDA folders (ninja's record of each object's headers).
if ninja -C "$build" -t deps | grep -E "^ +($root/)?($(IFS='|'; echo "${cuda_dirs[*]}"))/"; then
  echo "error: objects of $build include the CUDA backend's headers (above)" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work"
rm -rf "${cuda_dirs[@]/#/$work/}"
cmake -S "$work" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_SANITIZE= -DTESSERA_CUDA=OFF \
  -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$work/configure.log" || { cat "$work/configure.log"; exit 1; }

targets() {  # targets <build dir> <tree>: the build's outputs, with the tree's paths taken out
  ninja -C "$1" -t targets all | grep -v ": phony$" | sed -e "s|$1/||g" -e "s|$2/||g" | sort
}
if ! diff <(targets "$build" "$root") <(targets "$work/build" "$work") >"$work/targets.diff"; then
  head -40 "$work/targets.diff"
  echo "error: without the CUDA backend's folders the tree configures into other targets (diff above)" >&2
  exit 1
fi

# Every compile of the copy, preprocessed only: a header of the deleted folders that some source
# still reaches fails here, which is all a full build of the copy could add to the checks above.
python3 - "$work/build/compile_commands.json" "$jobs" <<'PY'
import json, shlex, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
def preprocess(entry):
    args = shlex.split(entry["command"])
    # CMake leaves the launcher out of compile_commands.json: sources with the CBS pass or the
    # kernel-attributes plugin are compiled by clang 19, and the plugins are not built here.
    if any(a.startswith(("-fpass-plugin=", "-fplugin=")) for a in args):
        args = ["clang++-19"] + [a for a in args[1:] if not a.startswith(("-fpass-plugin=", "-fplugin="))]
    out = []
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT"):
            skip = True
            continue
        if a in ("-c", "-MD"):
            continue
        out.append(a)
    r = subprocess.run(out + ["-E", "-o", "/dev/null"], cwd=entry["directory"], capture_output=True, text=True)
    return entry["file"], r.returncode, r.stderr
entries = json.load(open(sys.argv[1]))
with ThreadPoolExecutor(int(sys.argv[2])) as pool:
    failed = [(f, err) for f, rc, err in pool.map(preprocess, entries) if rc]
for f, err in failed:
    print(f"{f}:\n{err}", file=sys.stderr)
print(f"{len(entries) - len(failed)} of {len(entries)} sources of the copy preprocess")
sys.exit(1 if failed else 0)
PY
echo "the tree without its CUDA backend configures into the same targets and its sources compile without it"
