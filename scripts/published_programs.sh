#!/usr/bin/env bash
# Builds published SYCL programs (HeCBench's src/<name>-sycl) with an installed Tessera, as a new
# user would: each program's sources (its Makefile's `source =` list), with its Makefile's -I
# directories, by `tessera++ -std=c++17 -O2` for the CPU and by `tessera++ --cuda -DUSE_GPU` (for
# sm_90; several sources get relocatable device code, as DPC++ links device code across them),
# each linked. Prints a
# markdown table: program, CPU build, CUDA build, the first error. Nothing fetched is kept in
# this tree: the programs are copied into a temporary directory (its path is printed; the full
# logs are there).
#
#   bash scripts/published_programs.sh HECBENCH [PROGRAM...]
#
# HECBENCH: a checkout of github.com/zjin-lcf/HeCBench (a work tree, or a bare/mirror git
# directory, read at HEAD). PROGRAMs: names without -sycl (default: the list below, the one
# docs/published_programs.md records).
# Environment: TESSERA_PREFIX, the installation (default: the one whose bin/tessera++ is on PATH);
# its --cuda column is skipped, with a note, when it was built without the CUDA backend.
# TESSERA_CUDA_ONLY=1 / TESSERA_CPU_ONLY=1 build one column.
set -uo pipefail

default_programs=(
  accuracy adjacent all-pairs-distance atomicAggregate atomicCAS atomicIntrinsics atomicReduction
  babelstream backprop bfs bitonic-sort black-scholes blockAccess blockScan blockexchange bscan
  collision convolution1D dp4a eikonal graphB+ haversine histogram hotspot layernorm lud
  mandelbrot matrixT nbody nw scan segsort shuffle softmax srad fhd ga page-rank rsmt
)

[[ $# -ge 1 ]] || { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
hec="$(readlink -f "$1")"
shift
programs=("$@")
[[ ${#programs[@]} -gt 0 ]] || programs=("${default_programs[@]}")

if [[ -n ${TESSERA_PREFIX:-} ]]; then
  cxx="$TESSERA_PREFIX/bin/tessera++"
else
  cxx="$(command -v tessera++ || true)"
fi
[[ -x $cxx ]] || { echo "no tessera++: set TESSERA_PREFIX or put an installation's bin/ on PATH" >&2; exit 2; }
prefix="$(dirname "$(dirname "$(readlink -f "$cxx")")")"
cuda=1
[[ -n ${TESSERA_CPU_ONLY:-} ]] && cuda=0
grep -q '^cuda_built=1' "$cxx" || { cuda=0; echo "note: $cxx was built without CUDA: no --cuda column" >&2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/published-programs.XXXXXX")"
echo "programs and logs: $work" >&2

# Copies src/<dir> of the benchmark suite into $work/src/<dir>.
export_dir() {
  if [[ -d $hec/src ]]; then
    [[ -d $hec/src/$1 ]] && mkdir -p "$work/src" && cp -r "$hec/src/$1" "$work/src/"
  else
    git --git-dir="$hec" archive HEAD "src/$1" 2>/dev/null | tar -x -C "$work" 2>/dev/null
  fi
}

# The Makefile's `source = a.cpp b.cpp \` list; without one, the .c and .cpp files its rules name
# (srad's util/timer/timer.c) but other programs' mains (bscan's main-wave64.cpp); main.cpp
# without either.
sources_of() {
  local list
  list="$(awk '/^source *=/ { on = 1; sub(/^source *=/, "") }
               on { more = sub(/\\$/, ""); print; if (!more) exit }' "$1/Makefile" 2>/dev/null)"
  [[ -n ${list// /} ]] || list="$(cd "$1" && grep -ohE '[A-Za-z0-9_./-]+\.(c|cpp)\b' Makefile 2>/dev/null | sort -u |
    while read -r f; do
      [[ -f $f ]] && { [[ ${f#./} == main.cpp ]] || ! grep -qE '^[[:space:]]*int[[:space:]]+main[[:space:]]*\(' "$f"; } && echo "$f"
    done)"
  [[ -n ${list// /} ]] && echo $list || echo main.cpp
}

# The first line that says what went wrong, trimmed of the work directory.
first_error() {
  if grep -q '^Stack dump:' "$1"; then
    echo "compiler crash: $(grep -m1 -E '^[0-9]+\.[[:space:]]+Running pass' "$1" | sed 's/^[0-9]*\.[[:space:]]*//' | cut -c1-120)"
  else
    grep -m1 -E 'error:|undefined reference' "$1" | sed "s|$work/src/||g; s|$prefix/||g; s/|/\\\\|/g" | cut -c1-220
  fi
}

# ok or FAIL for a command run in a program's directory, its output in a log.
build() { # program-dir log command...
  local dir=$1 log=$2
  shift 2
  (cd "$dir" && timeout 900 "$@") > "$log" 2>&1
  local rc=$?
  [[ $rc -eq 124 ]] && echo "error: timed out after 900 s" >> "$log"
  [[ $rc -eq 0 ]] && echo ok || echo FAIL
}

echo "| program | CPU build | CUDA build | first error |"
echo "| --- | --- | --- | --- |"
for p in "${programs[@]}"; do
  name="$p-sycl"
  export_dir "$name"
  dir="$work/src/$name"
  if [[ ! -d $dir ]]; then
    echo "| $p | - | - | no src/$name in the checkout |"
    continue
  fi
  # The directories a program's Makefile reaches for (../include, ../<name>-cuda, ...).
  for dep in $(grep -ohE '\.\./[A-Za-z0-9_+.-]+' "$dir"/Makefile "$dir"/*.cpp "$dir"/*.h 2>/dev/null | sort -u); do
    export_dir "${dep#../}"
  done
  read -r -a srcs <<< "$(sources_of "$dir")"
  # A source the program shares with another (lud's common.cpp) is where its Makefile's rule says.
  for i in "${!srcs[@]}"; do
    [[ -f $dir/${srcs[$i]} ]] && continue
    shared="$(grep -ohE "\.\./[^ :]*/${srcs[$i]}" "$dir/Makefile" | head -1)"
    [[ -n $shared ]] && srcs[$i]=$shared
  done
  # The Makefile's include directories, which are relative to the program's.
  read -r -a incs <<< "$(grep -ohE -- '-I *[^ $()]+' "$dir/Makefile" 2>/dev/null | sed 's/^-I */-I/' | sort -u | tr '\n' ' ')"
  cpu=- gpu=- err=
  if [[ -z ${TESSERA_CUDA_ONLY:-} ]]; then
    cpu=$(build "$dir" "$work/$p.cpu.log" "$cxx" -std=c++17 -O2 "${incs[@]}" "${srcs[@]}" -o "$p.cpu")
    [[ $cpu == ok ]] || err="CPU: $(first_error "$work/$p.cpu.log")"
  fi
  if [[ $cuda -eq 1 ]]; then
    gpu=$(build "$dir" "$work/$p.cuda.log" "$cxx" --cuda -std=c++17 -O2 -DUSE_GPU "${incs[@]}" "${srcs[@]}" -o "$p.cuda")
    [[ $gpu == ok || -n $err ]] || err="CUDA: $(first_error "$work/$p.cuda.log")"
  fi
  echo "| $p | $cpu | $gpu | $err |"
done
