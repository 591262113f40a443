#!/usr/bin/env bash
# Installs what the project needs on a Debian 12 machine, as root. Idempotent: a second run installs nothing.
# Everything comes from Debian's packages and the pinned npm lockfile; no toolchain or browser is downloaded.
set -euo pipefail
cd "$(dirname "$0")/.."

# clang + libclang-rt-14-dev: libFuzzer and the sanitizers' runtimes for scripts/fuzz.sh;
# clang-format: the C++ half of scripts/format.sh (Prettier, the other half, is an npm devDependency);
# zip and unzip: the course-platform packages (scripts/package.mjs) and their tests;
# nginx-light: tests/browser/hosting.test.mjs serves the site with the README's nginx configuration;
# chromium-headless-shell: the browser tests' Chromium (tests/browser/browser.mjs), chromium where a test or the
# benchmark needs a learner's browser
debian_packages=(emscripten libxsimd-dev catch2 chromium chromium-headless-shell cmake ninja-build g++ clang
  libclang-rt-14-dev clang-format zip unzip nginx-light)
missing=()
for pkg in "${debian_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done

if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing Debian packages: ${missing[*]} (run scripts/setup.sh as root)" >&2
    exit 1
  fi
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Node 20.19 or later in the 20 line, or 22.12 or later: what Vite 8 (the site's build) requires, and where
# require() of an ES module works without a flag. Debian 12's own nodejs is 18: a newer one must be installed.
node_ok=$(node -e 'const [a, b] = process.versions.node.split(".").map(Number); console.log(a > 22 || (a === 22 && b >= 12) || (a === 20 && b >= 19) ? 1 : 0)' 2>/dev/null || echo 0)
if [ "$node_ok" != 1 ]; then
  echo "setup: Node $(node --version 2>/dev/null || echo '(none)') found; this project needs Node ^20.19 or >= 22.12" >&2
  exit 1
fi

# npm ci only when the lockfile changed since the last install (a stamp in node_modules records it).
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ "$(cat node_modules/.setup-lock-sum 2>/dev/null)" != "$lock_sum" ]; then
  npm ci --no-audit --no-fund
  echo "$lock_sum" > node_modules/.setup-lock-sum
fi
