#!/usr/bin/env bash
# clang-tidy over the project's C++ (.clang-tidy; docs/style.md), every
# warning an error. Needs a configured build for its compile commands
# (build/release, or BUILD=build/dev).
#
#   scripts/check-tidy.sh              every source file but the tests (about 10 min on 2 cores)
#   scripts/check-tidy.sh FILE…        just those
#   scripts/check-tidy.sh --changed    files changed since origin/main (or since HEAD~1)
#
# Not part of `make test`: clang-tidy parses each file again (8–20 s a file
# here, Boost.Beast's the slowest), which would add more than the whole test
# run takes; docs/style.md says when to run it.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD:-build/release}
tidy=$(command -v run-clang-tidy-14 || command -v run-clang-tidy || true)
[ -n "$tidy" ] || { echo "check-tidy: clang-tidy is not installed (scripts/install-deps.sh)"; exit 1; }
[ -f "$build/compile_commands.json" ] || { echo "check-tidy: configure $build first (cmake --preset release)"; exit 1; }

if [ "${1:-}" = "--changed" ]; then
  base=$(git merge-base HEAD origin/main 2>/dev/null || git rev-parse HEAD~1)
  mapfile -t files < <(git diff --name-only "$base" -- '*.cc' | grep -v '/tests/' || true)
  [ ${#files[@]} -gt 0 ] || { echo "check-tidy: no C++ source changed"; exit 0; }
elif [ $# -gt 0 ]; then
  files=("$@")
else
  mapfile -t files < <(git ls-files 'cli/*.cc' 'games/*.cc' 'lexicon/*.cc' 'server/*.cc' | grep -v '/tests/')
fi
# The compile commands force-include GCC's precompiled header (server_http),
# which clang cannot read: a copy of them without it (the sources include
# what they use).
db=$(mktemp -d)
python3 - "$build/compile_commands.json" "$db/compile_commands.json" <<'PY'
import json, re, sys
commands = json.load(open(sys.argv[1]))
for c in commands:
    c["command"] = re.sub(r"\s-include\s+\S*cmake_pch\.hxx", "", c["command"])
    c["command"] = re.sub(r"\s-Winvalid-pch", "", c["command"])
json.dump(commands, open(sys.argv[2], "w"))
PY
# run-clang-tidy takes regexes: one anchored alternative per file.
regex=$(printf '%s\n' "${files[@]}" | sed -e 's/[.+]/\\&/g' -e "s|^|^$PWD/|" -e 's/$/$/' | paste -sd'|')
out=$(mktemp)
trap 'rm -rf "$out" "$db"' EXIT
# GCC-only flags of the compile commands (-Wno-error=restrict…) are not clang's.
"$tidy" -p "$db" -j "$(nproc)" -quiet \
  -extra-arg=-Wno-unknown-warning-option "$regex" >"$out" 2>&1 || true
if grep -qE '(warning|error): ' "$out"; then
  sed 's/\x1b\[[0-9;]*m//g' "$out" | grep -E '(warning|error): ' | sort -u
  echo "check-tidy: findings above (${#files[@]} files checked)"
  exit 1
fi
echo "check-tidy: ${#files[@]} files clean"
