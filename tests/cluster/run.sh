#!/usr/bin/env bash
# The cluster tests (ctest `cluster`): a 3-node cluster on loopback
# (scripts/cluster.sh, its own folder and ports), the PostgreSQL store's
# tests against its database, then games through HAProxy while nodes are
# killed and paused and Redis and PostgreSQL restart (failover.mjs).
# Stops everything it started, whatever happens.
#   tests/cluster/run.sh PATH/TO/logomachie PATH/TO/server_tests
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$1
server_tests=$2

work=$(mktemp -d /tmp/logomachie-cluster-test.XXXXXX)
export CLUSTER_STATE="$work/current"
# Ports: HAProxy on the base, nodes on base+1…3, PostgreSQL base+90, Redis
# base+91. The first base from 28080 up (by hundreds) where nothing listens
# on any of them: a cluster another run left behind must not fail this one.
in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_base() {
  local base p
  for base in $(seq 28080 100 29980); do
    for p in $base $((base + 1)) $((base + 2)) $((base + 3)) $((base + 90)) $((base + 91)); do
      in_use "$p" && continue 2
    done
    echo "$base"
    return
  done
  echo "run.sh: no free ports between 28080 and 30071" >&2
  return 1
}
if [ -z "${CLUSTER_PORT:-}" ]; then CLUSTER_PORT=$(free_base); fi
export CLUSTER_PORT
export LOGOMACHIE_BIN="$bin"
cluster="$root/scripts/cluster.sh"
cleanup() {
  local status=$?
  if [ "$status" -ne 0 ] && [ -f "$CLUSTER_STATE" ]; then
    # What the nodes said about it: their warnings and errors, last ones.
    for log in "$(cat "$CLUSTER_STATE")"/n*.log; do
      echo "--- $(basename "$log")"
      grep -E '"level":"(warn|error)"' "$log" | grep -v heartbeat_failed | tail -15 | cut -c1-300
    done
  fi
  "$cluster" down >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

"$cluster" up 3
export LOGO_TEST_POSTGRES="postgresql://logomachie@127.0.0.1:$((CLUSTER_PORT + 90))/logomachie"
export LOGO_TEST_REDIS="redis://127.0.0.1:$((CLUSTER_PORT + 91))"
"$server_tests" --gtest_filter='PostgresStore*:RedisDirectory*' --gtest_brief=1
node "$here/failover.mjs" "$cluster" "$CLUSTER_PORT"
