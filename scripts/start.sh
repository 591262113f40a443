#!/usr/bin/env bash
# npm start: set up what is missing, build (build.sh runs scripts/setup.sh first), and serve the lesson page.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
exec node scripts/serve.mjs
