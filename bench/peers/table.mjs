// Reads scripts/peers-bench.sh's runs (one JSON line each) and prints one
// Markdown table: a row per server, clients and target rate; each cell the
// range (min–max) over the repeats.
//
// usage: node table.mjs runs.jsonl
import { readFileSync } from 'node:fs';

const runs = readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const names = { logomachie: 'Logomachie (SQLite, durable)', bgio: 'boardgame.io 0.50 (memory)', colyseus: 'Colyseus 0.16 (memory)' };
const order = ['logomachie', 'bgio', 'colyseus'];
const groups = new Map();
for (const r of runs) {
  const key = `${r.clients}|${r.target_actions_per_s}|${order.indexOf(r.server)}`;
  if (!groups.has(key)) groups.set(key, []);
  groups.get(key).push(r);
}
const fmt = (n, digits) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const range = (rs, f, digits = 0, unit = '') => {
  const v = rs.map(f);
  const lo = Math.min(...v), hi = Math.max(...v);
  return (lo === hi || fmt(lo, digits) === fmt(hi, digits) ? fmt(lo, digits) : `${fmt(lo, digits)}–${fmt(hi, digits)}`) + unit;
};
const ms = (v) => (v < 10 ? 1 : 0);
console.log('| server | clients (rooms) | target actions/s | achieved actions/s | p50 | p95 | p99 | max | errors | lost | server CPU | server RSS | generator CPU | load before |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
const keys = [...groups.keys()].sort((a, b) => {
  const [ca, ra, sa] = a.split('|').map(Number), [cb, rb, sb] = b.split('|').map(Number);
  return ca - cb || ra - rb || sa - sb;
});
for (const key of keys) {
  const rs = groups.get(key);
  const r0 = rs[0];
  const lat = (f) => range(rs, f, ms(Math.min(...rs.map(f))), ' ms');
  console.log(`| ${names[r0.server]} | ${fmt(r0.clients, 0)} (${fmt(r0.rooms, 0)}) | ${fmt(r0.target_actions_per_s, 0)} | ` +
    `${range(rs, (r) => r.actions_per_s)} | ${lat((r) => r.p50_ms)} | ${lat((r) => r.p95_ms)} | ${lat((r) => r.p99_ms)} | ` +
    `${lat((r) => r.max_ms)} | ${range(rs, (r) => r.errors_in_window)} | ${range(rs, (r) => r.lost)} | ` +
    `${range(rs, (r) => r.server_cpu_pct, 0, ' %')} | ${range(rs, (r) => r.server_rss_mib, 0, ' MiB')} | ` +
    `${range(rs, (r) => (r.generator_cpu_s / r.window_s) * 100, 0, ' %')} | ${range(rs, (r) => r.load_before, 1)} |`);
}
const repeats = Math.max(...[...groups.values()].map((g) => g.length));
console.log(`\n${runs.length} runs; ranges are min–max over ${repeats} repeat${repeats > 1 ? 's' : ''}. ` +
  'CPU: share of one core over the measured window; RSS: at its end; load: 1-minute average before the run.');
