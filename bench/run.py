#!/usr/bin/env python3
"""make bench: every available method over the benchmark pages.

Runs `pith extract` per method over BENCH/dev, scores the output with
BENCH/score.py, and prints per method: F1/P/R on the aeb pages, snippet
scores on the trafilatura pages, pages/s on one core and with -j 2, and
peak RSS; then the pages/s of bench/floor (a bare libtidy parse and walk
of the same pages) from the same run.  A benchmark, not a test: it asserts
nothing.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

RUNS = [
    # label, pith arguments, also time -j 2
    ("auto", ["--algo", "auto"], True),
    ("cc", ["--algo", "cc"], True),
    ("lb max", ["--algo", "lb"], True),
    ("lb max reflow", ["--algo", "lb", "--set", "lb.reflow=on"], False),
    ("lb all", ["--algo", "lb", "--set", "lb.mode=all"], False),
    ("lb all reflow", ["--algo", "lb", "--set", "lb.mode=all", "--set", "lb.reflow=on"], False),
    ("tib", ["--algo", "tib"], False),
    # ent clusters all pages of the run; the dev pages come from many sites
    ("ent", ["--algo", "ent"], False),
]


def timed(cmd, **kw):
    """Run cmd; return (seconds, peak RSS of the process tree in MiB)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kw)
    _, status, ru = os.wait4(p.pid, 0)
    dt = time.monotonic() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    bad = [l for l in err.splitlines() if l.startswith("pith:")]
    if bad:
        print(f"  ({len(bad)} pages reported errors, first: {bad[0]})", file=sys.stderr)
    return dt, ru.ru_maxrss / 1024.0


def score(bench, outdir):
    r = subprocess.run([sys.executable, os.path.join(bench, "score.py"),
                        os.path.join(bench, "dev"), outdir, "--json", "--bootstrap", "0"],
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout)["sets"]


def main():
    pith, floor, bench = sys.argv[1:4]
    dev = os.path.join(bench, "dev")
    if not os.path.isdir(dev):
        sys.exit(f"bench: {dev}: no benchmark pages (expected ../shared/bench beside the source tree)")
    pages = sorted(os.path.join(dev, f) for f in os.listdir(dev) if f.endswith(".html"))
    n = len(pages)
    largest = max(os.path.getsize(p) for p in pages)
    print(f"{n} pages, largest {largest / 2**20:.2f} MiB; peak RSS bound (6x largest + 16 MiB): "
          f"{6 * largest / 2**20 + 16:.1f} MiB\n")
    hdr = f"{'method':<15} {'aeb F1':>7} {'P':>6} {'R':>6} {'traf F1':>8} {'with':>6} {'w/o':>6} " \
          f"{'p/s j1':>8} {'p/s j2':>8} {'RSS MiB':>8}"
    print(hdr)
    print("-" * len(hdr))
    for label, args, par in RUNS:
        with tempfile.TemporaryDirectory() as out:
            dt, rss = timed([pith, "extract", *args, "-o", out, dev])
            s = score(bench, out)
        j2 = ""
        if par:
            with tempfile.TemporaryDirectory() as out2:
                dt2, _ = timed([pith, "extract", *args, "-j", "2", "-o", out2, dev])
            j2 = f"{n / dt2:8.1f}"
        a = s["aeb"]["text"]
        t = s["trafilatura"]["snippets"]
        print(f"{label:<15} {a['f1']:7.3f} {a['precision']:6.3f} {a['recall']:6.3f} "
              f"{t['f1']:8.3f} {t['with_found_rate']:6.3f} {t['without_absent_rate']:6.3f} "
              f"{n / dt:8.1f} {j2:>8} {rss:8.1f}", flush=True)
    dt, rss = timed([floor, *pages])
    print(f"{'floor (tidy)':<15} {'':7} {'':6} {'':6} {'':8} {'':6} {'':6} {n / dt:8.1f} {'':>8} {rss:8.1f}")
    print("\nauto learnt from these pages, so its row is in-sample; its held-out estimate is\n"
          "tools/train-auto.py PITH BENCH --cv 5 (the figure in src/auto-model.txt's comment).")


if __name__ == "__main__":
    main()
