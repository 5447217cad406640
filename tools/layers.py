#!/usr/bin/env python3
"""layers.py SOURCE_DIR BUILD_DIR - checks that calls and includes run only
downward through the layers the folders declare.

Each folder of src/ has a README.md with a line

    May call: core, text

naming the folders its files may call and include (the folder itself is always
allowed). cli/ is checked the same way, and calls the library only through
nonet.h: its calls into src/ must be public nonet_ functions.

The checks, from the object files the build made (nm: which file defines each
symbol, which files use it) and from the #include lines of the sources:
  1. every call or include from one folder into another is allowed by the
     caller's "May call" line;
  2. no cycle of calls or includes among the files of src/, nor among the
     files of cli/ (a file pair calling each other both ways is a cycle);
  3. no file at src/'s root but its README.md: every source file belongs to
     the folder of the layer that owns what it does.
Exit status 0 when clean, 1 with the offending edges printed, 2 on a setup
problem (no objects, no README line).
"""
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def object_files(source, build):
    """Maps each source file (relative to the source dir) to its object;
    objects left behind by sources that no longer exist are ignored."""
    found = {}
    for target in ("nonet_objects.dir", "nonet.dir"):
        root = os.path.join(build, "CMakeFiles", target)
        for dirpath, _, files in os.walk(root):
            for name in files:
                if name.endswith(".c.o"):
                    obj = os.path.join(dirpath, name)
                    src = os.path.relpath(obj, root)[: -len(".o")]
                    if os.path.exists(os.path.join(source, src)):
                        found[src] = obj
    return found


def symbols(obj):
    """(defined, undefined) global symbols of an object file."""
    out = subprocess.run(["nm", "-P", obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind == "U":
            undefined.add(name)
        elif kind.isupper():
            defined.add(name)
    return defined, undefined


def folder_of(path):
    """The folder a source file belongs to: its directory below src/
    ('core', 'engines', 'engines/fast' counts as 'engines'), or 'cli'."""
    parts = path.split("/")
    if parts[0] == "cli":
        return "cli"
    if len(parts) == 2:
        return "src"  # a loose file, reported as such (check 3)
    return parts[1]


def allowed_calls(source, folder):
    """The 'May call:' folders of a folder's README.md (none for a loose
    file at src/'s root)."""
    if folder == "src":
        return set()
    readme = os.path.join(source, "cli" if folder == "cli" else "src/" + folder, "README.md")
    try:
        text = open(readme, encoding="utf-8").read()
    except OSError:
        sys.exit("layers: %s is missing (it says what the folder owns and what it may call)"
                 % os.path.relpath(readme, source))
    m = re.search(r"^May call:(.*)$", text, re.M)
    if not m:
        sys.exit("layers: %s has no 'May call:' line" % os.path.relpath(readme, source))
    names = [w.strip(" .`") for w in m.group(1).replace(",", " ").split()]
    return {w for w in names if w and w != "nothing"}


def loose_files(source):
    """The files at src/'s root other than its README.md."""
    root = os.path.join(source, "src")
    return sorted(name for name in os.listdir(root)
                  if name != "README.md" and os.path.isfile(os.path.join(root, name)))


def include_edges(source, files):
    """Edges file -> file for #include "..." between project files."""
    edges = set()
    for path in files:
        base = os.path.dirname(path)
        text = open(os.path.join(source, path), encoding="utf-8").read()
        for inc in INCLUDE.findall(text):
            for cand in (os.path.normpath(os.path.join(base, inc)),
                         os.path.normpath(os.path.join("src", inc))):
                if cand in files and cand != path:
                    edges.add((path, cand))
                    break
    return edges


def cycles(nodes, edges):
    """Strongly connected components with more than one file (Tarjan)."""
    succ = {n: [] for n in nodes}
    for a, b in edges:
        succ[a].append(b)
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in succ[v]:
            if w not in index:
                visit(w)
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
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for n in sorted(nodes):
        if n not in index:
            visit(n)
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    source, build = sys.argv[1], sys.argv[2]
    objs = object_files(source, build)
    if not any(p.startswith("src/") for p in objs):
        print("layers: no object files of src/ under %s" % build)
        return 2
    sources = set()
    for top in ("src", "cli"):
        for dirpath, _, names in os.walk(os.path.join(source, top)):
            for name in names:
                if name.endswith((".c", ".h", ".inc")):
                    sources.add(os.path.relpath(os.path.join(dirpath, name), source))
    defined_in, uses = {}, {}
    for src, obj in objs.items():
        d, u = symbols(obj)
        uses[src] = u
        for name in d:
            defined_in.setdefault(name, src)
    calls, private = set(), set()
    for src, used in uses.items():
        for name in used:
            home = defined_in.get(name)
            if not home or home == src:
                continue
            if folder_of(src) == "cli" and folder_of(home) != "cli":
                # the tool is a client of nonet.h: public calls only
                if name.startswith("nonet__") or not name.startswith("nonet_"):
                    private.add((src, name))
                continue
            calls.add((src, home))
    includes = include_edges(source, sources)
    failed = 0
    for name in loose_files(source):
        print("layers: src/%s sits at src/'s root; move it into the folder of the layer"
              " that owns it (src/README.md)" % name)
        failed = 1
    for src, name in sorted(private):
        print("layers: %s calls %s, which is not in nonet.h" % (src, name))
        failed = 1
    may = {}
    for kind, edges in (("calls", calls), ("includes", includes)):
        for a, b in sorted(edges):
            fa, fb = folder_of(a), folder_of(b)
            if fa == fb:
                continue
            if fa not in may:
                may[fa] = allowed_calls(source, fa)
            if fb not in may[fa]:
                print("layers: %s %s %s, but %s may call only: %s"
                      % (a, kind, b, fa, ", ".join(sorted(may[fa])) or "nothing"))
                failed = 1
    for group in ("src", "cli"):
        nodes = {p for p in sources | set(objs) if p.startswith(group + "/")}
        for kind, edges in (("call", calls), ("include", includes)):
            mine = {(a, b) for a, b in edges if a in nodes and b in nodes}
            for comp in cycles(nodes, mine):
                print("layers: %s cycle among %s" % (kind, ", ".join(comp)))
                for a, b in sorted(mine):
                    if a in comp and b in comp:
                        print("    %s -> %s" % (a, b))
                failed = 1
    if not failed:
        print("layers: %d files, %d calls and %d includes between files; all run downward, no cycle"
              % (len(sources), len(calls), len(includes)))
    return failed


if __name__ == "__main__":
    sys.exit(main())
