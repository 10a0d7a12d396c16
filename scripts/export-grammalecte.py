#!/usr/bin/python3
"""Exports Grammalecte's fr-allvars dictionary as TSV: form, lemma, tag.

Run with Debian's /usr/bin/python3 (python3-grammalecte is installed there).
The lexicon compiler reads the TSV; this script only flattens the DAWG.
Usage: export-grammalecte.py OUTPUT.tsv
"""
import sys

from grammalecte.graphspell import ibdawg


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: export-grammalecte.py OUTPUT.tsv", file=sys.stderr)
        return 2
    dawg = ibdawg.IBDAWG("fr-allvars.json")
    count = 0
    tmp = sys.argv[1] + ".tmp"
    with open(tmp, "w", encoding="utf-8", newline="\n") as out:
        for form, lemma, tag in dawg.select():
            # "/*", "/R", "/M"... mark the spelling variant (classic, reform...):
            # not needed, every variant is a valid form.
            tag = tag.split("/", 1)[0]
            out.write(f"{form}\t{lemma}\t{tag}\n")
            count += 1
            if count % 100000 == 0:
                print(f"[lexicon] exported {count} Grammalecte entries…", file=sys.stderr)
    import os
    os.replace(tmp, sys.argv[1])
    print(f"[lexicon] exported {count} Grammalecte entries", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
