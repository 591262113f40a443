#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS] [CTEST_ARGS...]: the libFuzzer targets of tests/fuzz/ (clang, ASan + UBSan,
# any report fatal), configured with PELAB_FUZZ=ON in build/fuzz, built, and run by ctest: each target
# for SECONDS seconds (default 5, as npm test runs them; 0 only replays the saved corpus). Corpora are
# kept in build/fuzz/corpus/<target>, crash inputs in build/fuzz/artifacts/<target>/.
# CTEST_ARGS go to ctest, e.g. `-R fuzz_kernels` or `--output-junit <file>`.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-5}
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "usage: scripts/fuzz.sh [SECONDS] [CTEST_ARGS...]" >&2; exit 2; }
shift $(($# > 0 ? 1 : 0))

cmake --preset fuzz -DCMAKE_CXX_COMPILER="${CXX_FUZZ:-clang++}" -DPELAB_FUZZ_SECONDS="$seconds" > /dev/null
cmake --build --preset fuzz
ctest --preset fuzz "$@"
