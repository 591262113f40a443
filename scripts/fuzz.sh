#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS]: builds every libFuzzer target in tests/fuzz/ (clang, ASan + UBSan, any
# sanitizer report fatal) into build/fuzz/<target>, then runs each one for SECONDS seconds (default 10)
# with a corpus kept in build/fuzz/corpus/<target>. Crash inputs land in build/fuzz/artifacts/<target>/.
# SECONDS=0 only replays the saved corpus (each input once), as a regression check.
# Prints one line per target and closes with "N passed, M failed"; exits non-zero if any target crashed.
#
# Environment: FUZZ_TARGETS="fuzz_kernels fuzz_attention" runs only those; FUZZ_JOBS (default: the
# number of cores) targets are compiled and run at once; CXX_FUZZ (default clang++) is the compiler;
# FUZZ_STRICT=1 also asserts the invariants the core is known not to meet yet (-DPELAB_FUZZ_STRICT,
# binaries in build/fuzz/strict/).
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-10}
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz.sh [SECONDS]" >&2; exit 2; }
cxx=${CXX_FUZZ:-clang++}
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
out=build/fuzz
flags=(-std=c++17 -O1 -g -msse4.1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
       -fno-omit-frame-pointer -Icpp/include -I$out/deps)

bin_dir=$out
target_flags=()
if [ "${FUZZ_STRICT:-0}" = 1 ]; then
  bin_dir=$out/strict
  target_flags=(-DPELAB_FUZZ_STRICT)
fi
mkdir -p "$out/obj" "$out/deps" "$out/logs" "$bin_dir"
ln -sfn /usr/include/xsimd "$out/deps/xsimd"

# A change of compiler or flags invalidates every object.
stamp="$cxx $("$cxx" --version | head -n 1) ${flags[*]}"
if [ ! -f "$out/flags" ] || [ "$(cat "$out/flags")" != "$stamp" ]; then
  rm -f "$out"/obj/*.o
  printf '%s' "$stamp" > "$out/flags"
fi

# newest modification time (seconds) among the given files
newest() { stat -c %Y "$@" | sort -n | tail -n 1; }
headers=$(newest cpp/include/pelab/*/*.hpp)

# --- which targets ---------------------------------------------------------------------------------
if [ -n "${FUZZ_TARGETS:-}" ]; then
  read -r -a targets <<< "$FUZZ_TARGETS"
else
  targets=()
  for src in tests/fuzz/fuzz_*.cpp; do targets+=("$(basename "${src%.cpp}")"); done
fi
[ ${#targets[@]} -gt 0 ] || { echo "no fuzz targets in tests/fuzz/" >&2; exit 2; }

# --- the core, compiled once with the fuzzer's instrumentation and shared by every target ---------
# (only the objects of today's cpp/src/*/*.cpp are linked: one left by a removed source is ignored)
stale=()
objects=()
for src in cpp/src/*/*.cpp; do
  obj=$out/obj/$(basename "${src%.cpp}").o
  objects+=("$obj")
  if [ ! -f "$obj" ] || [ "$(newest "$src")" -gt "$(newest "$obj")" ] || [ "$headers" -gt "$(newest "$obj")" ]; then
    stale+=("$src")
  fi
done
build_start=$SECONDS
if [ ${#stale[@]} -gt 0 ]; then
  echo "compiling ${#stale[@]} core sources with $cxx (fuzzer, address, undefined)"
  printf '%s\n' "${stale[@]}" |
    xargs -P "$jobs" -I{} sh -c '"$0" "$@" -c {} -o "'"$out"'/obj/$(basename {} .cpp).o"' "$cxx" "${flags[@]}" || {
      echo "the core did not compile for fuzzing"
      echo "0 passed, ${#targets[@]} failed"
      exit 1
    }
fi

# --- the targets, each linked with the core ----------------------------------------------------
link_target() {  # name
  local name=$1 src=tests/fuzz/$1.cpp bin=$bin_dir/$1
  [ -f "$src" ] || { echo "$name: no such target ($src)" >&2; return 1; }
  if [ ! -x "$bin" ] || [ "$(newest "$src" tests/fuzz/*.hpp "${objects[@]}")" -gt "$(newest "$bin")" ] ||
     [ "$headers" -gt "$(newest "$bin")" ]; then
    "$cxx" "${flags[@]}" ${target_flags[@]+"${target_flags[@]}"} "$src" "${objects[@]}" -o "$bin"
  fi
}
# Compile and link FUZZ_JOBS targets at a time; `pending` holds "pid:name" of those running.
declare -A built
pending=()
reap() {  # waits for the oldest pending job and records its exit code in the named array
  local -n into=$1
  local p=${pending[0]} code=0
  pending=("${pending[@]:1}")
  wait "${p%%:*}" || code=$?
  into[${p#*:}]=$code
}
for t in "${targets[@]}"; do
  link_target "$t" > "$out/logs/$t.build.log" 2>&1 &
  pending+=("$!:$t")
  [ ${#pending[@]} -lt "$jobs" ] || reap built
done
while [ ${#pending[@]} -gt 0 ]; do reap built; done
build_ok=()
for t in "${targets[@]}"; do
  if [ "${built[$t]}" -eq 0 ]; then build_ok+=("$t"); else cat "$out/logs/$t.build.log" >&2; fi
done
echo "built ${#build_ok[@]}/${#targets[@]} targets in $((SECONDS - build_start)) s"

# --- fuzzing: FUZZ_JOBS targets at a time, SECONDS seconds each ----------------------------------
# Leak checking needs LeakSanitizer, which some sandboxes (restricted ptrace) cannot run.
leaks=1
if [ ${#build_ok[@]} -gt 0 ]; then
  probe=$(printf 'x' | ASAN_OPTIONS=detect_leaks=1 "$bin_dir/${build_ok[0]}" -runs=1 2>&1 || true)
  if grep -qE "LeakSanitizer (has encountered a fatal error|does not work under ptrace)" <<< "$probe"; then
    leaks=0
    echo "note: LeakSanitizer cannot run here (ptrace restricted); fuzzing with -detect_leaks=0"
  fi
fi
run_target() {  # name
  local name=$1
  mkdir -p "$out/corpus/$name" "$out/artifacts/$name"
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=$leaks:abort_on_error=1} \
    "$bin_dir/$name" "$out/corpus/$name" "${budget[@]}" -detect_leaks=$leaks -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix="$out/artifacts/$name/" -print_final_stats=1 > "$out/logs/$name.log" 2>&1
}
budget=(-max_total_time="$seconds")
[ "$seconds" -gt 0 ] || budget=(-runs=0)
run_start=$SECONDS
declare -A rc
for t in "${build_ok[@]}"; do
  run_target "$t" &
  pending+=("$!:$t")
  [ ${#pending[@]} -lt "$jobs" ] || reap rc
done
while [ ${#pending[@]} -gt 0 ]; do reap rc; done

passed=0
failed=0
for t in "${targets[@]}"; do
  log=$out/logs/$t.log
  if [ -z "${rc[$t]+set}" ]; then
    echo "$t: build failed (see $out/logs/$t.build.log)"
    failed=$((failed + 1))
    continue
  fi
  runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -n 1 || true)
  [ -n "$runs" ] || runs=$(grep -oE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#' || true)
  [ -n "$runs" ] || runs=0
  if [ "${rc[$t]}" -eq 0 ]; then
    echo "$t: $runs runs, no crash"
    passed=$((passed + 1))
  else
    artifact=$(grep -oE "Test unit written to [^ ]+" "$log" | tail -n 1 | sed 's/Test unit written to //' || true)
    echo "$t: CRASH after $runs runs (exit ${rc[$t]}; input: ${artifact:-none}; log: $log)"
    # the report itself: the sanitizer's or the invariant's first lines
    grep -E "fuzz invariant failed|  at |ERROR: (Address|Undefined|Leak)Sanitizer|runtime error|SUMMARY|deadly signal|timeout|out-of-memory" \
      "$log" | head -n 8 | sed 's/^/    /' || true
    failed=$((failed + 1))
  fi
done
echo "fuzzed for $((SECONDS - run_start)) s"
# node:test-style counts, so scripts/summarize.mjs (scripts/test.sh) counts one case per target
printf '# pass %d\n# fail %d\n' "$passed" "$failed"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
