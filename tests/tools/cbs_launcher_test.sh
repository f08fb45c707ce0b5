#!/usr/bin/env bash
# tools/tessera-cbs-cxx against a stand-in clang that crashes whenever the CBS pass is loaded (as
# clang does, with its "PLEASE submit a bug report" banner): the compile must succeed without the
# pass, say so, and keep clang's report; other failures pass through unchanged. Also the
# launcher's rewriting of a CMake command: the project compiler's word becomes clang (after a
# launcher such as ccache), libgomp becomes -fopenmp.
#   cbs_launcher_test.sh <tools/tessera-cbs-cxx> <work dir>
set -euo pipefail
launcher="$1"
work="$2"
rm -rf "$work" && mkdir -p "$work" && cd "$work"

cat > fake-clang <<'SH'
#!/usr/bin/env bash
# Records its arguments; crashes on the pass; "error" in a source name is a compile error.
printf '%s\n' "$@" > args.txt
out=""
for a in "$@"; do
  [[ "$a" != *error*.cpp ]] || { echo "$a:1:1: error: expected ';'" >&2; exit 1; }
done
for a in "$@"; do
  case "$a" in
    -fpass-plugin=*libtessera-cbs.so) echo "PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/" >&2; exit 1 ;;
    -DTESSERA_CBS=1) echo "fake-clang: TESSERA_CBS defined without the pass" >&2; exit 3 ;;
  esac
done
prev=""
for a in "$@"; do [[ "$prev" != -o ]] || out="$a"; prev="$a"; done
[[ -z "$out" ]] || echo compiled > "$out"
SH
chmod +x fake-clang
fail() { echo "FAIL: $*" >&2; exit 1; }

# 1. The launcher: the crash is retried without the pass, and the note names the source and the report.
"$launcher" "$PWD/fake-clang" /usr/bin/c++ /usr/bin/c++ -O2 -fpass-plugin=/p/libtessera-cbs.so -DTESSERA_CBS=1 \
  -c app.cpp -o app.o 2> note.txt || fail "the launcher did not recover from the crash: $(cat note.txt)"
[[ -f app.o ]] || fail "no object after the retry"
grep -q "clang crashed in Tessera's CBS pass compiling app.cpp" note.txt || fail "no note: $(cat note.txt)"
report="$(sed -n "s/.*clang's report: \([^;]*\);.*/\1/p" note.txt)"
grep -q 'PLEASE submit' "$report" || fail "clang's report was not kept ($report)"
rm -f "$report" app.o

# 2. tessera++'s form, --guard, the same.
"$launcher" --guard ./fake-clang -O2 -fpass-plugin=/p/libtessera-cbs.so -DTESSERA_CBS=1 -c app.cpp -o app.o 2> note.txt ||
  fail "--guard did not recover from the crash"
[[ -f app.o ]] && grep -q "compiling app.cpp" note.txt || fail "--guard: no object or no note"
rm -f "$(sed -n "s/.*clang's report: \([^;]*\);.*/\1/p" note.txt)"

# 3. A compile error with the pass is the user's: passed through, not retried.
if "$launcher" --guard ./fake-clang -fpass-plugin=/p/libtessera-cbs.so -c error.cpp -o e.o 2> note.txt; then
  fail "a compile error succeeded"
fi
grep -q "error.cpp:1:1: error: expected ';'" note.txt || fail "the compile error was not shown"
! grep -q "crashed" note.txt || fail "a compile error was taken for a crash"

# 4. Without the pass nothing is retried: the crash is the command's result.
if "$launcher" --guard ./fake-clang -fpass-plugin=/p/libother.so -c app.cpp -o app.o 2> /dev/null; then
  : # not our pass: the stand-in does not crash, the command ran as it was
fi
grep -qx -- "-fpass-plugin=/p/libother.so" args.txt || fail "another plugin was dropped"

# 5. A CMake link line: the project compiler after ccache-like launchers becomes clang; libgomp -fopenmp.
"$launcher" "$PWD/fake-clang" /usr/bin/c++ env /usr/bin/c++ app.o -o app /usr/lib/gcc/x86_64-linux-gnu/12/libgomp.so
grep -qx -- -fopenmp args.txt || fail "libgomp was not replaced by -fopenmp: $(tr '\n' ' ' < args.txt)"
! grep -q libgomp args.txt || fail "libgomp is still linked"
grep -qx -- -Wno-unknown-warning-option args.txt || fail "clang was not put in the project compiler's place"
echo "cbs_launcher_test: all cases passed"
