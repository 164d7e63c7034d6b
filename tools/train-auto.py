#!/usr/bin/env python3
"""Learn the auto method's weights from the benchmark's dev pages.

    tools/train-auto.py PITH BENCH_DIR > src/method/auto-model.txt
    tools/train-auto.py PITH BENCH_DIR --ablate     # F1 without each signal (5-fold)
    tools/train-auto.py PITH BENCH_DIR --cv K       # K-fold cross-validated F1
    ... --learn aeb-,traf-,cwced-                   # the sets learnt from (ids' prefixes)
    ... --cv K --pred DIR                           # also keep each page's CV text
    ... --keep-stage1                               # learn the trees only
    ... --blend MODEL                               # the trees averaged with MODEL's

The pages are BENCH_DIR/dev/*.html and BENCH_DIR/wcxb/*.html.gz (WCXB's
development split, every page kind, a whole gold text each).

For every dev page, `PITH dump --features` gives one row per text block
with the signals of src/method/auto-signals.h.  Blocks are labelled from the gold:
a block of a page with a whole gold text (aeb, cwced-zh, daniel-*, wcxb) is
content when most of its word trigrams occur in the gold text; a block of
a page with snippets (trafilatura, mercury-*) is content when it lies
inside a "with" snippet and noise when it holds a "without" snippet
(other blocks say nothing).  Each block is weighted by the logarithm of its length.

The first stage is a logistic model with L2 regularisation fitted by
gradient descent over the base signals of the training split (70 % of the
pages by a hash of their id): on the other pages its probabilities, and
so the context signals, are what they will be on unseen pages, and the
second stage learns how far to trust them.  The second stage, over every
signal and every dev page, is a sum of small regression trees grown by
gradient boosting (train-gbm, built beside PITH as tools/train-gbm;
TRAIN_GBM in the environment names another).  The figures in the model
file's comment come from five-fold cross-validation, each page extracted
by PITH itself (--set auto.model=FILE) with the trees that did not see
it.  The output is the model file src/method/auto-model.h describes, which the
build turns into C.  Standard library only, deterministic.
"""
import hashlib
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import textwrap
from concurrent.futures import ThreadPoolExecutor

# The sets the model learns from (page id prefixes); every set is scored.
# Learning from the Chinese, Russian and Greek sets too was measured
# (five-fold CV, doc/algorithms.md) and lowered aeb, cwced-zh and
# trafilatura: their gold texts are small and follow other conventions
# (daniel keeps the headline and link lists).  --learn PREFIXES changes it.
# WCXB's pages (--learn aeb-,traf-,mercury-,wcxb-) lift every kind of page
# and cost the article sets more than they may (doc/algorithms.md, "Learning
# from every kind of page"); they are scored either way.
LEARN = ("aeb-", "traf-", "mercury-")
TRAIN_SHARE = 0.7
L2 = 1e-3
EPOCHS = 6
RATE = 0.05

WORD = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]|\w+", re.UNICODE)


def tokens(s):
    return WORD.findall(s)


def in_train(page_id):
    h = int(hashlib.sha1(page_id.encode()).hexdigest()[:8], 16)
    return (h % 1000) < TRAIN_SHARE * 1000


def features(pith, path):
    r = subprocess.run([pith, "dump", "--features", path], capture_output=True,
                       text=True, errors="replace")
    if r.returncode != 0:
        return None, []
    lines = r.stdout.split("\n")
    head = lines[0].split("\t")
    names = head[3:-1]
    rows = []
    for line in lines[1:]:
        if not line:
            continue
        f = line.split("\t")
        chars = int(f[2])
        x = [float(v) for v in f[3:3 + len(names)]]
        text = f[3 + len(names)] if len(f) > 3 + len(names) else ""
        rows.append((chars, x, text))
    return names, rows


def norm(s):
    return " ".join(s.split())


def label_aeb(rows, gold):
    gt = tokens(gold)
    tri = set(zip(gt, gt[1:], gt[2:]))
    gset = set(gt)
    gnorm = norm(gold)
    out = []
    for chars, x, text in rows:
        t = tokens(text)
        if len(t) >= 3:
            grams = list(zip(t, t[1:], t[2:]))
            share = sum(g in tri for g in grams) / len(grams)
            out.append(1 if share >= 0.5 else 0)
        elif t:
            out.append(1 if all(w in gset for w in t) and norm(text) in gnorm else 0)
        else:
            out.append(None)
    return out


def label_traf(rows, with_s, without_s):
    out = []
    for chars, x, text in rows:
        t = norm(text)
        lab = None
        if len(t) >= 8:
            if any(t in w or (len(w) >= 8 and w in t) for w in with_s):
                lab = 1
            elif any(t in w or (len(w) >= 8 and w in t) for w in without_s):
                lab = 0
        out.append(lab)
    return out


def read_lines(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [norm(l) for l in f if l.strip()]


# each page id's HTML file and the directory of its gold files
PATHS = {}


def page_files(bench):
    """{id: (html path, gold dir)} of the dev pages and WCXB's."""
    out = {}
    bench = os.path.abspath(bench)      # the gold files are linked to
    dev = os.path.join(bench, "dev")
    for f in os.listdir(dev):
        if f.endswith(".html"):
            out[f[:-5]] = (os.path.join(dev, f), dev)
    wcxb = os.path.join(bench, "wcxb")
    if os.path.isdir(wcxb):
        for f in os.listdir(wcxb):
            if f.endswith(".html.gz"):
                out[f[:-8]] = (os.path.join(wcxb, f), wcxb)
    return out


def load(pith, bench):
    PATHS.update(page_files(bench))
    ids = sorted(PATHS)

    def one(pid):
        html, dev = PATHS[pid]
        names, rows = features(pith, html)
        if not rows:
            return pid, names, [], []
        if not any(pid.startswith(prefix) for prefix in LEARN):
            return pid, names, rows, [None] * len(rows)
        gold = os.path.join(dev, pid + ".gold.txt")
        if os.path.exists(gold):
            # every set with a whole gold text (aeb, cwced-zh, daniel-*)
            with open(gold, encoding="utf-8") as f:
                labels = label_aeb(rows, f.read())
        else:
            labels = label_traf(rows, read_lines(os.path.join(dev, pid + ".with.txt")),
                                read_lines(os.path.join(dev, pid + ".without.txt")))
        return pid, names, rows, labels

    with ThreadPoolExecutor(max_workers=2) as ex:
        return list(ex.map(one, ids))


def sigmoid(z):
    if z < -30:
        return 0.0
    if z > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


def train(data):
    """Weighted logistic regression by SGD on standardised features; the
    standardisation is folded back into the returned weights."""
    dim = len(data[0][0])
    tot = sum(sw for _, _, sw in data)
    mean = [sum(x[k] * sw for x, _, sw in data) / tot for k in range(dim)]
    std = [math.sqrt(sum(sw * (x[k] - mean[k]) ** 2 for x, _, sw in data) / tot) or 1.0
           for k in range(dim)]
    mean[0], std[0] = 0.0, 1.0          # the bias stays 1
    rows = [([(x[k] - mean[k]) / std[k] for k in range(dim)], y, sw) for x, y, sw in data]
    avg = tot / len(rows)
    w = [0.0] * dim
    rng = random.Random(1)
    step = 0
    for epoch in range(EPOCHS):
        rng.shuffle(rows)
        for x, y, sw in rows:
            step += 1
            rate = RATE / (1.0 + step / len(rows))
            p = sigmoid(sum(a * b for a, b in zip(w, x)))
            g = (p - y) * sw / avg
            for k in range(dim):
                w[k] -= rate * (g * x[k] + (L2 * w[k] if k else 0.0))
    # fold back: w.x_std = sum w_k (x_k - m_k)/s_k
    out = [w[k] / std[k] for k in range(dim)]
    out[0] = w[0] - sum(w[k] * mean[k] / std[k] for k in range(1, dim))
    return out


# the second stage: boosted trees (tools/train-gbm.c)
TREES = 300
TREE_ARGS = ["--trees", str(TREES), "--rate", "0.05", "--leaves", "15", "--depth", "4",
             "--min-leaf", "100"]


def gbm_program(pith):
    return os.environ.get("TRAIN_GBM") or os.path.join(
        os.path.dirname(os.path.abspath(pith)), "tools", "train-gbm")


GBM = None    # set by main()
BLEND = None  # --blend FILE: trees averaged with another model's
PRED = None   # --pred DIR: where the cross-validated texts stay


def train_trees(data):
    """Boosted trees for weighted rows (x, y, weight): train-gbm's output,
    the "base" and "tree" lines of a model file."""
    lines = [f"{len(data)} {len(data[0][0])}"]
    for x, y, sw in data:
        lines.append(f"{sw!r} {y} " + " ".join(repr(v) for v in x))
    r = subprocess.run([GBM] + TREE_ARGS, input="\n".join(lines) + "\n",
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"train-auto: {GBM}: {r.stderr.strip() or 'failed'}")
    return r.stdout


def model_text(names, stage1, trees, comment=""):
    """A model file (src/method/auto-model.h): pith's feature names, the first
    stage's weights, train-gbm's base and trees."""
    out = [f"# {line}".rstrip() for line in comment.split("\n")] if comment else []
    out.append(f"features {len(names)} " + " ".join(names))
    out.append(f"stage1 {len(stage1)}")
    out += [f"{n} {v:.6f}" for n, v in zip(names, stage1)]
    return "\n".join(out) + "\n" + trees


def blend(trees, path, names):
    """The trees of train-gbm's output TREES and of the model file PATH
    averaged: both bases and every node's value halved, PATH's trees after
    TREES', so that the logit is the mean of the two models' logits.  PATH's
    features must be the first of NAMES, in their order (a model learnt
    before signals were added), as its nodes index them."""
    def parse(text):
        base, out, cur = 0.0, [], None
        for line in text.split("\n"):
            w = line.split()
            if not w or w[0].startswith("#"):
                continue
            if w[0] == "base":
                base = float(w[1])
            elif w[0] == "tree":
                cur = []
                out.append(cur)
            elif w[0] in ("features", "stage1", "site"):
                cur = None
            elif cur is not None:
                cur.append(w)
        return base, out
    try:
        with open(path, encoding="utf-8") as f:
            other = f.read()
    except OSError as e:
        sys.exit(f"train-auto: {path}: {e.strerror}")
    feats = next((l.split()[2:] for l in other.split("\n") if l.startswith("features ")), None)
    if feats is None or feats != list(names[:len(feats)]):
        sys.exit(f"train-auto: {path}: its features are not the first of pith's")
    b1, t1 = parse(trees)
    b2, t2 = parse(other)
    out = [f"base {(b1 + b2) / 2!r}"]
    for i, t in enumerate(t1 + t2):
        out.append(f"tree {i} {len(t)}")
        out += [f"{n[0]} {n[1]} {n[2]} {n[3]} {float(n[4]) / 2!r}" for n in t]
    return "\n".join(out) + "\n"


FIRST_CONTEXT = "in_core"     # auto-signals.h: the first of the second stage's features


def stage1_in_model(path):
    """The first-stage weights the context features were computed with
    (the built-in model's, from src/method/auto-model.txt)."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = [l.split() for l in f if l.strip() and not l.startswith("#")]
    except OSError:
        return None
    for i, words in enumerate(lines):
        if words[0] == "stage1":
            return [round(float(w[1]), 6) for w in lines[i + 1:i + 1 + int(words[1])]]
    return None


def weight(chars):
    return math.log1p(chars)


def names_of(pages):
    return next(n for _, n, r, _ in pages if r)


def fold_of(page_id, k):
    return int(hashlib.sha1(page_id.encode()).hexdigest()[8:16], 16) % k


GOLD_FILES = (".html", ".gold.txt", ".with.txt", ".without.txt", ".json")


def score_pages(pages, extract, bench):
    """Each set's F1 (shingle F1 for the sets with a gold text, snippet F1
    for the others) of what extract(ids, gold_dir, pred_dir) writes as
    pred_dir/ID.txt for every page, by the benchmark's own scorer."""
    with tempfile.TemporaryDirectory() as tmp:
        gold = os.path.join(tmp, "gold")          # the dev sets, for score.py
        gold_w = os.path.join(tmp, "gold-wcxb")   # WCXB's, for wcxb_score.py
        pred = PRED or os.path.join(tmp, "pred")
        for d in (gold, gold_w, pred):
            os.makedirs(d, exist_ok=True)
        for pid, _, _, _ in pages:      # ids may hold dots: traf-site.example.html
            html, src = PATHS[pid]
            dst = gold_w if pid.startswith("wcxb-") else gold
            os.symlink(html, os.path.join(dst, os.path.basename(html)))
            for ext in GOLD_FILES[1:]:
                if os.path.exists(os.path.join(src, pid + ext)):
                    os.symlink(os.path.join(src, pid + ext), os.path.join(dst, pid + ext))
        extract([pid for pid, _, _, _ in pages], pred, tmp)
        for pid, _, _, _ in pages:      # a page pith could not read: no text
            if not os.path.exists(os.path.join(pred, pid + ".txt")):
                open(os.path.join(pred, pid + ".txt"), "w").close()
        f1 = {}
        if os.listdir(gold):
            r = subprocess.run([sys.executable, os.path.join(bench, "score.py"), gold, pred,
                                "--json", "--bootstrap", "0"], capture_output=True, text=True,
                               check=True)
            sets = json.loads(r.stdout)["sets"]
            f1 = {name: v["text" if v["kind"] == "text" else "snippets"]["f1"]
                  for name, v in sorted(sets.items())}
        if os.listdir(gold_w):
            r = subprocess.run([sys.executable, os.path.join(bench, "wcxb_score.py"), gold_w,
                                pred, "--json"], capture_output=True, text=True, check=True)
            for kind, v in json.loads(r.stdout)[pred].items():
                f1["wcxb" if kind == "all" else "wcxb-" + kind] = v["F1"]
    return f1


def set_figures(f1):
    """'aeb 0.9851, cwced-zh 0.9250, ...': each set's F1."""
    return ", ".join(f"{name} {v:.4f}" for name, v in f1.items())


def cross_validate(pages, k, pith):
    """K-fold cross-validation over all dev pages (folds by id hash): each
    page is extracted by PITH with the model trained without its fold
    (--set auto.model=FILE), so the figure is of pith's own decision.
    The fold models keep the first stage the context features were
    computed with (the built-in one), trained on the training split, so
    for those pages the figure is close to, not exactly, out of sample."""
    names = names_of(pages)
    models = []
    for fold in range(k):
        data = [(x, y, weight(chars)) for pid, _, rows, labels in pages
                if fold_of(pid, k) != fold
                for (chars, x, _), y in zip(rows, labels) if y is not None]
        trees = train_trees(data)
        models.append(model_text(names, STAGE1, blend(trees, BLEND, names) if BLEND else trees))

    def extract(ids, pred, tmp):
        for fold, text in enumerate(models):
            path = os.path.join(tmp, f"fold{fold}.txt")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            inputs = [PATHS[pid][0] for pid in ids if fold_of(pid, k) == fold]
            if not inputs:
                continue
            # pith exits 1 when a page cannot be read: that page has no text
            r = subprocess.run([pith, "extract", "--algo", "auto", "-j", "2",
                                "--set", f"auto.model={path}", "-o", pred] + inputs,
                               capture_output=True, text=True)
            if r.returncode not in (0, 1):
                sys.exit(f"train-auto: {pith} extract: {r.stderr.strip()}")
    return extract


def main():
    global GBM, STAGE1
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().split("\n\n")[1])
    global LEARN, BLEND
    pith, bench = sys.argv[1:3]
    if "--blend" in sys.argv[3:]:
        k = sys.argv.index("--blend") + 1
        if k >= len(sys.argv):
            sys.exit("train-auto: --blend needs a model file")
        BLEND = sys.argv[k]
    if "--learn" in sys.argv[3:]:
        k = sys.argv.index("--learn") + 1
        if k >= len(sys.argv):
            sys.exit("train-auto: --learn needs a list of page id prefixes (aeb-,traf-,...)")
        LEARN = tuple(p for p in sys.argv[k].split(",") if p)
    GBM = gbm_program(pith)
    if not os.access(GBM, os.X_OK):
        sys.exit(f"train-auto: {GBM}: not found; run make in pith's build directory")
    built_in = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "method",
                            "auto-model.txt")
    pages = load(pith, bench)
    names = names_of(pages)
    data = [(x, y, weight(chars)) for _, _, rows, labels in pages
            for (chars, x, _), y in zip(rows, labels) if y is not None]
    nbase = names.index(FIRST_CONTEXT)
    w1 = train([(x[:nbase], y, weight(chars)) for pid, _, rows, labels in pages
                if in_train(pid)
                for (chars, x, _), y in zip(rows, labels) if y is not None])
    STAGE1 = stage1_in_model(built_in)
    stale = STAGE1 != [round(v, 6) for v in w1] and "--keep-stage1" not in sys.argv[3:]
    if stale:
        print("train-auto: the first stage changed: the context features "
              "were computed with the old one; rebuild pith with this output "
              "and run again", file=sys.stderr)
    if STAGE1 is None or len(STAGE1) != nbase:
        STAGE1 = w1
    if "--keep-stage1" in sys.argv[3:]:
        # the first stage as built in, so that the context signals the
        # trees learn from are the ones pith computes: one pass
        w1 = STAGE1

    global PRED
    if "--pred" in sys.argv[3:]:
        PRED = sys.argv[sys.argv.index("--pred") + 1]
    if "--cv" in sys.argv[3:]:
        k = int(sys.argv[sys.argv.index("--cv") + 1])
        f1 = score_pages(pages, cross_validate(pages, k, pith), bench)
        print(f"{k}-fold cross-validation over {len(pages)} pages: {set_figures(f1)}")
        return

    if "--ablate" in sys.argv[3:]:
        # five-fold cross-validated F1 with each signal held constant in
        # the second stage's training rows, so that no tree splits on it
        # (the core still comes from the full first stage)
        def without(k):
            return [(pid, n, [(c, [v if i != k else 0.0 for i, v in enumerate(x)], t)
                              for c, x, t in rows], labels)
                    for pid, n, rows, labels in pages]
        base = score_pages(pages, cross_validate(pages, 5, pith), bench)
        print(f"{'signal left out':<16} " + " ".join(f"{n:>11}" for n in base))
        print(f"{'(none)':<16} " + " ".join(f"{v:11.4f}" for v in base.values()))
        for k in range(1, len(names)):
            pk = without(k)
            f1 = score_pages(pk, cross_validate(pk, 5, pith), bench)
            print(f"{names[k]:<16} " + " ".join(f"{f1[n] - base[n]:+11.4f}" for n in base),
                  flush=True)
        return

    cv = score_pages(pages, cross_validate(pages, 5, pith), bench)
    trees = train_trees(data)
    if BLEND:
        trees = blend(trees, BLEND, names)
    learnt = sum(1 for _, _, _, labels in pages if any(y is not None for y in labels))
    per_set = textwrap.wrap(set_figures(cv) + ".", 70)
    comment = (f"auto-model.txt - the auto method's model (src/method/auto-model.h), written by\n"
               f"tools/train-auto.py from {len(data)} labelled blocks of the dev pages of\n"
               f"{', '.join(p.rstrip('-') for p in LEARN)} ({learnt} pages)"
               + (f", its trees averaged with {os.path.basename(BLEND)}'s" if BLEND else "") + ".\n"
               f"Five-fold cross-validated by pith itself over all {len(pages)} dev pages,\n"
               f"F1 per set (shingle F1 for a gold text, snippet F1 for snippets):\n" + "\n".join(per_set) + "\n"
               f"The build turns it into C (tools/gen-model); --set auto.model=FILE\n"
               f"reads another.  Do not edit: run the script again.")
    sys.stdout.write(model_text(names, w1, trees, comment))
    print(f"five-fold CV: {set_figures(cv)}", file=sys.stderr)


if __name__ == "__main__":
    main()
