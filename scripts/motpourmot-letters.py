#!/usr/bin/env python3
"""Letter shares over the Mot pour Mot category deck (docs/motpourmot.md).

For each letter A-Z: the share of the deck's answers that hold it (accents
folded, as on the board) and the pulls per 100 answers (every occurrence
pulls). Prints a Markdown table, most frequent first, and marks the letters of
each set in data/motpourmot/letters.tsv.

usage: scripts/motpourmot-letters.py [--plain] [data/motpourmot]
  --plain  only the cards that call for plain French words (no card tagged
           etranger or propre): the measure behind our "fr" set
"""
import sys
import unicodedata
from pathlib import Path


def board_letters(word: str) -> str:
    """The letters a word pulls: accents folded, œ/æ split, A-Z only."""
    word = word.upper().replace("Œ", "OE").replace("Æ", "AE")
    word = unicodedata.normalize("NFD", word)
    return "".join(c for c in word if "A" <= c <= "Z")


def main() -> None:
    args = sys.argv[1:]
    plain = "--plain" in args
    args = [a for a in args if a != "--plain"]
    folder = Path(args[0] if args else "data/motpourmot")
    answers = []
    for line in (folder / "categories.tsv").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        if plain and ("etranger" in fields[2] or "propre" in fields[2]):
            continue
        answers += [board_letters(a) for a in fields[4].split("|")]
    sets = {}
    for line in (folder / "letters.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, tiles = line.split("\t")
            sets[name] = tiles
    rows = []
    for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        holding = sum(1 for a in answers if letter in a)
        pulls = sum(a.count(letter) for a in answers)
        rows.append((holding, pulls, letter))
    rows.sort(reverse=True)
    names = sorted(sets)
    print(f"{len(answers)} answers.\n")
    print("| letter | answers holding it | pulls per 100 answers | " + " | ".join(names) + " |")
    print("|---|---|---|" + "---|" * len(names))
    for holding, pulls, letter in rows:
        marks = " | ".join("✓" if letter in sets[n] else "" for n in names)
        print(f"| {letter} | {100 * holding / len(answers):.1f} % | {100 * pulls / len(answers):.0f} | {marks} |")


if __name__ == "__main__":
    main()
