#!/usr/bin/env python3
"""Explains why two lemmas share a derivational family.

Usage: scripts/family-path.py [--links build/release/family-links.tsv] WORD WORD

Reads the links lexicon-compile wrote (--links): each line joined two families
(DERIVED, BASE, and the rule or list that linked them). Prints the chain of
links between the two lemmas, or says they are not linked. Use it to find the
rule or curated line behind a wrong family before fixing it.
"""
import collections
import sys


def main(argv):
    path = "build/release/family-links.tsv"
    if len(argv) >= 2 and argv[0] == "--links":
        path, argv = argv[1], argv[2:]
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    graph = collections.defaultdict(list)
    with open(path, encoding="utf-8") as f:
        for line in f:
            a, b, why = line.rstrip("\n").split("\t", 2)
            graph[a].append((b, why))
            graph[b].append((a, why))
    start, goal = argv
    prev = {start: None}
    queue = collections.deque([start])
    while queue:
        w = queue.popleft()
        if w == goal:
            break
        for n, why in graph[w]:
            if n not in prev:
                prev[n] = (w, why)
                queue.append(n)
    if goal not in prev:
        print(f"{start} and {goal} are not linked")
        return 1
    chain = []
    w = goal
    while prev[w] is not None:
        p, why = prev[w]
        chain.append(f"{p} — {w}   ({why})")
        w = p
    print("\n".join(reversed(chain)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
