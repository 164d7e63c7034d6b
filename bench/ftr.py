#!/usr/bin/env python3
"""make bench, public-rules rows: the ftr site-config collection in
BENCH/ftr-site-config and the dev pages it has a rule for
(BENCH/ftr-pages-dev.tsv).

1. pith rules check over the whole collection: how many XPath lines it
   rejects (libxml2 could not evaluate them either) and other problems.
2. Each dev page's rule, copied with a test block added: test_url (the
   page's address), pith_test_file (the page) and two gold sentences as
   test_contains, sentences the rule's own text holds when its body:
   selects something.  pith rules test must fail exactly the rules whose
   body: selects nothing (a dead rule) and pass the others; pith extract
   --rules --format json must give those pages rule_body_line null, and
   the batch summary must name them.  A benchmark, not a test.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

XPATH = {"title", "body", "strip", "strip_attr", "date", "author", "single_page_link",
         "single_page_link_in_feed", "next_page_link", "native_ad_clue", "not_logged_in_xpath",
         "if_page_contains", "dissolve", "move_into", "wrap_in", "post_strip_attr"}


def sentences(text):
    out = []
    for line in text.splitlines():
        for s in re.split(r"(?<=[.!?])\s+", line):
            s = s.strip()
            if 40 <= len(s) <= 200 and "'" not in s:
                out.append(s)
    return out


def main():
    pith, bench = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    conf = os.path.join(bench, "ftr-site-config")
    tsv = os.path.join(bench, "ftr-pages-dev.tsv")
    if not os.path.isdir(conf) or not os.path.exists(tsv):
        print("\npublic rules: no", conf)
        return
    r = subprocess.run([pith, "rules", "check", conf], capture_output=True, text=True)
    xpath_rej, other = [], 0
    for line in r.stderr.splitlines():
        m = re.match(r"pith: (.*?):\d+: (\w+): (.*)", line)
        if m and m.group(2) in XPATH:
            xpath_rej.append(f"{os.path.basename(m.group(1))}: {m.group(3)}")
        else:
            other += 1
    print("\npublic rules (BENCH/ftr-site-config):")
    print(f"  rules check: {r.stdout.strip().splitlines()[-1]}; XPath lines rejected: "
          f"{len(xpath_rej)}, other problems (not XPath: malformed lines): {other}")
    for x in xpath_rej:
        print(f"    rejected: {x}")
    rows = [line.rstrip("\n").split("\t") for line in open(tsv, encoding="utf-8")][1:]
    rows = [x for x in rows if len(x) > 4 and x[4]]
    dev = os.path.join(bench, "dev")
    with tempfile.TemporaryDirectory() as tmp:
        dead, live, nobody, truth = [], [], [], {}
        for pid, _split, url, _host, cfg, _how in rows:
            d = os.path.join(tmp, pid)
            os.mkdir(d)
            rule = os.path.join(d, cfg)
            shutil.copy(os.path.join(conf, cfg), rule)
            page = os.path.join(dev, pid + ".html")
            gold = open(os.path.join(dev, pid + ".gold.txt"), encoding="utf-8").read()
            j = subprocess.run([pith, "extract", "--rules", rule, "--url", url, "--ftr-only",
                                "--format", "json", page], capture_output=True, text=True)
            rec = json.loads(j.stdout) if j.stdout.strip() else {}
            matched = rec.get("rule_body_line") is not None
            text = rec.get("text", "")
            cand = sentences(gold)
            held = [s for s in cand if " ".join(s.split()) in " ".join(text.split())]
            pick = (held if matched and len(held) >= 2 else cand)[:1] + \
                   (held if matched and len(held) >= 2 else cand)[-1:]
            with open(rule, "a", encoding="utf-8") as f:
                f.write(f"\ntest_url: {url}\npith_test_file: {page}\n")
                for s in pick:
                    f.write(f"test_contains: {s}\n")
            has_body = any(line.startswith("body:") for line in
                           open(os.path.join(conf, cfg), encoding="utf-8", errors="replace"))
            if not has_body:
                nobody.append(pid)
                continue
            truth[pid] = (matched, len(held) >= 2)
            (live if matched else dead).append(pid)
        passed = failed = 0
        right = 0
        for pid in truth:
            d = os.path.join(tmp, pid)
            t = subprocess.run([pith, "rules", "test", d], capture_output=True, text=True)
            ok = t.returncode == 0
            named = "no body: line selects anything" in t.stdout
            matched, works = truth[pid]
            passed += ok
            failed += not ok
            # a dead rule fails by name; a working one (its body selects
            # text holding the gold sentences) passes
            good = (not matched and not ok and named) or (matched and works and ok) or \
                (matched and not works)
            right += good
            if not good and os.environ.get("BENCH_VERBOSE"):
                print("   ", pid, "matched" if matched else "dead", "works" if works else "",
                      t.stdout.strip().replace("\n", " | ")[:300])
        pages = [os.path.join(dev, pid + ".html") for pid in truth]
        allrules = os.path.join(tmp, "all")
        os.mkdir(allrules)
        for pid in truth:
            for f in os.listdir(os.path.join(tmp, pid)):
                shutil.copy(os.path.join(tmp, pid, f), os.path.join(allrules, f))
        # the batch: each page with its URL beside it, so the host picks the rule
        for pid, _s, url, *_ in rows:
            with open(os.path.join(tmp, pid + ".html.url"), "w") as f:
                f.write(url + "\n")
            shutil.copy(os.path.join(dev, pid + ".html"), os.path.join(tmp, pid + ".html"))
        b = subprocess.run([pith, "extract", "--rules", allrules, "--ftr-only", "--format", "json",
                            *[os.path.join(tmp, pid + ".html") for pid in truth]],
                           capture_output=True, text=True)
        nulls = sum('"rule_body_line":null' in line for line in b.stdout.splitlines())
        summary = b.stderr.strip().splitlines()[-1] if b.stderr.strip() else ""
        print(f"  {len(truth) + len(nobody)} dev pages with a rule; {len(nobody)} rules have no "
              f"body: line (the reader's own detection decides); of the other {len(truth)}, body: "
              f"selects nothing for {len(dead)} (dead), something for {len(live)}")
        print(f"  rules test: {passed} passed, {failed} failed; as it should (dead ones failed "
              f"by name, working ones passed): {right} of {len(truth)}")
        print(f"  extract --ftr-only --format json: rule_body_line null on {nulls} pages")
        print(f"  batch summary: {summary}")


if __name__ == "__main__":
    main()
