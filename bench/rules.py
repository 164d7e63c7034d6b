#!/usr/bin/env python3
"""make bench, rules row: does a rule written with w reproduce the screen?

For every aeb page of BENCH/dev: open the inspector on it (scripted, no key
but w and s), with --url from the page's .json and --rules-out a fresh
directory, so w writes the host's rule and s saves the text the inspector
shows.  Then apply that rule with `pith extract --rules` and with
`--ftr-only` (as Full-Text RSS or wallabag would), and compare: each
against the saved text (character F1, the mean and the worst page), and
the ftr-only text against the gold with score.py, beside auto's own.  Also
`pith rules test` over the rules written.  A benchmark, not a test.
"""
import collections
import json
import os
import subprocess
import sys
import tempfile
import unicodedata


def chars(s):
    return collections.Counter(c for c in s if not c.isspace())


def char_f1(gold, pred):
    g, p = chars(gold), chars(pred)
    m = sum((g & p).values())
    if not g and not p:
        return 1.0
    P = m / max(1, sum(p.values()))
    R = m / max(1, sum(g.values()))
    return 2 * P * R / (P + R) if P + R else 0.0


def score(bench, outdir):
    r = subprocess.run([sys.executable, os.path.join(bench, "score.py"),
                        os.path.join(bench, "dev"), outdir, "--json", "--bootstrap", "0"],
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout)["sets"]["aeb"]["text"]["f1"]


def main():
    pith, bench = sys.argv[1:3]
    dev = os.path.join(bench, "dev")
    ids = sorted(f[:-5] for f in os.listdir(dev) if f.startswith("aeb-") and f.endswith(".json"))
    with tempfile.TemporaryDirectory() as tmp:
        rules = os.path.join(tmp, "rules")
        outs = {k: os.path.join(tmp, k) for k in ("screen", "pith", "ftr")}
        for d in (rules, *outs.values()):
            os.mkdir(d)
        keys = os.path.join(tmp, "keys")
        f1_pith, f1_ftr = [], []
        for i in ids:
            page = os.path.join(dev, i + ".html")
            url = json.load(open(os.path.join(dev, i + ".json"), encoding="utf-8"))["url"]
            saved = os.path.join(outs["screen"], i + ".txt")
            with open(keys, "w") as k:
                # w asks (y) when the rule gives under 99 % of the text
                k.write(f"w y Enter s text:{saved} Enter\n")
            # a fresh directory per page: several pages share a host
            prules = os.path.join(rules, i)
            subprocess.run([pith, "--keys", keys, "--url", url, "--rules-out", prules + "/",
                            page], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            screen = open(saved, encoding="utf-8").read() if os.path.exists(saved) else ""
            for way, extra in (("pith", []), ("ftr", ["--ftr-only"])):
                r = subprocess.run([pith, "extract", "--rules", prules, "--url", url, *extra, page],
                                   capture_output=True)
                text = r.stdout.decode("utf-8", "replace")
                with open(os.path.join(outs[way], i + ".txt"), "w", encoding="utf-8") as f:
                    f.write(text)
                (f1_pith if way == "pith" else f1_ftr).append((char_f1(screen, text), i))
        passed = failed = 0
        for i in ids:
            t = subprocess.run([pith, "rules", "test", os.path.join(rules, i)],
                               capture_output=True, text=True)
            passed += t.stdout.count("\npass ") + t.stdout.startswith("pass ")
            failed += t.stdout.count("\nfail ") + t.stdout.startswith("fail ")
        last = f"{passed} passed, {failed} failed"
        n = len(ids)
        print(f"\nrules written with w on {n} aeb pages (character F1 against the screen's text):")
        for name, v in (("extract --rules", f1_pith), ("--ftr-only", f1_ftr)):
            worst = min(v)
            print(f"  {name:<16} mean {sum(f for f, _ in v) / n:.4f}, worst {worst[0]:.4f} ({worst[1]}), "
                  f"{sum(f >= 0.95 for f, _ in v)}/{n} pages >= 0.95")
        print(f"  aeb F1 against the gold: screen (auto) {score(bench, outs['screen']):.3f}, "
              f"--ftr-only {score(bench, outs['ftr']):.3f}, extract --rules {score(bench, outs['pith']):.3f}")
        print(f"  pith rules test over the written rules: {last}")


if __name__ == "__main__":
    main()
