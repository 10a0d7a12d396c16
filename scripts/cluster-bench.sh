#!/usr/bin/env bash
# Issue 21's benchmark (docs/benchmarks.md, "Cluster"): a benchmark, not a test.
#  1. the cost of a durable append: store_bench on SQLite, then on the
#     cluster's PostgreSQL (8 threads, 5 s each);
#  2. the peers load generator (bench/peers/load.mjs: rooms of 4 playing Word
#     Bank, the player whose turn it is passes) against 1, 2 and 3 nodes
#     behind HAProxy, each on PostgreSQL and Redis (scripts/cluster.sh), and
#     against one node on SQLite for reference; one JSON line per rate.
# Everything on this machine, loopback only; the cluster is stopped by PID at
# the end (or on Ctrl+C).
#   scripts/cluster-bench.sh [clients] [rates] [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
clients=${1:-2000}
rates=${2:-250,500,1000,2000}
seconds=${3:-10}
export CLUSTER_PORT=${CLUSTER_PORT:-38080}
work=$(mktemp -d /tmp/logomachie-cluster-bench.XXXXXX)
export CLUSTER_STATE="$work/current"
trap 'scripts/cluster.sh down >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
[ -d bench/peers/node_modules ] || (cd bench/peers && npm ci --no-audit --no-fund --loglevel=error)
store_bench=build/release/bench/store_bench
[ -x "$store_bench" ] || cmake --build --preset release --target store_bench >/dev/null

echo "# $(date -u +%FT%TZ) $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
echo "## durable append"
"$store_bench" sqlite "$work/append.db" 8 5
for nodes in 1 2 3; do
  scripts/cluster.sh up "$nodes" >/dev/null
  d=$(cat "$CLUSTER_STATE")
  if [ "$nodes" = 1 ]; then
    "$store_bench" "postgresql://logomachie@127.0.0.1:$((CLUSTER_PORT + 90))/logomachie" 8 5
    echo "## load: nodes on PostgreSQL + Redis behind HAProxy (server CPU = the nodes)"
  fi
  pids=$(cat "$d"/n*.pid | paste -sd,)
  echo "### $nodes node(s)"
  node bench/peers/load.mjs --server logomachie --port "$CLUSTER_PORT" --pids "$pids" \
    --clients "$clients" --rate "$rates" --seconds "$seconds" --warmup 3 || true
  scripts/cluster.sh down >/dev/null
done
echo "## load: one node on SQLite, no balancer (reference)"
node bench/peers/load.mjs --server logomachie --clients "$clients" --rate "$rates" --seconds "$seconds" --warmup 3 || true
