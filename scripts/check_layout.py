#!/usr/bin/env python3
"""Checks the source layout rules of docs/architecture.md:

- no import circle among the files of src/ (a file's imports are the crate modules it names
  in `use crate::…`, `crate::…::` paths, `super::…` and `self::…`; a module's mod.rs counts as
  the module);
- no algorithm id (src/search/table.rs) as a string literal in www/*.js: the list of
  algorithms and what each does live in Rust (the tutorial's chapters, which name the
  algorithm each teaches, do so in www/tutorial.html's <pathlab-grid> attributes);
- files in src/ or www/ over MAX_LINES lines are listed (with --strict they fail too).

Prints what it finds and exits 1 on a circle or an id (or, with --strict, a long file).
`--graph` prints the import graph.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
MAX_LINES = 700


def module_of(path):
    rel = path.relative_to(SRC).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def files():
    return sorted(p for p in SRC.rglob("*.rs"))


def strip_tests_and_comments(text):
    # Test modules may import anything; comments name modules without using them.
    text = re.split(r"\n#\[cfg\(test\)\]\nmod \w+ \{", text)[0]
    return "\n".join(line.split("//")[0] for line in text.splitlines())


def imports(path, modules):
    me = module_of(path)
    text = strip_tests_and_comments(path.read_text())
    found = set()
    # `use` statements may group paths in braces: expand one level of them.
    for m in re.finditer(r"\buse\s+([^;]+);", text):
        stmt = re.sub(r"\s+", "", m.group(1))
        head, _, rest = stmt.partition("{")
        tails = rest.rstrip("}").split(",") if rest else [""]
        for tail in tails:
            found.add(head + tail)
    for m in re.finditer(r"\b(crate|super)::[\w:]+", text):
        found.add(m.group(0))
    targets = set()
    for p in found:
        segs = [s for s in p.split("::") if s]
        if not segs:
            continue
        if segs[0] == "crate":
            base, segs = [], segs[1:]
        elif segs[0] == "super":
            base = list(me[:-1]) if path.name not in ("mod.rs",) else list(me[:-1])
            segs = segs[1:]
        elif segs[0] == "self":
            base, segs = list(me), segs[1:]
        elif me + (segs[0],) in modules and path.name in ("mod.rs", "lib.rs"):
            base = list(me)
        else:
            continue
        # The longest prefix that is a module is the file depended on.
        cand = tuple(base)
        best = cand if cand in modules else None
        for s in segs:
            cand = cand + (s,)
            if cand in modules:
                best = cand
        if best is not None and best != me and not (len(best) < len(me) and me[: len(best)] == best and path.name != "mod.rs" and False):
            targets.add(best)
    return targets


def cycles(graph):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    for v in graph:
        if v not in index:
            strong(v)
    return out


def main():
    problems = []
    paths = files()
    modules = {module_of(p): p for p in paths if p.name not in ("main.rs", "cli.rs")}
    graph = {}
    for p in paths:
        if p.name in ("main.rs", "cli.rs") or p == SRC / "lib.rs":
            continue
        me = module_of(p)
        graph[me] = {t for t in imports(p, modules) if t != me and t != ()}
    for comp in cycles(graph):
        names = " ↔ ".join("/".join(c) or "lib" for c in sorted(comp))
        problems.append(f"import circle: {names}")

    table = (SRC / "search" / "table.rs").read_text()
    ids = set(re.findall(r'\bid: "([a-z-]+)"', table))
    for p in sorted((ROOT / "www").glob("*.js")):
        text = "\n".join(line.split("//")[0] for line in p.read_text().splitlines())
        for m in re.finditer(r"(['\"`])([a-z-]+)\1", text):
            if m.group(2) in ids:
                line = text[: m.start()].count("\n") + 1
                problems.append(f"{p.relative_to(ROOT)}:{line}: algorithm id {m.group(0)} (read it from the table)")

    long_files = []
    for base, pattern in ((SRC, "*.rs"), (ROOT / "www", "*.js"), (ROOT / "www", "*.css"), (ROOT / "www", "*.html")):
        for p in sorted(base.rglob(pattern)):
            if "pkg" in p.parts or "maps" in p.relative_to(ROOT).parts[1:2]:
                continue
            n = sum(1 for _ in p.open())
            if n > MAX_LINES:
                long_files.append(f"{p.relative_to(ROOT)}: {n} lines (at most about {MAX_LINES})")
    if "--strict" in sys.argv:
        problems.extend(long_files)
    else:
        for line in long_files:
            print(f"note: {line}")

    if "--graph" in sys.argv:
        for me in sorted(graph):
            print("/".join(me), "→", ", ".join(sorted("/".join(t) for t in graph[me])))
    for line in problems:
        print(line)
    print(f"layout: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
