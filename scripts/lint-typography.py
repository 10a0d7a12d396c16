#!/usr/bin/env python3
"""French typography in the text players read, checked in the sources.

Scans the string literals of the C++ (games/, server/, cli/), the string
literals, template texts and JSX texts of the web client (web/src) and the
games' content in data/ (every field of the card files and every string of
the JSON ones; the lexicon's lists are not text players read) and flags, in
each:
  - a plain space (U+0020) before « : », « ; », « ! » or « ? » (French wants
    a non-breaking one, U+00A0, so the sign never wraps alone onto a line);
  - « or » without a non-breaking space inside (« mot »), and a « … » built
    around a value by hand (a literal that ends with « or starts with »):
    guillemets() (C++ games/core/json.h, web/src/french.ts) quotes a word;
  - a straight apostrophe after a French elision (l' d' j' n' s' c' qu'…),
    or between two letters in a literal that is plainly French (it holds
    accented letters, curly apostrophes or guillemets): French text takes ’;
  - a hyphen-minus before a digit in French text (a score takes −, U+2212).
Code is not text: only literals are read, so `a ? b : c` never counts.

The runtime check is the conformance suite (every narration sentence and
refusal of seeded bot games); this lint is the safety net for the rare
messages no test provokes. A line that must keep a straight apostrophe (the
code that accepts both apostrophes in what players type) says so with
`typography: ok` in a comment.

  scripts/lint-typography.py [ROOT]        lint the tree (exit 1 on findings)
  scripts/lint-typography.py --self-test   prove the rules catch bad samples
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

NBSP = "\u00a0"
NNBSP = "\u202f"
ELISIONS = r"(?:[ldjnsmct]|qu|jusqu|lorsqu|puisqu|quoiqu|presqu|aujourd)"
RULES = [
    ("plain space before a high sign (use \\u00a0)", re.compile(r" [:;!?]")),
    ("« without a non-breaking space after it", re.compile("«(?![" + NBSP + NNBSP + "])")),
    ("» without a non-breaking space before it", re.compile("(?<![" + NBSP + NNBSP + "])»")),
    ("« … » built by hand (use guillemets())", re.compile("«[" + NBSP + NNBSP + " ]?$|^[" + NBSP + NNBSP + " ]?»")),
    ("straight apostrophe after an elision (use ’)", re.compile(r"(?i)(?<![^\W\d_])" + ELISIONS + r"'(?=[^\W\d_]|$)")),
]
FRENCH = re.compile("[À-ÿœŒ’«»]")
FRENCH_ONLY_RULES = [
    ("straight apostrophe in French text (use ’)", re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])")),
    ("hyphen-minus before a number in French text (use −, \\u2212)", re.compile(r"(?:^|(?<=[\s(]))-(?=\d)")),
]
ALLOW = "typography: ok"
SOURCE_DIRS = ("games", "server", "cli")
WEB_DIR = os.path.join("web", "src")
DATA_DIR = "data"
DATA_SKIP = ("lexicon",)


SQL = re.compile(r"^\s*(?:SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA|BEGIN|COMMIT|ALTER|DROP)\b")


def findings(text):
    """The typography faults of one literal's text, as rule names."""
    if SQL.match(text):
        return []  # a query's « ? » are its parameters
    found = [name for name, rule in RULES if rule.search(text)]
    if FRENCH.search(text):
        found += [name for name, rule in FRENCH_ONLY_RULES if rule.search(text)]
    return found


# --- C++ -----------------------------------------------------------------

SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'", "?": "?",
                  "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def unescape_cpp(body):
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c != "\\" or i + 1 == len(body):
            out.append(c)
            i += 1
            continue
        e = body[i + 1]
        if e in "uU":
            n = 4 if e == "u" else 8
            out.append(chr(int(body[i + 2:i + 2 + n], 16)))
            i += 2 + n
        elif e == "x":
            m = re.match(r"[0-9a-fA-F]+", body[i + 2:])
            out.append(chr(int(m.group(0), 16)) if m else "x")
            i += 2 + (len(m.group(0)) if m else 0)
        elif e in "01234567":
            m = re.match(r"[0-7]{1,3}", body[i + 1:])
            out.append(chr(int(m.group(0), 8)))
            i += 1 + len(m.group(0))
        else:
            out.append(SIMPLE_ESCAPES.get(e, e))
            i += 2
    return "".join(out)


def cpp_literals(src):
    """(line, text) of every string literal of a C++ source, adjacent ones joined."""
    out = []
    i, n = 0, len(src)
    last_end = -1

    def add(start, end, text):
        nonlocal last_end
        if out and src[last_end:start].strip() == "":
            line, prev = out[-1]
            out[-1] = (line, prev + text)
        else:
            out.append((src.count("\n", 0, start) + 1, text))
        last_end = end

    def quoted(j, q):  # j: index after the opening quote; returns the index after the closing one
        while j < n and src[j] != q:
            j += 2 if src[j] == "\\" else 1
        return j + 1

    while i < n:
        c = src[i]
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c.isdigit():
            m = re.match(r"[0-9A-Za-z_.']*(?:[eEpP][+-][0-9A-Za-z_.']*)*", src[i:])
            i += max(1, len(m.group(0)))
        elif c.isalpha() or c == "_":
            m = re.match(r"\w+", src[i:])
            word = m.group(0)
            j = i + len(word)
            if j < n and src[j] == '"' and word in ("R", "u8R", "uR", "UR", "LR"):
                m = re.match(r'"([^(\s]*)\(', src[j:])
                close = ")" + m.group(1) + '"'
                k = src.find(close, j + m.end())
                add(i, k + len(close), src[j + m.end():k])
                i = k + len(close)
            elif j < n and src[j] == '"' and word in ("u8", "u", "U", "L"):
                k = quoted(j + 1, '"')
                add(i, k, unescape_cpp(src[j + 1:k - 1]))
                i = k
            elif j < n and src[j] == "'" and word in ("u8", "u", "U", "L"):
                i = quoted(j + 1, "'")
            else:
                i = j
        elif c == '"':
            k = quoted(i + 1, '"')
            add(i, k, unescape_cpp(src[i + 1:k - 1]))
            i = k
        elif c == "'":
            i = quoted(i + 1, "'")
        else:
            i += 1
    return out


# --- TypeScript ------------------------------------------------------------

def ts_literals(files):
    """(file, line, text) of the web client's texts, read by TypeScript's parser."""
    node = shutil.which("node")
    if not files or not node:
        return None
    helper = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib", "ts-literals.mjs")
    r = subprocess.run([node, helper, *files], capture_output=True, text=True, encoding="utf-8")
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
        return None
    return [(d["file"], d["line"], d["text"]) for d in map(json.loads, r.stdout.splitlines())]


# --- Game content ---------------------------------------------------------------

def data_texts(path):
    """(line, text) of a content file: each tab field of its lines (not the
    # comments), or each string of a JSON file."""
    with open(path, encoding="utf-8") as f:
        src = f.read()
    if path.endswith(".json"):
        out = []

        def walk(v):
            if isinstance(v, str):
                out.append((line_of(v), v))
            elif isinstance(v, list):
                for x in v:
                    walk(x)
            elif isinstance(v, dict):
                for x in v.values():
                    walk(x)

        def line_of(text):
            at = src.find(json.dumps(text, ensure_ascii=False)[1:-1])
            return src.count("\n", 0, at) + 1 if at >= 0 else 1

        walk(json.loads(src))
        return out
    out = []
    for n, line in enumerate(src.split("\n"), 1):
        if line.startswith("#"):
            continue
        out += [(n, field) for field in line.split("\t") if field]
    return out


# --- The tree ----------------------------------------------------------------

def data_files(root):
    out = []
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, DATA_DIR)):
        dirnames[:] = sorted(d for d in dirnames if d not in DATA_SKIP)
        out += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith((".tsv", ".txt", ".json"))]
    return out


def source_files(root):
    cpp, web = [], []
    for top in SOURCE_DIRS + (WEB_DIR,):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d not in ("tests", "node_modules"))
            for f in sorted(filenames):
                path = os.path.join(dirpath, f)
                if f.endswith((".cc", ".h")):
                    cpp.append(path)
                elif f.endswith((".ts", ".tsx")) and not f.endswith(".d.ts"):
                    web.append(path)
    return cpp, web


def lint(root, cpp, web, data=()):
    problems = []

    def check(path, line, text, lines):
        if ALLOW in lines[line - 1] if line - 1 < len(lines) else False:
            return
        for name in findings(text):
            problems.append(f"{os.path.relpath(path, root)}:{line}: {name}: {text!r}")

    for path in cpp:
        with open(path, encoding="utf-8") as f:
            src = f.read()
        lines = src.split("\n")
        for line, text in cpp_literals(src):
            check(path, line, text, lines)
    for path in data:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        for line, text in data_texts(path):
            check(path, line, text, lines)
    texts = ts_literals(web)
    if texts is None and web:
        print("lint-typography: node or web/node_modules/typescript missing, web/src not checked", file=sys.stderr)
    cache = {}
    for path, line, text in texts or []:
        if path not in cache:
            with open(path, encoding="utf-8") as f:
                cache[path] = f.read().split("\n")
        check(path, line, text, cache[path])
    return problems


def self_test(root):
    """The lint fails on bad samples and passes their fixed forms."""
    bad_cpp = r'''
      // A comment: ce n'est pas du texte ; ignored.
      refuse("x", "Message illisible : ce n’est pas du JSON valide.");
      refuse("x", "Le mot « " + w + " » est pris.");
      say("Ce n'est pas ton tour.");
      say(u8"C’est fini !");
      say("Aujourd'hui, c’est l'été.");
      say("Score : " "-3 points");
      say("Perdu\u00a0?" " Vraiment ?");
    '''
    good_cpp = r'''
      int x = a ? b : c;  // ternary outside literals: not text
      char q = '\'';
      long big = 1'000'000;
      auto url = "http://localhost:8080/?room=ABC";
      log("can't open the store: " + path);   // English, a maintainer's log
      refuse("x", "Message illisible\u00a0: ce n’est pas du JSON valide.");
      refuse("x", "Le mot " + guillemets(w) + " est pris.");
      say(R"(Ce n’est pas ton tour)" == nullptr ? "" : "Score\u00a0: \u22123 points");
      say("bouton-d’or, T-1000, 2-3 joueurs");
    '''
    bad_ts = "const a = 'Score : ' + s;\nconst b = <p>Ce n'est pas ton tour !</p>;\n" \
             "const c = `Perdu ${n} points ?`;\nconst d = <p aria-label=\"« mot »\">x</p>;\n" \
             "const e = `T’as ${'-'}3 et -2 points, là`;\n" \
             "const f = <p>Le mot «&nbsp;{w}&nbsp;» est pris.</p>;\n"
    good_ts = "const a = x ? 'un' : 'deux';\nconst b = <p>Ce n’est pas ton tour{'\\u00a0'}!</p>;\n" \
              "const c = `Perdu ${n ? 1 : 2} points\\u00a0?`;\nconst r = /['’]/g;\nconst d = `${a}:${b}`;\n" \
              "// typography: ok on the next line only\nconst k = \"aujourd'hui\"; // typography: ok (a player's typing)\n" \
              "const f = <p>Score&nbsp;: {s}, le mot {guillemets(w)}&nbsp;!\n  <span>\n    ?\n  </span></p>;\n" \
              "const g = fr`Attends : ${name} n'a pas fini !`; // typeset by fr when it runs\n" \
              "const h = fr('Le but : gagner !');\n"
    bad_tsv = "# A comment: the card's format (not text)\nid-1\tatout\t-3\tVin d'honneur\nid-2\thandicap\t2\tGare à toi !\n"
    good_tsv = "# A comment: the card's format (not text)\nid-1\tatout\t-3\tVin d’honneur\nid-2\thandicap\t2\tGare à toi\u00a0!\n"
    bad_json = '[\n  {"id": "x", "text": "Un verbe à l\'infinitif"}\n]\n'
    good_json = '[\n  {"id": "x", "text": "Un verbe à l’infinitif"}\n]\n'
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        samples = (("bad", bad_cpp, bad_ts, bad_tsv, bad_json, True), ("good", good_cpp, good_ts, good_tsv, good_json, False))
        for name, cpp_text, ts_text, tsv_text, json_text, expect in samples:
            base = os.path.join(tmp, name)
            os.makedirs(base)
            paths = {ext: os.path.join(base, "sample." + ext) for ext in ("cc", "tsx", "tsv", "json")}
            for ext, text in (("cc", cpp_text), ("tsx", ts_text), ("tsv", tsv_text), ("json", json_text)):
                with open(paths[ext], "w", encoding="utf-8") as f:
                    f.write(text)
            web = [paths["tsx"]] if shutil.which("node") else []
            found = lint(base, [paths["cc"]], web, [paths["tsv"], paths["json"]])
            print(f"--- {name} samples: {len(found)} finding(s)")
            for p in found:
                print("  " + p)
            if not expect:
                if found:
                    failures.append("good samples flagged")
                continue
            # Every bad line is caught, and only those.
            flagged = {(p.split(":")[0], int(p.split(":")[1])) for p in found}
            want = {("sample.cc", n) for n in (3, 4, 5, 6, 7, 8, 9)}
            want |= {("sample.tsv", 2), ("sample.tsv", 3), ("sample.json", 2)}
            if web:
                want |= {("sample.tsx", n) for n in (1, 2, 3, 4, 5, 6)}
            if flagged != want:
                failures.append(f"bad samples: flagged {sorted(flagged)}, expected {sorted(want)}")
    for f in failures:
        print("SELF-TEST FAILED: " + f)
    return 1 if failures else 0


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    args = argv[1:]
    if args and args[0] == "--self-test":
        return self_test(root)
    if args:
        root = os.path.abspath(args[0])
    cpp, web = source_files(root)
    data = data_files(root)
    problems = lint(root, cpp, web, data)
    for p in problems:
        print(p)
    print(f"lint-typography: {len(cpp)} C++, {len(web)} web and {len(data)} content files, {len(problems)} finding(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
