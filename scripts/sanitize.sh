#!/usr/bin/env bash
# scripts/sanitize.sh: the native Catch2 suite (cpp_native) under AddressSanitizer, LeakSanitizer and
# UndefinedBehaviorSanitizer, built in build/fuzz beside the libFuzzer targets (scripts/fuzz.sh) on the same
# sanitized core (CMake option PELAB_FUZZ: the core library gets -fsanitize=address,undefined and passes it on to
# what links it; its libFuzzer coverage stays its own). Any sanitizer report stops the run and fails it.
# The training experiments ([slow]) are left out: they run the same code as the short trainings of the
# [training] cases for longer, and their outcomes are asserted once, natively (the cpp-native layer). So are
# the exhaustive accuracy sweeps ([accuracy], 22 s here under ASan): they run the table and RoPE kernels the
# other cases run, at every position to 65,536, and what they assert is numerical (native and wasm suites).
# The suite's JUnit reports go to build/fuzz/test-results/cpp_native-N.xml (npm test counts from them);
# failed assertions are echoed to the console.
# Leak checking needs ptrace-like access; where LeakSanitizer cannot run, it is turned off with a note.
set -euo pipefail
cd "$(dirname "$0")/.."

build=build/fuzz
start=$SECONDS

# The fuzz preset (CMakePresets.json): clang, -O1 and line tables only (-g1), what the sanitizers' reports need
# (function, file and line), at less than half the compile time of RelWithDebInfo's -O2 -g; the asan build
# preset builds the suite alone there.
cmake --preset fuzz -DCMAKE_CXX_COMPILER="${CXX_FUZZ:-clang++}" > /dev/null
cmake --build --preset asan
echo "sanitize: built in $((SECONDS - start)) s"

# An instrumented binary answers ASAN_OPTIONS=help=1 with the sanitizer's flags: proof that the sanitizers
# reached the test executable (and with it the sanitizer runtimes).
# (Read whole before grep: under pipefail, grep -q stopping early would fail the pipe.)
flags=$(ASAN_OPTIONS=help=1 "$build/cpp_native" --list-test-names-only 2>&1 > /dev/null || true)
if ! grep -q "Available flags for AddressSanitizer" <<< "$flags"; then
  echo "sanitize: cpp_native is not built with AddressSanitizer (PELAB_FUZZ's sanitizers not propagated?)" >&2
  exit 1
fi
# Whether LeakSanitizer can run here: CMake's probe decided when the folder was configured (CMakeLists.txt).
leaks=$(cat "$build/detect_leaks")
[ "$leaks" = 1 ] || echo "sanitize: note: LeakSanitizer cannot run here (ptrace restricted); running with detect_leaks=0"

# Two processes, one per core, each writing its own JUnit report (npm test counts from both): the training cases
# but three (9.8 s under ASan here), and those three with the rest (6.3 s; the three were moved when the training
# cases took 14 s and the rest 1). A case is moved by its name (and only as a [training] case of the first's): one
# renamed stays in the first process, so none is ever run twice or left out.
moved=("trainer: two-sided ALiBi*" "trainer: with a CLS token*" "a scaled evaluation*")
first="[training]~[slow]" second=""
for name in "${moved[@]}"; do first+="~\"$name\"" second+="\"$name\"[training]~[slow],"; done
second+="~[training]~[slow]~[accuracy]"
logs=()
trap 'rm -f "${logs[@]}"' EXIT
mkdir -p "$build/test-results"
rm -f "$build/test-results/"cpp_native*.xml
pids=()
shard=0
for spec in "$first" "$second"; do
  shard=$((shard + 1))
  log=$(mktemp)
  logs+=("$log")
  ASAN_OPTIONS=detect_leaks=$leaks:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$build/cpp_native" "$spec" -r lean-junit -o "$build/test-results/cpp_native-$shard.xml" --use-colour no \
    > "$log" 2>&1 &
  pids+=($!)
done
rc=0
for pid in "${pids[@]}"; do wait "$pid" || rc=$?; done
cat "${logs[@]}"
# A report that somehow did not stop the run still fails it.
if grep -qE "runtime error:|ERROR: (AddressSanitizer|LeakSanitizer)" "${logs[@]}"; then
  [ "$rc" -ne 0 ] || rc=1
fi
if [ "$rc" -eq 0 ]; then
  echo "sanitize: cpp_native clean under ASan + UBSan (leak check $([ $leaks = 1 ] && echo on || echo off)) in $((SECONDS - start)) s"
else
  echo "sanitize: cpp_native FAILED under ASan + UBSan (exit $rc)"
fi
exit "$rc"
