#!/usr/bin/env bash
# A Logomachie cluster on this machine, on loopback only (docs/scaling.md):
# a throwaway PostgreSQL (initdb in a temporary folder), a Redis, HAProxy in
# front, and N server nodes, all from Debian packages (scripts/install-deps.sh).
#
#   scripts/cluster.sh up N        start it (N nodes, default 3); prints the URL
#   scripts/cluster.sh down        stop exactly what `up` started, by PID, and
#                                  delete its folder
#   scripts/cluster.sh status      what runs, and where
# For the failover tests (tests/cluster/):
#   scripts/cluster.sh kill NAME       kill -9 a node        start NAME   start it again
#   scripts/cluster.sh pause NAME      SIGSTOP a node        wake NAME    SIGCONT it
#   scripts/cluster.sh redis-restart   stop Redis, start it again (empty: no persistence)
#   scripts/cluster.sh pg-stop | pg-start
#   scripts/cluster.sh owner CODE      the node holding room CODE's lease
#   scripts/cluster.sh sql QUERY       a query on the cluster's PostgreSQL
#
# Ports: CLUSTER_PORT (default 18080) is HAProxy's; nodes take the next N,
# PostgreSQL CLUSTER_PORT+90, Redis CLUSTER_PORT+91. The folder is recorded
# in var/cluster/current (CLUSTER_STATE to put it elsewhere).
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
state_file=${CLUSTER_STATE:-$root/var/cluster/current}
base=${CLUSTER_PORT:-18080}
pg_port=$((base + 90))
redis_port=$((base + 91))
bin=${LOGOMACHIE_BIN:-$root/build/bin/logomachie}
pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
# /usr/sbin is not on every user's PATH.
haproxy=$(command -v haproxy || echo /usr/sbin/haproxy)

die() { echo "cluster: $*" >&2; exit 1; }
dir() { [ -f "$state_file" ] && cat "$state_file" || die "no cluster is up (no $state_file)"; }

# PostgreSQL refuses to run as root: as root, its commands run as `postgres`.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

store_url() { echo "postgresql://logomachie@127.0.0.1:$pg_port/logomachie"; }

start_node() {  # NAME PORT
  local d; d=$(dir)
  "$bin" serve --port "$2" --bind 127.0.0.1 --store "$(store_url)" --directory "redis://127.0.0.1:$redis_port" \
    --node "$1" --lease-ms "${CLUSTER_LEASE_MS:-3000}" --trust-proxy 127.0.0.1 >>"$d/$1.log" 2>&1 &
  echo $! >"$d/$1.pid"
  for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$2/healthz" >/dev/null 2>&1 && return 0
    kill -0 "$(cat "$d/$1.pid")" 2>/dev/null || die "node $1 did not start (see $d/$1.log)"
    sleep 0.1
  done
  die "node $1 did not answer on port $2 (see $d/$1.log)"
}

node_port() {  # NAME → its port (nodes are n1…nN on base+1…)
  local n=${1#n}
  [[ "$n" =~ ^[0-9]+$ ]] || die "no node $1"
  echo $((base + n))
}

pid_of() { local d; d=$(dir); [ -f "$d/$1.pid" ] || die "no pid for $1"; cat "$d/$1.pid"; }

redis_start() {
  local d; d=$(dir)
  redis-server --port "$redis_port" --bind 127.0.0.1 --dir "$d/redis" --save "" --appendonly no \
    --daemonize yes --pidfile "$d/redis.pid" --logfile "$d/redis.log"
  for _ in $(seq 1 50); do
    redis-cli -p "$redis_port" ping >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  die "Redis did not start (see $d/redis.log)"
}

redis_stop() {
  local d; d=$(dir)
  [ -f "$d/redis.pid" ] || return 0
  local pid; pid=$(cat "$d/redis.pid")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$d/redis.pid"
}

pg_start() {
  local d; d=$(dir)
  as_pg "$pg_bin/pg_ctl" -D "$d/pg" -l "$d/pg.log" -w -t 30 \
    -o "-p $pg_port -k $d/pgsock -c listen_addresses=127.0.0.1" start >/dev/null
}

pg_stop() {
  local d; d=$(dir)
  [ -f "$d/pg/postmaster.pid" ] || return 0
  as_pg "$pg_bin/pg_ctl" -D "$d/pg" -m fast -w -t 30 stop >/dev/null
}

haproxy_config() {  # N
  local d; d=$(dir)
  {
    local limit; limit=$(ulimit -Hn)
    [ "$limit" = unlimited ] && limit=1048576
    local maxconn=$(((limit - 100) / 2)); [ "$maxconn" -gt 40000 ] && maxconn=40000
    sed -e "s/@FRONT_PORT@/$base/" -e "s|@PIDFILE@|$d/haproxy.pid|" -e "s/@MAXCONN@/$maxconn/" "$root/deploy/haproxy.cfg"
    for i in $(seq 1 "$1"); do echo "  use-server n$i if { urlp(node) -m str n$i }"; done
    for i in $(seq 1 "$1"); do echo "  server n$i 127.0.0.1:$((base + i)) check"; done
  } >"$d/haproxy.cfg"
}

up() {
  local n=${1:-3}
  [[ "$n" =~ ^[1-9]$ ]] || die "up takes a number of nodes from 1 to 9"
  [ -x "$bin" ] || die "no $bin: build first (make build)"
  [ -n "$pg_bin" ] || die "PostgreSQL is not installed (scripts/install-deps.sh)"
  if [ -f "$state_file" ]; then die "a cluster is already up in $(cat "$state_file") (scripts/cluster.sh down)"; fi
  local d; d=$(mktemp -d /tmp/logomachie-cluster.XXXXXX)
  mkdir -p "$(dirname "$state_file")" "$d/redis" "$d/pgsock"
  echo "$d" >"$state_file"
  echo "$n" >"$d/nodes"
  if [ "$(id -u)" -eq 0 ]; then chown postgres "$d" "$d/pgsock"; chmod 755 "$d"; fi
  as_pg "$pg_bin/initdb" -D "$d/pg" -A trust -U logomachie -E UTF8 --locale=C.UTF-8 >"$d/initdb.log" 2>&1 ||
    die "initdb failed (see $d/initdb.log)"
  pg_start
  "$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U logomachie logomachie
  redis_start
  for i in $(seq 1 "$n"); do start_node "n$i" $((base + i)); done
  haproxy_config "$n"
  ulimit -n "$(ulimit -Hn)"
  "$haproxy" -q -f "$d/haproxy.cfg" -D || die "HAProxy did not start (haproxy -c -f $d/haproxy.cfg)"
  for _ in $(seq 1 50); do
    curl -sf "http://127.0.0.1:$base/healthz" >/dev/null 2>&1 && break
    sleep 0.1
  done
  curl -sf "http://127.0.0.1:$base/healthz" >/dev/null || die "HAProxy does not answer on $base"
  echo "cluster: $n nodes behind http://127.0.0.1:$base/ (folder $d)"
}

down() {
  [ -f "$state_file" ] || { echo "cluster: nothing to stop"; return 0; }
  local d; d=$(cat "$state_file")
  if [ -f "$d/haproxy.pid" ]; then kill "$(cat "$d/haproxy.pid")" 2>/dev/null || true; fi
  for f in "$d"/n*.pid; do
    [ -f "$f" ] || continue
    local pid; pid=$(cat "$f")
    kill -CONT "$pid" 2>/dev/null || true
    kill "$pid" 2>/dev/null || true
  done
  for f in "$d"/n*.pid; do
    [ -f "$f" ] || continue
    local pid; pid=$(cat "$f")
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  done
  redis_stop
  pg_stop || true
  rm -rf "$d"
  rm -f "$state_file"
  echo "cluster: stopped"
}

status() {
  local d; d=$(dir)
  echo "folder $d, HAProxy http://127.0.0.1:$base/"
  for f in "$d"/*.pid "$d/pg/postmaster.pid"; do
    [ -f "$f" ] || continue
    local pid; pid=$(head -1 "$f")
    if kill -0 "$pid" 2>/dev/null; then echo "  $(basename "$f" .pid): pid $pid"; else echo "  $(basename "$f" .pid): gone"; fi
  done
}

case "${1:-}" in
  up) up "${2:-3}" ;;
  down) down ;;
  status) status ;;
  kill) kill -9 "$(pid_of "$2")" ;;
  start) start_node "$2" "$(node_port "$2")" ;;
  pause) kill -STOP "$(pid_of "$2")" ;;
  wake) kill -CONT "$(pid_of "$2")" ;;
  redis-restart) redis_stop; redis_start ;;
  pg-stop) pg_stop ;;
  pg-start) pg_start ;;
  owner) redis-cli -p "$redis_port" get "logomachie:lease:$2" ;;
  sql) psql -h 127.0.0.1 -p "$pg_port" -U logomachie -d logomachie -XAtq -F ' ' -c "$2" ;;
  *) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
