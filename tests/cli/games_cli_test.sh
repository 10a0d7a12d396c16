#!/usr/bin/env bash
# Contract tests for the game commands: `logomachie games`, `solve`, `replay`
# `play` and `referee trapwords` (docs/solvers.md, docs/scenarios.md,
# games/trapwords/README.md).
# Usage: games_cli_test.sh PATH/TO/logomachie PATH/TO/tests/data
set -uo pipefail
bin=${1:?usage: games_cli_test.sh PATH/TO/logomachie DATA_DIR}
data=${2:?usage: games_cli_test.sh PATH/TO/logomachie DATA_DIR}
source "$(dirname "$0")/check_lib.sh"

# --- games --------------------------------------------------------------------
# The registry lists every game folder (games/<name>/ with a CMakeLists.txt).
src=$(cd "$data/../.." && pwd)
folders=$(cd "$src/games" && for d in */; do d=${d%/}; [ "$d" != core ] && [ -f "$d/CMakeLists.txt" ] && echo "$d"; done | sort | tr '\n' ' ')
expect_eq "games lists every game folder" "$folders" "$("$bin" games | sort | tr '\n' ' ')"
# Tools follow the registry: the command-line program and the fuzz target
# never dispatch on a game's name (a sixth game needs no edit there).
named=""
for g in $("$bin" games); do
  hits=$(grep -rln "\"$g\"" "$src/cli" "$src/fuzz" --include='*.cc' --include='*.h' --include='CMakeLists.txt' 2>/dev/null)
  [ -n "$hits" ] && named="$named $g:$(echo $hits | tr ' ' ',')"
done
expect_eq "the CLI and the fuzz target name no game" "" "$named"

# --- solve wordbank -----------------------------------------------------------
golden='{"circle":[{"letter":"G","free":3},{"letter":"I","free":3},{"letter":"S","free":3},{"letter":"E","free":4},{"letter":"I","free":3},{"letter":"R","free":3},{"letter":"F","free":3}],"used":["groupies"],"gems":15}'
out=$(printf '%s\n' "$golden" | "$bin" solve wordbank)
expect_match "solve wordbank: seven gems on the golden circle" '"gems":7' "$out"
expect_match "solve wordbank: field order" '^\{"word":"[^"]+","start":[0-6],"direction":"c?cw","cards":\[[0-6](,[0-6]){6}\],"gems":7\}$' "$out"
out=$(printf '%s\n' "${golden/\"gems\":15/\"gems\":2}" | "$bin" solve wordbank)
expect_match "solve wordbank: gems cap the placement" '"gems":2\}$' "$out"
out=$(printf '%s\n' '{"circle":[{"letter":"G","free":0},{"letter":"I","free":0}],"gems":5}' | "$bin" solve wordbank)
expect_eq "solve wordbank: nothing legal" '{"word":null,"gems":0}' "$out"
out=$(printf '%s\n' '{"circle":[{"letter":"A","free":1},{"letter":"S","free":3}],"gems":5}' | "$bin" solve wordbank)
expect_match "solve wordbank: prefers closing a vault" '"cards":\[0,1\]' "$out"
# Bad lines get an error object each, and the stream goes on.
out=$(printf '%s\n' 'not json' '{"circle":[{"letter":"1","free":2}]}' '{"circle":[]}' \
  '{"circle":[{"letter":"G","free":"x"}]}' '[1,2]' "$golden" | "$bin" solve wordbank)
expect_eq "solve wordbank: one output line per input line" 6 "$(printf '%s\n' "$out" | wc -l)"
expect_match "solve wordbank: malformed JSON" '"code":"bad_json"' "$(printf '%s\n' "$out" | sed -n 1p)"
expect_match "solve wordbank: unknown letter" '"code":"bad_letter"' "$(printf '%s\n' "$out" | sed -n 2p)"
expect_match "solve wordbank: empty circle" '"code":"bad_circle"' "$(printf '%s\n' "$out" | sed -n 3p)"
expect_match "solve wordbank: bad free count" '"code":"bad_field"' "$(printf '%s\n' "$out" | sed -n 4p)"
expect_match "solve wordbank: not an object" '"code":"bad_input"' "$(printf '%s\n' "$out" | sed -n 5p)"
expect_match "solve wordbank: goes on after errors" '"gems":7' "$(printf '%s\n' "$out" | sed -n 6p)"
long=$(head -c 1100 /dev/zero | tr '\0' 'a')
out=$(printf '{"circle":[{"letter":"A","free":2}],"used":["%s"]}\n' "$long" | "$bin" solve wordbank)
expect_match "solve wordbank: 1 KB used word" '"code":"bad_used"' "$out"

# --- judge wordbank -----------------------------------------------------------
out=$(printf '%s\n' '{"word":"protecteur","used":["protéger"]}' '{"word":"maison","used":["château"]}' \
  '{"word":"zorglubette","used":[]}' '{"word":"maison","used":["pas un mot x y z"]}' | "$bin" judge wordbank)
expect_match "judge wordbank: a word of a used word's family" '"ok":false,"reason":"same_family"' "$out"
expect_match "judge wordbank: a fresh word stands" '\{"word":"maison","ok":true\}' "$out"
expect_match "judge wordbank: an unknown word" '"reason":"unknown_word"' "$out"
expect_match "judge wordbank: used words are words" '"code":"bad_used"' "$out"

# --- solve lettralettre -------------------------------------------------------
kepi='{"letters":["K","E","P","I","R","A"],"taboo":["S","T"],"stars":{"K":2},"constraint":null}'
out=$(printf '%s\n' "$kepi" | "$bin" solve lettralettre)
expect_match "solve lettralettre: field order" '^\{"word":"[a-zéèêàâîïôûùç]+","score":[0-9]+\}$' "$out"
score=$(printf '%s' "$out" | sed -E 's/.*"score":([0-9]+).*/\1/')
if [ "$score" -ge 6 ]; then ok; else ko "solve lettralettre: KEPIRA scores at least KEPI's 6, got $score"; fi
out=$(printf '%s\n' '{"letters":["K","E","P","I"],"taboo":["E"],"stars":{"K":2}}' | "$bin" solve lettralettre)
expect_match "solve lettralettre: a letter shown and taboo is taboo" '"word":"[^e"]+"' "$out"
out=$(printf '%s\n' '{"letters":["K","E","P","I"],"taboo":[],"stars":{"K":2},"constraint":{"check":{"without":"E"},"bonus":3}}' | "$bin" solve lettralettre)
expect_match "solve lettralettre: inline constraint" '^\{"word":"[^e"]+","score":[0-9]+\}$' "$out"
out=$(printf '%s\n' '{"letters":[],"taboo":[]}' | "$bin" solve lettralettre)
expect_eq "solve lettralettre: nothing fits" '{"word":null,"score":0}' "$out"
out=$(printf '%s\n' '{"letters":["A"],"taboo":[]}' '{"letters":["Y"],"taboo":[]}' | "$bin" solve lettralettre)
expect_eq "solve lettralettre: never a one-letter word (« a », « y »)" "$(printf '%s\n%s' '{"word":null,"score":0}' '{"word":null,"score":0}')" "$out"
out=$(printf '%s\n' '{"letters":["K"],"constraint":"no-such-card"}' '{"letters":["KE"]}' '{"letters":["K"],"stars":{"K":"x"}}' \
  '{"letters":["K"],"constraint":{"check":{"colour":"red"}}}' | "$bin" solve lettralettre)
expect_match "solve lettralettre: unknown card" '"code":"unknown_constraint"' "$(printf '%s\n' "$out" | sed -n 1p)"
expect_match "solve lettralettre: two-letter card" '"code":"bad_letter"' "$(printf '%s\n' "$out" | sed -n 2p)"
expect_match "solve lettralettre: bad stars" '"code":"bad_field"' "$(printf '%s\n' "$out" | sed -n 3p)"
expect_match "solve lettralettre: bad check" '"code":"bad_constraint"' "$(printf '%s\n' "$out" | sed -n 4p)"
"$bin" solve chess </dev/null 2>/dev/null
expect_eq "solve: unknown game is a usage error" 2 "$?"

# --- replay -------------------------------------------------------------------
out=$("$bin" replay < "$data/scenarios/wordbank-golden.json")
expect_eq "replay: exit code" 0 "$?"
expect_match "replay: golden hands" '"hand":\[13,13,13\]' "$out"
expect_match "replay: golden closes the I for green" '"won":\[\[\],\[\],\[\{"letter":"I","spaces":3\}\]\]' "$out"
out=$("$bin" replay < "$data/scenarios/motpourmot-golden.json")
expect_eq "replay motpourmot: exit code" 0 "$?"
expect_match "replay motpourmot: CHAT captures the T for team B" '\{"letter":"T","position":3\}' "$out"
expect_match "replay motpourmot: C and H one cell toward B" '\{"letter":"C","position":1\},\{"letter":"D","position":0\}.*\{"letter":"H","position":1\}' "$out"
expect_match "replay motpourmot: team B holds one letter" '"captured":\["T"\]' "$out"
out=$("$bin" replay < "$data/scenarios/trapwords-golden.json")
expect_eq "replay trapwords: exit code" 0 "$?"
expect_match "replay trapwords: « galope » fires the trap « galop »" '"fired":\[\{"relation":"derivative","trap":"galop","word":"galope"\}\]' "$out"
expect_match "replay trapwords: team 0 failed on the trap, team 1 found « science »" '"result":"trap","round":1,"secret":"cheval".*"result":"found","round":1,"secret":"science"' "$out"
expect_match "replay trapwords: round 2, team 1 one room ahead" '"pawn":1,"result":"","seats":\[1,3\]' "$out"
out=$(printf '%s' '{"game":"wordbank","setup":{"players":2,"fixed":{"first_player":0}},"actions":[{"actor":1,"type":"pass"}]}' | "$bin" replay)
expect_eq "replay: refused action exits 1" 1 "$?"
expect_match "replay: refused action is explained" '"code":"replay_refused".*n° 1 .*pas ton tour' "$out"
out=$(printf 'nope' | "$bin" replay)
expect_match "replay: malformed JSON" '"code":"bad_json"' "$out"
out=$(printf '%s' '{"game":"go","setup":{"players":2}}' | "$bin" replay 2>/dev/null)
expect_match "replay: unknown game" '"code":"unknown_game"' "$out"
out=$(printf '%s' '{"game":"wordbank","rules_version":99,"setup":{"players":2}}' | "$bin" replay)
expect_match "replay: rules version checked" '"code":"rules_version_mismatch"' "$out"

# --- signature: behaviour unchanged unless deliberately ----------------------
expected=$(grep -v '^#' "$data/signature.txt")
actual=$("$bin" signature)
expect_eq "signature: seeded bot games of every game play as recorded in tests/data/signature.txt (a deliberate change updates it, named in the commit)" "$expected" "$actual"
"$bin" signature --games 0 >/dev/null 2>&1
expect_eq "signature: bad --games is a usage error" 2 "$?"

# --- play, bots only: the terminal narrates every event it may meet ----------
# Seats all bots, many seeds and table sizes, for every registered game: an
# event field that is optional (a clue's text under ténèbres, …) must never
# abort the terminal. Each game takes a few tens of milliseconds.
for g in $("$bin" games); do
  crashed=""
  for players in 2 3 4 5 6; do
    "$bin" play "$g" --players "$players" --bots "$players" --seed 1 </dev/null >/dev/null 2>&1
    [ "$?" -eq 2 ] && continue  # not a table size of this game
    for seed in $(seq 1 3); do
      if ! "$bin" play "$g" --players "$players" --bots "$players" --seed "$seed" </dev/null >"$tmp/watch.txt" 2>&1; then
        crashed="$crashed $players/$seed"
      elif ! grep -q . "$tmp/watch.txt"; then
        crashed="$crashed $players/$seed(silent)"
      fi
    done
  done
  expect_eq "play $g with bots only: every game ends cleanly (players/seed)" "" "$crashed"
done

# --- play (people at the keyboard) --------------------------------------------
out=$(printf '/passe\n/quitter\n' | "$bin" play wordbank --players 2 --bots 1 --seed 3 --name Léa)
expect_eq "play wordbank: quitting exits 0" 0 "$?"
expect_match "play wordbank: French welcome" 'Bienvenue à Word Bank' "$out"
expect_match "play wordbank: board shown" 'Coffres, dans le sens horaire' "$out"
expect_match "play wordbank: goodbye" 'À bientôt' "$out"
expect_match "play wordbank: narration names the player" 'Léa passe son tour' "$out"
# Seed 3 deals R N A P U Q E; the bot opens. "pure" on P U E, typed by hand,
# after a placement that turns back (refused, explained, asked again).
out=$(printf 'pure\n3 6 4 h\npure\n3 4 6 h\n/quitter\n' | "$bin" play wordbank --players 2 --bots 1 --seed 3)
expect_match "play wordbank: a placement typed by hand" '«'"${nb}"'pure'"${nb}"'»'"${nb}"': 3 pierres posées\.'$'\n''    sur \[3\] \[4\] \[6\] \(sens horaire\)' "$out"
expect_match "play wordbank: an impossible placement is explained" '✗ On tourne dans un seul sens' "$out"
out=$(printf 'zz9\n/quitter\n' | "$bin" play wordbank --players 2 --bots 1 --seed 3)
expect_match "play wordbank: bad word explained" 's’écrit avec des lettres' "$out"
out=$("$bin" play wordbank --players 3 --bots 3 --seed 11 </dev/null)
expect_eq "play wordbank: bots alone finish" 0 "$?"
expect_match "play wordbank: results" 'Fin de la partie' "$out"
out=$("$bin" play lettralettre --players 3 --bots 3 --seed 11 </dev/null)
expect_eq "play lettralettre: bots alone finish" 0 "$?"
expect_match "play lettralettre: rounds revealed, the best word under each player's own cards" 'son meilleur mot possible'"${nb}"': «'"${nb}"'[^»]+'"${nb}"'» avec «'"${nb}" "$out"
expect_match "play lettralettre: and the best word with no card, labelled" 'Sans aucune contrainte, le meilleur mot était «'"${nb}" "$out"
expect_match "play lettralettre: results" 'Fin de la partie' "$out"
out=$(printf 'n\n' | "$bin" play lettralettre --players 2 --bots 1 --seed 4)
expect_eq "play lettralettre: end of input exits 0" 0 "$?"
out=$("$bin" play motpourmot --players 4 --bots 4 --seed 11 </dev/null)
expect_eq "play motpourmot: bots alone finish" 0 "$?"
expect_match "play motpourmot: words pull letters" 'joue «'"${nb}"'[^»]+'"${nb}"'»( et capture [A-Z, ]+)?\.'$'\n''    lettres tirées'"${nb}"':' "$out"
expect_match "play motpourmot: a team wins" 'L’équipe (bleue|rouge) gagne' "$out"
out=$(printf 'deux mots\no\ndeux mots\n/quitter\n' | "$bin" play motpourmot --players 2 --bots 1 --seed 4 --name Léa)
expect_eq "play motpourmot: quitting exits 0" 0 "$?"
expect_match "play motpourmot: the card is shown" 'Catégorie'"${nb}"': «'"${nb}" "$out"
expect_match "play motpourmot: one word only" '✗ Un seul mot' "$out"
out=$("$bin" play trapwords --bots 4 --seed 3 </dev/null)
expect_eq "play trapwords: bots alone finish" 0 "$?"
expect_match "play trapwords: clues and guesses, each bot by its own name" '(Arsène|Bérénice|Célestin|Dalila) propose «'"${nb}"'[^»]+'"${nb}"'»' "$out"
expect_match "play trapwords: the game ends" '(gagne|l’emporte)'"${nb}"'!' "$out"
expect_match "play trapwords: traps are listed in quotes, whose list they are" 'Les pièges de l’équipe (bleue|rouge) étaient'"${nb}"': «'"${nb}"'[^»]+'"${nb}"'»' "$out"
out=$(printf 'et\nlumière\n/fini\n/quitter\n' | "$bin" play trapwords --seed 5 --name Léa)
expect_eq "play trapwords: quitting exits 0" 0 "$?"
expect_match "play trapwords: the opponents' word to trap" 'Mot secret de l’équipe rouge'"${nb}"': «'"${nb}"'[^»]+'"${nb}"'»' "$out"
expect_match "play trapwords: a trap of any sentence is refused" '✗ «'"${nb}"'et'"${nb}"'» sert dans toutes les phrases' "$out"
expect_match "play trapwords: the list is handed in" 'L’équipe bleue remet sa liste \(1 piège\)' "$out"
expect_match "play trapwords: the monster's power is explained" 'Le combat contre (le|la) [A-Z][a-zé]+( \*)?'"${nb}"': [^.]+\.' "$out"
out=$(printf 'galop\npomme de terre\n/fini\n/quitter\n' | "$bin" play trapwords --seed 3 --name Léa)
expect_match "play trapwords: a multi-word trap reads as one" '2 écrits'"${nb}"': «'"${nb}"'galop'"${nb}"'», «'"${nb}"'pomme de terre'"${nb}"'»' "$out"
"$bin" play trapwords --players 4 --bots 2 </dev/null >/dev/null 2>&1
expect_eq "play trapwords: one person at most" 2 "$?"
out=$("$bin" play tapecho --bots 4 --seed 3 </dev/null)
expect_eq "play tapecho: bots alone finish" 0 "$?"
expect_match "play tapecho: cards go on the table" '(Arsène|Bérénice|Célestin|Dalila) (pose|inflige) «'"${nb}" "$out"
expect_match "play tapecho: three games, then the match" 'Fin de la partie 3'"${nb}"':.*' "$out"
expect_match "play tapecho: the ranking" '1\. (Arsène|Bérénice|Célestin|Dalila)'"${nb}"': [−+]?[0-9]+ points?' "$out"
expect_match "play tapecho: the winner is crowned" 'est sacrée? grande? sé(ducteur|ductrice)'"${nb}"'!|Égalité en tête' "$out"
out=$(printf '/quitter\n' | "$bin" play tapecho --seed 5 --name Léa --sex F)
expect_match "play tapecho: --sex chooses the person's sex in the game" 'à Léa \(femme\)' "$out"
"$bin" play tapecho --sex X </dev/null >/dev/null 2>&1
expect_eq "play tapecho: a bad --sex is a usage error" 2 "$?"
"$bin" play wordbank --sex F </dev/null >/dev/null 2>&1
expect_eq "play: a game without the flag refuses it" 2 "$?"
out=$(printf '1\n0\n99\n/quitter\n' | "$bin" play tapecho --seed 5 --name Léa)
expect_eq "play tapecho: quitting exits 0" 0 "$?"
expect_match "play tapecho: the context" 'Contexte'"${nb}"': Mariage \(tache rouge\)' "$out"
expect_match "play tapecho: the hand, numbered, with its cost" 'Ta main \([0-9]+ points perdus' "$out"
expect_match "play tapecho: an atout of the other sex can only be swapped" '1\. l’échanger' "$out"
expect_match "play tapecho: a bad number is explained" '✗ Tape un numéro entre 1 et 10' "$out"
"$bin" play tapecho --players 4 --bots 2 </dev/null >/dev/null 2>&1
expect_eq "play tapecho: one person at most" 2 "$?"
out=$(printf 'chat\ncategorie\ntrois\n1 3\n/quitter\n' | "$bin" play motpourmot --players 1 --bots 0 --seed 2)
expect_match "play motpourmot: table mode counts hands" 'Vote'"${nb}"': 1 pour, 3 contre' "$out"
expect_match "play motpourmot: a bad count is asked again" 'Deux nombres' "$out"
"$bin" play wordbank --players 9 --bots 1 </dev/null >/dev/null 2>&1
expect_eq "play: too many players is refused" 2 "$?"
"$bin" play wordbank --level grandmaster </dev/null >/dev/null 2>&1
expect_eq "play: unknown bot level is refused" 2 "$?"
"$bin" play wordbank --players 1000000000 --bots 0 </dev/null >/dev/null 2>&1
expect_eq "play: absurd player count is refused, not a crash" 2 "$?"
"$bin" play wordbank --seed -5 </dev/null >/dev/null 2>&1
expect_eq "play: negative seed is refused" 2 "$?"

# --- serve -----------------------------------------------------------------------
"$bin" serve --port 0 --db "$tmp/serve.db" >"$tmp/serve.out" 2>&1 &
serve_pid=$!
port=""
# Up to a minute: an ASan build loading the lexicon on a busy 2-core machine
# (other tests run beside this one) can take well over ten seconds.
for _ in $(seq 1 600); do
  port=$(sed -nE 's|.*http://localhost:([0-9]+)/.*|\1|p' "$tmp/serve.out" | head -n 1)
  [ -n "$port" ] && break
  kill -0 "$serve_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -n "$port" ]; then
  ok
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n' >&3
  reply=$(cat <&3)
  exec 3<&-
  expect_match "serve: /healthz answers" $'^HTTP/1.1 200 OK.*ok' "$reply"
else
  ko "serve: no address printed: $(cat "$tmp/serve.out")"
fi
kill -TERM "$serve_pid"
wait "$serve_pid"
expect_eq "serve: SIGTERM stops it cleanly" 0 "$?"
expect_match "serve: says goodbye" 'À bientôt' "$(cat "$tmp/serve.out")"
[ -f "$tmp/serve.db" ] && ok || ko "serve: the store file was not created"

# --- referee trapwords -----------------------------------------------------------
out=$(printf '%s\n' \
  '{"secret":"cheval","traps":["galop","selle"],"clue":"il galope dans le pré","curses":["serpent"],"monster":null,"history":[]}' \
  '{"secret":"cheval","guess":"chevaux","traps":[],"curses":[],"monster":null}' \
  '{"secret":"science","guess":"scientifique","traps":[],"curses":[],"monster":null}' \
  '{"secret":"physique","traps":["science"],"clue":"un métier de scientifique"}' \
  '{"secret":"dragon","traps":[],"clue":"bête feu grotte trésor","monster":"troll*","history":["ailes écailles"]}' \
  '' \
  '{"secret":"cheval","clue":"x","curses":["lune"]}' \
  'pas du json' | "$bin" referee trapwords)
expect_eq "referee: exit code" 0 "$?"
expect_eq "referee: one line out per line in (blank skipped)" 7 "$(printf '%s\n' "$out" | wc -l)"
expect_eq "referee: the issue's clue example" '{"ok":false,"fired":[{"trap":"galop","word":"galope","relation":"derivative"}],"violations":[]}' "$(printf '%s\n' "$out" | sed -n 1p)"
expect_eq "referee: chevaux is a right guess for cheval" '{"correct":true,"fired":[],"violations":[]}' "$(printf '%s\n' "$out" | sed -n 2p)"
expect_eq "referee: scientifique is not a right guess for science" '{"correct":false,"fired":[],"violations":[]}' "$(printf '%s\n' "$out" | sed -n 3p)"
expect_match "referee: scientifique fires science" '"trap":"science","word":"scientifique","relation":"derivative"' "$(printf '%s\n' "$out" | sed -n 4p)"
expect_match "referee: the troll* budget counts the history" '"rule":"troll","word":"trésor"' "$(printf '%s\n' "$out" | sed -n 5p)"
expect_match "referee: unknown curse" '"code":"unknown_curse"' "$(printf '%s\n' "$out" | sed -n 6p)"
expect_match "referee: bad JSON" '"code":"bad_json"' "$(printf '%s\n' "$out" | sed -n 7p)"
"$bin" referee chess </dev/null 2>/dev/null
expect_eq "referee: unknown game is a usage error" 2 "$?"

finish "games CLI"
