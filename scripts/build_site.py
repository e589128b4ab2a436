#!/usr/bin/env python3
"""Writes the static site into dist/ from www/ (run by scripts/build-site.sh, after the wasm
build): every file the pages need, with versioned names so that a cache never mixes two builds.

- The entry points keep their names: the pages (*.html) and pathlab-embed.js, the script an
  author's page links to. Serve them with `Cache-Control: no-cache` (docs/deploying.md).
- Every other file gets a content hash in its name (view.js -> view.1a2b3c4d5e.js), and the
  shipped maps move into a folder named by the hash of them all (maps/ -> maps.0f1e2d3c4b/).
  Serve those as immutable.
- Every reference follows: JS string literals that name a file of the site ('./view.js',
  'pathlab.css', 'maps/index.json', wasm-bindgen's 'pathlab_bg.wasm'), and the src and href
  attributes of the pages. A file's hash covers its own bytes and those of every file it
  refers to, directly or not, so a change anywhere renames everything that leads to it.
- Every URL stays relative, so the site works under any sub-path.
- A page's style sheets, when it links more than one, are joined into one file in their
  order (`index.html` -> `index-styles.css`, versioned like the rest): one request instead of three,
  which on HTTP/1.1 frees connections for the scripts and the wasm.
- A page that preloads the map index (`maps/index.json`) preloads the first map it lists
  too: the map a first visit opens, fetched beside the wasm instead of after it.
- Each page preloads the whole static import graph of its module scripts
  (`<link rel="modulepreload">` for every module they import, directly or not), so a browser
  asks for all of them at once instead of discovering them one import level at a time: on a
  slow network each level costs a round trip.

Usage: python3 scripts/build_site.py [--check] SRC DEST
  --check: build, then fail if any text file of DEST still names a file by its old name.
"""

import hashlib
import json
import os
import posixpath
import re
import shutil
import sys

# What the site is made of; TypeScript declarations and the like stay out.
KEEP = {'.html', '.js', '.css', '.json', '.wasm', '.map', '.png', '.svg', '.ico', '.txt'}
SKIP_SUFFIXES = ('.d.ts',)
SKIP_NAMES = {'package.json', '.gitignore'}
ENTRY_SCRIPTS = {'pathlab-embed.js'}
MAPS_DIR = 'maps'
TEXT = {'.html', '.js', '.css'}

LITERAL = re.compile(r"""(?P<q>['"])(?P<v>[A-Za-z0-9_./-]+)(?P=q)""")
ATTRIBUTE = re.compile(r"""(?P<a>\b(?:src|href)=)(?P<q>["'])(?P<v>[^"'#?]+)(?P<rest>[^"']*)(?P=q)""")
# Static imports and re-exports (`import … from './x.js'`, `import './x.js'`, `export … from`),
# which the browser must fetch before the module runs; dynamic `import()` is left to load late.
# A statement starts a line or follows a `;` (a bundle's minified imports share one line).
STATIC_IMPORT = re.compile(
    r"""(?:^|;)\s*(?:import|export)\b[^'";()]*?\bfrom\s*(?P<q>['"])(?P<v>[^'"]+)(?P=q)|(?:^|;)\s*import\s*(?P<q2>['"])(?P<v2>[^'"]+)(?P=q2)""",
    re.M,
)
MODULE_SCRIPT = re.compile(r"""<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["'](?P<v>[^"']+)["'][^>]*>""")
PRELOADED = re.compile(r"""<link\b[^>]*\brel=["']modulepreload["'][^>]*\bhref=["'](?P<v>[^"']+)["']""")
CSS_URL = re.compile(r"""url\((?P<q>['"]?)(?P<v>[A-Za-z0-9_./-]+)(?P=q)\)""")


def site_files(src):
    """Paths (relative, with /) of the files the site ships."""
    out = []
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for name in sorted(files):
            rel = posixpath.relpath(posixpath.join(root.replace(os.sep, '/'), name), src.replace(os.sep, '/'))
            if name in SKIP_NAMES or name.endswith(SKIP_SUFFIXES):
                continue
            if posixpath.splitext(name)[1].lower() not in KEEP:
                continue
            out.append(rel)
    return out


def is_entry(path):
    return path.endswith('.html') or path in ENTRY_SCRIPTS


def in_maps(path):
    return path.startswith(MAPS_DIR + '/')


def references(path, text, files):
    """(start, end, target) of every reference in `text` (of file `path`) to a site file."""
    base = posixpath.dirname(path)
    ext = posixpath.splitext(path)[1]
    found = []

    def target(value):
        if value.startswith(('/', 'http:', 'https:', 'data:', '//')):
            return None
        resolved = posixpath.normpath(posixpath.join(base, value))
        return resolved if resolved in files else None

    patterns = {'.js': [LITERAL], '.html': [ATTRIBUTE], '.css': [CSS_URL]}.get(ext, [])
    for pattern in patterns:
        for m in pattern.finditer(text):
            t = target(m.group('v'))
            if t is not None:
                found.append((m.start('v'), m.end('v'), t))
    return found


def static_imports(path, text, files):
    """The site modules that module `path` imports statically."""
    base = posixpath.dirname(path)
    found = []
    for m in STATIC_IMPORT.finditer(text):
        value = m.group('v') or m.group('v2')
        resolved = posixpath.normpath(posixpath.join(base, value))
        if value.startswith('.') and resolved in files:
            found.append(resolved)
    return found


def with_module_preloads(page, html, data, files):
    """`html` with a modulepreload link for every module its module scripts import,
    directly or not, that it does not preload already (before the first module script)."""
    base = posixpath.dirname(page)
    resolve = lambda v: posixpath.normpath(posixpath.join(base, v))
    entries = [resolve(m.group('v')) for m in MODULE_SCRIPT.finditer(html)]
    have = {resolve(m.group('v')) for m in PRELOADED.finditer(html)} | set(entries)
    seen, stack = set(), list(entries)
    while stack:
        module = stack.pop()
        if module in seen or module not in files:
            continue
        seen.add(module)
        stack.extend(static_imports(module, data[module].decode('utf-8'), files))
    wanted = sorted(seen - have)
    first = MODULE_SCRIPT.search(html)
    if not wanted or first is None:
        return html
    indent = html[html.rfind('\n', 0, first.start()) + 1:first.start()]
    links = ''.join(
        f'<link rel="modulepreload" href="{posixpath.relpath(m, base or ".")}">\n{indent}' for m in wanted
    )
    return html[:first.start()] + links + html[first.start():]


STYLESHEET = re.compile(r"""[ \t]*<link\b[^>]*\brel=["']stylesheet["'][^>]*\bhref=["'](?P<v>[^"':]+\.css)["'][^>]*>\n?""")


def with_joined_styles(page, html, data, files):
    """`html` with its local style sheets joined into one new file of `data` (and `files`),
    linked where the first one was; the same `html` when it links fewer than two."""
    base = posixpath.dirname(page)
    links = [m for m in STYLESHEET.finditer(html)
             if posixpath.normpath(posixpath.join(base, m.group('v'))) in files]
    sheets = [posixpath.normpath(posixpath.join(base, m.group('v'))) for m in links]
    if len(sheets) < 2 or any(posixpath.dirname(s) != base for s in sheets):
        return html
    joined = posixpath.join(base, posixpath.splitext(posixpath.basename(page))[0] + '-styles.css')
    if joined in files:
        return html
    data[joined] = b''.join(
        f'/* {posixpath.basename(s)} */\n'.encode() + data[s].rstrip(b'\n') + b'\n' for s in sheets
    )
    files.append(joined)
    out, at = [], 0
    for i, m in enumerate(links):
        out.append(html[at:m.start()])
        if i == 0:
            indent = m.group(0)[:len(m.group(0)) - len(m.group(0).lstrip(' \t'))]
            out.append(f'{indent}<link rel="stylesheet" href="{posixpath.basename(joined)}">\n')
        at = m.end()
    out.append(html[at:])
    return ''.join(out)


INDEX_PRELOAD = re.compile(
    r"""<link\b[^>]*\brel=["']preload["'][^>]*\bhref=["'](?P<v>[^"']*maps/index\.json)["'][^>]*>"""
)


def with_first_map_preload(page, html, data, files):
    """`html` with a preload of the first map its preloaded map index lists, after that link."""
    m = INDEX_PRELOAD.search(html)
    if m is None:
        return html
    index = posixpath.normpath(posixpath.join(posixpath.dirname(page), m.group('v')))
    if index not in files:
        return html
    entries = json.loads(data[index].decode('utf-8'))
    first = entries[0].get('file') if entries and isinstance(entries[0], dict) else None
    if not isinstance(first, str) or posixpath.join(MAPS_DIR, first) not in files:
        return html
    href = posixpath.join(posixpath.dirname(m.group('v')), first)
    if f'href="{href}"' in html:
        return html
    indent = html[html.rfind('\n', 0, m.start()) + 1:m.start()]
    link = f'\n{indent}<link rel="preload" href="{href}" as="fetch" crossorigin>'
    return html[:m.end()] + link + html[m.end():]


def digest(data):
    return hashlib.sha256(data).hexdigest()[:10]


def build(src, dest):
    files = site_files(src)
    fileset = set(files)
    data = {}
    for f in files:
        with open(os.path.join(src, f), 'rb') as fh:
            data[f] = fh.read()
    for f in [f for f in files if f.endswith('.html')]:
        data[f] = with_joined_styles(f, data[f].decode('utf-8'), data, files).encode('utf-8')
    fileset = set(files)
    for f in files:
        if f.endswith('.html'):
            html = with_first_map_preload(f, data[f].decode('utf-8'), data, fileset)
            data[f] = with_module_preloads(f, html, data, fileset).encode('utf-8')
    refs = {}
    for f in files:
        ext = posixpath.splitext(f)[1]
        refs[f] = references(f, data[f].decode('utf-8'), fileset) if ext in TEXT else []

    # The maps move as one folder: named by the hash of all of them.
    maps = [f for f in files if in_maps(f)]
    maps_hash = digest(b''.join(f.encode() + b'\0' + data[f] for f in maps))

    def closure(f):
        seen, stack = set(), [f]
        while stack:
            g = stack.pop()
            if g in seen:
                continue
            seen.add(g)
            stack.extend(t for _, _, t in refs[g])
        return seen

    new_name = {}
    for f in files:
        if is_entry(f):
            new_name[f] = f
        elif in_maps(f):
            new_name[f] = f'{MAPS_DIR}.{maps_hash}/' + f[len(MAPS_DIR) + 1:]
        else:
            h = digest(b''.join(g.encode() + b'\0' + data[g] for g in sorted(closure(f))))
            stem, ext = posixpath.splitext(f)
            new_name[f] = f'{stem}.{h}{ext}'

    if os.path.exists(dest):
        shutil.rmtree(dest)
    for f in files:
        out = data[f]
        if refs[f]:
            text = data[f].decode('utf-8')
            base = posixpath.dirname(new_name[f])
            pieces, at = [], 0
            for start, end, t in sorted(refs[f]):
                value = text[start:end]
                rel = posixpath.relpath(new_name[t], base or '.')
                if value.startswith('./') and not rel.startswith('.'):
                    rel = './' + rel
                pieces.append(text[at:start])
                pieces.append(rel)
                at = end
            pieces.append(text[at:])
            out = ''.join(pieces).encode('utf-8')
        path = os.path.join(dest, new_name[f])
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'wb') as fh:
            fh.write(out)
    # GitHub Pages: serve the files as they are (no Jekyll).
    open(os.path.join(dest, '.nojekyll'), 'wb').close()
    return new_name


def check(dest, new_name):
    """Fails if a text file of the build still refers to a renamed file by its old name."""
    renamed = {old: new for old, new in new_name.items() if old != new}
    built = set(new_name.values())
    problems = []
    for f in built:
        ext = posixpath.splitext(f)[1]
        if ext not in TEXT:
            continue
        with open(os.path.join(dest, f), encoding='utf-8') as fh:
            text = fh.read()
        for start, end, t in references(f, text, set(renamed)):
            problems.append(f'{f}: still names {t} ({text[start:end]})')
    return problems


def main(argv):
    args = [a for a in argv if a != '--check']
    if len(args) != 2:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    src, dest = args
    new_name = build(src, dest)
    if '--check' in argv:
        problems = check(dest, new_name)
        if problems:
            print('build-site: references left unversioned:', *problems, sep='\n  ', file=sys.stderr)
            return 1
    hashed = sum(1 for k, v in new_name.items() if k != v)
    size = sum(os.path.getsize(os.path.join(dest, v)) for v in new_name.values())
    print(f'build-site: {len(new_name)} files ({hashed} versioned) into {dest}/, {size / 1024:.0f} KiB')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
