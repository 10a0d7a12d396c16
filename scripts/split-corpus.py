#!/usr/bin/env python3
"""Splits the labelled referee corpus once into a tuning part and a held-out part.

Usage: scripts/split-corpus.py   (from the repository root)

Reads tests/data/referee/raw/{pairs,clues,guesses}-*.tsv (as their authors
wrote them) and writes tests/data/referee/{pairs,clues,guesses}-{tuning,heldout}.tsv.
Rows are split by their base word (the pair's base, the clue's or guess's
secret), so that a word's whole family lands on one side: tuning a family on
the tuning part cannot leak into the held-out numbers. About one base word in
three goes to the held-out part, chosen by a hash of the word (stable, not
random). It never overwrites an existing split: the split is done once
(docs/lexicon.md, "The labelled corpus"). The raw files are not kept in the
repository once split: the two parts hold every row, as written.
"""
import glob
import hashlib
import os
import sys
import unicodedata

ROOT = "tests/data/referee"


def base_key(word):
    word = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in word if not unicodedata.combining(c)).strip()


def heldout(word):
    return hashlib.sha256(base_key(word).encode()).digest()[0] % 3 == 0


def main():
    for kind in ("pairs", "clues", "guesses"):
        raws = sorted(glob.glob(f"{ROOT}/raw/{kind}-*.tsv"))
        if not raws:
            continue
        outs = {part: f"{ROOT}/{kind}-{part}.tsv" for part in ("tuning", "heldout")}
        if any(os.path.exists(p) for p in outs.values()):
            print(f"{kind}: already split ({outs['tuning']}); the split is done once, left as it is")
            continue
        header, rows = None, {"tuning": [], "heldout": []}
        for path in raws:
            with open(path, encoding="utf-8") as f:
                lines = [l.rstrip("\n") for l in f if l.strip() and not l.startswith("#")]
            if header is None:
                header = lines[0]
            elif lines[0] != header:
                sys.exit(f"{path}: header differs from the other {kind} files")
            for line in lines[1:]:
                rows["heldout" if heldout(line.split("\t")[0]) else "tuning"].append(line)
        for part, path in outs.items():
            with open(path, "w", encoding="utf-8") as f:
                f.write(f"# {kind}, {part} part: split by scripts/split-corpus.py from {', '.join(os.path.basename(r) for r in raws)}.\n")
                if part == "heldout":
                    f.write("# Held out: never tune rules, families or code on these rows; report their numbers as they are.\n")
                f.write(header + "\n")
                f.write("\n".join(rows[part]) + "\n")
            print(f"{path}: {len(rows[part])} rows")


if __name__ == "__main__":
    main()
