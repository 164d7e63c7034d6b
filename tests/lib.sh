# lib.sh - helpers for pith's shell tests, in the manner of git's t/:
# TAP output, checks that print expected and actual on failure, skips for
# missing prerequisites.  Source it, call test_init, run checks, end with
# test_done.
#
# Environment: PITH (the binary), SAMPLES, TESTDATA, SRCDIR (set by
# make check; the defaults let a test run by hand from the source tree).
# Everything is written into a fresh directory under the current one,
# $TMPD, which test_done removes.

: "${SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${PITH:=./pith}"
: "${SAMPLES:=$SRCDIR/samples}"
: "${TESTDATA:=$SRCDIR/tests/data}"
. "$SRCDIR/tests/env.sh"
LC_ALL=C.UTF-8
export LC_ALL

test_count=0
test_failed=0
TMPD=

test_init() {
	TMPD=$(mktemp -d "./${1:-test}.XXXXXX") || {
		echo "Bail out! cannot create a temporary directory"
		exit 99
	}
	TMPD=$(cd "$TMPD" && pwd)
	trap 'test_cleanup' EXIT
	trap 'exit 99' HUP INT TERM
	if ! test -x "$PITH"; then
		echo "Bail out! no pith binary at $PITH"
		exit 99
	fi
}

test_cleanup() {
	if test -n "$TMPD" && test -d "$TMPD"; then
		chmod -R u+rwx "$TMPD" 2>/dev/null
		rm -rf "$TMPD"
	fi
}

# Print a diagnostic (each line as a TAP comment).
diag() {
	printf '%s\n' "$@" | sed 's/^/# /'
}

ok() {
	test_count=$((test_count + 1))
	echo "ok $test_count - $1"
}

not_ok() {
	test_count=$((test_count + 1))
	test_failed=$((test_failed + 1))
	echo "not ok $test_count - $1"
}

skip() {
	test_count=$((test_count + 1))
	echo "ok $test_count # SKIP $1"
}

# check DESCRIPTION COMMAND...: ok when the command succeeds.
check() {
	_desc=$1
	shift
	if "$@"; then
		ok "$_desc"
	else
		not_ok "$_desc"
	fi
}

# check_eq DESCRIPTION EXPECTED ACTUAL
check_eq() {
	if test "x$2" = "x$3"; then
		ok "$1"
	else
		not_ok "$1"
		diag "expected: $2" "actual:   $3"
	fi
}

# check_match DESCRIPTION PATTERN ACTUAL: ACTUAL matches the shell pattern
check_match() {
	case $3 in
	$2) ok "$1" ;;
	*)
		not_ok "$1"
		diag "expected to match: $2" "actual: $3"
		;;
	esac
}

# check_files DESCRIPTION EXPECTED_FILE ACTUAL_FILE: equal, with a diff
check_files() {
	if cmp -s "$2" "$3"; then
		ok "$1"
	elif ! test -f "$3"; then
		not_ok "$1"
		diag "no file $3"
	else
		not_ok "$1"
		diff -u "$2" "$3" | head -40 | sed 's/^/# /'
	fi
}

# run_pith OUT ERR ARGS...: run pith with stdout in OUT and stderr in ERR;
# the exit status is in $rc.
run_pith() {
	_out=$1
	_err=$2
	shift 2
	"$PITH" "$@" >"$_out" 2>"$_err"
	rc=$?
}

# check_failure DESCRIPTION STATUS FILE REASON ARGS...: pith ARGS exits
# with STATUS and prints exactly one line, "pith: FILE: REASON", on stderr.
check_failure() {
	_desc=$1
	_want_rc=$2
	_want="pith: $3: $4"
	shift 4
	run_pith "$TMPD/out" "$TMPD/err" "$@"
	_lines=$(wc -l <"$TMPD/err" | tr -d ' ')
	_got=$(cat "$TMPD/err")
	if test "$rc" = "$_want_rc" && test "$_lines" = 1 && test "x$_got" = "x$_want"; then
		ok "$_desc"
	else
		not_ok "$_desc"
		diag "expected: exit $_want_rc, stderr '$_want'" \
			"actual:   exit $rc, $_lines line(s) on stderr:"
		sed 's/^/#   /' "$TMPD/err" | head -10
	fi
}

# check_usage DESCRIPTION PATTERN ARGS...: pith ARGS exits 2 with a
# message matching PATTERN on stderr and prints nothing on stdout.
check_usage() {
	_desc=$1
	_pat=$2
	shift 2
	run_pith "$TMPD/out" "$TMPD/err" "$@"
	_first=$(head -n 1 "$TMPD/err")
	if test "$rc" = 2 && ! test -s "$TMPD/out"; then
		case $_first in
		$_pat) ok "$_desc"; return ;;
		esac
	fi
	not_ok "$_desc"
	diag "expected: exit 2, stderr like '$_pat', no stdout" \
		"actual:   exit $rc, stderr '$_first', $(wc -c <"$TMPD/out" | tr -d ' ') bytes on stdout"
}

have_python() {
	test -n "$PYTHON"
}

# char_f1 GOLD PRED: prints "F1 P R" of the character bag overlap:
# matched = multiset intersection of the code points that are not Unicode
# White_Space, P = matched / predicted, R = matched / gold (score.py's
# "chars" metric).
char_f1() {
	"$PYTHON" - "$1" "$2" <<'PY'
import sys
from collections import Counter
WS = set("\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
         "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
def bag(path):
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", errors="replace")
    return Counter(c for c in text if c not in WS)
g, p = bag(sys.argv[1]), bag(sys.argv[2])
m = sum((g & p).values())
P = m / sum(p.values()) if p else 0.0
R = m / sum(g.values()) if g else 0.0
F = 2 * P * R / (P + R) if P + R else 0.0
print("%.3f %.3f %.3f" % (F, P, R))
PY
}

# check_f1 DESCRIPTION BAR GOLD PRED: character F1 of PRED against GOLD is
# at least BAR.
check_f1() {
	if ! have_python; then
		skip "$1 (python3 not found)"
		return
	fi
	_s=$(char_f1 "$3" "$4")
	_f=${_s%% *}
	if awk -v f="$_f" -v bar="$2" 'BEGIN { exit !(f + 0 >= bar + 0) }'; then
		ok "$1 (F1 $_f >= $2)"
	else
		not_ok "$1"
		diag "expected: character F1 >= $2" "actual:   F1 P R = $_s"
	fi
}

# json_valid FILE: the file is one JSON document
json_valid() {
	"$PYTHON" -c 'import json,sys; json.load(sys.stdin)' <"$1" 2>/dev/null
}

# json_lines FILE KEYS...: every line is a JSON object holding exactly
# KEYS in that order (a last KEY "..." allows more after them); prints the number of lines, or "bad: REASON".
json_lines() {
	_f=$1
	shift
	"$PYTHON" - "$_f" "$@" <<'PY'
import json, sys
keys = sys.argv[2:]
n = 0
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        n += 1
        try:
            o = json.loads(line)
        except ValueError as e:
            print("bad: line %d: %s" % (n, e)); sys.exit(0)
        have = list(o) if isinstance(o, dict) else None
        # a last key "..." lets the page's own metadata fields follow
        if have is not None and keys[-1:] == ["..."]:
            have = have[:len(keys) - 1] + ["..."]
        if have != keys:
            print("bad: line %d keys %s" % (n, list(o) if isinstance(o, dict) else type(o).__name__)); sys.exit(0)
print(n)
PY
}

# json_field FILE KEY: the KEY of each JSON line, one per line
json_field() {
	"$PYTHON" - "$1" "$2" <<'PY'
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        v = json.loads(line).get(sys.argv[2])
        print(v if isinstance(v, str) else json.dumps(v))
PY
}

test_done() {
	echo "1..$test_count"
	if test "$test_failed" -gt 0; then
		echo "# $test_failed of $test_count failed"
		exit 1
	fi
	exit 0
}

# todo DESCRIPTION REASON COMMAND...: a check for a known bug, reported
# with a TAP TODO directive: a failure is expected (XFAIL); once the bug
# is fixed it passes (XPASS, which automake counts as a failure, so the
# TODO is then removed).
todo() {
	_desc=$1
	_why=$2
	shift 2
	test_count=$((test_count + 1))
	if "$@"; then
		echo "ok $test_count - $_desc # TODO $_why"
	else
		echo "not ok $test_count - $_desc # TODO $_why"
	fi
}
