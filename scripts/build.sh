#!/usr/bin/env bash
# npm run build: sets up what is missing (scripts/setup.sh), builds the wasm modules (Release; cmake
# rebuilds only what changed) and lays out dist/: the Emscripten modules, their .wasm, the JS layer and
# its hand-written types, the components and embed helper, and the bundled lesson site in dist/site.
# `--native` also builds the native core, the Catch2 suite and the fixtures tool the JS tests compare
# with (the native benchmark binaries are scripts/bench.sh's).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh  # a fresh clone has no node_modules: Vite below would be missing

if [ "${1:-}" = "--native" ]; then
  cmake --preset native > /dev/null
  cmake --build --preset native
fi
# CMakePresets.json: every build folder, its compiler and flags; and for the wasm one, emcc's environment: Debian's
# node modules (its JS optimizer needs them) and Debian's python3 (em++ runs `python3` from PATH, which on a
# machine with pyenv is a shell shim costing 0.25 CPU-s an em++ call: a fresh wasm build took 186 CPU-s and 96 s
# with it, 156 and 80 without).
cmake --preset wasm > /dev/null
cmake --build --preset wasm

mkdir -p dist
cp build/wasm/pelab.mjs build/wasm/pelab.wasm build/wasm/pelab-scalar.mjs build/wasm/pelab-scalar.wasm \
  build/wasm/pelab-no-trainer.mjs build/wasm/pelab-no-trainer.wasm dist/
cp cpp/bindings/wasm/*.js dist/  # the JS layer, index.js its entry (package.json publishes dist/'s top files)
cp cpp/bindings/wasm/lab.d.ts dist/index.d.ts
cp web/components/pe-exercise.d.ts dist/components.d.ts
cp web/embed/host.d.ts dist/embed.d.ts
cp web/embed/iife.d.ts dist/embed.iife.d.ts
cp cpp/bindings/wasm/wasm-url.d.ts dist/wasm-url.d.ts
node scripts/messages.mjs  # the catalogs (web/i18n/catalogs/) compiled for the pages, checked against English
# The lesson site and embed page, bundled from web/ into dist/site (they import the package entry
# above), and the package's <pe-exercise> components and embed host helper.
npx --no-install vite build --config web/vite.config.js
rm -rf dist/assets  # hashed worker files of earlier builds
LIB=components npx --no-install vite build --config web/vite.lib.config.js
LIB=workers npx --no-install vite build --config web/vite.lib.config.js
LIB=embed npx --no-install vite build --config web/vite.lib.config.js
# dist/site is the one folder to upload: the embed snippet's host helper is served beside embed.html.
cp dist/embed.iife.js dist/site/embed.iife.js
# The course-platform packages (56 zips and an .h5p) are not made here: `npm run package` makes them, and npm test
# before its browser layer (scripts/test.sh), the only one that opens them.
echo "build: dist/ holds $(ls dist | tr '\n' ' ')"
