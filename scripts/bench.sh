#!/usr/bin/env bash
# npm run bench: set up what is missing, build what changed — the wasm modules and dist/ (build.sh,
# which runs scripts/setup.sh first), the benchmark's own wasm and native programs — then run the benchmark.
# Arguments go to tests/bench/bench.mjs: --reps N, --out FILE, --no-browser, --no-training.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
# The wasm programs of the benchmark (the core's workloads, the SGEMM): targets build.sh leaves out.
cmake --build --preset wasm --target pelab_core_bench pelab_sgemm_bench
cmake --preset native > /dev/null
cmake --build --preset bench
exec node --expose-gc tests/bench/bench.mjs "$@"
