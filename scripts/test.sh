#!/usr/bin/env bash
# npm test: set up, build both ways, then the layers — C++ (native, sanitized, fuzzed, and wasm under
# node), JS through the public API, and the pages in headless Chromium. Each ends with a summary line.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
bash scripts/build.sh --native || exit 1

status=0
summaries=()
passed=0
failed=0
run_layer() {  # name, command...
  local name=$1 log counts rc
  shift
  log=$(mktemp)
  echo "== $name"
  "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  read -r p f < <(node scripts/summarize.mjs < "$log")
  # a layer that exits non-zero counts as failed even when its output showed no failing case
  [ "$rc" -eq 0 ] || { status=1; [ "$f" -gt 0 ] || f=1; }
  summaries+=("$name: $p passed, $f failed")
  passed=$((passed + p))
  failed=$((failed + f))
  rm -f "$log"
}

run_layer cpp-native ctest --test-dir build/native --verbose
run_layer cpp-sanitize bash scripts/sanitize.sh    # the same suite under ASan + LSan + UBSan
run_layer fuzz env FUZZ_STRICT=1 bash scripts/fuzz.sh 5  # libFuzzer smoke: each target 5 s, ASan + UBSan
run_layer cpp-wasm ctest --test-dir build/wasm --verbose  # SIMD and scalar builds
run_layer js node --test tests/js/
run_layer browser node --test --test-concurrency=1 tests/browser/

echo
echo "== summary (test cases per layer)"
printf '%s\n' "${summaries[@]}"
echo "total: $passed passed, $failed failed"
exit $status
