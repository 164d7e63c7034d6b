#!/usr/bin/env python3
"""Learn the auto method's weights from the benchmark's dev pages.

    tools/train-auto.py PITH BENCH_DIR > src/auto-model.h
    tools/train-auto.py PITH BENCH_DIR --ablate     # F1 without each signal (5-fold)
    tools/train-auto.py PITH BENCH_DIR --cv K       # K-fold cross-validated F1

For every dev page, `PITH dump --features` gives one row per text block
with the signals of src/signals.h.  Blocks are labelled from the gold:
an aeb page's block is content when most of its word trigrams occur in the
gold text; a trafilatura page's block is content when it lies inside a
"with" snippet and noise when it holds a "without" snippet (other blocks
say nothing).  A logistic model with L2 regularisation is fitted by
gradient descent, each block weighted by its length (the scores count
text, not blocks).

Pages are split by a hash of their id: TRAIN_SHARE of them train the
model, the rest are kept for checking (make bench reports all pages; the
check split is what the numbers printed here are about).  Standard library
only, deterministic.
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
from concurrent.futures import ThreadPoolExecutor

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


def load(pith, bench):
    dev = os.path.join(bench, "dev")
    ids = sorted(f[:-5] for f in os.listdir(dev) if f.endswith(".html"))

    def one(pid):
        names, rows = features(pith, os.path.join(dev, pid + ".html"))
        if not rows:
            return pid, names, [], []
        if pid.startswith("aeb-"):
            with open(os.path.join(dev, pid + ".gold.txt"), encoding="utf-8") as f:
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


FIRST_CONTEXT = "in_core"     # signals.h: the first of the second stage's features


def stage1_in_header(path):
    """The first-stage weights the context features were computed with."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None
    m = re.search(r"auto_stage1_weights\[F_BASE_COUNT\] = \{(.*?)\}", text, re.S)
    if not m:
        return None
    return [round(float(v), 6) for v in re.findall(r"= (-?[0-9.]+)f", m.group(1))]


def weight(chars):
    return math.log1p(chars)


SURE = 0.9     # src/auto.c: kept outside the best run anyway
THRESHOLD = 0.5


DUP_WORDS = 5  # src/auto.c


def duplicates(rows, keep, hidden):
    """src/auto.c's drop_duplicates: the kept blocks whose word trigrams
    are mostly in kept text already, visible blocks first."""
    seen, dup = set(), [False] * len(rows)
    for visible in (True, False):
        for j, (_, x, text) in enumerate(rows):
            if not keep[j] or (x[hidden] == 0) != visible:
                continue
            t = [w.lower() for w in tokens(text)]
            grams = list(zip(t, t[1:], t[2:]))
            if len(t) >= DUP_WORDS and 5 * sum(g in seen for g in grams) >= 4 * len(grams):
                dup[j] = True
            else:
                seen.update(grams)
    return dup


def predict_text(rows, w, skip=None, hidden=None):
    """What pith extract --algo auto prints for a page, block by block
    (src/auto.c's decision, mirrored)."""
    probs = [sigmoid(sum(a * b for k, (a, b) in enumerate(zip(w, x)) if k != skip))
             for _, x, _ in rows]
    dup = duplicates(rows, [p >= THRESHOLD for p in probs], hidden) if hidden else \
        [False] * len(rows)
    best, cur, bs, be, cs = -1.0, 0.0, 0, -1, 0
    for j, ((chars, _, _), p) in enumerate(zip(rows, probs)):
        if cur <= 0:
            cur, cs = 0.0, j
        cur += 0.0 if dup[j] else (p - THRESHOLD) * chars
        if cur > best:
            best, bs, be = cur, cs, j
    keep = [p >= THRESHOLD and not d and (bs <= j <= be or p >= SURE)
            for j, (p, d) in enumerate(zip(probs, dup))]
    return "\n".join(t for (_, _, t), k in zip(rows, keep) if k) + "\n"


def names_of(pages):
    return next(n for _, n, r, _ in pages if r)


def fold_of(page_id, k):
    return int(hashlib.sha1(page_id.encode()).hexdigest()[8:16], 16) % k


GOLD_FILES = (".html", ".gold.txt", ".with.txt", ".without.txt", ".json")


def score_pages(pages, predict, bench):
    """Shingle F1 (aeb) and snippet F1 (trafilatura) of predict(pid, rows)
    over the given pages, by the benchmark's own scorer."""
    dev = os.path.join(bench, "dev")
    with tempfile.TemporaryDirectory() as tmp:
        gold = os.path.join(tmp, "gold")
        pred = os.path.join(tmp, "pred")
        os.mkdir(gold)
        os.mkdir(pred)
        for pid, _, _, _ in pages:      # ids may hold dots: traf-site.example.html
            for ext in GOLD_FILES:
                if os.path.exists(os.path.join(dev, pid + ext)):
                    os.symlink(os.path.join(dev, pid + ext), os.path.join(gold, pid + ext))
        for pid, _, rows, _ in pages:
            with open(os.path.join(pred, pid + ".txt"), "w", encoding="utf-8") as f:
                f.write(predict(pid, rows) if rows else "")
        r = subprocess.run([sys.executable, os.path.join(bench, "score.py"), gold, pred,
                            "--json", "--bootstrap", "0"], capture_output=True, text=True,
                           check=True)
    sets = json.loads(r.stdout)["sets"]
    return sets["aeb"]["text"]["f1"], sets["trafilatura"]["snippets"]["f1"]


def cross_validate(pages, k):
    """K-fold cross-validation over all dev pages (folds by id hash): each
    page is predicted by the model trained without its fold.  The context
    features come from the first stage compiled into PITH, trained on the
    training split, so for those pages the figure is close to, not
    exactly, out of sample."""
    models = []
    for fold in range(k):
        data = [(x, y, weight(chars)) for pid, _, rows, labels in pages
                if fold_of(pid, k) != fold
                for (chars, x, _), y in zip(rows, labels) if y is not None]
        models.append(train(data))
    hidden = names_of(pages).index("hidden")
    return lambda pid, rows: predict_text(rows, models[fold_of(pid, k)], hidden=hidden)


def score_check(pages, w, bench, skip=None):
    """Shingle F1 (aeb) and snippet F1 (trafilatura) on the check split.
    The block texts of `pith dump --features` join inline text slightly
    differently from pith extract, which matters to exact snippet matching:
    the snippet figure is a guide (make bench measures the real one); the
    aeb figure matches within a few thousandths."""
    hidden = names_of(pages).index("hidden")
    return score_pages([pg for pg in pages if not in_train(pg[0])],
                       lambda pid, rows: predict_text(rows, w, skip, hidden), bench)


def main():
    pith, bench = sys.argv[1:3]
    header = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src",
                          "auto-model.h")
    pages = load(pith, bench)
    names = next(n for _, n, r, _ in pages if r)
    data, check = [], []
    for pid, _, rows, labels in pages:
        for (chars, x, text), y in zip(rows, labels):
            if y is None:
                continue
            (data if in_train(pid) else check).append((x, y, weight(chars)))
    nbase = names.index(FIRST_CONTEXT)
    w1 = train([(x[:nbase], y, sw) for x, y, sw in data])
    w = train(data)
    stale = stage1_in_header(header) != [round(v, 6) for v in w1]
    if stale:
        print(f"train-auto: the first stage changed: the context features "
              f"were computed with the old one; rebuild pith with this output "
              f"and run again", file=sys.stderr)

    if "--cv" in sys.argv[3:]:
        k = int(sys.argv[sys.argv.index("--cv") + 1])
        a, t = score_pages(pages, cross_validate(pages, k), bench)
        print(f"{k}-fold cross-validation over {len(pages)} pages: "
              f"aeb F1 {a:.4f}, snippet F1 {t:.4f}")
        return

    if "--ablate" in sys.argv[3:]:
        # five-fold cross-validated F1 with each signal zeroed in the
        # second stage (the core still comes from the full first stage)
        def without(k):
            return [(pid, n, [(c, [v if i != k else 0.0 for i, v in enumerate(x)], t)
                              for c, x, t in rows], labels)
                    for pid, n, rows, labels in pages]
        base = score_pages(pages, cross_validate(pages, 5), bench)
        print(f"{'signal left out':<16} {'aeb F1':>7} {'snippet F1':>10}")
        print(f"{'(none)':<16} {base[0]:7.3f} {base[1]:10.3f}")
        for k in range(1, len(names)):
            pk = without(k)
            a, t = score_pages(pk, cross_validate(pk, 5), bench)
            print(f"{names[k]:<16} {a:7.3f} {t:10.3f}   "
                  f"({a - base[0]:+.3f} {t - base[1]:+.3f})", flush=True)
        return
    check_f1 = score_check(pages, w, bench)

    def accuracy(rows):
        good = tot = 0.0
        for x, y, sw in rows:
            p = sigmoid(sum(a * b for a, b in zip(w, x)))
            good += sw * ((p >= 0.5) == (y == 1))
            tot += sw
        return good / tot if tot else 0.0

    print(f"/* auto-model.h - the auto method's weights, written by\n"
          f" * tools/train-auto.py from {len(data)} labelled blocks of the dev\n"
          f" * pages' training split ({int(TRAIN_SHARE * 100)} % of pages by id hash).\n"
          f" * Weighted block accuracy: train {accuracy(data):.3f}, check {accuracy(check):.3f}\n"
          f" * ({len(check)} blocks); check split shingle F1 on aeb pages\n"
          f" * {check_f1[0]:.3f}.  Do not edit: run the script again. */")
    print("#ifndef PITH_AUTO_MODEL_H\n#define PITH_AUTO_MODEL_H\n")
    print("/* first stage: the base features only (signals.h) */")
    print("static const float auto_stage1_weights[F_BASE_COUNT] = {")
    for n, v in zip(names, w1):
        print(f"\t[F_{n.upper()}] = {v:.6f}f,")
    print("};\n")
    print("/* second stage: every feature */")
    print("static const float auto_weights[F_COUNT] = {")
    for n, v in zip(names, w):
        print(f"\t[F_{n.upper()}] = {v:.6f}f,")
    print("};\n\n#endif")
    print(f"train accuracy {accuracy(data):.3f} check {accuracy(check):.3f}", file=sys.stderr)


if __name__ == "__main__":
    main()
