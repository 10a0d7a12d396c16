# Sourced by the benchmark scripts: starts `logomachie serve` on a free
# loopback port with a fresh SQLite file in a temporary folder (durable
# appends, as in production), and removes both on exit.
#
# After `start_throwaway_server [EXTRA SERVE FLAGS…]`:
#   $server  the server's PID      $port  its port
#   $tmp     the temporary folder  $db    its database file
# and `rss_kib`, `cpu_ticks`, `open_fds` read the server's /proc entries.
start_throwaway_server() {
  tmp=$(mktemp -d)
  db="$tmp/load.db"
  trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$tmp"' EXIT
  build/bin/logomachie serve --port 0 --db "$db" "$@" >"$tmp/out" 2>"$tmp/log" &
  server=$!
  for _ in $(seq 100); do grep -q "http://" "$tmp/out" 2>/dev/null && break; sleep 0.1; done
  port=$(sed -n 's|.*http://localhost:\([0-9]*\)/.*|\1|p' "$tmp/out" | head -1)
  if [ -z "$port" ]; then
    echo "the server did not start" >&2
    cat "$tmp/log" >&2
    exit 1
  fi
}
rss_kib() { awk '/^VmRSS/ {print $2}' "/proc/$server/status"; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
open_fds() { ls "/proc/$server/fd" | wc -l; }
