#!/usr/bin/env bash
# The C++ sources follow .clang-format (ctest `format_check`, docs/style.md).
# Lists the files that differ and fails; `scripts/check-format.sh --fix`
# rewrites them in place.
set -euo pipefail
cd "$(dirname "$0")/.."
format=$(command -v clang-format-14 || command -v clang-format || true)
[ -n "$format" ] || { echo "check-format: clang-format is not installed (scripts/install-deps.sh)"; exit 1; }
mapfile -t files < <(git ls-files '*.cc' '*.h' 2>/dev/null || find cli games lexicon server bench fuzz -name '*.cc' -o -name '*.h')
if [ "${1:-}" = "--fix" ]; then
  "$format" -i "${files[@]}"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  "$format" --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  printf 'check-format: not formatted (scripts/check-format.sh --fix):\n'
  printf '  %s\n' "${bad[@]}"
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
