#!/usr/bin/env bash
# Soak benchmark (docs/benchmarks.md, "Soak"); not a test.
#
# Starts `logomachie serve` on a free loopback port with a fresh database and
# runs bench/load_bench --soak against it for DURATION seconds: Word Bank rooms
# of 4 playing bot-paced games, players dropping off silently and coming back
# with their token, rooms whose players leave for good replaced by new ones.
# Every SAMPLE seconds it records the server's memory, open descriptors, WAL
# and database size and its /metrics gauges; the generator reports actions,
# latency, drops and resumes per window. At the end it prints both tables and
# the first and last rows side by side (flat is the target).
#
# usage: scripts/soak.sh [DURATION_S=3600] [CLIENTS=2000] [PACE_S=2] [SAMPLE_S=60] [OUT_DIR]
#   OUT_DIR keeps samples.tsv, windows.jsonl and the server's log (default: a temporary folder, removed)
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-3600}
clients=${2:-2000}
pace=${3:-2}
sample=${4:-60}
keep=${5:-}
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
[ "${BUILD:-1}" = 0 ] || cmake --build --preset release --target logomachie load_bench >/dev/null  # BUILD=0: as built
. scripts/lib/throwaway-server.sh
start_throwaway_server
out=${keep:-$tmp}
mkdir -p "$out"
samples="$out/samples.tsv"
windows="$out/windows.jsonl"
metric() { sed -n "s/^$1 \([0-9.e+]*\)$/\1/p" <<<"$2" | head -1; }
take_sample() {
  local m
  m=$(curl -s "http://127.0.0.1:$port/metrics" || true)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(($(date +%s) - t0))" "$(rss_kib)" "$(open_fds)" \
    "$(stat -c %s "$db-wal" 2>/dev/null || echo 0)" "$(stat -c %s "$db" 2>/dev/null || echo 0)" \
    "$(metric logomachie_connections "$m")" "$(metric logomachie_rooms "$m")" \
    "$(metric logomachie_idle_closed_total "$m")" "$(metric logomachie_slow_closed_total "$m")" \
    "$(metric logomachie_errors_total "$m")" >>"$samples"
}
printf 'elapsed_s\trss_kib\tfds\twal_bytes\tdb_bytes\tconnections\trooms\tidle_closed\tslow_closed\terror_replies\n' >"$samples"
t0=$(date +%s)
build/release/bench/load_bench --port "$port" --clients "$clients" --pace "$pace" --seconds "$duration" \
  --soak --report-every "$sample" >"$windows" 2>"$out/generator.log" &
gen=$!
while kill -0 "$gen" 2>/dev/null; do
  take_sample
  for _ in $(seq "$sample"); do kill -0 "$gen" 2>/dev/null || break; sleep 1; done
done
status=0
wait "$gen" || status=$?
take_sample
cp "$tmp/log" "$out/server.log" 2>/dev/null || true
echo "# server samples ($samples)"
column -t "$samples"
echo "# generator windows ($windows)"
cat "$windows"
exit "$status"
