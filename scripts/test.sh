#!/usr/bin/env bash
# npm test: set up, build both ways, then the layers: formatting; then C++ (native, sanitized, fuzzed, and
# wasm under node) beside the JS API, the lesson page's logic, and the pages in headless Chromium.
#
# Counting comes from the runners' own JUnit reports, never from their console text: Catch2's junit
# reporter for the C++ suites (as -r lean-junit, tests/cpp/catch_main.cpp: the same XML without the cost of
# every passed assertion; set up in CMakeLists.txt), ctest --output-junit for the fuzz targets, node:test's
# junit reporter beside its spec reporter for the JS layers. Each layer's reports and exit code are gathered
# in test-results/junit/<layer>/; scripts/summarize.mjs prints a line per layer as it ends, and at the close
# every failure, the per-layer lines and "total: N passed, M failed".
# A layer that fails counts at least one failure, and any failure makes the run exit non-zero.
# The build's and each layer's wall and CPU time are printed as "time <layer>: …" (README keeps the figures).
# The CPU is what finished child processes report: for the browser layer most of Chromium's is missing
# (sampled from /proc, its processes used about 1.7 times the printed figure again).
set -uo pipefail
cd "$(dirname "$0")/.."
TIMEFORMAT="time build: %0R s wall, %0U s user + %0S s sys CPU"
time bash scripts/build.sh --native || exit 1  # runs setup.sh first

results=test-results/junit
rm -rf "$results"
layers=()
run_layer() {  # name, command... (the command finds its report folder in $report_dir)
  local name=$1 rc
  shift
  report_dir=$results/$name
  mkdir -p "$report_dir"
  echo "== $name"
  TIMEFORMAT="time $name: %0R s wall, %0U s user + %0S s sys CPU"
  time "$@"
  rc=$?
  echo "$rc" > "$report_dir/exit-code"
  node scripts/summarize.mjs "$report_dir"
  layers+=("$report_dir")
}

# ctest's preset (CMakePresets.json: two at a time, they share nothing) on a build folder whose suites write
# test-results/*.xml (CMakeLists.txt); the reports are moved into the layer's folder, so none is left over for
# the next run.
ctest_suites() {  # preset, its build folder build/<preset>
  rm -f "build/$1"/test-results/*.xml
  ctest --preset "$1"
  local rc=$?
  mv "build/$1"/test-results/*.xml "$report_dir"/ 2> /dev/null
  return $rc
}
sanitized() {
  bash scripts/sanitize.sh
  local rc=$?
  mv build/fuzz/test-results/*.xml "$report_dir"/ 2> /dev/null
  return $rc
}
# node:test: the spec reporter on the console, and a JUnit report. Files run in their own processes,
# two at a time unless NODE_CONCURRENCY says otherwise (node's default on two cores is one).
node_tests() {  # node --test arguments...
  node --test --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=junit --test-reporter-destination="$report_dir/node.xml" --test-concurrency="${NODE_CONCURRENCY:-2}" "$@"
}
# A check that is a command, not a test runner: one JUnit case, its output kept as the failure message.
recorded_check() {  # report file, case name, command...
  local file=$1 name=$2 code log
  shift 2
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  code=${PIPESTATUS[0]}
  node scripts/summarize.mjs --record "$file" "$name" "$code" "$log"
  rm -f "$log"
  return "$code"
}
# the format checks, one case per tool
format_checks() {
  local tool rc=0
  for tool in clang-format prettier; do
    recorded_check "$report_dir/$tool.xml" "$tool" bash scripts/format.sh --check "$tool" || rc=1
  done
  return $rc
}
# the hand-written .d.ts files type-checked against a consumer (tests/types), one case per resolution mode
# (bundler, node16, node10)
type_checks() {
  local config rc=0
  # node10 resolution ignores exports and self-reference: it finds the package in a node_modules folder
  mkdir -p tests/types/node_modules && ln -sfn ../../.. tests/types/node_modules/positional-encoding-lab
  for config in tsconfig.json tsconfig.node16.json tsconfig.node10.json; do
    recorded_check "$report_dir/${config%.json}.xml" "tsc ${config%.json}" \
      npx --no-install tsc -p "tests/types/$config" || rc=1
  done
  return $rc
}

# the course-platform packages (npm run package; npm run build leaves them out), then the pages in
# Chromium, three files at a time: each file starts its own servers, on free ports, connects to the layer's one
# headless shell (or launches the full browser where it needs a learner's), and waits on
# pages, workers and servers more than it computes (on two cores, 2026-12-03: 247 s two at a time, 204 s three)
browser_tests() {
  local rc=0 endpoint shell
  recorded_check "$report_dir/package.xml" "npm run package" node scripts/package.mjs || rc=1
  # One headless shell for every file (tests/browser/shared-browser.mjs), which each connects to: a launch per file
  # cost a CPU-second more. Its first line is its endpoint; it stops when its input closes.
  coproc shell { node tests/browser/shared-browser.mjs; }
  read -r -t 30 endpoint <&"${shell[0]}" ||
    echo "browser layer: the shared browser did not start; each file launches its own"
  PELAB_BROWSER_WS=$endpoint NODE_CONCURRENCY=3 node_tests tests/browser/ || rc=1
  local input=${shell[1]}
  exec {input}>&-
  wait "$shell_PID" 2> /dev/null
  return $rc
}

run_layer format format_checks                  # clang-format and Prettier, changing nothing

# The C++ layers run beside the JS and browser layers, one after another, at a lower priority (nice 10): the browser
# layer keeps both cores busy most of the time and they take what it leaves, so the browser's waits are not
# stretched. They share nothing with the others (their build folders are built; the others read dist/). Their output
# goes to a log, printed whole once the browser layer and they have ended.
cpp_log=test-results/cpp-layers.log
set -m # the lane in a process group of its own, which an interrupted run stops with everything it started
(
  renice -n 10 -p "$BASHPID" > /dev/null # inherited by every process the layers start from here
  run_layer cpp-native ctest_suites native
  run_layer cpp-sanitize sanitized     # the same suite under ASan + LSan + UBSan
  # libFuzzer smoke, ASan + UBSan: each target 5 s (PELAB_FUZZ_SECONDS), one ctest test per target
  run_layer fuzz bash scripts/fuzz.sh 5 --output-junit "$PWD/$results/fuzz/fuzz.xml"
  run_layer cpp-wasm ctest_suites wasm # SIMD and scalar builds, under node
) > "$cpp_log" 2>&1 &
cpp_lane=$!
set +m
trap 'kill -- -"$cpp_lane" 2> /dev/null' EXIT
trap 'exit 130' INT TERM

run_layer js node_tests tests/js/               # the public API
run_layer types type_checks                     # the package's types, as a TypeScript consumer sees them
run_layer web node_tests tests/web/             # the lesson page's grading and progress logic
run_layer browser browser_tests

TIMEFORMAT="time waiting for the C++ layers: %0R s wall"
time wait "$cpp_lane"
echo
cat "$cpp_log"
layers+=("$results/cpp-native" "$results/cpp-sanitize" "$results/fuzz" "$results/cpp-wasm")

echo
node scripts/summarize.mjs --total "${layers[@]}"
