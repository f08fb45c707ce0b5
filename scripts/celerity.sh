#!/usr/bin/env bash
# Celerity (celerity/celerity-runtime, the distributed SYCL runtime on MPI) built on Tessera:
# configures a user's Celerity checkout against a Tessera build or install, builds its examples
# and tests, runs them and prints one table (docs/celerity.md has the latest one).
#
#   scripts/celerity.sh --celerity <checkout> [--tessera <build|prefix>] [--build <dir>] [-j N]
#                       [--ranks N] [--timeout S] [--cuda] [target...]
#   scripts/celerity.sh --run <dir> [--ranks N] [--timeout S] [target...]
#
#   --celerity  a Celerity checkout with its submodules (git clone --recursive; vendor/ filled)
#   --tessera   a Tessera build directory (its library and tools are built and staged with
#               `cmake --install` under <dir>) or an installed prefix; default: ./build
#   --build     Celerity's build directory; default: <checkout>/build-tessera
#   -j          build parallelism (default 2)
#   --ranks     MPI ranks for the examples and the system tests (default 2; examples also run on 1
#               rank, and their output files must match, as Celerity's CI checks)
#   --timeout   seconds each run may take (default 600)
#   target...   only these examples and test executables (default: all of them)
#   --cuda      against Tessera's CUDA configuration (default --tessera ./build-cuda, --build
#               <checkout>/build-tessera-cuda): Celerity's sources are compiled as CUDA (clang 19),
#               the unit tests linked as the one executable all_tests (its test cases of file <t>
#               run as `all_tests -# "[#<t>]~[.]"`), and nothing runs here: scripts/gpu_celerity_bundle.sh
#               carries the build to a GPU machine, where gpu_celerity_run.sh runs it with --run
#   --run       only run what a build directory (or a bundle of one) holds: its examples/<e>/<e>,
#               test/system/<t> and test/<t> or test/all_tests; mpirun is $MPIRUN (default mpirun)
#
# The adapter is scripts/celerity/cmake/SimSYCLConfig.cmake: Celerity is configured with
# -DCELERITY_SYCL_IMPL=SimSYCL and finds Tessera where it looks for SimSYCL (that file says why).
# Nothing in the checkout is changed. The compiler is clang++-19 where installed, so that barrier
# kernels go through Tessera's CBS pass, else Tessera's (tessera++ --showme).
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
die() { echo "celerity.sh: $*" >&2; exit 2; }

celerity="" tessera="" build="" jobs=2 ranks=2 timeout_s=600 only=() cuda=0 run_dir=""
while (($#)); do
  case "$1" in
    --celerity) celerity="$2"; shift 2 ;;
    --tessera) tessera="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    -j) jobs="$2"; shift 2 ;;
    -j*) jobs="${1#-j}"; shift ;;
    --ranks) ranks="$2"; shift 2 ;;
    --timeout) timeout_s="$2"; shift 2 ;;
    --cuda) cuda=1; shift ;;
    --run) run_dir="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set /p' "$0" | sed '$d;s/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) only+=("$1"); shift ;;
  esac
done
mpirun="${MPIRUN:-mpirun}"
if [[ -n "$run_dir" ]]; then
  build="$(cd "$run_dir" && pwd)" || die "no directory $run_dir"
else
  [[ -n "$celerity" ]] || die "--celerity <checkout> is required (see --help)"
  celerity="$(cd "$celerity" && pwd)" || die "no directory $celerity"
  grep -q 'project(celerity_runtime' "$celerity/CMakeLists.txt" 2>/dev/null \
    || die "$celerity is not a Celerity checkout (no project(celerity_runtime) in CMakeLists.txt)"
  for sub in fmt spdlog small_vector Catch2 libenvpp matchbox; do
    [[ -e "$celerity/vendor/$sub/CMakeLists.txt" || -e "$celerity/vendor/$sub/include" ]] \
      || die "$celerity/vendor/$sub is empty: run git submodule update --init in the checkout"
  done
  suffix=""
  ((cuda)) && suffix=-cuda
  tessera="${tessera:-$root/build$suffix}"
  build="${build:-$celerity/build-tessera$suffix}"
fi
((cuda)) || command -v "$mpirun" >/dev/null \
  || die "$mpirun not found (Debian: apt-get install libopenmpi-dev openmpi-bin)"
mkdir -p "$build/tessera-logs" || die "cannot create $build"
logs="$build/tessera-logs"

# Sets prefix: an installed Tessera, staged from a build directory when given one.
tessera_prefix() {
  if [[ -f "$tessera/lib/cmake/Tessera/TesseraConfig.cmake" ]]; then
    prefix="$(cd "$tessera" && pwd)"
    return
  fi
  [[ -f "$tessera/CMakeCache.txt" ]] || die "--tessera $tessera is neither a Tessera build nor a prefix"
  local targets=() t
  for t in tessera tessera-cbs tessera-ls tessera-device-select; do
    [[ -n "$(find "$tessera" -maxdepth 4 -type d -name "$t.dir" -print -quit)" ]] && targets+=("$t")
  done
  echo "Tessera: building ${targets[*]} in $tessera" >&2
  cmake --build "$tessera" -j "$jobs" --target "${targets[@]}" >"$logs/tessera.log" 2>&1 \
    || { tail -20 "$logs/tessera.log" >&2; die "Tessera did not build"; }
  prefix="$build/tessera-prefix"
  cmake --install "$tessera" --prefix "$prefix" >>"$logs/tessera.log" 2>&1 \
    || { tail -20 "$logs/tessera.log" >&2; die "cmake --install $tessera failed"; }
  # `cmake --install` gives each file its source's time, which may be older than Celerity's
  # objects built against the previous Tessera: when what is staged changed, make it new.
  local sum
  sum="$(find "$prefix" -type f -print0 | sort -z | xargs -0 md5sum | md5sum)"
  if [[ "$sum" != "$(cat "$build/tessera-prefix.md5" 2>/dev/null)" ]]; then
    find "$prefix" -type f -exec touch {} +
    echo "$sum" >"$build/tessera-prefix.md5"
  fi
}

# The C++ compiler: clang 19 loads the CBS pass itself; without it, the one tessera++ runs.
pick_cxx() {
  if command -v clang++-19 >/dev/null; then
    command -v clang++-19
    return
  fi
  local words
  read -ra words <<<"$("$prefix/bin/tessera++" --showme -c x.cpp 2>/dev/null)"
  [[ "${words[0]:-}" == ccache ]] && words=("${words[@]:1}")
  echo "${words[0]:-c++}"
}

configure() {
  local launcher=() cuda_kernels=()
  if ((cuda)); then
    grep -q 'set(Tessera_CUDA ON)' "$prefix/lib/cmake/Tessera/TesseraConfig.cmake" \
      || die "--cuda: the Tessera in $tessera has no CUDA backend (configure it with -DTESSERA_CUDA=ON)"
    # The adapter's add_sycl_to_target then compiles every target that links SimSYCL::simsycl
    # (Celerity's runtime, examples and tests) as CUDA.
    cuda_kernels=(-DTESSERA_CUDA_KERNELS=ON)
  fi
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # mimalloc off: an allocator choice that does not concern the SYCL implementation, and one
  # dependency fewer to build.
  cmake -S "$celerity" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$(pick_cxx)" "${launcher[@]}" \
    -DCELERITY_SYCL_IMPL=SimSYCL -DCMAKE_PREFIX_PATH="$here/celerity/cmake;$prefix" \
    -DCELERITY_USE_MIMALLOC=OFF "${cuda_kernels[@]}" >"$logs/configure.log" 2>&1 \
    || { tail -30 "$logs/configure.log" >&2; die "Celerity did not configure (log: $logs/configure.log)"; }
}

# Celerity's lists: the examples it adds and the test executables of test/ and test/system/;
# with --run, what the directory holds (the unit tests of all_tests as the build listed them).
executables() { find "$1" -maxdepth 1 -type f -executable -printf '%f\n' 2>/dev/null | sort; }
examples() {
  if [[ -n "$run_dir" ]]; then
    local d
    for d in "$build"/examples/*/; do d="${d%/}"; [[ -x "$d/${d##*/}" ]] && echo "${d##*/}"; done
  else sed -n 's/^ *add_example(\([a-z0-9_]*\)).*/\1/p' "$celerity/examples/CMakeLists.txt"; fi
}
unit_tests() {
  if [[ -z "$run_dir" ]]; then
    sed -n '/^set(TEST_TARGETS/,/^)/{/^ *[a-z0-9_]*$/p}' "$celerity/test/CMakeLists.txt" | tr -d ' '
  elif [[ -f "$build/test/tessera-unit-tests.txt" ]]; then cat "$build/test/tessera-unit-tests.txt"
  else executables "$build/test" | grep -vxE 'all_tests|instruction_graph_tests|benchmarks'; fi
}
system_tests() {
  if [[ -n "$run_dir" ]]; then executables "$build/test/system"
  else sed -n '/^set(SYSTEM_TEST_TARGETS/,/^)/{/^ *[a-z0-9_]*$/p}' "$celerity/test/system/CMakeLists.txt" | tr -d ' '; fi
}
wanted() { ((${#only[@]} == 0)) || [[ " ${only[*]} " == *" $1 "* ]]; }

mpi=("$mpirun" --allow-run-as-root --oversubscribe --bind-to none)
# Celerity pins its threads (application, scheduler, executor, one submitter per device: 4 here)
# to consecutive cores from core 1, and warns when there are too few; its tests fail on any
# warning they do not expect, so on a small machine pinning is turned off (it then gives the
# warning the tests do expect).
if (($(nproc) < 1 + 4 * ranks)) && [[ -z "${CELERITY_THREAD_PINNING:-}" ]]; then
  export CELERITY_THREAD_PINNING=false
  echo "$(nproc) cores: CELERITY_THREAD_PINNING=false" >&2
fi
results=()
row() { results+=("$(printf '| %-34s | %-5s | %s |' "$1" "$2" "$3")"); }

build_target() { # name -> 0 when it built; the log holds the compiler's errors
  [[ -z "$run_dir" ]] || return 0
  nice -n 10 cmake --build "$build" -j "$jobs" --target "$1" >"$logs/$1.build.log" 2>&1
}

# "N of M test cases pass (S skipped)" from Catch2's summary line.
catch_summary() {
  local log="$1" line
  line="$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -aE '^(All tests passed|test cases:)' | tail -1)"
  if [[ "$line" == "All tests passed"* ]]; then
    local n
    n="$(sed -E 's/.* in ([0-9]+) test case.*/\1/' <<<"$line")"
    echo "$n of $n test cases pass"
  elif [[ -n "$line" ]]; then
    local total pass fail expected skip
    total="$(grep -oE 'test cases: *[0-9]+' <<<"$line" | grep -oE '[0-9]+')"
    pass="$(grep -oE '[0-9]+ passed' <<<"$line" | grep -oE '[0-9]+')"
    fail="$(grep -oE '[0-9]+ failed($| \|)' <<<"$line" | grep -oE '^[0-9]+')"
    expected="$(grep -oE '[0-9]+ failed as expected' <<<"$line" | grep -oE '^[0-9]+')"
    skip="$(grep -oE '[0-9]+ skipped' <<<"$line" | grep -oE '[0-9]+')"
    echo "${pass:-0} of $total test cases pass, ${fail:-0} fail${expected:+, $expected fail as expected ([!shouldfail])}${skip:+, $skip skipped}"
  else
    echo "no Catch2 summary (crashed or timed out, rc $2)"
  fi
}

run_test() { # name exe ranks [arg...]
  local name="$1" exe="$2" n="$3" rc cmd=("$2" "${@:4}") label="$1"
  ((n > 1)) && { cmd=("${mpi[@]}" -n "$n" "${cmd[@]}"); label="$name ($n ranks)"; }
  (cd "$build" && timeout "$timeout_s" "${cmd[@]}" >"$logs/$name.run.log" 2>&1)
  rc=$?
  if ((rc == 0)); then row "$label" pass "$(catch_summary "$logs/$name.run.log" $rc)"
  else row "$label" FAIL "$(catch_summary "$logs/$name.run.log" $rc)"; fi
}

# An example passes when it exits 0 on 1 rank and on --ranks ranks, and writes the same file on
# both where it writes one (Celerity's ci/run-examples.sh checks the same).
run_example() {
  local name="$1" args=() artifact="" dir="$build/examples/$1" sum1="" n rc
  case "$name" in
    convolution) args=("$image"); artifact=output.png ;;
    reduction) args=("$image"); artifact=output.jpg ;;
    wave_sim) args=(-T 15 --dt 0.5 --sample-rate 2); artifact=wave_sim_result.bin ;;
  esac
  for n in 1 "$ranks"; do
    [[ -z "$artifact" ]] || rm -f "$dir/$artifact"
    (cd "$dir" && timeout "$timeout_s" "${mpi[@]}" -n "$n" "./$name" "${args[@]}" \
      >"$logs/$name.run$n.log" 2>&1)
    rc=$?
    ((rc == 0)) || { row "$name" FAIL "exit $rc on $n rank(s) (log: tessera-logs/$name.run$n.log)"; return; }
    if [[ -n "$artifact" ]]; then
      [[ -f "$dir/$artifact" ]] || { row "$name" FAIL "no $artifact on $n rank(s)"; return; }
      if [[ -z "$sum1" ]]; then sum1="$(md5sum <"$dir/$artifact")"
      elif [[ "$(md5sum <"$dir/$artifact")" != "$sum1" ]]; then
        row "$name" FAIL "$artifact differs between 1 and $n ranks"; return
      fi
    fi
  done
  row "$name" pass "1 and $ranks ranks${artifact:+, same $artifact}"
}

# distr_io writes a matrix with parallel HDF5, transposes it twice, and compares it with the first
# (the transposes read and write the file from every rank).
run_distr_io() {
  local dir="$build/examples/distr_io" n rc step
  for n in 1 "$ranks"; do
    rm -f "$dir"/tessera-*.h5
    for step in "--generate tessera-a.h5" "--transpose tessera-a.h5 tessera-b.h5" \
                "--transpose tessera-b.h5 tessera-c.h5" "--compare tessera-a.h5 tessera-c.h5"; do
      # shellcheck disable=SC2086
      (cd "$dir" && timeout "$timeout_s" "${mpi[@]}" -n "$n" ./distr_io $step >>"$logs/distr_io.run$n.log" 2>&1)
      rc=$?
      ((rc == 0)) || { row distr_io FAIL "distr_io $step: exit $rc on $n rank(s)"; return; }
    done
  done
  row distr_io pass "1 and $ranks ranks: generate, transpose twice, compare equal"
}

# A 256 x 256 colour image (binary PPM, which stb_image reads) for convolution and reduction.
make_image() {
  image="$build/tessera-input.ppm"
  perl -e 'print "P6\n256 256\n255\n"; for $y (0..255) { for $x (0..255) {
             print pack("C3", $x, $y, ($x ^ $y) & 255) } }' >"$image"
}

if [[ -z "$run_dir" ]]; then
  tessera_prefix
  configure
  make_image
  echo "Celerity $(git -C "$celerity" rev-parse --short HEAD 2>/dev/null || echo '(not a git checkout)')" \
    "on Tessera $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown), $(pick_cxx)" >&2
  if wanted celerity_runtime || ((${#only[@]} == 0)); then
    build_target celerity_runtime || die "Celerity's runtime library did not build (log: $logs/celerity_runtime.build.log)"
  fi
else
  image="$build/tessera-input.ppm"
  [[ -f "$image" ]] || make_image
fi
for e in $(examples); do
  wanted "$e" || continue
  echo "example $e" >&2
  rm -f "$logs/$e".run*.log
  if build_target "$e"; then
    if ((cuda)); then row "$e" built "examples/$e/$e"
    elif [[ "$e" == distr_io ]]; then run_distr_io; else run_example "$e"; fi
  elif grep -q "unknown target '$e'" "$logs/$e.build.log"; then
    row "$e" skip "not configured (distr_io needs HDF5: Debian libhdf5-openmpi-dev)"
  else row "$e" FAIL "does not build (tessera-logs/$e.build.log)"; fi
done
# The system tests (MPI) before the unit tests: they are what runs on several ranks.
for t in $(system_tests); do
  wanted "$t" || continue
  echo "test $t ($ranks ranks)" >&2
  if ! build_target "$t"; then row "$t" FAIL "does not build (tessera-logs/$t.build.log)"
  elif ((cuda)); then row "$t" built "test/system/$t"
  else run_test "$t" "test/system/$t" "$ranks"; fi
done

if ((cuda)); then
  # One executable for all unit tests: 39 of them, each with Celerity's runtime, would not fit
  # what a device run can carry. --run runs the test cases of each file as `all_tests -# "[#<t>]~[.]"`.
  units=()
  for t in $(unit_tests); do wanted "$t" && units+=("$t"); done
  if ((${#units[@]})); then
    echo "test all_tests (${#units[@]} files)" >&2
    if build_target all_tests; then
      printf '%s\n' "${units[@]}" >"$build/test/tessera-unit-tests.txt"
      row all_tests built "test/all_tests, test cases of ${#units[@]} files"
    else row all_tests FAIL "does not build (tessera-logs/all_tests.build.log)"; fi
  fi
else
  for t in $(unit_tests); do
    wanted "$t" || continue
    echo "test $t" >&2
    if ! build_target "$t"; then row "$t" FAIL "does not build (tessera-logs/$t.build.log)"
    elif [[ -x "$build/test/$t" ]]; then run_test "$t" "test/$t" 1
    # A tag selects hidden test cases ([.]) too, which a file's own executable leaves out:
    # test_utils_tests' hidden case checks that Celerity aborts, and would abort all_tests.
    else run_test "$t" test/all_tests 1 -# "[#$t]~[.]"; fi
  done
fi

printf '| %-34s | %-5s | %s |\n|%s|%s|%s|\n' "example / test" result details \
  "$(printf -- '-%.0s' {1..36})" "-------" "----------"
printf '%s\n' "${results[@]}"
passed="$(printf '%s\n' "${results[@]}" | grep -c '| pass  |')"
failed="$(printf '%s\n' "${results[@]}" | grep -c '| FAIL  |')"
echo "$passed of ${#results[@]} pass, $failed fail; logs in $logs"
((failed == 0))
