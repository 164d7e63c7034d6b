#!/usr/bin/env python3
"""make bench, same-site rows: BENCH/sites, ten pages of one template per
site and year, each with its gold text.

Rows, all scored with score.py (set big9) on pages p04-p10 of every
site-year:
  auto, cc           one page at a time
  ent                over the site-year's ten pages
  sib                each page with the other nine as --siblings
  auto --siblings    the same, for auto (its site stage learnt from these
                     pages: tools/train-site.py --cv gives the figure by site)
  learn (pith)       pith rules learn on p01-p03, then extract --rules
  learn (ftr)        the same rule with --ftr-only, as ftr readers apply it
Then, per site-year, auto against the learnt rule, and the share of the
learnt strip: lines that have a positional step.  A benchmark, not a test.
"""
import json
import os
import re
import subprocess
import sys
import tempfile


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def score(bench, golddir, outdir):
    r = subprocess.run([sys.executable, os.path.join(bench, "score.py"), golddir, outdir,
                        "--json", "--bootstrap", "0"], capture_output=True, text=True)
    if r.returncode:
        sys.exit("score.py: " + r.stderr)
    return json.loads(r.stdout)


def f1_of(pages):
    """score.py's F1 over a list of per-page rows: 2PR/(P+R) of the means."""
    ps = [p["precision"] for p in pages if p["has_pred"]]
    rs = [p["recall"] for p in pages if p["has_gold"]]
    P = sum(ps) / len(ps) if ps else 0.0
    R = sum(rs) / len(rs) if rs else 0.0
    return 2 * P * R / (P + R) if P + R else 0.0


def main():
    pith, bench = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    only = sys.argv[3:]          # optional: rows to run
    sites = os.path.join(bench, "sites")
    if not os.path.isdir(sites):
        print("\nsame-site rows: no", sites)
        return
    years = sorted(d for d in os.listdir(sites) if os.path.isdir(os.path.join(sites, d)))
    with tempfile.TemporaryDirectory() as tmp:
        gold = os.path.join(tmp, "gold")
        os.mkdir(gold)
        pages = {}
        for y in years:
            d = os.path.join(sites, y)
            html = sorted(f for f in os.listdir(d) if f.endswith(".html"))
            pages[y] = [os.path.join(d, f) for f in html]
            for f in html:
                if re.search(r"-p(0[4-9]|10)\.html$", f):
                    base = f[:-5]
                    for ext in (".gold.txt", ".json"):
                        os.symlink(os.path.join(d, base + ext), os.path.join(gold, base + ext))
        rows = {}
        positional = [0, 0]

        def out(name):
            o = os.path.join(tmp, name)
            os.mkdir(o)
            return o

        def want(name):
            return not only or name in only

        for m in ("auto", "cc"):
            if not want(m):
                continue
            o = out(m)
            for y in years:
                run([pith, "extract", "--algo", m, "-o", o, *pages[y]])
            rows[m] = o
        if want("ent"):
            o = out("ent")
            for y in years:
                run([pith, "extract", "--algo", "ent", "-o", o, *pages[y]])
            rows["ent"] = o
        for m in ("sib", "auto --siblings"):
            if not want(m.split()[0] if m == "sib" else "auto-siblings"):
                continue
            o = out(m.replace(" --", "-"))
            algo = m.split()[0]
            for y in years:
                for p in pages[y][3:]:
                    sib = [a for q in pages[y] if q != p for a in ("--siblings", q)]
                    r = run([pith, "extract", "--algo", algo, *sib, p])
                    name = os.path.basename(p)[:-5] + ".txt"
                    with open(os.path.join(o, name), "wb") as f:
                        f.write(r.stdout)
            rows[m] = o
        if want("learn"):
            rules = out("rules")
            o_p, o_f = out("learn-pith"), out("learn-ftr")
            for y in years:
                url = "http://www.%s.com/" % y.split("-")[0]
                ydir = os.path.join(rules, y)
                os.mkdir(ydir)
                run([pith, "rules", "learn", "--url", url, "-o", ydir + "/", *pages[y][:3]])
                for f in os.listdir(ydir):
                    for line in open(os.path.join(ydir, f), encoding="utf-8", errors="replace"):
                        if line.startswith("strip:"):
                            positional[1] += 1
                            positional[0] += bool(re.search(r"\[\d", line))
                for o, extra in ((o_p, []), (o_f, ["--ftr-only"])):
                    run([pith, "extract", "--rules", ydir, "--url", url, *extra, "-o", o,
                         *pages[y][3:]])
            rows["learn (pith)"] = o_p
            rows["learn (ftr)"] = o_f
        per = {}
        print("\nsame-site pages (BENCH/sites, p04-p10 of %d site-years, score.py F1):" % len(years))
        for name, o in rows.items():
            s = score(bench, gold, o)
            per[name] = {}
            for y in years:
                ps = [p for p in s["per_page"] if p["id"].startswith("big9-%s-p" % y)]
                per[name][y] = f1_of(ps)
            worst = min(years, key=lambda y: per[name][y])
            print(f"  {name:<16} {s['sets']['big9']['text']['f1']:.3f}   "
                  f"worst site-year {worst} {per[name][worst]:.3f}")
        if "learn (pith)" in per and "auto" in per:
            print("  per site-year: auto / learnt rule (pith, ftr)")
            for y in years:
                print(f"    {y:<12} {per['auto'][y]:.3f} / {per['learn (pith)'][y]:.3f}, "
                      f"{per['learn (ftr)'][y]:.3f}")
            if positional[1]:
                print(f"  strip: lines learnt with a position: {positional[0]} of {positional[1]} "
                      f"({100 * positional[0] / positional[1]:.1f} %)")


if __name__ == "__main__":
    main()
