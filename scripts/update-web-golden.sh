#!/usr/bin/env bash
# Rewrites the web client's golden files from the engines (every games_tests
# *WebGolden* test: the views web/tests/golden/<game>.ts, the player tools'
# answers <game>-tools.ts, the rules' vectors *.json), then type-checks them
# against the client's types. Run after a deliberate change of a view, a
# rule, a tool, a bot or the content (the view samples are real games of
# medium bots), then review the diff and commit it.
#   usage: scripts/update-web-golden.sh   (after a release build: make build)
# What the samples are and why: docs/web.md, « Typed views » and « Rules on
# both sides ».
set -euo pipefail
cd "$(dirname "$0")/.."
tests=build/release/tests/games_tests
if [ ! -x "$tests" ]; then
  echo "update-web-golden: $tests is missing; build first (make build)" >&2
  exit 1
fi
LOGO_UPDATE_WEB_GOLDEN=1 "$tests" --gtest_filter='*WebGolden*' --gtest_brief=1
git status --short web/tests/golden
cd web && npx --no-install tsc --noEmit
echo "update-web-golden: samples written and type-checked"
