#!/usr/bin/env bash
# npm run format: clang-format (.clang-format) rewrites the C++ of cpp/ and tests/, Prettier
# (.prettierrc.json, .prettierignore) everything else it knows (JS, TS types, HTML, CSS, JSON).
# scripts/format.sh --check [clang-format|prettier]: change nothing; fail, naming the files, when one
# would change (npm test's format layer runs each tool as a check).
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
if [ "${1:-}" = "--check" ]; then
  check=1
  shift
fi
tools=("$@")
[ ${#tools[@]} -gt 0 ] || tools=(clang-format prettier)

# The C++ sources: tracked and new (not ignored) files under cpp/ and tests/.
cpp_files() {
  if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    git ls-files --cached --others --exclude-standard -- 'cpp/*.cpp' 'cpp/*.hpp' 'tests/*.cpp' 'tests/*.hpp'
  else
    find cpp tests -name node_modules -prune -o \( -name '*.cpp' -o -name '*.hpp' \) -print
  fi
}

for tool in "${tools[@]}"; do
  case "$tool" in
    clang-format)
      mapfile -t files < <(cpp_files | sort -u)
      if [ "$check" = 1 ]; then
        # file by file, so the log names each file that would change rather than every change in it
        unformatted=()
        for f in "${files[@]}"; do
          clang-format --dry-run --Werror "$f" > /dev/null 2>&1 || unformatted+=("$f")
        done
        if [ ${#unformatted[@]} -gt 0 ]; then
          printf '[warn] %s\n' "${unformatted[@]}"
          echo "clang-format: ${#unformatted[@]} of ${#files[@]} C++ files would change; npm run format rewrites them"
          exit 1
        fi
        echo "clang-format: all ${#files[@]} C++ files are formatted"
      else
        clang-format -i "${files[@]}"
        echo "clang-format: formatted ${#files[@]} C++ files"
      fi
      ;;
    prettier)
      if [ "$check" = 1 ]; then
        npx --no-install prettier --check .
      else
        npx --no-install prettier --write --log-level warn .
        # Prettier is not always idempotent (a long member chain can settle only on the second pass)
        { npx --no-install prettier --list-different . || true; } | xargs -r npx --no-install prettier --write --log-level warn
        echo "prettier: formatted"
      fi
      ;;
    *)
      echo "usage: scripts/format.sh [--check] [clang-format|prettier]..." >&2
      exit 2
      ;;
  esac
done
