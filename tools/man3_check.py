#!/usr/bin/env python3
"""man3_check.py SRCDIR - man/nonet.3 may not drift from include/nonet.h.

Every prototype man/nonet.3 shows (its .B / .BI lines between .nf and .fi)
must be the header's declaration of that function, parameter names
included (that every exported function is named on the page at all is
docs_check.sh's own check). Prints each difference and exits 1; exits 0 when the page
is true to the header.

The prose of the page is still written by hand (the header's comments are
the full reference); this check keeps the part that drifts silently, the
signatures, generated-exact.
"""
import re
import sys


def header_prototypes(text):
    """name -> normalized declaration of every NONET_API function."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = "\n".join(l for l in text.splitlines() if not l.lstrip().startswith("#"))
    out = {}
    for m in re.finditer(r"NONET_API\s+([^;{]*?\([^;{]*?\))\s*;", text, flags=re.S):
        decl = normalize(m.group(1))
        name = re.search(r"(\w+)\s*\(", decl).group(1)
        out[name] = decl
    return out


def normalize(decl):
    decl = re.sub(r"\s+", " ", decl).strip()
    decl = re.sub(r"\s*([(),])\s*", r"\1", decl)
    decl = re.sub(r"\*\s+", "*", decl)
    return decl.replace(",", ", ")


def roff_line(line):
    """The text of a .B / .BI line: quoted and bare pieces joined."""
    body = line.split(None, 1)[1] if " " in line else ""
    if line.startswith(".B "):
        return body.replace('"', "").replace("\\-", "-")
    pieces = re.findall(r'"([^"]*)"|(\S+)', body)
    text = "".join(q if q else b for q, b in pieces)
    return text.replace("\\-", "-").replace("\\(mu", "x")


def man_prototypes(text):
    """(line number, normalized declaration) of every prototype shown."""
    out, cur, start, in_nf = [], "", 0, False
    for no, line in enumerate(text.splitlines(), 1):
        if line.startswith(".nf"):
            in_nf = True
            continue
        if line.startswith(".fi"):
            in_nf = False
            cur = ""
            continue
        if not in_nf or not (line.startswith(".BI ") or line.startswith(".B ")):
            continue
        piece = roff_line(line)
        if not cur:
            if "nonet_" not in piece or "(" not in piece:
                continue
            start = no
        cur += " " + piece
        if cur.rstrip().endswith(");"):
            out.append((start, normalize(cur.rstrip()[:-1])))
            cur = ""
    return out


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else "."
    header = header_prototypes(open(f"{src}/include/nonet.h", encoding="utf-8").read())
    page = man_prototypes(open(f"{src}/man/nonet.3", encoding="utf-8").read())
    bad, shown = 0, set()
    for no, decl in page:
        m = re.search(r"(\w+)\s*\(", decl)
        name = m.group(1) if m else "?"
        shown.add(name)
        if name not in header:
            print(f"man/nonet.3:{no}: {name} is not a function of nonet.h")
            bad = 1
        elif header[name] != decl:
            print(f"man/nonet.3:{no}: {name} differs from nonet.h:\n  page:   {decl}\n"
                  f"  header: {header[name]}")
            bad = 1
    if not bad:
        print(f"man3_check: the {len(page)} prototypes of man/nonet.3 match nonet.h "
              f"({len(shown)} of its {len(header)} functions shown; the rest are named in "
              "the prose, which docs_check.sh checks)")
    return bad


if __name__ == "__main__":
    sys.exit(main())
