#!/usr/bin/env python3
"""man3.py [--check] SRCDIR - writes man/nonet.3 from include/nonet.h.

The header is the reference manual (its comments state every contract); the
page is made from it, as cmark makes cmark(3) from cmark.h, so the two
cannot drift:
  - the header's opening comment (usage, conventions) is the DESCRIPTION;
  - each banner comment (a line of dashes, a title, a line of dashes) opens
    a subsection (.SS) with that title;
  - each declaration is shown with the comment above it (the contract) and
    its trailing comment: a NONET_API function as a prototype (bold, its
    parameter names in italics), anything else (types, enums, macros) as
    code, field comments included;
  - a comment standing alone (a blank line after it) is a paragraph;
  - the EXAMPLES section is examples/solve_string.c, whole.
NAME, LIBRARY, SYNOPSIS, RETURN VALUE, THREAD SAFETY and SEE ALSO are the
short fixed texts below.

  make man3                         regenerate man/nonet.3
  python3 tools/man3.py --check .   exit 1 when man/nonet.3 is not what the
                                    header makes (ctest docs/check runs it)
Without --check the page is written to man/nonet.3. Exit 2 on a setup
problem (a file missing, a declaration it cannot read).
"""
import os
import re
import sys

HEAD = r""".\" nonet.3 - manual page of libnonet, the C library behind nonet(1).
.\" Generated from include/nonet.h by tools/man3.py: do not edit; change the
.\" header's comments and run `make man3` (ctest docs/check fails when stale).
.TH NONET 3 "" "nonet {version}" "Library Functions Manual"
.\" No hyphenation: identifiers must not be split across lines.
.nh
.SH NAME
libnonet \- Sudoku shapes, solvers and judge formats in C
.SH LIBRARY
nonet library
.RI ( libnonet ", " \-lnonet )
.SH SYNOPSIS
.nf
.B #include <nonet.h>
.PP
.B cc \-std=c11 prog.c $(pkg\-config \-\-cflags \-\-libs nonet)
.fi
.PP
Every type and function is listed below under DESCRIPTION, by section, with
its contract.
.SH DESCRIPTION
.B libnonet
reads Sudoku puzzles in the formats of the classic programming-judge problems
and in plain line and grid forms, solves them with several engines, explains
and rates them as a human would, generates and canonicalises them, and writes
the answers back in any of those formats.
The library needs only a C11 compiler and the C library.
It never prints, never exits and keeps no global state.
"""

TAIL = r""".SH RETURN VALUE
Constructors return NULL on failure, with
.I err
set.
Functions returning
.B nonet_status
return
.B NONET_OK
on success.
Counts return \-1 on failure.
Accessors cannot fail.
Each function's own entry above lists its errors.
.SH THREAD SAFETY
The library keeps no global mutable state.
Distinct objects may be used from distinct threads at the same time.
Shapes and puzzles are immutable and may be read, and shape references taken
and dropped, from any number of threads at once.
A reader, a solver, an explainer, a generator or a canonical-form workspace
must be used by one thread at a time; a program that works in parallel gives
each thread its own.
.SH EXAMPLES
The program
.IR examples/solve_string.c :
.PP
.RS
.EX
{example}
.EE
.RE
.PP
The source tree's
.I examples/
folder holds two more: one that counts and verifies every solution through
the solution callback, and one that reads a file of puzzles in any format and
prints the answers.
.SH SEE ALSO
.BR nonet (1),
.BR pkg\-config (1)
"""

BANNER = re.compile(r"^/\* -{10,} \*/$")


def fail(msg):
    print("man3: " + msg, file=sys.stderr)
    sys.exit(2)


def esc(text):
    """Escapes text for roff: backslashes, and a dot or quote that would
    start a request at the beginning of a line."""
    text = text.replace("\\", "\\e")
    return "\\&" + text if text[:1] in (".", "'") else text


def words(text):
    """A line of prose: escaped, `code` in bold."""
    return re.sub(r"`([^`]+)`", r"\\fB\1\\fR", esc(text))


def comment_text(lines):
    """The text of a /* ... */ comment given as its source lines: the
    markers and the leading ' * ' removed, relative indentation kept."""
    out = []
    for i, line in enumerate(lines):
        s = line.strip()
        if i == 0:
            s = s[2:]
        if s.endswith("*/"):
            s = s[:-2]
        if i > 0 and s.startswith("*"):
            s = s[1:]
        if s.startswith(" "):
            s = s[1:]
        out.append(s.rstrip())
    while out and not out[0].strip():
        out.pop(0)
    while out and not out[-1].strip():
        out.pop()
    return out


def prose(lines):
    """roff for a comment's text: paragraphs at blank lines, '- ' items (their
    lines after the first indented by two) as a bulleted list, lines indented
    by four as code."""
    out, i, state = [], 0, "gap"  # state: gap, text or item
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            state, i = "gap", i + 1
            continue
        if line.startswith("    ") and state != "item":
            code = []
            while i < len(lines) and (lines[i].startswith("    ") or not lines[i].strip()):
                code.append(lines[i][4:])
                i += 1
            while code and not code[-1].strip():
                code.pop()
            out += [".PP", ".RS", ".EX"] + [esc(c) if c else "" for c in code] + [".EE", ".RE"]
            state = "gap"
            continue
        if line.startswith("- "):
            out += [".IP \\(bu 2", words(line[2:].strip())]
            state = "item"
        elif state == "item" and line.startswith("  "):
            out.append(words(line.strip()))
        else:
            if state != "text":
                out.append(".PP")
            out.append(words(line.strip()))
            state = "text"
        i += 1
    return out


def split_params(params):
    """The parameters of a prototype, split at top-level commas."""
    out, depth, cur = [], 0, ""
    for ch in params:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch in "([" and 1 or ch in ")]" and -1 or 0
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def prototype(decl):
    """A .BI (or .B) line for a NONET_API declaration: the types bold, the
    parameter names italic."""
    decl = re.sub(r"\s+", " ", decl.replace("NONET_API", "")).strip().rstrip(";").strip()
    m = re.match(r"(.*?\b\w+)\s*\((.*)\)$", decl)
    if not m:
        fail("cannot read the declaration: " + decl)
    head = re.sub(r"\s*\*\s*", " *", m.group(1)).replace(" * ", " *")
    params = split_params(m.group(2))
    if params in ([], ["void"]):
        return '.B "%s(%s);"' % (head, "void" if params else "")
    parts, bold = [], head + "("
    for i, p in enumerate(params):
        pm = re.match(r"(.*?)(\w+)$", p)
        if p == "..." or not pm or pm.group(1).strip() in ("", "const", "struct"):
            bold += p
        else:
            parts += [bold + pm.group(1), pm.group(2)]
            bold = ""
        bold += ", " if i + 1 < len(params) else ");"
    parts.append(bold)
    return ".BI " + " ".join('"%s"' % x for x in parts)


def statements(lines):
    """Splits the header's body into items: ('banner', title), ('blank',),
    ('comment', lines) for a comment on lines of its own, ('decl', lines,
    trailing comment lines) for a declaration."""
    items, i = [], 0
    while i < len(lines):
        line = lines[i]
        if BANNER.match(line) and i + 2 < len(lines) and BANNER.match(lines[i + 2]):
            title = lines[i + 1].strip()[2:-2].strip()
            items.append(("banner", title))
            i += 3
            continue
        if not line.strip():
            items.append(("blank",))
            i += 1
            continue
        if line.lstrip().startswith("/*"):
            j = i
            while "*/" not in lines[j]:
                j += 1
            items.append(("comment", lines[i:j + 1]))
            i = j + 1
            continue
        j, code = i, ""
        while True:
            code += re.sub(r"/\*.*?(\*/|$)", "", lines[j]) + "\n"
            if "/*" in lines[j] and "*/" not in lines[j]:  # a trailing comment runs on
                while "*/" not in lines[j + 1]:
                    j += 1
                j += 1
            if complete(code):
                break
            j += 1
            if j >= len(lines):
                fail("a declaration runs off the end: " + lines[i])
        block = lines[i:j + 1]
        trailing = []
        k = block[-1].find("/*")
        if k >= 0 and block[-1][:k].strip() and code.strip().startswith("NONET_API"):
            trailing = [block[-1][k:]]
        elif k < 0 and len(block) > 1 and code.strip().startswith("NONET_API"):
            for n, b in enumerate(block):  # a comment opened on an earlier line
                if "/*" in b and b[:b.find("/*")].strip():
                    trailing = [b[b.find("/*"):]] + block[n + 1:]
                    break
        prev = items[-1] if items else None
        if (prev and prev[0] == "decl" and not is_api(prev[1]) and not is_api(block)
                and not prev[2]):
            items[-1] = ("decl", prev[1] + block, [])  # one code block for a run of them
        else:
            items.append(("decl", block, trailing))
        i = j + 1
    return items


def is_api(block):
    """Whether a declaration is an exported function's."""
    return block[0].lstrip().startswith("NONET_API")


def complete(code):
    """Whether the code gathered so far is a whole declaration."""
    s = code.strip()
    if s.startswith("#"):
        return not s.endswith("\\")
    if s.count("{") != s.count("}") or s.count("(") != s.count(")"):
        return False
    return s.endswith(";")


def render_decl(block, trailing):
    """roff for a declaration (without its contract)."""
    code = "\n".join(block)
    if code.lstrip().startswith("NONET_API"):
        text = "\n".join(re.sub(r"/\*.*?(\*/|$)", "", b) for b in block)
        return [prototype(text)], trailing
    return [".PP", ".RS", ".EX"] + [esc(b) for b in block] + [".EE", ".RE"], []


def body(items):
    """roff for the items of the header after its opening comment."""
    out, pending = [], None  # pending: a comment not yet placed
    shown = False  # a prototype line was the last thing written
    for n, item in enumerate(items):
        kind = item[0]
        if kind == "banner":
            out.append(".SS " + esc(item[1]))
            pending, shown = None, False
        elif kind == "blank":
            if pending:
                out += prose(comment_text(pending))
                pending = None
            shown = False
        elif kind == "comment":
            if pending:
                out += prose(comment_text(pending))
            pending = item[1]
        else:
            decl, trailing = render_decl(item[1], item[2])
            if decl[0].startswith(".B"):
                out += ([".br"] if shown and not pending else [".PP"]) + decl
                shown = True
            else:
                out += decl
                shown = False
            words = comment_text(pending) if pending else []
            if trailing:
                words += comment_text(trailing)
            if words:
                out += [".RS"] + prose(words) + [".RE"]
                shown = False
            pending = None
    if pending:
        out += prose(comment_text(pending))
    return out


def tidy(lines):
    """Drops a .PP right after a heading or another paragraph mark."""
    out = []
    for line in lines:
        if line == ".PP" and out and (out[-1] == ".PP" or out[-1].startswith((".SS", ".SH"))):
            continue
        out.append(line)
    return out


def page(src):
    header = os.path.join(src, "include", "nonet.h")
    example = os.path.join(src, "examples", "solve_string.c")
    try:
        text = open(header, encoding="utf-8").read()
        example_text = open(example, encoding="utf-8").read().rstrip("\n")
    except OSError as e:
        fail(str(e))
    lines = text.splitlines()
    end = lines.index(" */")  # the opening comment
    opening = comment_text(lines[: end + 1])
    if opening and opening[0].startswith("nonet.h - "):
        opening = opening[1:]
    first = next(i for i, l in enumerate(lines) if BANNER.match(l))
    last = max(i for i, l in enumerate(lines) if l.startswith("#ifdef __cplusplus"))
    version = re.search(r'#define NONET_VERSION "([^"]+)"', text).group(1)
    roff = [HEAD.format(version=version).rstrip("\n")]
    roff += prose(opening)
    roff += body(statements(lines[first:last]))
    ex = "\n".join(esc(l) if l else "" for l in example_text.splitlines())
    roff.append(TAIL.replace("{example}", ex).rstrip("\n"))
    return "\n".join(tidy("\n".join(roff).split("\n"))) + "\n"


def main():
    args = sys.argv[1:]
    check = bool(args) and args[0] == "--check"
    if check:
        args = args[1:]
    if len(args) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    src = args[0]
    made = page(src)
    path = os.path.join(src, "man", "nonet.3")
    if check:
        try:
            have = open(path, encoding="utf-8").read()
        except OSError:
            have = ""
        if have != made:
            a, b = have.splitlines(), made.splitlines()
            at = next((i for i in range(min(len(a), len(b))) if a[i] != b[i]), min(len(a), len(b)))
            print("man3: man/nonet.3 is stale against include/nonet.h (first difference at "
                  "line %d); run `make man3`" % (at + 1))
            return 1
        return 0
    with open(path, "w", encoding="utf-8") as f:
        f.write(made)
    return 0


if __name__ == "__main__":
    sys.exit(main())
