#!/usr/bin/env bash
# Benchmarks the lexicon: `make bench` (after `make build`), or scripts/bench.sh.
#
#  1. builds the benchmark programs (bench/: hunspell-check, lexicon_bench);
#  2. writes a deterministic 200,000-line test input, build/bench/words-200k.txt:
#     85% dictionary forms (evenly sampled from the Grammalecte export), 10% of
#     those forms with their accents stripped, 5% misspellings and garbage;
#  3. times whole-process runs of `logomachie lexicon check` and of the
#     Hunspell baseline (bench/hunspell-check, hunspell-fr-comprehensive) on it,
#     the start-up time, the peak resident memory, and how often each accepts
#     each kind of input;
#  4. times the lexicon build steps (Grammalecte export, lexicon-compile), by
#     re-running the exact commands of build.ninja into temporary files;
#  5. runs the Google Benchmark micro-benchmarks (build/release/bench/lexicon_bench);
#  6. prints a Markdown summary and writes it to build/bench/summary.md;
#  7. runs the game solvers' benchmark (bench/solver_bench) into build/bench/solvers.md,
#     and the TrapWords referee's (bench/referee_bench) into build/bench/referee.md.
#
# Environment: HUNSPELL_AFF / HUNSPELL_DIC override the Hunspell dictionary;
# BENCH_SKIP_BUILD_STEPS=1 skips step 4 (the slowest, about a minute).
set -euo pipefail

shopt -s inherit_errexit
export LC_ALL=C  # byte-wise sed/awk/sort; "." in $EPOCHREALTIME

cd "$(dirname "$0")/.."
root=$PWD
build_dir=$root/build/release
bin=$root/build/bin/logomachie
lex_file=$root/build/bin/fr.lex
out_dir=$root/build/bench
hunspell_check=$build_dir/bench/hunspell-check
lexicon_bench=$build_dir/bench/lexicon_bench
tsv=$build_dir/lexicon/grammalecte-fr-allvars.tsv

log() { printf '[bench] %s\n' "$*" >&2; }
die() { printf 'bench: %s\n' "$*" >&2; exit 1; }

# --- 1. build ----------------------------------------------------------------
[ -f "$build_dir/build.ninja" ] || cmake --preset release >/dev/null
log "building hunspell-check and lexicon_bench (and logomachie, so that it matches fr.lex)"
cmake --build --preset release --target hunspell-check lexicon_bench logomachie
for f in "$bin" "$lex_file" "$hunspell_check" "$lexicon_bench" "$tsv"; do
  [ -e "$f" ] || die "missing $f (run \`make build\` first)"
done

aff=${HUNSPELL_AFF:-}
dic=${HUNSPELL_DIC:-}
if [ -z "$aff" ]; then
  for name in fr_FR fr; do
    if [ -f "/usr/share/hunspell/$name.aff" ] && [ -f "/usr/share/hunspell/$name.dic" ]; then
      aff=/usr/share/hunspell/$name.aff dic=/usr/share/hunspell/$name.dic
      break
    fi
  done
fi
[ -n "$aff" ] && [ -f "$aff" ] && [ -f "$dic" ] ||
  die "no French Hunspell dictionary (apt-get install hunspell-fr-comprehensive, or set HUNSPELL_AFF/HUNSPELL_DIC)"

mkdir -p "$out_dir"
tmp=$(mktemp -d "$out_dir/tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# --- helpers -------------------------------------------------------------------
now_us() { local t=$EPOCHREALTIME; printf '%s' "${t//[.,]/}"; }

# best_us N INPUT OUTPUT CMD...: best wall-clock time of N runs, in microseconds.
best_us() {
  local n=$1 input=$2 output=$3 best=-1 i t0 t1
  shift 3
  for ((i = 0; i < n; i++)); do
    t0=${EPOCHREALTIME//[.,]/}
    "$@" <"$input" >"$output"
    t1=${EPOCHREALTIME//[.,]/}
    if ((best < 0 || t1 - t0 < best)); then best=$((t1 - t0)); fi
  done
  printf '%s' "$best"
}

# peak_rss_kib INPUT OUTPUT CMD...: maximum resident set size of one run, in KiB.
peak_rss_kib() {
  local input=$1 output=$2
  shift 2
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%M' -o "$tmp/rss" "$@" <"$input" >"$output"
    tail -n 1 "$tmp/rss"
  else  # getrusage() of the child, through Python (a build dependency anyway)
    /usr/bin/python3 -c '
import resource, subprocess, sys
with open(sys.argv[1], "rb") as i, open(sys.argv[2], "wb") as o:
    subprocess.run(sys.argv[3:], stdin=i, stdout=o, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$input" "$output" "$@"
  fi
}

ms() { awk -v us="$1" 'BEGIN { printf "%.1f ms", us / 1000 }'; }
secs() { awk -v us="$1" 'BEGIN { if (us < 1e6) printf "%.1f ms", us / 1000; else printf "%.2f s", us / 1e6 }'; }
mib() { awk -v kib="$1" 'BEGIN { printf "%.1f MiB", kib / 1024 }'; }
per_s() { awk -v n="$1" -v us="$2" 'BEGIN { r = n / (us / 1e6); if (r >= 1e6) printf "%.2f M", r / 1e6; else printf "%.0f k", r / 1e3 }'; }
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f %%", b ? 100 * a / b : 0 }'; }

rows=()  # "metric|value"
row() { rows+=("$1|$2"); }

# --- 2. test input -------------------------------------------------------------
n_total=200000 n_real=170000 n_stripped=20000 n_bad=10000
words=$out_dir/words-200k.txt
labels=$out_dir/words-200k.labels  # r (form), s (accents stripped), g (garbage), per line
log "writing $words"

# Every distinct form, in export order.
cut -f1 "$tsv" | awk 'length($0) > 0 && !seen[$0]++' >"$tmp/forms"
n_forms=$(wc -l <"$tmp/forms")

# pick K: K lines evenly spread over the input (with repeats if K exceeds it).
pick() { awk -v k="$1" '{ a[NR] = $0 } END { for (i = 0; i < k; i++) print a[1 + int(i * NR / k)] }'; }

pick "$n_real" <"$tmp/forms" >"$tmp/real"
grep '[^ -~]' "$tmp/real" | pick "$n_stripped" >"$tmp/accented" || true
[ "$(wc -l <"$tmp/accented")" -eq "$n_stripped" ] || die "no accented forms in $tsv?"
# Accents, ligatures and the typographic apostrophe, as someone typing on a
# bare keyboard would write them (byte-wise, so independent of the locale).
sed -E -e 's/à|â|ä|á|ã|å/a/g; s/À|Â|Ä|Á|Ã|Å/A/g; s/é|è|ê|ë/e/g; s/É|È|Ê|Ë/E/g' \
    -e 's/î|ï|í|ì/i/g; s/Î|Ï|Í|Ì/I/g; s/ô|ö|ó|ò|õ/o/g; s/Ô|Ö|Ó|Ò|Õ/O/g; s/ù|û|ü|ú/u/g; s/Ù|Û|Ü|Ú/U/g' \
    -e 's/ÿ/y/g; s/Ÿ/Y/g; s/ç/c/g; s/Ç/C/g; s/ñ/n/g; s/Ñ/N/g; s/œ/oe/g; s/Œ/OE/g; s/æ/ae/g; s/Æ/AE/g' \
    -e "s/’/'/g" \
    "$tmp/accented" >"$tmp/stripped"
# (Alternations rather than bracket expressions: under LC_ALL=C a bracket
# would match single bytes of multi-byte letters.) Check the result is UTF-8.
iconv -f UTF-8 -t UTF-8 "$tmp/stripped" >/dev/null || die "accent stripping produced invalid UTF-8"

# Misspellings: every 17th form, mutated deterministically (swap, drop, double
# or replace an ASCII letter), plus random letter strings.
pick "$n_bad" <"$tmp/real" | awk '
  function rnd(n) { seed = (seed * 16807) % 2147483647; return seed % n }
  function letter() { return substr("abcdefghijklmnopqrstuvwxyz", 1 + rnd(26), 1) }
  BEGIN { seed = 20240601 }
  {
    w = $0; kind = NR % 5; n = 0
    for (i = 1; i <= length(w); i++) if (substr(w, i, 1) ~ /[a-z]/) pos[++n] = i
    if (kind == 4 || n < 2) {
      len = 4 + rnd(7); w = ""
      for (i = 0; i < len; i++) w = w letter()
    } else {
      p = pos[1 + rnd(n)]
      c = substr(w, p, 1)
      if (kind == 0 && p < length(w) && substr(w, p + 1, 1) ~ /[a-z]/)
        w = substr(w, 1, p - 1) substr(w, p + 1, 1) c substr(w, p + 2)
      else if (kind == 1) w = substr(w, 1, p - 1) substr(w, p + 1)
      else if (kind == 2) w = substr(w, 1, p) c substr(w, p + 1)
      else w = substr(w, 1, p - 1) letter() substr(w, p + 1)
    }
    print w
  }' >"$tmp/bad"

# Mix: 17 forms, 2 stripped forms and 1 misspelling in every 20 lines, then a
# deterministic shuffle (Fisher-Yates, Park-Miller generator), so that the
# order has no alphabetical locality that would flatter either checker.
awk -v total="$n_total" -v labels="$labels" -v real="$tmp/real" -v stripped="$tmp/stripped" -v bad="$tmp/bad" '
  function rnd(n) { seed = (seed * 16807) % 2147483647; return seed % n }
  BEGIN {
    seed = 42
    for (i = 0; i < total; i++) {
      slot = i % 20
      if (slot < 17) { f = real; l = "r" } else if (slot < 19) { f = stripped; l = "s" } else { f = bad; l = "g" }
      if ((getline line < f) <= 0) { print "bench: input list " f " too short" > "/dev/stderr"; exit 1 }
      w[i] = line; k[i] = l
    }
    for (i = total - 1; i > 0; i--) {
      j = rnd(i + 1)
      t = w[i]; w[i] = w[j]; w[j] = t
      t = k[i]; k[i] = k[j]; k[j] = t
    }
    for (i = 0; i < total; i++) { print w[i]; print k[i] > labels }
  }' >"$words"
[ "$(wc -l <"$words")" -eq "$n_total" ] || die "$words does not have $n_total lines"
words_sha=$(sha256sum "$words" | cut -c1-12)
printf 'cheval\n' >"$tmp/one-word"
row "Test input (build/bench/words-200k.txt)" \
    "$n_total lines: $n_real forms, $n_stripped accent-stripped, $n_bad misspelt (of $n_forms distinct forms; sha256 $words_sha…)"

# --- 3. whole-process runs -------------------------------------------------------
log "timing: logomachie lexicon check (best of 3)"
lex_us=$(best_us 3 "$words" "$tmp/logo.out" "$bin" lexicon check)
[ "$(wc -l <"$tmp/logo.out")" -eq "$n_total" ] || die "logomachie lexicon check: wrong number of verdicts"

log "timing: hunspell-check $(basename "$aff" .aff) (one run, best of 3 if under 20 s)"
t0=$(now_us)
hun_rss=$(peak_rss_kib "$words" "$tmp/hun.out" "$hunspell_check" "$aff" "$dic")
hun_us=$(($(now_us) - t0))
hun_runs=1
if ((hun_us < 20000000)); then
  more=$(best_us 2 "$words" "$tmp/hun.out" "$hunspell_check" "$aff" "$dic")
  ((more < hun_us)) && hun_us=$more
  hun_runs=3
fi
[ "$(wc -l <"$tmp/hun.out")" -eq "$n_total" ] || die "hunspell-check: wrong number of verdicts"

row "\`logomachie lexicon check\`, 200k words (best of 3)" "$(secs "$lex_us") ($(per_s "$n_total" "$lex_us") words/s)"
row "\`hunspell-check\` ($(basename "$aff")), 200k words (best of $hun_runs)" "$(secs "$hun_us") ($(per_s "$n_total" "$hun_us") words/s)"
row "Speed ratio (Hunspell time / logomachie time)" "$(awk -v a="$hun_us" -v b="$lex_us" 'BEGIN { printf "%.1f×", a / b }')"

log "timing: start-up (best of 10)"
true_us=$(best_us 10 /dev/null /dev/null /bin/true)
load_us=$(best_us 10 /dev/null "$tmp/load.out" "$bin" lexicon check)
one_us=$(best_us 10 "$tmp/one-word" "$tmp/one.out" "$bin" lexicon check)
[ "$(cat "$tmp/one.out")" = 1 ] || die "logomachie lexicon check does not accept \"cheval\""
hun_load_us=$(best_us 3 /dev/null "$tmp/load.out" "$hunspell_check" "$aff" "$dic")
row "Start-up: \`logomachie lexicon check < /dev/null\` (best of 10)" "$(ms "$load_us")"
row "Start-up + one word (\`cheval\`) (best of 10)" "$(ms "$one_us")"
row "Start-up: \`hunspell-check < /dev/null\` (best of 3)" "$(ms "$hun_load_us")"
row "Process spawn baseline: \`/bin/true\` (best of 10)" "$(ms "$true_us")"

log "measuring peak resident memory"
lex_rss=$(peak_rss_kib "$words" "$tmp/logo-rss.out" "$bin" lexicon check)
lex_rss_empty=$(peak_rss_kib /dev/null "$tmp/load.out" "$bin" lexicon check)
lex_size_kib=$(($(stat -c %s "$lex_file") / 1024))
row "Peak RSS, \`logomachie lexicon check\`, 200k words" "$(mib "$lex_rss") (empty input: $(mib "$lex_rss_empty"); fr.lex is $(mib "$lex_size_kib"), mapped)"
row "Peak RSS, \`hunspell-check\`, 200k words" "$(mib "$hun_rss")"

# Agreement, per kind of input.
paste "$labels" "$tmp/logo.out" "$tmp/hun.out" "$words" >"$tmp/verdicts"
awk -F'\t' '$2 != $3 { print $1 "\t" ($2 ? "logomachie-only" : "hunspell-only") "\t" $4 }' "$tmp/verdicts" \
  >"$out_dir/disagreements.tsv"
for kind in r s g; do
  case $kind in
    r) what="dictionary forms" ;; s) what="accent-stripped forms" ;; g) what="misspellings/garbage" ;;
  esac
  read -r n l h < <(awk -F'\t' -v k="$kind" '$1 == k { n++; l += $2; h += $3 } END { print n + 0, l + 0, h + 0 }' "$tmp/verdicts")
  row "Accepted, $what ($n): logomachie / Hunspell" "$(pct "$l" "$n") / $(pct "$h" "$n")"
done
n_dis=$(wc -l <"$out_dir/disagreements.tsv")
row "Disagreements (build/bench/disagreements.tsv)" "$n_dis lines ($(pct "$n_dis" "$n_total"))"

# --- 4. lexicon build steps ----------------------------------------------------------
if [ "${BENCH_SKIP_BUILD_STEPS:-0}" != 1 ]; then
  ninja_cmd() {  # the COMMAND of the build.ninja edge whose command matches $1
    grep -E "^ +COMMAND = .*$1" "$build_dir/build.ninja" | head -n 1 | sed -E 's/^ +COMMAND = //'
  }
  compile_cmd=$(ninja_cmd '/lexicon-compile .* --out ')
  export_cmd=$(ninja_cmd 'export-grammalecte\.py ')
  [ -n "$compile_cmd" ] || die "lexicon-compile command not found in $build_dir/build.ninja"
  [ -n "$export_cmd" ] || die "export-grammalecte.py command not found in $build_dir/build.ninja"
  compile_cmd=$(sed -E "s| --out [^ ]+| --out $tmp/fr.lex|" <<<"$compile_cmd")
  export_cmd=$(sed -E "s|(export-grammalecte\.py) [^ ]+|\1 $tmp/export.tsv|" <<<"$export_cmd")

  log "timing: lexicon-compile → $tmp/fr.lex"
  t0=$(now_us)
  compile_rss=$(peak_rss_kib /dev/null "$tmp/compile.log" bash -c "$compile_cmd" 2>>"$tmp/compile.log") ||
    { cat "$tmp/compile.log" >&2; die "lexicon-compile failed: $compile_cmd"; }
  compile_us=$(($(now_us) - t0))
  if cmp -s "$tmp/fr.lex" "$lex_file"; then same="byte-identical to build/bin/fr.lex"; else same="differs from build/bin/fr.lex"; fi
  row "Lexicon build: \`lexicon-compile\` (one run)" "$(secs "$compile_us"), peak RSS $(mib "$compile_rss"); output $same"

  log "timing: Grammalecte export → $tmp/export.tsv"
  t0=$(now_us)
  bash -c "$export_cmd" 2>"$tmp/export.log" ||
    { cat "$tmp/export.log" >&2; die "Grammalecte export failed: $export_cmd"; }
  export_us=$(($(now_us) - t0))
  if cmp -s "$tmp/export.tsv" "$tsv"; then same="identical"; else same="differs from the build's TSV"; fi
  row "Lexicon build: Grammalecte export (one run)" "$(secs "$export_us"); $(wc -l <"$tmp/export.tsv") entries, $same"
fi

# --- 5. micro-benchmarks ---------------------------------------------------------------
log "running lexicon_bench"
"$lexicon_bench" --benchmark_min_time=0.2 \
  --benchmark_out="$out_dir/lexicon_bench.json" --benchmark_out_format=json
while IFS='|' read -r name value; do
  row "$name" "$value"
done < <(/usr/bin/python3 - "$out_dir/lexicon_bench.json" <<'EOF'
import json, sys
units = {"BM_Open": "opens", "BM_Relate": "pairs"}
for b in json.load(open(sys.argv[1]))["benchmarks"]:
    name, rate = b["name"], b.get("items_per_second", 0.0)
    unit = units.get(name, "words")
    if rate >= 1e6:
        speed = f"{rate / 1e6:.2f} M {unit}/s"
    else:
        speed = f"{rate / 1e3:.1f} k {unit}/s"
    per = 1e9 / rate if rate else 0.0
    per = f"{per / 1000:.1f} µs" if per >= 1000 else f"{per:.0f} ns"
    print(f"Micro: {name}|{speed} ({per} each)")
EOF
)

# --- 6. summary -------------------------------------------------------------------------
summary=$out_dir/summary.md
{
  echo "| Metric | Value |"
  echo "|---|---|"
  for r in "${rows[@]}"; do
    printf '| %s | %s |\n' "${r%%|*}" "${r#*|}"
  done
} >"$summary"
echo
echo "## Lexicon benchmark ($(date -u +%Y-%m-%d), $(nproc) CPUs, $(git rev-parse --short HEAD 2>/dev/null || echo '?'))"
echo
cat "$summary"
echo
log "summary written to ${summary#"$root"/}"

# --- 7. game solvers (issue 3) ------------------------------------------------------------
log "building and running solver_bench (Word Bank and Lettralettre solvers vs a naive scan)"
cmake --build --preset release --target solver_bench bot_arena referee_bench
"$build_dir/bench/solver_bench" 3000 40 | tee "$out_dir/solvers.md"
log "running referee_bench (TrapWords referee over the labelled clues)"
"$build_dir/bench/referee_bench" 20 | tee "$out_dir/referee.md"
log "solver summary written to ${out_dir#"$root"/}/solvers.md (bot win rates: docs/bots.md)"
