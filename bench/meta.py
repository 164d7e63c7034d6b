#!/usr/bin/env python3
"""make bench, metadata rows: title, author and date against the gold.

For every trafilatura page of BENCH/dev and every WCXB page of
BENCH/wcxb whose .json holds a gold title, author or date: run `pith
extract --format json` on it with --url from the .json, and count exact
matches after folding case, white space, curly quotes and dashes (dates
to the day; authors as the list of names, whether joined with "; ", ", ",
" & ", " and ", " und " or " et "); the share of the trafilatura gold's comment snippets
--comments finds; and dates before 1990 or after today, which are wrong
whatever the gold says.  A benchmark, not
a test.  With --markdown it also renders every dev page's --format
markdown with Python-Markdown (Debian's python3-markdown) and gives the
character F1 of the rendered text against the plain-text output.
"""
import collections
import concurrent.futures
import datetime
import glob
import html
import json
import os
import re
import subprocess
import sys


def run(pith, page, url, fmt):
    cmd = [pith, "extract", "--format", fmt] + (["--comments"] if fmt == "json" else [])
    if url:
        cmd += ["--url", url]
    r = subprocess.run(cmd + [page], capture_output=True)
    return r.stdout.decode("utf-8", "replace")


FOLD = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'",
                      "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"',
                      "\u00bb": '"', "\u2010": "-", "\u2011": "-", "\u2012": "-",
                      "\u2013": "-", "\u2014": "-", "\u2015": "-", "\u2212": "-",
                      "\u00a0": " "})


def norm(v, field=""):
    if isinstance(v, list):
        v = "; ".join(x.strip() for x in v)
    v = " ".join((v or "").translate(FOLD).casefold().split())
    if field == "date":
        return v[:10]
    if field == "author":
        names = re.split(r"\s*(?:;|,|&|\band\b|\bund\b|\bet\b)\s*", v)
        return "; ".join(n for n in names if n)
    return v


def chars(s):
    return collections.Counter(c for c in s if not c.isspace())


def char_f1(gold, pred):
    g, p = chars(gold), chars(pred)
    if not g and not p:
        return 1.0
    m = sum((g & p).values())
    P = m / max(1, sum(p.values()))
    R = m / max(1, sum(g.values()))
    return 2 * P * R / (P + R) if P + R else 0.0


RENDER = r"""
import html, json, re, sys
import markdown
out = []
for md in json.load(sys.stdin):
    h = markdown.markdown(md, extensions=["tables", "fenced_code"])
    out.append(html.unescape(re.sub(r"<[^>]*>", " ", h)))
json.dump(out, sys.stdout)
"""


def md_texts(mds):
    """The text a reader sees of each Markdown document: rendered by
    Python-Markdown (Debian's python3-markdown, which lives in the system
    Python when another python3 comes first on PATH), tags removed."""
    for py in (sys.executable, "/usr/bin/python3"):
        r = subprocess.run([py, "-c", RENDER], input=json.dumps(mds),
                           capture_output=True, text=True)
        if r.returncode == 0:
            return json.loads(r.stdout)
    sys.exit("meta.py: no Python-Markdown (apt-get install python3-markdown)")


def compare(label, pages, got, verbose):
    """One row per field: exact matches on the pages whose gold has the
    field, and the dates given that cannot be a publication's."""
    today = datetime.date.today().isoformat()
    for field in ("title", "author", "date"):
        n = ok = 0
        for (page, g), o in zip(pages, got):
            gold = norm(g.get(field), field)
            if not gold:
                continue
            n += 1
            mine = norm(o.get(field), field)
            if mine == gold:
                ok += 1
            elif verbose:
                src = o.get("date_source", "") if field == "date" else ""
                print(f"  {label} {field} {os.path.basename(page)}"
                      f" [{g.get('page_type', '')}]: {mine!r} != {gold!r} {src}")
        print(f"meta {label} {field:7s} {ok:4d}/{n:<4d} {ok / max(1, n):.3f}")
    bad = [os.path.basename(p) for (p, _), o in zip(pages, got)
           if o.get("date") and not "1990-01-01" <= o["date"][:10] <= today]
    print(f"meta {label} dates before 1990 or after today: {len(bad)}"
          + (f" ({', '.join(bad[:5])})" if bad else ""))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    verbose = "--verbose" in sys.argv
    pith, bench = args[0], args[1]
    pages = []
    for j in sorted(glob.glob(os.path.join(bench, "dev", "traf-*.json"))):
        g = json.load(open(j, encoding="utf-8"))
        pages.append((j[:-5] + ".html", g))

    def one(item):
        page, g = item
        out = run(pith, page, g.get("url"), "json")
        try:
            return json.loads(out.splitlines()[0]) if out else {}
        except (ValueError, IndexError):
            return {}

    with concurrent.futures.ThreadPoolExecutor(2) as ex:
        got = list(ex.map(one, pages))
    compare("traf", pages, got, verbose)
    # comment snippets: found in the comments field, kept out of the text
    found = leaked = n = 0
    for (page, g), o in zip(pages, got):
        for snip in g.get("comments") or []:
            snip = " ".join(snip.split())
            if not snip:
                continue
            n += 1
            found += snip in " ".join((o.get("comments") or "").split())
            leaked += snip in " ".join((o.get("text") or "").split())
    print(f"meta comments {found:4d}/{n:<4d} {found / max(1, n):.2f} found apart"
          f" ({leaked} also in the main text)")

    wpages = []
    for j in sorted(glob.glob(os.path.join(bench, "wcxb", "wcxb-*.json"))):
        wpages.append((j[:-5] + ".html.gz", json.load(open(j, encoding="utf-8"))))
    if wpages:
        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            wgot = list(ex.map(one, wpages))
        compare("wcxb", wpages, wgot, verbose)

    if "--markdown" in sys.argv:
        every = []
        for j in sorted(glob.glob(os.path.join(bench, "dev", "*.json"))):
            every.append((j[:-5] + ".html", json.load(open(j, encoding="utf-8"))))

        def pair(item):
            page, g = item
            return (run(pith, page, g.get("url"), "text"),
                    run(pith, page, g.get("url"), "markdown"))
        with concurrent.futures.ThreadPoolExecutor(2) as ex:
            outs = list(ex.map(pair, every))
        f1s = []
        rendered = md_texts([md for _, md in outs])
        for (page, g), (text, _), mdt in zip(every, outs, rendered):
            f = char_f1(text, mdt)
            f1s.append(f)
            if verbose and f < 0.99:
                print(f"  markdown {os.path.basename(page)}: F1 {f:.3f}")
        low = min(f1s) if f1s else 0
        print(f"markdown text vs plain text: char F1 mean {sum(f1s) / max(1, len(f1s)):.4f}"
              f", worst {low:.4f}, pages >= 0.99: {sum(f >= 0.99 for f in f1s)}/{len(f1s)}")


if __name__ == "__main__":
    main()
