#!/usr/bin/env python3
"""bench/wcxb.py PITH BENCH_DIR: every kind of page (WCXB's development split).

Each method extracts BENCH_DIR/wcxb/*.html.gz; BENCH_DIR/wcxb_score.py
scores the texts as the benchmark publishes other extractors' figures
(per page bag-of-words F1 over lowercase \\w+ tokens, means over pages),
overall and per page type, beside the best published figure per type.

The built-in model never saw these pages, so auto's row is out of sample.
The "auto+WCXB (CV)" row is a model that learns from them too, five-fold
cross-validated by tools/train-auto.py (each page extracted by pith with
trees that did not see it; doc/algorithms.md has what it costs the other
sets).  BENCH_WCXB_CV=0 leaves it out: it trains five models, minutes.

Then the structure of --format markdown against the gold Markdown:
heading recall (the gold's '#' headings found as headings) and code
recall (the gold's fenced code blocks whose first line is inside a fenced
block), over the pages whose gold has any.  Standard library only."""
import json
import os
import re
import subprocess
import sys
import tempfile

TYPES = ["article", "forum", "product", "collection", "listing", "documentation", "service"]
# The best figure published for the split per type (the bench README).
BEST = {"article": 0.932, "forum": 0.808, "product": 0.641, "collection": 0.716,
        "listing": 0.710, "documentation": 0.932, "service": 0.844, "all": 0.859}
RUNS = [("auto", []), ("cc", ["--algo", "cc"]), ("lb", ["--algo", "lb"])]


def extract(pith, pages, args, out, fmt="text"):
    subprocess.run([pith, "extract", *args, "--format", fmt, "-j", "2", "-o", out, *pages],
                   capture_output=True)


def score(bench, out):
    r = subprocess.run([sys.executable, os.path.join(bench, "wcxb_score.py"),
                        os.path.join(bench, "wcxb"), out, "--json"],
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout)[out]


def row(label, s):
    cells = [f"{s[t]['F1']:6.3f}" if t in s else "     -" for t in ["all"] + TYPES]
    a = s["all"]
    print(f"{label:<18}" + " ".join(f"{c:>7}" for c in cells) +
          f" {a['P']:6.3f} {a['R']:6.3f} {a['with']:6.3f} {a['without']:6.3f}", flush=True)


HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


def norm(s):
    s = re.sub(r"\]\([^)]*\)|[*_`\[\]]", "", s)      # a link's target first, then marks
    return " ".join(s.lower().split())


def structure(md):
    """The headings' texts and the fenced code blocks' first lines."""
    heads, codes, fence, first = [], [], False, None
    for line in md.split("\n"):
        if line.lstrip().startswith("```") or line.lstrip().startswith("~~~"):
            if fence and first is not None:
                codes.append(first)
            fence, first = not fence, None
            continue
        if fence:
            if first is None and line.strip():
                first = line.strip()
            continue
        m = HEADING.match(line)
        if m and m.group(1).strip():
            heads.append(norm(m.group(1)))
    return heads, codes


def code_lines(md):
    out, fence = set(), False
    for line in md.split("\n"):
        if line.lstrip().startswith("```") or line.lstrip().startswith("~~~"):
            fence = not fence
        elif fence and line.strip():
            out.add(line.strip())
    return out


def markdown_recall(bench, out, ids):
    hf = ht = cf = ct = 0
    hp = cp = 0
    for pid in ids:
        g = os.path.join(bench, "wcxb", pid + ".gold.md")
        if not os.path.exists(g):
            continue
        gh, gc = structure(open(g, encoding="utf-8").read())
        p = os.path.join(out, pid + ".md")
        md = open(p, encoding="utf-8", errors="replace").read() if os.path.exists(p) else ""
        ph, _ = structure(md)
        have, inside = set(ph), code_lines(md)
        if gh:
            hp += 1
            ht += len(gh)
            hf += sum(h in have for h in gh)
        if gc:
            cp += 1
            ct += len(gc)
            cf += sum(c in inside for c in gc)
    return (hf / ht if ht else 0, hp, ht), (cf / ct if ct else 0, cp, ct)


def main():
    pith, bench = sys.argv[1:3]
    wdir = os.path.join(bench, "wcxb")
    if not os.path.isdir(wdir):
        print(f"wcxb: {wdir}: not there; skipped")
        return
    ids = sorted(f[:-8] for f in os.listdir(wdir) if f.endswith(".html.gz"))
    pages = [os.path.join(wdir, i + ".html.gz") for i in ids]
    print(f"\nEvery kind of page: WCXB's development split, {len(ids)} pages "
          f"(wcxb_score.py: bag-of-words F1 per page, means)\n")
    hdr = f"{'method':<18}" + " ".join(f"{t[:7]:>7}" for t in ["all"] + TYPES) + \
        f" {'P':>6} {'R':>6} {'with':>6} {'w/o':>6}"
    print(hdr)
    print("-" * len(hdr))
    for label, args in RUNS:
        with tempfile.TemporaryDirectory() as out:
            extract(pith, pages, args, out)
            row(label, score(bench, out))
    if os.environ.get("BENCH_WCXB_CV", "1") != "0":
        train = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools",
                             "train-auto.py")
        with tempfile.TemporaryDirectory() as out:
            r = subprocess.run([sys.executable, train, pith, bench, "--keep-stage1", "--cv", "5",
                                "--learn", "aeb-,traf-,mercury-,wcxb-", "--pred", out],
                               capture_output=True, text=True)
            if r.returncode == 0:
                row("auto+WCXB (CV)", score(bench, out))
            else:
                print(f"auto (5-fold CV): train-auto failed: {r.stderr.strip()[-200:]}")
    print(f"{'best published':<18}" + " ".join(f"{BEST[t]:7.3f}" for t in ["all"] + TYPES))

    with tempfile.TemporaryDirectory() as out:
        extract(pith, pages, [], out, fmt="markdown")
        (h, hp, ht), (c, cp, ct) = markdown_recall(bench, out, ids)
    print(f"\nauto --format markdown against the gold Markdown: headings {h:.3f} "
          f"({ht} in {hp} pages), code blocks {c:.3f} ({ct} in {cp} pages)")


if __name__ == "__main__":
    main()
