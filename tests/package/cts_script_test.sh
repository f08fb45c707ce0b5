#!/usr/bin/env bash
# package.cts-script: scripts/cts.sh against the stand-in CTS (fake_cts/) and the staged Tessera.
#   cts_script_test.sh <staged prefix> <work dir>
# Checks the table: one row per category with its verdict (pass, skipped, fail, crash in the case
# that died, timeout, no build with the compiler's first error), the headline, the progress lines;
# that a second run adds Tessera to the CTS's lists of implementations no second time; that
# naming a category builds and runs that one only; and the default build directory.
set -euo pipefail

stage="$1" work="$2"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cts_sh="$here/../../scripts/cts.sh"

rm -rf "$work"
mkdir -p "$work"
cp -r "$here/fake_cts" "$work/cts"

cts() {
  bash "$cts_sh" --cts "$work/cts" --tessera "$stage" --build "$work/build" --timeout 10 \
    --out "$work/table.md" "$@" 2>"$work/progress.log" || { cat "$work/progress.log"; exit 1; }
}

expect() {
  grep -qE -- "$1" "$2" || { echo "FAIL: no line matching /$1/ in $2:"; cat "$2"; exit 1; }
}

expect_count() {
  local n
  n=$(grep -cE -- "$2" "$3" || true)
  [[ "$n" == "$1" ]] || { echo "FAIL: $n lines (not $1) match /$2/ in $3:"; cat "$3"; exit 1; }
}

for run in 1 2; do
  cts
  echo "run $run:"
  cat "$work/table.md"
done
t="$work/table.md"
expect '^\*\*1 of 6\*\* CTS executables pass' "$t"
# The commit is "unknown" where the tree is not a git checkout (scripts/check_backend_glue.sh's copy).
expect '^- Tessera: ([0-9a-f]+(-dirty)?|unknown) \('"$stage"'\); SYCL-CTS: unknown; compiler: ' "$t"
expect_count 1 '^1 of 6 pass; table in ' "$work/progress.log"
expect '^\| passes \| built \| 1 \| 0 \| 1 \| [0-9]+, [0-9]+ \| pass \|$' "$t"
expect '^\| skips \| built \| 0 \| 0 \| 1 \| [0-9]+, [0-9]+ \| skipped \|$' "$t"
expect '^\| fails \| built \| 1 \| 1 \| 0 \| [0-9]+, [0-9]+ \| fail \|$' "$t"
expect '^\| crashes \| built \| 1 \| 1 \| 0 \| [0-9]+, [0-9]+ \| crash \(signal 6\) in aborts \|$' "$t"
expect '^\| hangs \| built \| 0 \| 1 \| 0 \| [0-9]+, [0-9]+ \| timeout after 10 s in sleeps \|$' "$t"
expect '^\| no_build \| tests/no_build/no_build.cpp:[0-9]+:[0-9]+: error: .*this category does not build.* \| - \| - \| - \| [0-9]+, - \| no build \|$' "$t"
expect_count 6 '^\[[1-6]/6\] ' "$work/progress.log"
expect_count 1 'Tessera' "$work/cts/cmake/AddSYCLExecutable.cmake"
expect_count 1 'SYCL_CTS_COMPILING_WITH_TESSERA' "$work/cts/tests/common/disabled_for_test_case.h"

cts passes
expect '^\*\*1 of 1\*\* CTS executables pass' "$t"
expect_count 1 '^\| passes \|' "$t"

# Without --build and --out: ${TMPDIR:-/tmp}/cts-build and its conformance.md.
TMPDIR="$work" bash "$cts_sh" --cts "$work/cts" --tessera "$stage" --no-run fails 2>"$work/progress.log" \
  || { cat "$work/progress.log"; exit 1; }
expect '^\| fails \| built \| - \| - \| - \| [0-9]+, - \| built \|$' "$work/cts-build/conformance.md"
# --together: one build of every executable, the verdicts read from its log; a build cut short
# leaves the unfinished ones "not built in time".
rm -rf "$work/build"
cts --together 600
expect '^\*\*1 of 6\*\* CTS executables pass' "$t"
expect '^\| passes \| built \| 1 \| 0 \| 1 \| together, [0-9]+ \| pass \|$' "$t"
expect '^\| no_build \| tests/no_build/no_build.cpp:[0-9]+:[0-9]+: error: .*this category does not build.* \| - \| - \| - \| together, - \| no build \|$' "$t"
expect 'this category does not build' "$work/build/cts-logs/test_no_build.build.log"
rm -rf "$work/build"
CCACHE_DISABLE=1 cts --together 1 passes
expect '^\| passes \| not built in time \| - \| - \| - \| together, - \| no build \|$' "$t"
echo "package.cts-script: OK"
