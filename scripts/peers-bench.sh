#!/usr/bin/env bash
# Issue 22: Logomachie against boardgame.io 0.50 and Colyseus 0.16 on this
# machine, one Node.js load generator for all three (bench/peers/load.mjs;
# docs/benchmarks.md, "Peers"). A benchmark, not a test.
#
#  1. builds `logomachie` (release) unless BUILD=0, and installs bench/peers'
#     npm packages (`npm ci`, when the lockfile changed since the last one);
#  2. for each repeat and clients count, runs the three servers one after the
#     other (the order turns with each repeat), each a fresh server process
#     started and stopped by load.mjs on 127.0.0.1 (Logomachie with a fresh
#     SQLite file: every action durable; the other two in memory) whose
#     clients are then measured at each target rate in turn (one ramp per
#     run), and records the 1-minute load average (`uptime`'s first figure)
#     before each run;
#  3. prints one Markdown table (min–max over the repeats) and keeps every
#     run's JSON line in $OUT/runs.jsonl.
#
# Needs scripts/install-deps.sh's packages for the build (Debian's, and
# lexicon/npm's); Node.js 20 and npm for the rest.
#
# Environment (defaults finish in about 7 minutes on 2 cores):
#   CLIENTS="200 2000"  RATES="250 500 1000"  REPEATS=2  SECONDS_PER_RUN=6
#   WARMUP=3  SERVERS="logomachie bgio colyseus"  OUT=(a temporary folder)  BUILD=1
set -euo pipefail
export LC_ALL=C  # "." in the load average
cd "$(dirname "$0")/.."
root=$PWD
clients_list=${CLIENTS:-200 2000}
rates=${RATES:-250 500 1000}
repeats=${REPEATS:-2}
seconds=${SECONDS_PER_RUN:-6}
warmup=${WARMUP:-3}
read -r -a servers <<<"${SERVERS:-logomachie bgio colyseus}"
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true  # 2,000 clients and their server need more than 1,024 files

if [ "${BUILD:-1}" != 0 ]; then
  [ -f build/release/build.ninja ] || cmake --preset release >/dev/null
  cmake --build --preset release --target logomachie >/dev/null
fi
stamp=bench/peers/node_modules/.install-stamp
if [ ! -f "$stamp" ] || [ bench/peers/package-lock.json -nt "$stamp" ]; then
  (cd bench/peers && npm ci --no-audit --no-fund >/dev/null)
  touch "$stamp"
fi

runs=$out/runs.jsonl
: >"$runs"
echo "peers-bench: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores; runs in $runs" >&2
for ((r = 0; r < repeats; r++)); do
  for clients in $clients_list; do
    for ((k = 0; k < ${#servers[@]}; k++)); do
      server=${servers[(k + r) % ${#servers[@]}]}
      load=$(uptime | sed 's/.*load average: *\([0-9.]*\).*/\1/')
      echo "peers-bench: repeat $((r + 1)), $server, $clients clients, ${rates// /, } actions/s (load $load)" >&2
      if lines=$(timeout -k 10 600 node bench/peers/load.mjs --server "$server" --clients "$clients" --rate "${rates// /,}" \
          --seconds "$seconds" --warmup "$warmup" --bin "$root/build/bin/logomachie" 2>>"$out/generator.log"); then
        while read -r line; do
          [ -n "$line" ] || continue
          echo "{\"repeat\":$((r + 1)),\"load_before\":$load,${line#\{}" >>"$runs"
        done <<<"$lines"
      else
        echo "peers-bench: that run failed (see $out/generator.log)" >&2
      fi
    done
  done
done
node bench/peers/table.mjs "$runs" | tee "$out/table.md"
