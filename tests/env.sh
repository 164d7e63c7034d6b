# env.sh - what every shell test shares, sourced first: the Python the
# tests run and the long tier.
#
# PYTHON: make check passes the interpreter configure found (empty when
# there is none, and the tests that need one skip).  Run by hand, Debian's
# python3 or whatever python3 on PATH really runs, resolved once here: a
# version manager's shim costs seconds a call.
if [ -z "${PYTHON+set}" ]; then
	if [ -x /usr/bin/python3 ]; then
		PYTHON=/usr/bin/python3
	else
		PYTHON=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
	fi
fi
export PYTHON

# test_long: true in the long tier (PITH_TEST_LONG=1, which .ci/run sets),
# as git's EXPENSIVE prerequisite: the multi-host recipe, a browser on
# every sample, every repetition of a race or a signal, the largest
# inputs.  Without it make check keeps one case of each and takes about a
# minute on two cores.
test_long() {
	[ "${PITH_TEST_LONG:-0}" = 1 ]
}
