#!/usr/bin/env python3
"""Learn auto's site stage (what sibling pages say of a block) from the
benchmark's same-site pages.

    tools/train-site.py PITH BENCH_DIR > src/method/auto-site.txt
    tools/train-site.py PITH BENCH_DIR --cv      # leave-one-site-out F1 only

BENCH_DIR/sites holds ten pages of one template per site and year, each
with its gold text.  Every page is dumped with the other nine of its
site-year as --siblings (`PITH dump --features`, whose site_ columns are
the site stage's signals, auto-model.h's SITE_SIGNALS), and its blocks
are labelled from the gold as tools/train-auto.py labels a page with a
whole gold text.  The stage is a logistic model over those signals with
the block's logit from the page alone as an offset (its weight is 1), so
that it learns what the siblings add, each block weighted by the
logarithm of its length.

The figures are cross-validated by site: for each site, a model learnt
from the other sites' pages only is written with src/method/auto-model.txt into
one model file, and PITH extracts that site's pages p04-p10 with it
(--set auto.model=FILE, --siblings the other nine), scored by the
benchmark's score.py (set big9) against PITH without siblings on the
same pages.  The output, learnt from every site, is the site section the
build appends to src/method/auto-model.txt (tools/gen-model).  Standard library
only, deterministic.
"""
import importlib.util
import json
import math
import os
import subprocess
import sys
import tempfile
import textwrap
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("train_auto", os.path.join(HERE, "train-auto.py"))
ta = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ta)

SCORED = tuple("p%02d" % i for i in range(4, 11))
# The L2 penalty on the weights (the blocks weigh about 80,000 in all):
# from 3 to 30 the leave-one-site-out F1 moves by 0.001.
L2 = 10.0


def site_years(bench):
    sites = os.path.join(bench, "sites")
    years = sorted(d for d in os.listdir(sites) if os.path.isdir(os.path.join(sites, d)))
    out = {}
    for y in years:
        d = os.path.join(sites, y)
        out[y] = [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith(".html")]
    return out


def siblings(pages, p):
    return [a for q in pages if q != p for a in ("--siblings", q)]


def dump(pith, pages, p):
    """The page's blocks: (chars, site signals, text), the signals' names."""
    r = subprocess.run([pith, "dump", "--features", *siblings(pages, p), p],
                       capture_output=True, text=True, errors="replace")
    if r.returncode != 0:
        return [], []
    lines = r.stdout.split("\n")
    head = lines[0].split("\t")
    cols = [k for k, n in enumerate(head) if n.startswith("site_")]
    names = ["bias"] + [head[k][5:] for k in cols]
    rows = []
    for line in lines[1:]:
        if not line:
            continue
        f = line.split("\t")
        rows.append((int(f[2]), [1.0] + [float(f[k]) for k in cols], f[-1]))
    return names, rows


def load(pith, bench):
    """(site, page path, rows, labels) for every page of every site-year."""
    jobs = [(y, p, pages) for y, pages in site_years(bench).items() for p in pages]

    def one(job):
        y, p, pages = job
        names, rows = dump(pith, pages, p)
        with open(p[:-5] + ".gold.txt", encoding="utf-8", errors="replace") as f:
            labels = ta.label_aeb(rows, f.read())
        return y.split("-")[0], p, names, rows, labels

    with ThreadPoolExecutor(max_workers=2) as ex:
        return list(ex.map(one, jobs))


def solve(a, b):
    """x with a x = b (Gauss-Jordan with partial pivoting; a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(data, l2):
    """Weighted logistic regression with the page's logit as an offset
    (weight 1, not learnt: the stage corrects the page's figure rather
    than weighing it again), by Newton's method with step halving on the
    L2-penalised loss (the bias unpenalised).  data: (x, offset, y, w)."""
    d = len(data[0][0])

    def loss(w):
        tot = 0.0
        for x, o, y, sw in data:
            z = o + sum(a * b for a, b in zip(w, x))
            tot += sw * (math.log1p(math.exp(-abs(z))) + max(z, 0.0) - y * z)
        return tot + 0.5 * l2 * sum(v * v for v in w[1:])

    w = [0.0] * d
    cur = loss(w)
    for _ in range(50):
        g = [0.0] * d
        h = [[0.0] * d for _ in range(d)]
        for x, o, y, sw in data:
            z = o + sum(a * b for a, b in zip(w, x))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(d):
                g[i] += sw * (p - y) * x[i]
                for j in range(d):
                    h[i][j] += sw * p * (1 - p) * x[i] * x[j]
        for i in range(1, d):
            g[i] += l2 * w[i]
            h[i][i] += l2
        step = solve(h, g)
        t = 1.0
        while t > 1e-4:
            nw = [a - t * b for a, b in zip(w, step)]
            new = loss(nw)
            if new <= cur:
                break
            t /= 2
        if t <= 1e-4:
            break
        done = cur - new < 1e-9 * abs(cur)
        w, cur = nw, new
        if done:
            break
    return w


def learn(pages):
    """The site stage's weights in the signals' order (logit's is 1)."""
    names = next(n for _, _, n, r, _ in pages if r)
    li = names.index("logit")
    keep = [k for k in range(len(names)) if k != li]
    data = [([x[k] for k in keep], x[li], y, ta.weight(chars))
            for _, _, _, rows, labels in pages
            for (chars, x, _), y in zip(rows, labels) if y is not None]
    w = fit(data, L2)
    out = [1.0] * len(names)
    for k, v in zip(keep, w):
        out[k] = v
    return out, len(data)


def section(names, w, comment=""):
    out = "".join(f"# {line}\n" for line in comment.split("\n")) if comment else ""
    out += f"site {len(names)}\n"
    return out + "".join(f"{n} {v:.6f}\n" for n, v in zip(names, w))


def extract_site(pith, bench, model, pages, out, with_siblings):
    for p in pages:
        if not p.endswith(tuple(s + ".html" for s in SCORED)):
            continue
        args = [pith, "extract", "--algo", "auto"]
        if model:
            args += ["--set", "auto.model=" + model]
        if with_siblings:
            args += siblings(pages, p)
        r = subprocess.run(args + [p], capture_output=True)
        with open(os.path.join(out, os.path.basename(p)[:-5] + ".txt"), "wb") as f:
            f.write(r.stdout)


def cross_validate(pith, bench, pages, names):
    """Score.py F1 over p04-p10 of every site-year, each site extracted
    with the site stage learnt without it; and without siblings."""
    built_in = os.path.join(HERE, "..", "src", "method", "auto-model.txt")
    with open(built_in, encoding="utf-8") as f:
        base = f.read()
    years = site_years(bench)
    sites = sorted({s for s, _, _, _, _ in pages})
    with tempfile.TemporaryDirectory() as tmp:
        gold = os.path.join(tmp, "gold")
        os.mkdir(gold)
        for y, ps in years.items():
            for p in ps:
                if p.endswith(tuple(s + ".html" for s in SCORED)):
                    for ext in (".gold.txt", ".json"):
                        os.symlink(p[:-5] + ext, os.path.join(gold, os.path.basename(p)[:-5] + ext))
        res = {}
        for label, sib in (("auto", False), ("auto --siblings", True)):
            pred = os.path.join(tmp, label.replace(" ", ""))
            os.mkdir(pred)
            jobs = []
            for s in sites:
                model = None
                if sib:
                    w, _ = learn([pg for pg in pages if pg[0] != s])
                    model = os.path.join(tmp, f"fold-{s}.txt")
                    with open(model, "w", encoding="utf-8") as f:
                        f.write(base + section(names, w))
                jobs += [(model, ps) for y, ps in years.items() if y.split("-")[0] == s]
            with ThreadPoolExecutor(max_workers=2) as ex:
                list(ex.map(lambda j: extract_site(pith, bench, j[0], j[1], pred, sib), jobs))
            r = subprocess.run([sys.executable, os.path.join(bench, "score.py"), gold, pred,
                                "--json", "--bootstrap", "0"], capture_output=True, text=True,
                               check=True)
            res[label] = json.loads(r.stdout)["sets"]["big9"]["text"]["f1"]
    return res


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().split("\n\n")[1])
    pith, bench = (os.path.abspath(a) for a in sys.argv[1:3])
    if not os.path.isdir(os.path.join(bench, "sites")):
        sys.exit(f"train-site: {bench}/sites: no such directory")
    pages = load(pith, bench)
    names = next(n for _, _, n, r, _ in pages if r)
    cv = cross_validate(pith, bench, pages, names)
    figures = ", ".join(f"{k} {v:.4f}" for k, v in cv.items())
    if "--cv" in sys.argv[3:]:
        print(f"leave-one-site-out over {len(pages)} pages: {figures}")
        return
    w, n = learn(pages)
    comment = "\n".join(textwrap.wrap(
        f"auto-site.txt - auto's site stage (src/method/auto-model.h), written by "
        f"tools/train-site.py from {n} labelled blocks of {len(pages)} pages "
        f"of BENCH/sites, each dumped with the other nine of its site-year as "
        f"siblings.  Cross-validated by site (score.py F1 over p04-p10): "
        f"{figures}.  The build appends it to src/method/auto-model.txt.  Do not "
        f"edit: run the script again.", 70, break_on_hyphens=False))
    sys.stdout.write(section(names, w, comment))
    print(f"leave-one-site-out: {figures}", file=sys.stderr)


if __name__ == "__main__":
    main()
