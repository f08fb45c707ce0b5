#!/usr/bin/env bash
# Builds the Khronos SYCL-CTS against Tessera, runs it, and writes one table of the result.
#
#   scripts/cts.sh --cts DIR [--tessera DIR] [--build DIR] [-j N] [--cxx CXX] [--cuda]
#                  [--full-conformance] [--timeout S] [--out FILE] [--no-run] [-DVAR=VALUE...]
#                  [CATEGORY...]
#
#   --cts DIR            a checkout of KhronosGroup/SYCL-CTS with its submodules vendor/Catch2 and
#                        vendor/OpenCL-Headers (`git submodule update --init`). The script adds
#                        Tessera to the CTS's two lists of implementations (a line in each of
#                        cmake/AddSYCLExecutable.cmake and tests/common/disabled_for_test_case.h;
#                        done once, checked each time) and changes nothing else there.
#   --tessera DIR        a Tessera build directory (default: build/ of this tree), whose library is
#                        built and staged with `cmake --install` under the CTS build directory, or
#                        an installed prefix (one with lib/cmake/Tessera).
#   --build DIR          the CTS build directory (default ${TMPDIR:-/tmp}/cts-build, or cts-build-cuda
#                        with --cuda); kept between runs, so a second run builds only what changed.
#   -j N                 parallel compile jobs (default 2)
#   --cxx CXX            the C++ compiler (default: the one tessera++ runs, or with --cuda the
#                        clang of tessera++ --cuda). A ccache on the PATH is used as launcher.
#   --cuda               compile the tests' kernels for the GPU too (Tessera built with
#                        TESSERA_CUDA=ON; TESSERA_CUDA_ARCH picks the GPU, e.g. -DTESSERA_CUDA_ARCH=sm_90).
#                        The CTS's cuda_interop category (and host_task's CUDA test case) needs
#                        -DSYCL_CTS_ENABLE_CUDA_INTEROP_TESTS=ON, with which the CTS enables CMake's
#                        CUDA language with clang: the script then points CMake at Tessera's CUDA
#                        shim (CUDAToolkit_ROOT, CMAKE_CUDA_FLAGS), through which clang 19 works
#                        with CUDA 13; the adapter compiles the category's .cu file as its .cpp files.
#   --full-conformance   SYCL_CTS_ENABLE_FULL_CONFORMANCE=ON (many more types and cases)
#   --timeout S          kill a category's run after S seconds (default 1800)
#   --out FILE           the table, as Markdown (default <build>/conformance.md)
#   --no-run             build only
#   --together S         build every selected executable in one build first, for at most S seconds
#                        (a machine of many cores: one category alone has too few sources to keep
#                        them busy); each verdict then comes from that build's log, and an
#                        executable it did not finish is "not built in time". Needs ninja.
#   -DVAR=VALUE          passed to the CTS's CMake configure (e.g. -DCMAKE_CXX_FLAGS=-O2)
#   CATEGORY...          directories of the CTS's tests/ (e.g. item range kernel_bundle) or
#                        executables (test_item); default: every one.
#
# Per category, one line of progress on stderr; logs in <build>/cts-logs/<executable>.{build,run}.log
# and Catch2's XML report in <build>/cts-logs/<executable>.xml. The table gives, per executable:
# whether it built (else the first compile error), the test cases passed / failed / skipped, the
# seconds to build and to run, and a verdict: pass (no test case failed), skipped (every one
# skipped), fail, no build, crash (the run died; the test case it was in is named) or timeout.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
command_line="scripts/cts.sh $*"

cts="" tessera="$repo/build" build="" jobs=2 cxx="" cuda=0 full=0 timeout_s=1800 out="" run=1
together_s=0
cmake_args=() wanted=()

die() { echo "cts.sh: $*" >&2; exit 2; }

parse_args() {
  while (($#)); do
    case "$1" in
      --cts) cts="$2"; shift ;;
      --tessera) tessera="$2"; shift ;;
      --build) build="$2"; shift ;;
      -j) jobs="$2"; shift ;;
      -j*) jobs="${1#-j}" ;;
      --cxx) cxx="$2"; shift ;;
      --cuda) cuda=1 ;;
      --full-conformance) full=1 ;;
      --timeout) timeout_s="$2"; shift ;;
      --out) out="$2"; shift ;;
      --no-run) run=0 ;;
      --together) together_s="$2"; shift ;;
      -D*) cmake_args+=("$1") ;;
      -h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
      -*) die "unknown option $1 (see --help)" ;;
      *) wanted+=("$1") ;;
    esac
    shift
  done
  [[ -n "$cts" ]] || die "--cts DIR is required (a checkout of KhronosGroup/SYCL-CTS)"
  cts="$(cd "$cts" && pwd)" || die "no directory $cts"
  if [[ -z "$build" ]]; then
    build="${TMPDIR:-/tmp}/cts-build"
    ((cuda == 0)) || build="$build-cuda"
  fi
  mkdir -p "$build/cts-logs"
  build="$(cd "$build" && pwd)"
  [[ -n "$out" ]] || out="$build/conformance.md"
}

check_checkout() {
  [[ -f "$cts/tests/common/disabled_for_test_case.h" && -f "$cts/cmake/AddSYCLExecutable.cmake" ]] \
    || die "$cts is not a SYCL-CTS checkout"
  local sub
  for sub in vendor/Catch2 vendor/OpenCL-Headers; do
    [[ -f "$cts/$sub/CMakeLists.txt" ]] \
      || die "$cts/$sub is empty: run git -C $cts submodule update --init"
  done
}

# Tessera joins the CTS's two hard-coded lists of implementations (the CTS's own way to add one).
add_tessera_to_cts() {
  local list="$cts/cmake/AddSYCLExecutable.cmake" header="$cts/tests/common/disabled_for_test_case.h"
  if ! grep -q 'KNOWN_SYCL_IMPLEMENTATIONS "[^"]*Tessera' "$list"; then
    sed -i 's/^\(set *(KNOWN_SYCL_IMPLEMENTATIONS "[^"]*\)"/\1;Tessera"/' "$list"
    grep -q 'KNOWN_SYCL_IMPLEMENTATIONS "[^"]*Tessera' "$list" \
      || die "could not add Tessera to KNOWN_SYCL_IMPLEMENTATIONS in $list"
  fi
  if ! grep -q 'SYCL_CTS_COMPILING_WITH_TESSERA' "$header"; then
    perl -0pi -e 's/#else\n#error Unknown SYCL implementation/#elif SYCL_CTS_COMPILING_WITH_TESSERA\n#define INTERNAL_CTS_SYCL_IMPL_Tessera ()\n$&/' "$header"
    grep -q 'SYCL_CTS_COMPILING_WITH_TESSERA' "$header" \
      || die "could not add Tessera to the implementations in $header"
  fi
}

# Sets prefix: an installed Tessera, staged from a build directory when given one.
tessera_prefix() {
  if [[ -f "$tessera/lib/cmake/Tessera/TesseraConfig.cmake" ]]; then
    prefix="$(cd "$tessera" && pwd)"
    return
  fi
  [[ -f "$tessera/CMakeCache.txt" ]] || die "--tessera $tessera is neither a Tessera build nor a prefix"
  # What `cmake --install` copies: the library and those of its tools this build configured.
  local targets=() t
  for t in tessera tessera-cbs tessera-ls tessera-device-select tessera-kernel-attributes; do
    [[ -n "$(find "$tessera" -maxdepth 4 -type d -name "$t.dir" -print -quit)" ]] && targets+=("$t")
  done
  echo "Tessera: building ${targets[*]} in $tessera" >&2
  cmake --build "$tessera" -j "$jobs" --target "${targets[@]}" >"$build/cts-logs/tessera.log" 2>&1 \
    || { tail -20 "$build/cts-logs/tessera.log" >&2; die "Tessera did not build"; }
  prefix="$build/tessera-prefix"
  cmake --install "$tessera" --prefix "$prefix" >>"$build/cts-logs/tessera.log" 2>&1 \
    || { tail -20 "$build/cts-logs/tessera.log" >&2; die "cmake --install $tessera failed"; }
}

# The compiler tessera++ runs: the first word of its --showme but a ccache (TESSERA_CXX may hold one).
default_cxx() {
  local flag=() showme words
  ((cuda)) && flag=(--cuda)
  showme="$("$prefix/bin/tessera++" "${flag[@]}" --showme -c x.cpp 2>/dev/null)" \
    || die "tessera++ ${flag[*]} cannot compile (with --cuda: is Tessera built with TESSERA_CUDA=ON?)"
  read -ra words <<<"$showme"
  [[ "${words[0]}" == ccache ]] && words=("${words[@]:1}")
  echo "${words[0]}"
}

# Sets cuda_language: with the CTS's CUDA interop tests, CMake's CUDA language is clang 19 over
# Tessera's CUDA shim (share/tessera/cuda-shim), whose fatbinary takes clang 19's options under
# CUDA 13, for the GPU tessera++ --cuda compiles for. CMake 3.25 identifies the compiler by
# building a program with CMAKE_CUDA_FLAGS alone (its other attempts add sm_52, which CUDA 13
# lacks), hence the shim's path and cudart there; the adapter compiles the CTS's .cu sources as
# CXX, so nothing else is built with these flags. The CTS links every executable with the driver
# library that FindCUDA looks for, which CUDA 13 has among its stubs only.
set_cuda_language() {
  cuda_language=()
  local arg shim arch
  for arg in "${cmake_args[@]}"; do
    [[ "$arg" =~ ^-DSYCL_CTS_ENABLE_CUDA_INTEROP_TESTS(:BOOL)?=(ON|On|on|1|TRUE|True|true|YES|Yes|yes)$ ]] || continue
    shim="$prefix/share/tessera/cuda-shim"
    [[ -d "$shim" ]] || die "$prefix has no share/tessera/cuda-shim (a Tessera built with TESSERA_CUDA=ON)"
    arch="$("$prefix/bin/tessera++" --cuda --showme -c x.cpp | grep -o -- '--cuda-gpu-arch=[^ ]*' | head -1)"
    cuda_language=(-DCUDAToolkit_ROOT="$shim" -DCMAKE_CUDA_ARCHITECTURES=OFF
      -DCUDA_CUDA_LIBRARY="$shim/lib64/stubs/libcuda.so"
      "-DCMAKE_CUDA_FLAGS=-isystem $shim/shim-include -Wno-unknown-cuda-version ${arch:---cuda-gpu-arch=sm_90} --cuda-path=$shim -L$shim/lib64 -lcudart -Wno-unused-command-line-argument")
    return
  done
}

# Sets linker: lld where the compiler links with it, for CPU builds. Full-conformance objects are
# large (group_functions' joint scans: 386 MB each at -O0, half a million long template symbols):
# ld.bfd linked 14 of that category's 68 objects in 134 s and had not linked all 68 after 330 s on
# 16 cores, where lld links the 14 in 5 s. (A --cuda build keeps the default linker: its
# relocatable-device-code link has not been tried with lld.) For C++ links only: the CTS also
# configures a C project, and another machine's gcc may not find or drive lld.
choose_linker() {
  linker=()
  ((cuda == 0)) || return 0
  printf 'int main() { return 0; }\n' | "$cxx" -x c++ -fuse-ld=lld - -o "$build/cts-logs/lld-probe" >/dev/null 2>&1 \
    || return 0
  linker=(-DCMAKE_CXX_LINK_FLAGS=-fuse-ld=lld)
}

configure() {
  [[ -n "$cxx" ]] || cxx="$(default_cxx)"
  choose_linker
  local launcher=()
  if command -v ccache >/dev/null; then
    launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  local generator=()
  [[ -f "$build/CMakeCache.txt" ]] || ! command -v ninja >/dev/null || generator=(-G Ninja)
  local cuda_args=(-DTESSERA_CUDA_KERNELS=OFF)
  if ((cuda)); then
    set_cuda_language
    cuda_args=(-DTESSERA_CUDA_KERNELS=ON "${cuda_language[@]}")
  fi
  echo "CTS: configuring $build (compiler $cxx${linker:+, linker lld})" >&2
  cmake -S "$cts" -B "$build" "${generator[@]}" "${launcher[@]}" \
    -DSYCL_IMPLEMENTATION=Tessera -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_MODULE_PATH="$here/cts" \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS=-O1 \
    -DSYCL_CTS_ENABLE_OPENCL_INTEROP_TESTS=OFF \
    -DSYCL_CTS_ENABLE_FULL_CONFORMANCE="$( ((full)) && echo ON || echo OFF)" \
    "${cuda_args[@]}" "${linker[@]}" "${cmake_args[@]}" >"$build/cts-logs/configure.log" 2>&1 \
    || { grep -A5 'CMake Error' "$build/cts-logs/configure.log" | head -30 >&2; die "the CTS did not configure"; }
}

# Sets executables: "category executable" lines, those wanted (all when none are named).
select_executables() {
  local all="$build/tessera-cts-executables.txt" w
  [[ -s "$all" ]] || die "$all is empty: the adapter did not run"
  executables=()
  while read -r category exe; do
    if ((${#wanted[@]} == 0)); then
      executables+=("$category $exe")
      continue
    fi
    for w in "${wanted[@]}"; do
      if [[ "$w" == "$category" || "$w" == "$exe" || "test_$w" == "$exe" ]]; then
        executables+=("$category $exe")
        break
      fi
    done
  done <"$all"
  ((${#executables[@]})) || die "no CTS executable matches: ${wanted[*]}"
}

# The first compiler error of a build log, on one line; its file is named from the CTS checkout
# (the compiler names it from the build directory, or absolutely).
first_error() {
  local line file rel
  line="$(grep -m1 -E ': (fatal )?error:|undefined reference|CMake Error' "$1" || true)"
  [[ -n "$line" ]] || line="$(grep -m1 -E 'FAILED|Error' "$1" || echo 'failed (see log)')"
  file="${line%%:*}"
  if [[ "$file" != "$line" ]] && [[ -e "$build/$file" || -e "$file" ]]; then
    [[ "$file" == /* ]] || file="$build/$file"
    rel="$(realpath -m --relative-to="$cts" "$file")"
    [[ "$rel" == ../* ]] || line="$rel:${line#*:}"
  fi
  echo "${line:0:300}"
}

# Builds what every category shares (util, oclmath, Catch2), so that its error is reported once.
build_common() {
  local log="$build/cts-logs/common.build.log" t0=$SECONDS
  if ! cmake --build "$build" -j "$jobs" --target util oclmath Catch2 >"$log" 2>&1; then
    echo "common (util, oclmath, Catch2): does not build: $(first_error "$log")" >&2
    common_error="util: $(first_error "$log")"
    return
  fi
  echo "common (util, oclmath, Catch2): built in $((SECONDS - t0)) s" >&2
  common_error=""
}

# Builds every selected executable at once, within together_s seconds (what is unfinished then is
# left for the verdicts to tell).
build_together() {
  command -v ninja >/dev/null || die "--together needs ninja"
  local targets=() entry t0=$SECONDS
  for entry in "${executables[@]}"; do targets+=("${entry#* }"); done
  echo "building ${#targets[@]} executables together (-j $jobs, at most $together_s s)" >&2
  touch "$build/cts-logs/together.stamp"
  timeout -k 10 "$together_s" ninja -C "$build" -j "$jobs" -k 0 "${targets[@]}" \
    >"$build/cts-logs/together.build.log" 2>&1 || true
  echo "built together in $((SECONDS - t0)) s" >&2
}

# Sets build_error for one executable from the build of all of them: empty when it is built, else
# its first compile error (its failures go to its own log), else "not built in time".
together_verdict() {
  local exe="$1" log="$2"
  build_error=""
  ninja -C "$build" -n "$exe" 2>/dev/null | grep -q '^ninja: no work to do' && return
  awk -v obj="/${exe}_objects.dir/" -v bin="bin/$exe" '
    /^FAILED: / { keep = index($0, obj) || $2 == bin; if (keep) print; next }
    /^\[[0-9]+\/[0-9]+\] |^ninja: / { keep = 0 }
    keep' "$build/cts-logs/together.build.log" >"$log"
  if [[ -s "$log" ]]; then
    build_error="$(first_error "$log")"
  elif [[ ! "$build/bin/$exe" -nt "$build/cts-logs/together.stamp" ]]; then
    # Otherwise linked by this build with nothing of it failing, though ninja would build it
    # again: so the GPU run of 2026-11-29 found sycl_external and optional_kernel_features (both
    # compiled as relocatable device code) and called them unbuilt.
    build_error="not built in time"
  fi
}

# Runs one executable; sets run_result and the counts.
run_one() {
  local exe="$1" xml="$build/cts-logs/$1.xml" rc=0
  rm -f "$xml"
  (cd "$build" && timeout -k 10 "$timeout_s" "bin/$exe" --reporter xml --out "$xml") \
    >"$build/cts-logs/$exe.run.log" 2>&1 || rc=$?
  read -r passed failed skipped last complete < <(python3 "$here/cts/catch2_counts.py" "$xml")
  local in=""
  [[ "$last" == "-" ]] || in=" in $last"
  if ((rc == 124 || rc == 137)); then
    run_result="timeout after ${timeout_s} s$in"
  elif ((rc > 128)) && [[ "$complete" == no ]]; then
    # Catch2 exits with its count of failed assertions: past 128 after a closed report, that is
    # no signal.
    run_result="crash (signal $((rc - 128)))$in"
  elif ((passed == 0 && failed == 0 && skipped > 0)); then
    run_result="skipped" # Catch2 exits with 4 when it skipped every test case
  elif ((failed > 0 || rc != 0)); then
    run_result="fail"
  else
    run_result="pass"
  fi
}

# A row of the table; a '|' in a cell (a compiler's message) is escaped. The table is written
# again after each row, so that a run cut short leaves the table of what it did.
row() {
  local cells=("${@//|/\\|}")
  rows+=("| ${cells[0]} | ${cells[1]} | ${cells[2]} | ${cells[3]} | ${cells[4]} | ${cells[5]} | ${cells[6]} |")
  write_table
}

build_and_run() {
  local i=0 n=${#executables[@]} category exe name log t0 build_s run_s build_error
  for entry in "${executables[@]}"; do
    i=$((i + 1))
    read -r category exe <<<"$entry"
    name="$category"
    [[ "$exe" == "test_$category" ]] || name="$category/${exe#test_}"
    log="$build/cts-logs/$exe.build.log"
    t0=$SECONDS
    if [[ -n "$common_error" ]]; then
      row "$name" "$common_error" - - - - "no build"
      echo "[$i/$n] $name: not built (util does not build)" >&2
      continue
    fi
    if ((together_s)); then
      together_verdict "$exe" "$log"
    elif ! cmake --build "$build" -j "$jobs" --target "$exe" -- -k 0 >"$log" 2>&1; then
      build_error="$(first_error "$log")"
    else
      build_error=""
    fi
    build_s=$((SECONDS - t0))
    ((together_s == 0)) || build_s="together"
    if [[ -n "$build_error" ]]; then
      row "$name" "$build_error" - - - "$build_s, -" "no build"
      echo "[$i/$n] $name: does not build ($build_s s): $build_error" >&2
      continue
    fi
    if ((!run)); then
      row "$name" built - - - "$build_s, -" "built"
      echo "[$i/$n] $name: built ($build_s s)" >&2
      continue
    fi
    t0=$SECONDS
    run_one "$exe"
    run_s=$((SECONDS - t0))
    row "$name" built "$passed" "$failed" "$skipped" "$build_s, $run_s" "$run_result"
    echo "[$i/$n] $name: built ($build_s s), ran ($run_s s): $passed passed, $failed failed, $skipped skipped: $run_result" >&2
  done
}

write_table() {
  local passing total cts_commit tessera_commit
  total=${#rows[@]}
  passing=$(printf '%s\n' "${rows[@]}" | grep -c '| pass |$' || true)
  cts_commit=unknown
  if [[ "$(git -C "$cts" rev-parse --show-toplevel 2>/dev/null)" == "$cts" ]]; then
    cts_commit="$(git -C "$cts" rev-parse --short=12 HEAD)"
  fi
  tessera_commit="$(git -C "$repo" describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)"
  {
    echo "**$passing of $total** CTS executables pass."
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- Tessera: $tessera_commit ($tessera); SYCL-CTS: $cts_commit; compiler: ${cxx}"
    echo "- command: \`$command_line\`"
    echo
    echo "| category | built | passed | failed | skipped | seconds (build, run) | result |"
    echo "|---|---|---|---|---|---|---|"
    printf '%s\n' "${rows[@]}"
  } >"$out"
}

main() {
  parse_args "$@"
  check_checkout
  add_tessera_to_cts
  tessera_prefix
  configure
  select_executables
  rows=()
  build_common
  ((together_s == 0)) || [[ -n "$common_error" ]] || build_together
  build_and_run
  echo "$(grep -o '^\*\*[0-9]* of [0-9]*' "$out" | tr -d '*') pass; table in $out" >&2
}

main "$@"
