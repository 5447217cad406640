#!/bin/sh
# Item 10: 'nonet help solve' is solve's help; a puzzle is given on the
# command line with --puzzle (and one given where a FILE goes is named as
# such); reading a terminal, nonet says so in one line on standard error.
. "$2/tests/newcomer/common.sh"

expect "help solve" "first line" "Usage: nonet solve [OPTIONS] [FILE...]" "$("$nonet" help solve | head -n 1)"
expect "help count" "first line" "Usage: nonet count [OPTIONS] [FILE...]" "$("$nonet" help count | head -n 1)"
"$nonet" help nosuch >/dev/null 2>&1
expect "help nosuch" "status" 3 $?

expect "solve --puzzle" "answer" "$A_SOL" "$("$nonet" solve --puzzle "$A")"
expect "count --puzzle twice" "answers" "1 1" "$("$nonet" count --puzzle "$A" --puzzle "$A" | tr '\n' ' ' | sed 's/ $//')"
# --puzzle with no FILE does not read standard input
expect "count --puzzle, stdin unread" "answers" "1" "$(echo "$A" | "$nonet" count --puzzle "$A")"
# with FILEs: the --puzzle texts first
echo "$A" >"$tmp/f"
expect "count --puzzle FILE" "answers" "1 1" "$("$nonet" count --puzzle "$A" "$tmp/f" | tr '\n' ' ' | sed 's/ $//')"
# a puzzle where a FILE goes: said so
"$nonet" solve "$A" 2>"$tmp/err"
expect "solve PUZZLE" "status" 2 $?
grep -q "give it with --puzzle" "$tmp/err" || { echo "solve PUZZLE: no hint: $(cat "$tmp/err")"; fail=1; }

# a terminal on standard input: a one-line hint on standard error
py=/usr/bin/python3
[ -x "$py" ] || py=python3
if command -v "$py" >/dev/null 2>&1; then
    out=$(timeout 30 "$py" - "$nonet" "$A" <<'PY'
import os, pty, sys, time, select
nonet, puzzle = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    os.execv(nonet, [nonet, "count"])
out = b""
def drain(t):
    global out
    end = time.time() + t
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                d = os.read(fd, 4096)
            except OSError:
                return False
            if not d:
                return False
            out += d
    return True
drain(0.5)
os.write(fd, (puzzle + "\n").encode())
drain(0.5)
os.write(fd, b"\x04")
drain(3)
try:
    os.kill(pid, 9)
except OSError:
    pass
os.waitpid(pid, 0)
sys.stdout.write(out.decode(errors="replace"))
PY
)
    case $out in
    *"nonet: reading puzzles from standard input (Ctrl-D to end, --help for usage)"*) ;;
    *) echo "terminal: no hint: $out"; fail=1 ;;
    esac
    # not on a pipe
    expect "a pipe" "standard error" "" "$(echo "$A" | "$nonet" count 2>&1 >/dev/null)"
fi
exit $fail
