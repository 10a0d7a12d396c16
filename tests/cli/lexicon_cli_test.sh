#!/usr/bin/env bash
# Contract tests for `logomachie lexicon …` (docs/lexicon.md#command-line).
# Usage: lexicon_cli_test.sh PATH/TO/logomachie
set -uo pipefail
bin=${1:?usage: lexicon_cli_test.sh PATH/TO/logomachie}
source "$(dirname "$0")/check_lib.sh"

# --- relate: first line is the relation, exit 0 -----------------------------
relate() { "$bin" lexicon relate "$1" "$2" | head -n 1; }
expect_eq "relate cheval chevaux" inflection "$(relate cheval chevaux)"
expect_eq "relate aller irons" inflection "$(relate aller irons)"
expect_eq "relate œil yeux" inflection "$(relate œil yeux)"
expect_eq "relate cheval cheval-vapeur" compound "$(relate cheval cheval-vapeur)"
expect_eq "relate pomme 'pomme de terre'" compound "$(relate pomme 'pomme de terre')"
expect_eq "relate science scientifique" derivative "$(relate science scientifique)"
expect_eq "relate protéger protection" derivative "$(relate protéger protection)"
expect_eq "relate feuille portefeuille" compound "$(relate feuille portefeuille)"
expect_eq "relate portefeuille feuille" derivative "$(relate portefeuille feuille)"
expect_eq "relate sept 7" inflection "$(relate sept 7)"
reading() { "$bin" lexicon relate --reading "$1" "$2" "$3" | head -n 1; }
expect_eq "relate été est" inflection "$(relate été est)"
expect_eq "relate --reading dominant été est" unrelated "$(reading dominant été est)"
expect_eq "relate --reading noun aura a" unrelated "$(reading noun aura a)"
expect_eq "relate --reading dominant boire bois" inflection "$(reading dominant boire bois)"
expect_eq "relate chat château" unrelated "$(relate chat château)"
expect_eq "relate mer merci" unrelated "$(relate mer merci)"
expect_eq "relate lion million" unrelated "$(relate lion million)"
"$bin" lexicon relate cheval chevaux >/dev/null; expect_eq "relate exit code" 0 "$?"

# --- relate: usage errors exit 2 with a message -----------------------------
"$bin" lexicon relate cheval >/dev/null 2>"$tmp/err"; expect_eq "relate one arg exit" 2 "$?"
[ -s "$tmp/err" ] && ok || ko "relate one arg: no message"
"$bin" lexicon relate a b c >/dev/null 2>&1; expect_eq "relate three args exit" 2 "$?"
"$bin" lexicon relate --reading sometimes a b >/dev/null 2>&1; expect_eq "relate unknown reading exit" 2 "$?"
"$bin" lexicon relate $'\xff' chat >/dev/null 2>&1; expect_eq "relate invalid UTF-8 exit" 2 "$?"
"$bin" lexicon frobnicate >/dev/null 2>&1; expect_eq "unknown subcommand exit" 2 "$?"
"$bin" lexicon >/dev/null 2>&1; expect_eq "no subcommand exit" 2 "$?"

# --- check: one line out per line in ----------------------------------------
printf 'eleve\nÉlève\nchevaux\nxqzwv\n\nFrance\nCNRS\nkm\n  chat  \r\nchat\r\naujourd'"'"'hui\n' > "$tmp/in"
expect_eq "check verdicts" "1 1 1 0 0 0 0 0 1 1 1" "$("$bin" lexicon check < "$tmp/in" | tr '\n' ' ' | sed 's/ $//')"
expect_eq "check --proper France" "1" "$(printf 'France\n' | "$bin" lexicon check --proper)"
expect_eq "check no final newline" "1" "$(printf 'chat' | "$bin" lexicon check)"
expect_eq "check empty input" "" "$("$bin" lexicon check < /dev/null)"
expect_eq "check invalid UTF-8" "0 1" "$(printf '\xff\xfe\nchat\n' | "$bin" lexicon check | tr '\n' ' ' | sed 's/ $//')"
expect_eq "check control characters" "0" "$(printf 'ch\x01at\n' | "$bin" lexicon check)"
expect_eq "check mixed scripts" "0" "$(printf 'chatкот\n' | "$bin" lexicon check)"
head -c 102400 /dev/zero | tr '\0' 'a' > "$tmp/long"; printf '\nchat\n' >> "$tmp/long"
expect_eq "check 100 KB line" "0 1" "$(timeout 10 "$bin" lexicon check < "$tmp/long" | tr '\n' ' ' | sed 's/ $//')"
seq 1 5000 | sed 's/.*/maison/' > "$tmp/many"
expect_eq "check line count" 5000 "$("$bin" lexicon check < "$tmp/many" | grep -c '^1$')"
"$bin" lexicon check extra >/dev/null 2>&1 </dev/null; expect_eq "check bad argument exit" 2 "$?"

# check answers a line as soon as input would block (interactive use): feed one
# line, keep the pipe open, and read the answer before closing it.
if command -v python3 >/dev/null; then
  answer=$(/usr/bin/python3 - "$bin" <<'PY'
import subprocess, sys, select
p = subprocess.Popen([sys.argv[1], "lexicon", "check"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
p.stdin.write(b"chat\n"); p.stdin.flush()
r, _, _ = select.select([p.stdout], [], [], 10)
print(p.stdout.readline().decode().strip() if r else "timeout")
p.stdin.close(); p.wait()
PY
)
  expect_eq "check flushes when input blocks" 1 "$answer"
fi

# --- lookup: one JSON object per word ----------------------------------------
out=$("$bin" lexicon lookup chevaux xqzwv)
expect_eq "lookup line count" 2 "$(printf '%s\n' "$out" | wc -l)"
printf '%s\n' "$out" | head -n 1 | grep -q '"lemma":"cheval"' && ok || ko "lookup chevaux lemma"
printf '%s\n' "$out" | tail -n 1 | grep -q '"known":false' && ok || ko "lookup unknown word"
if command -v node >/dev/null; then
  printf '%s\n' "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{for(const l of s.trim().split("\n"))JSON.parse(l)})' && ok || ko "lookup output is not JSON"
fi
"$bin" lexicon lookup $'bad\x01"word' | grep -q '\\u0001\\"' && ok || ko "lookup escapes control characters"

# --- associations: what evokes a word, and what it evokes ----------------------
out=$("$bin" lexicon associations lune)
expect_match "associations: lune's ideas, closest first" $'^evokes\tcroissant\\|nuit' "$out"
out=$("$bin" lexicon associations croissant)
expect_match "associations: croissant is an idea of lune" $'evoked_by\t([^\n]*\\|)?lune(\\||$)' "$out"
expect_eq "associations: an unknown word has none" $'evokes\t\nevoked_by\t' "$("$bin" lexicon associations xqzwv; echo)"

# --- missing lexicon: clear error, exit 1 ------------------------------------
LOGOMACHIE_LEXICON=/nonexistent/fr.lex "$bin" lexicon relate a b >/dev/null 2>"$tmp/err"; expect_eq "missing lexicon exit" 1 "$?"
grep -q "cannot open lexicon" "$tmp/err" && ok || ko "missing lexicon message"

# --- demo: the terminal tour answers in French and stops on end of input ------
demo=$(printf 'chevaux\nlien chat château\nlien science scientifique\nxqzwv\n' | timeout 10 "$bin" demo)
expect_eq "demo exit" 0 "$?"
grep -q "«${nb}chevaux${nb}» est un mot valide" <<<"$demo" && ok || ko "demo: valid word"
grep -q "nom masculin pluriel, de «${nb}cheval${nb}»" <<<"$demo" && ok || ko "demo: analysis in French"
grep -q "«${nb}château${nb}» par rapport à «${nb}chat${nb}»${nb}: aucun lien" <<<"$demo" && ok || ko "demo: unrelated"
grep -q "même famille" <<<"$demo" && ok || ko "demo: derivative"
grep -q "«${nb}xqzwv${nb}» n’est pas dans le dictionnaire" <<<"$demo" && ok || ko "demo: unknown word"

# --- every command answers --help: usage on stdout, exit 0, no stdin read ----
for cmd in lexicon demo play solve referee replay games signature serve; do
  out=$(timeout 10 "$bin" $cmd --help </dev/null 2>/dev/null)
  expect_eq "$cmd --help exit" 0 "$?"
  expect_match "$cmd --help usage" "usage: logomachie" "$out"
done
out=$(timeout 10 "$bin" --help 2>/dev/null)
expect_match "--help lists the commands" "Every command answers --help" "$out"
out=$(timeout 10 "$bin" serve -h </dev/null 2>/dev/null)
expect_eq "-h exit" 0 "$?"
expect_match "-h is --help" "usage: logomachie serve" "$out"

# --- one way to read a command line (cli/args.h) ------------------------------
# An unknown option is a usage error for every command: exit 2, nothing on
# stdout, a one-line message then the usage on stderr. (`play GAME` hands
# unknown flags to the game, which refuses them the same way.)
nl=$'\n'
for cmd in "" lexicon "lexicon lookup" "lexicon relate" "lexicon check" "lexicon family" "lexicon synonyms" \
  "lexicon associations" "lexicon prefix" demo play "play wordbank" solve "solve wordbank" referee "referee trapwords" replay games \
  signature serve; do
  timeout 10 "$bin" $cmd --bogus </dev/null >"$tmp/out" 2>"$tmp/err"
  expect_eq "'$cmd --bogus' exit" 2 "$?"
  expect_eq "'$cmd --bogus': nothing on stdout" "" "$(cat "$tmp/out")"
  expect_match "'$cmd --bogus': a message, then the usage, on stderr" \
    "^logomachie[^$nl]*: [^$nl]+${nl}usage: logomachie" "$(cat "$tmp/err")"
done
# (120 s: the game is built to learn its flags, slow under the sanitizers on a busy machine)
timeout 120 "$bin" play wordbank --bogus 1 </dev/null >"$tmp/out" 2>"$tmp/err"
expect_eq "play: a flag no game knows" "2:" "$?:$(cat "$tmp/out")"
expect_match "play: the game refuses the flag, then the usage" "--bogus${nl}usage: logomachie play" "$(cat "$tmp/err")"
timeout 10 "$bin" lexicon relate chat chien --bogus </dev/null >/dev/null 2>"$tmp/err"
expect_match "an unknown option is named" "unknown option --bogus" "$(cat "$tmp/err")"
"$bin" games extra >/dev/null 2>&1; expect_eq "games takes no operand" 2 "$?"
"$bin" demo extra </dev/null >/dev/null 2>&1; expect_eq "demo takes no operand" 2 "$?"
"$bin" replay extra </dev/null >/dev/null 2>&1; expect_eq "replay takes no operand" 2 "$?"
"$bin" signature --games >/dev/null 2>&1; expect_eq "an option without its value" 2 "$?"
timeout 10 "$bin" serve --port 65536 >/dev/null 2>&1; expect_eq "serve: port out of range" 2 "$?"
timeout 10 "$bin" serve --idle-timeout 1 >/dev/null 2>&1; expect_eq "serve: idle timeout out of range" 2 "$?"
timeout 10 "$bin" serve --idle-timeout 51 >/dev/null 2>&1; expect_eq "serve: idle timeout above the stand-in grace" 2 "$?"
timeout 10 "$bin" serve --max-rooms 0 >/dev/null 2>&1; expect_eq "serve: max rooms out of range" 2 "$?"
timeout 10 "$bin" serve --max-connections=x >/dev/null 2>&1; expect_eq "serve: max connections not a number" 2 "$?"
"$bin" lexicon prefix chat x >/dev/null 2>&1; expect_eq "prefix: N not a number" 2 "$?"
"$bin" play wordbank --name 12345678901234567890123456789012345678901 </dev/null >/dev/null 2>&1
expect_eq "play: a name over 40 bytes" 2 "$?"

# --option=value is --option value.
expect_eq "relate --reading=dominant été est" unrelated "$("$bin" lexicon relate --reading=dominant été est | head -n 1)"
expect_eq "relate BASE --reading dominant OTHER" unrelated "$("$bin" lexicon relate été --reading dominant est | head -n 1)"
expect_eq "signature --games=1 is signature --games 1" "$("$bin" signature --games 1)" "$("$bin" signature --games=1)"
expect_eq "play --players=2 --bots=2 --seed=4 is play --players 2 --bots 2 --seed 4" \
  "$("$bin" play wordbank --players 2 --bots 2 --seed 4 </dev/null)" \
  "$("$bin" play wordbank --players=2 --bots=2 --seed=4 </dev/null)"
out=$(printf '/quitter\n' | "$bin" play tapecho --seed=5 --name=Léa --sex=F)
expect_match "play: a game's own flag as --flag=value" 'à Léa \(femme\)' "$out"
"$bin" play tapecho --sex=X </dev/null >/dev/null 2>"$tmp/err"; expect_eq "play: a game's own flag, bad value" 2 "$?"
expect_match "play: the game's refusal, in French, then the usage" "H \(homme\) ou F \(femme\)${nl}usage: logomachie play" "$(cat "$tmp/err")"

# --lexicon FILE before or after the command (and after its subcommand).
lex="$(dirname "$bin")/fr.lex"
export LOGOMACHIE_LEXICON=/nonexistent/fr.lex
expect_eq "--lexicon before the command" inflection "$("$bin" --lexicon "$lex" lexicon relate cheval chevaux | head -n 1)"
expect_eq "--lexicon after the command" inflection "$("$bin" lexicon --lexicon "$lex" relate cheval chevaux | head -n 1)"
expect_eq "--lexicon after the subcommand" inflection "$("$bin" lexicon relate cheval chevaux --lexicon "$lex" | head -n 1)"
expect_eq "--lexicon=FILE" inflection "$("$bin" lexicon relate --lexicon="$lex" cheval chevaux | head -n 1)"
"$bin" play wordbank --players 2 --bots 2 --seed 4 --lexicon "$lex" </dev/null >/dev/null 2>&1
expect_eq "play with --lexicon after the game" 0 "$?"
"$bin" signature --games 1 --lexicon "$lex" >/dev/null 2>&1; expect_eq "signature with --lexicon after it" 0 "$?"
unset LOGOMACHIE_LEXICON
"$bin" lexicon relate cheval chevaux --lexicon /nonexistent/fr.lex >/dev/null 2>&1
expect_eq "--lexicon after the command is the one used" 1 "$?"
"$bin" --lexicon "$lex" lexicon relate cheval chevaux --lexicon /nonexistent/fr.lex >/dev/null 2>&1
expect_eq "the last --lexicon counts" 1 "$?"

# `play GAME --help` lists that game's own flags; the generic usage names no game.
out=$("$bin" play --help)
for g in $("$bin" games); do
  if [[ "$out" == *"$g"* ]]; then ko "play --help names the game $g"; else ok; fi
done
if [[ "$out" == *"--sex"* ]]; then ko "play --help names a game's own flag"; else ok; fi
expect_match "play tapecho --help lists --sex" '--sex H\|F' "$("$bin" play tapecho --help)"
expect_match "play wordbank --help: no flag of its own" 'no flag of its own' "$("$bin" play wordbank --help)"

finish "lexicon CLI"
