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
        # One run over every file (file by file took 11.7 s here, against 0.5), its reports ("file:line:col: error:
        # code should be clang-formatted") cut to the names of the files that would change.
        out=$(clang-format --dry-run --Werror "${files[@]}" 2>&1) && code=0 || code=$?
        mapfile -t unformatted < <(sed -n 's/^\(.*\):[0-9]*:[0-9]*: error: code should be clang-formatted.*/\1/p' \
          <<< "$out" | sort -u)
        if [ "$code" -ne 0 ] && [ ${#unformatted[@]} -eq 0 ]; then  # it failed for another reason: say which
          echo "$out"
          echo "clang-format: exit $code"
          exit 1
        fi
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
