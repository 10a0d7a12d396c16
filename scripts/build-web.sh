#!/usr/bin/env bash
# Builds the browser client (web/, TypeScript + Vite) into build/web, where
# `logomachie serve` finds it. Type-checks first; takes a few seconds.
set -euo pipefail
cd "$(dirname "$0")/../web"
stamp=node_modules/.install-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "build-web: npm ci in web"
  npm ci --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi
npx --no-install tsc --noEmit
npx --no-install vite build --logLevel warn
echo "Built the web client in build/web"
