#!/usr/bin/env bash
# Server load benchmark (docs/benchmarks.md, "Server load"); not a test.
#
# Starts `logomachie serve` on a free loopback port with a fresh database
# (durable appends, as in production), raises the open-files limit, runs
# bench/load_bench with the given clients and pace, and prints one JSON line
# with the generator's measures plus the server's memory per connection and
# CPU time.
#
# usage: scripts/load-bench.sh [CLIENTS] [PACE_SECONDS] [SECONDS]
#   e.g. scripts/load-bench.sh 10000 5 30   (10,000 players, 2,500 rooms, 500 actions/s)
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-2000}
pace=${2:-2}
seconds=${3:-20}
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true  # 10,000 clients need more than the usual 1,024 files
[ "${BUILD:-1}" = 0 ] || cmake --build --preset release --target logomachie load_bench >/dev/null  # BUILD=0: as built
. scripts/lib/throwaway-server.sh
start_throwaway_server
rss0=$(rss_kib)
ticks0=$(cpu_ticks)
TIMEFORMAT='%U %S'
{ time build/release/bench/load_bench --port "$port" --clients "$clients" --pace "$pace" --seconds "$seconds" \
    >"$tmp/result" 2>"$tmp/gen.log"; } 2>"$tmp/gen.time"
result=$(cat "$tmp/result")
gen_cpu=$(awk '{printf "%.1f", $1 + $2}' "$tmp/gen.time")  # the generator's CPU time, whole run
rss1=$(rss_kib)
ticks1=$(cpu_ticks)
hz=$(getconf CLK_TCK)
connected=$(sed -n 's/.*"connected":\([0-9]*\).*/\1/p' <<<"$result")
extra=$(awk -v a="$rss0" -v b="$rss1" -v n="$connected" -v t0="$ticks0" -v t1="$ticks1" -v hz="$hz" \
  'BEGIN { printf "\"generator_cpu_s\":'"$gen_cpu"',\"server_rss_mib\":%.1f,\"server_kib_per_client\":%.1f,\"server_cpu_s\":%.1f", b / 1024, (n > 0 ? (b - a) / n : 0), (t1 - t0) / hz }')
echo "${result%\}},$extra}"
