#!/usr/bin/env python3
"""Checks the source layout rules of docs/architecture.md:

- the layers of src/ (LAYERS below, the table docs/architecture.md shows, checked to be the
  same): a module may import only modules of lower layers, never one of its own layer
  (beside itself) or above;
- no import circle among the files of src/;
- no algorithm id (src/search/table.rs) as a string literal in www/*.js: the list of
  algorithms and what each does live in Rust (the tutorial's chapters, which name the
  algorithm each teaches, do so in www/tutorial.html's <pathlab-grid> attributes);
- files in src/ or www/ over MAX_LINES lines are listed (with --strict they fail too).

A file's imports are the crate modules it names in `use crate::…`, `crate::…::` paths,
`super::…` and `self::…` (and `pathlab::…` in the binary, main.rs and cli/), with the names
src/lib.rs re-exports (`crate::Planner`) followed to their module; a module's mod.rs counts
as the module. Test code may import anything: a `#[cfg(test)] mod … { … }` block, a file
declared by `#[cfg(test)] mod …;`, and a `#[cfg(test)] use …;`.

Prints what it finds and exits 1 on a layer broken, a circle or an id (or, with --strict, a
long file). `--graph` prints the import graph; `--layers` the graph between top-level
modules; `--self-test` runs the checker on small made-up trees and fails unless it catches
an import that runs back up.
"""
import pathlib
import re
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
MAX_LINES = 700

# The layers of src/, lowest first: each row names the top-level modules of one layer and
# what they are. A module may import the modules of the rows above its own, never its own
# row's others or a row below. docs/architecture.md shows the same table.
LAYERS = [
    ("foundations", ["text", "rng", "clock"]),
    ("the map", ["grid"]),
    ("over the map", ["heuristic", "generate"]),
    ("searches", ["search"]),
    ("views over the map", ["fields"]),
    ("recorded history", ["timeline"]),
    ("one map, many searches", ["planner", "solve"]),
    ("words in and out", ["formats"]),
    ("every change, checked", ["command"]),
    ("users of the formats and pictures", ["scenarios", "frame", "learn", "mapf"]),
    ("the boundaries", ["wasm", "cli"]),
]

# The binary: `pathlab::…` there is the library.
BINARY = ("main", "cli")


def module_of(path, src):
    rel = path.relative_to(src).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def in_binary(path, src):
    return path.relative_to(src).parts[0].removesuffix(".rs") in BINARY


def strip_tests_and_comments(text):
    # Test modules may import anything; comments name modules without using them.
    text = re.split(r"\n#\[cfg\(test\)\]\nmod \w+ \{", text)[0]
    text = re.sub(r"#\[cfg\(test\)\]\s*use\s[^;]+;", "", text)
    return "\n".join(line.split("//")[0] for line in text.splitlines())


def test_modules(paths, src):
    """The modules declared by `#[cfg(test)] mod name;`: test code, in a file of its own."""
    out = set()
    for path in paths:
        for m in re.finditer(r"#\[cfg\(test\)\]\s*(?:pub(?:\([\w ]+\))?\s+)?mod (\w+);", path.read_text()):
            out.add(module_of(path, src) + (m.group(1),))
    return out


def lib_aliases(src):
    """The names src/lib.rs re-exports (`pub use planner::{Planner, …};`, `pub use search::mesh;`),
    each mapped to the path it stands for."""
    lib = src / "lib.rs"
    aliases = {}
    if not lib.exists():
        return aliases
    text = strip_tests_and_comments(lib.read_text())
    for m in re.finditer(r"\bpub\s+use\s+([^;]+);", text):
        head, _, rest = m.group(1).partition("{")
        base = [s.strip() for s in head.split("::") if s.strip()]
        items = rest.rstrip().rstrip("}").split(",") if rest else [base.pop()]
        for item in items:
            words = item.split()
            if not words or words[0] == "self":
                continue
            aliases[words[-1]] = base + [words[0]]
    return aliases


def imports(path, modules, src, aliases):
    me = module_of(path, src)
    text = strip_tests_and_comments(path.read_text())
    if in_binary(path, src):
        text = re.sub(r"\bpathlab::", "crate::", text)
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
            if segs and (segs[0],) not in modules and segs[0] in aliases:
                segs = aliases[segs[0]] + segs[1:]
        elif segs[0] == "super":
            base = list(me[:-1])
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
        if best is not None and best != me:
            targets.add(best)
    return targets


def import_graph(src):
    """Every file's module → the modules it imports, test code left out."""
    paths = sorted(src.rglob("*.rs"))
    modules = {module_of(p, src): p for p in paths if p.name != "main.rs"}
    tests = test_modules(paths, src)
    aliases = lib_aliases(src)
    graph = {}
    for p in paths:
        me = module_of(p, src)
        if me == () or any(me[: len(t)] == t for t in tests):
            continue
        graph[me] = {t for t in imports(p, modules, src, aliases) if t != me and t != ()}
    return graph


def layer_problems(graph, layers):
    """Every import between top-level modules that does not run down the layers, and every
    top-level module in no layer."""
    rank = {m: i for i, (_, mods) in enumerate(layers) for m in mods}
    problems = []
    for top in sorted({me[0] for me in graph} - set(rank)):
        problems.append(f"layers: src/{top} is in no layer (add it to LAYERS in scripts/check_layout.py and to docs/architecture.md)")
    for me in sorted(graph):
        for t in sorted(graph[me]):
            a, b = me[0], t[0]
            if a == b or a not in rank or b not in rank:
                continue
            if rank[b] >= rank[a]:
                how = "sideways, within" if rank[b] == rank[a] else "up, from"
                problems.append(
                    f"layers: {'/'.join(me)} imports {'/'.join(t)}: {how} layer "
                    f"{rank[a]} ({layers[rank[a]][0]}) to layer {rank[b]} ({layers[rank[b]][0]})"
                )
    return problems


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


def source_problems(src, layers):
    graph = import_graph(src)
    problems = layer_problems(graph, layers)
    for comp in cycles(graph):
        names = " ↔ ".join("/".join(c) or "lib" for c in sorted(comp))
        problems.append(f"import circle: {names}")
    return graph, problems


def self_test():
    """The checker on made-up trees: it must pass a tree whose imports run down, and catch an
    import that runs up (directly, through a lib.rs re-export, or sideways), while leaving
    test code alone."""
    layers = [("low", ["text"]), ("mid", ["grid"]), ("high", ["planner", "search"]), ("top", ["formats"])]
    base = {
        "lib.rs": "pub mod formats;\npub mod grid;\npub mod planner;\npub mod search;\npub mod text;\n"
        "pub use planner::Planner;\n",
        "text.rs": "pub fn decimal() {}\n",
        "grid/mod.rs": "mod cells;\n#[cfg(test)]\nmod tests;\npub use cells::Grid;\n",
        "grid/cells.rs": "use crate::text::decimal;\npub struct Grid;\n",
        "grid/tests.rs": "use crate::planner::Planner;\n",
        "search.rs": "use crate::grid::Grid;\n",
        "planner.rs": "use crate::grid::Grid;\npub struct Planner;\n#[cfg(test)]\nmod tests {\n    use crate::formats::X;\n}\n",
        "formats.rs": "use crate::{grid::Grid, search, Planner};\n// crate::formats is named in a comment only\n",
    }
    # (what, files changed, a problem it must report: None for none at all)
    cases = [
        ("imports that run down, upward ones in test code", {}, None),
        ("an import up, from grid to planner", {"grid/cells.rs": "use crate::planner::Planner;\n"},
         "layers: grid/cells imports planner: up"),
        ("an import up, through lib.rs's re-export", {"text.rs": "fn f(_: crate::Planner) {}\n"},
         "layers: text imports planner: up"),
        ("a grouped import up", {"grid/cells.rs": "use crate::{text::decimal, formats::X};\n"},
         "layers: grid/cells imports formats: up"),
        ("an import sideways, planner to search", {"planner.rs": "use crate::search;\n"},
         "layers: planner imports search: sideways"),
        ("a module in no layer", {"lib.rs": base["lib.rs"] + "pub mod extra;\n", "extra.rs": "\n"},
         "layers: src/extra is in no layer"),
    ]
    failed = 0
    for name, change, want in cases:
        with tempfile.TemporaryDirectory() as tmp:
            src = pathlib.Path(tmp) / "src"
            for rel, text in {**base, **change}.items():
                (src / rel).parent.mkdir(parents=True, exist_ok=True)
                (src / rel).write_text(text)
            _, problems = source_problems(src, layers)
            ok = not problems if want is None else any(line.startswith(want) for line in problems)
            failed += not ok
            print(f"{'ok' if ok else 'FAILED'}: {name}: {len(problems)} problem(s)")
            for line in problems:
                print(f"    {line}")
    print(f"self-test: {failed} case(s) failed")
    return 1 if failed else 0


def main():
    if "--self-test" in sys.argv:
        return self_test()
    graph, problems = source_problems(SRC, LAYERS)
    listed = {m for _, mods in LAYERS for m in mods}
    present = {me[0] for me in graph}
    for m in sorted(listed - present):
        problems.append(f"layers: LAYERS names src/{m}, which does not exist")
    # docs/architecture.md shows the same table: `| 0 foundations | `text`, `rng` | … |`.
    doc = (ROOT / "docs" / "architecture.md").read_text()
    rows = re.findall(r"^\| (\d+) ([^|]+?) \| ([^|]+?) \|", doc, re.M)
    shown = [(name, [m.strip(" `") for m in mods.split(",")]) for _, name, mods in rows]
    if shown != [(name, list(mods)) for name, mods in LAYERS]:
        problems.append("layers: the table in docs/architecture.md differs from LAYERS in scripts/check_layout.py")

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
    if "--layers" in sys.argv:
        tops = {}
        for me, ts in graph.items():
            tops.setdefault(me[0], set()).update(t[0] for t in ts if t[0] != me[0])
        for i, (name, mods) in enumerate(LAYERS):
            for m in mods:
                print(f"{i} {name}: {m} → {', '.join(sorted(tops.get(m, ()))) or '(nothing)'}")
    for line in problems:
        print(line)
    print(f"layout: {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
