#!/usr/bin/env python3
"""make bench: every available method over the benchmark pages.

Runs `pith extract` per method over BENCH/dev, scores the output with
BENCH/score.py, and prints per method: F1/P/R on the aeb pages, snippet
scores on the trafilatura pages, pages/s on one core and with -j 2, and
peak RSS; then the pages/s of bench/floor (a bare libtidy parse and walk
of the same pages) from the same run, and the share of the floor's speed
from paired runs (the floor and pith alternating, CPU seconds, the median
of five pairs; pith's output on /dev/shm when there is one, BENCH_OUT=DIR
for another) with -j 2's speed-up over -j 1 and the floor's own (two
processes on halves of the pages); the peak RSS of auto, cc and
lb on one generated forum thread of 1, 5, 10 and 20 MiB against the bound
of 8x the page plus 16 MiB, then of histogram --format svg (the same bound)
and report (28x the page plus 48 MiB).  Then score.py's own F1 per set and method
(shingle F1 for the sets with a gold text, snippet F1 for those
with snippets), and per set the pages whose charset pith got wrong
(`pith extract --format json`'s "charset" against the page's .json
`encoding_actual`, else UTF-8 when MANIFEST.tsv says the bytes are valid
UTF-8, else the declared label; pages of ASCII bytes only are right in
any ASCII-compatible charset).  A benchmark, not a test: it asserts
nothing.

BENCH_METHODS=auto,cc in the environment runs only the methods named.
"""
import csv
import json
import os
import random
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


def timed(cmd, cpu=False, wall=None, **kw):
    """Run cmd; return (seconds, peak RSS of the process tree in MiB); with
    cpu, the seconds are user + system CPU of the process and its waited-for
    children (the workers) instead of wall-clock time (then appended to the
    list wall, when given)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, **kw)
    _, status, ru = os.wait4(p.pid, 0)
    dt = time.monotonic() - t0
    if wall is not None:
        wall.append(dt)
    if cpu:
        dt = ru.ru_utime + ru.ru_stime
    p.returncode = os.waitstatus_to_exitcode(status)
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    bad = [l for l in err.splitlines() if l.startswith("pith:")]
    if bad:
        print(f"  ({len(bad)} pages reported errors, first: {bad[0]})", file=sys.stderr)
    return dt, ru.ru_maxrss / 1024.0


PAIRS = 5


def out_base():
    """Where the paired runs write pith's output: BENCH_OUT, else a
    memory file system when there is one.  The floor writes no files; on
    a disk, creating 513 files costs the kernel a tenth of a second and
    more (inode allocation), which is the file system's price, not
    pith's, and swings with what was deleted before."""
    d = os.environ.get("BENCH_OUT")
    if d:
        return d
    return "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None


def floor_halves(floor, pages):
    """Wall-clock seconds of two floor processes started together, each on
    half the pages: what two cores of this machine give a load that shares
    nothing, the ceiling of pith's -j 2 against -j 1."""
    half = len(pages) // 2
    t0 = time.monotonic()
    ps = [subprocess.Popen([floor, *part], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
          for part in (pages[:half], pages[half:])]
    for p in ps:
        p.wait()
    return time.monotonic() - t0


def paired(pith, floor, dev, pages, runs):
    """Speed against the floor from paired runs: the floor and pith -j 1
    alternating, PAIRS times, CPU seconds each; the median of the per-pair
    shares (floor CPU / pith CPU), the median pages/s of each, and -j 2's
    wall-clock speed-up over -j 1 (median of PAIRS pairs) beside the
    floor's own (one process on all pages against two on halves: a
    virtual machine's two cores seldom give twice one).  The machine's
    noise moves both sides of a pair alike."""
    import statistics
    n = len(pages)
    timed_runs = [r for r in runs if r[2]]
    if not timed_runs:
        return
    base = out_base()
    print(f"\nspeed against the floor (CPU seconds, {PAIRS} pairs alternating pith -j 1 and "
          f"bench/floor, medians; pith writes to {base or tempfile.gettempdir()}, "
          f"BENCH_OUT=DIR for another):")
    print(f"  {'method':<15} {'p/s':>8} {'floor p/s':>10} {'share':>7} {'j2/j1':>7} "
          f"{'floor j2/j1':>12}")
    for label, args, _ in timed_runs:
        shares, ps, fs, speedups, fspeedups = [], [], [], [], []
        for _ in range(PAIRS):
            fwall = []
            fdt, _ = timed([floor, *pages], cpu=True, wall=fwall)
            fw2 = floor_halves(floor, pages)
            fspeedups.append(fwall[0] / fw2 if fw2 else 0)
            with tempfile.TemporaryDirectory(dir=base) as out:
                pdt, _ = timed([pith, "extract", *args, "-o", out, dev], cpu=True)
            shares.append(fdt / pdt if pdt else 0)
            ps.append(n / pdt if pdt else 0)
            fs.append(n / fdt if fdt else 0)
            with tempfile.TemporaryDirectory(dir=base) as out:
                w1, _ = timed([pith, "extract", *args, "-j", "1", "-o", out, dev])
            with tempfile.TemporaryDirectory(dir=base) as out:
                w2, _ = timed([pith, "extract", *args, "-j", "2", "-o", out, dev])
            speedups.append(w1 / w2 if w2 else 0)
        print(f"  {label:<15} {statistics.median(ps):8.1f} {statistics.median(fs):10.1f} "
              f"{statistics.median(shares):6.2f}x {statistics.median(speedups):6.2f}x "
              f"{statistics.median(fspeedups):11.2f}x", flush=True)


WORDS = ("the of and to in is was for on that with as by at from his her they which "
         "be or an are had not but one all were when we there been can more would "
         "will if what so about out up into them only time some other new could").split()


def thread_page(path, size):
    """A forum thread of about size bytes, the same every time: a header,
    posts of an author panel and a message of two paragraphs, a footer;
    about one element to every 50 bytes, as dense as real forum markup.
    Written a post at a time: the bench's own memory would count in the
    peak RSS of the processes it starts."""
    rng = random.Random(size)
    f = open(path, "w", encoding="utf-8")
    n = f.write('<!DOCTYPE html><html><head><meta charset="utf-8"><title>A long thread'
                '</title></head><body><div id="header"><a href="/">Home</a> '
                '<a href="/forum">Forum</a></div><div id="thread">')
    i = 0
    while n < size:
        i += 1
        words = [rng.choice(WORDS) for _ in range(rng.randint(8, 40))]
        text = " ".join(words).capitalize() + "."
        post = (f'<div class="post" id="p{i}"><div class="author"><a href="/u/{i % 997}">'
                f'user{i % 997}</a><span class="date">2024-{1 + i % 12:02d}-{1 + i % 28:02d}'
                f'</span></div><div class="msg"><p>{text}</p><p>{text[::-1]}</p></div></div>\n')
        n += f.write(post)
    f.write('</div><div id="footer">Copyright</div></body></html>\n')
    f.close()


MEMORY_SIZES = (1, 5, 10, 20)     # MiB
MEMORY_BOUND = (8, 16)            # peak RSS within 8x the page plus 16 MiB
# the commands beside extract, each with its bound (doc/limits.md): the SVG
# of at most 2000 bars; the report holds the inspector's state and the
# HTML, at most 32 MiB of it tree and decisions
MEMORY_COMMANDS = [
    ("histogram svg", ["histogram", "--format", "svg"], (8, 16)),
    ("report", ["report", "-o", os.devnull], (28, 48)),
]


def memory(pith, runs):
    """Peak RSS of one page's run (the worker's, or the parent's when that
    is larger) on generated threads of MEMORY_SIZES, against the bound."""
    k, c = MEMORY_BOUND
    print(f"\npeak RSS in MiB on one generated forum thread, by its size (bound: "
          f"{k}x the page + {c} MiB)\n")
    sizes = [m * 2**20 for m in MEMORY_SIZES]
    print(f"  {'method':<15}" + "".join(f" {m:>5} MiB" for m in MEMORY_SIZES) + "   within")
    with tempfile.TemporaryDirectory() as d:
        files = []
        for size in sizes:
            files.append(os.path.join(d, f"thread-{size >> 20}.html"))
            thread_page(files[-1], size)
        for label, args, _ in runs:
            if label not in ("auto", "cc", "lb max"):
                continue
            rss = [timed([pith, "extract", *args, f])[1] for f in files]
            ok = all(r <= k * s / 2**20 + c for r, s in zip(rss, sizes))
            print(f"  {label:<15}" + "".join(f" {r:9.1f}" for r in rss) +
                  f"   {'yes' if ok else 'NO'}", flush=True)
        for label, args, (k2, c2) in MEMORY_COMMANDS:
            rss = [timed([pith, *args, f])[1] for f in files]
            ok = all(r <= k2 * s / 2**20 + c2 for r, s in zip(rss, sizes))
            print(f"  {label:<15}" + "".join(f" {r:9.1f}" for r in rss) +
                  f"   {'yes' if ok else 'NO'} ({k2}x + {c2} MiB)", flush=True)


def score(bench, outdir):
    r = subprocess.run([sys.executable, os.path.join(bench, "score.py"),
                        os.path.join(bench, "dev"), outdir, "--json", "--bootstrap", "0"],
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout)["sets"]


# The sets in the order of the benchmark's README; others found follow.
SETS = ["aeb", "trafilatura", "cwced-zh", "daniel-zh", "daniel-ru", "daniel-el",
        "mercury-ja", "mercury-zh"]

# WHATWG labels of the charsets the pages declare, to their encoding.
LABELS = {
    "utf8": "utf-8", "gbk": "gb18030", "gb2312": "gb18030", "x-gbk": "gb18030",
    "iso-8859-1": "windows-1252", "latin1": "windows-1252", "us-ascii": "windows-1252",
    "ascii": "windows-1252", "iso-8859-9": "windows-1254", "sjis": "shift_jis",
    "x-sjis": "shift_jis", "ks_c_5601-1987": "euc-kr", "utf-16": "utf-16le",
}


def canonical(label):
    label = label.strip().lower()
    return LABELS.get(label, label)


def manifest(bench):
    with open(os.path.join(bench, "MANIFEST.tsv"), encoding="utf-8", newline="") as f:
        return {r["id"]: r for r in csv.DictReader(f, delimiter="\t")}


def expected_charset(dev, pid, row):
    """The charset a browser decodes the page in; "" when any
    ASCII-compatible one does; None when nothing says."""
    with open(os.path.join(dev, pid + ".html"), "rb") as f:
        if f.read().isascii():
            return ""
    try:
        with open(os.path.join(dev, pid + ".json"), encoding="utf-8") as f:
            meta = json.load(f)
    except OSError:
        meta = {}
    actual = meta.get("encoding_actual")
    if actual:
        return canonical(actual.split()[0])   # "gb18030 with invalid bytes"
    if row.get("valid_utf8") == "True":
        return "utf-8"
    declared = row.get("declared_charset", "none")
    return canonical(declared) if declared != "none" else None


def charsets(pith, bench, dev):
    """Per set: pages, right, unjudged, and the wrong ones."""
    rows = manifest(bench)
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([pith, "extract", "--algo", "lb", "--format", "json", "-o", out, dev],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        got = {}
        for name in os.listdir(out):
            with open(os.path.join(out, name), encoding="utf-8") as f:
                o = json.load(f)
            pid = os.path.basename(o["file"])[:-len(".html")]
            got[pid] = (o.get("charset"), o.get("charset_source"))
    result = {}
    for pid, row in rows.items():
        r = result.setdefault(row["set"], {"pages": 0, "right": 0, "unjudged": 0, "wrong": []})
        r["pages"] += 1
        want = expected_charset(dev, pid, row)
        have, how = got.get(pid, (None, None))
        if want is None:
            r["unjudged"] += 1
        elif have and (have == want or (want == "" and not have.startswith("utf-16"))):
            r["right"] += 1
        else:
            r["wrong"].append(f"{pid} (pith {have}{' by ' + how if how else ''}, "
                              f"expected {want or 'ASCII'})")
    return result


def main():
    pith, floor, bench = sys.argv[1:4]
    dev = os.path.join(bench, "dev")
    if not os.path.isdir(dev):
        sys.exit(f"bench: {dev}: no benchmark pages (expected ../shared/bench beside the source tree)")
    pages = sorted(os.path.join(dev, f) for f in os.listdir(dev) if f.endswith(".html"))
    n = len(pages)
    largest = max(os.path.getsize(p) for p in pages)
    k, c = MEMORY_BOUND
    print(f"{n} pages, largest {largest / 2**20:.2f} MiB; peak RSS bound ({k}x largest + {c} MiB): "
          f"{k * largest / 2**20 + c:.1f} MiB\n")
    only = [m for m in os.environ.get("BENCH_METHODS", "").split(",") if m]
    runs = [r for r in RUNS if not only or r[0] in only]
    hdr = f"{'method':<15} {'aeb F1':>7} {'P':>6} {'R':>6} {'traf F1':>8} {'with':>6} {'w/o':>6} " \
          f"{'p/s j1':>8} {'p/s j2':>8} {'RSS MiB':>8}"
    print(hdr)
    print("-" * len(hdr))
    per_set = []
    for label, args, par in runs:
        with tempfile.TemporaryDirectory() as out:
            dt, rss = timed([pith, "extract", *args, "-o", out, dev])
            s = score(bench, out)
        per_set.append((label, s))
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
    paired(pith, floor, dev, pages, runs)
    memory(pith, runs)
    print("\nauto learnt from the aeb, trafilatura and mercury pages, so those columns are\n"
          "in-sample for it; its held-out estimate per set is tools/train-auto.py PITH BENCH\n"
          "--cv 5 (the figures in src/method/auto-model.txt's comment).")

    sets = [x for x in SETS if x in per_set[0][1]] + \
        sorted(x for x in per_set[0][1] if x not in SETS) if per_set else []
    print("\nF1 per set (score.py: shingle F1 for gold texts, snippet F1 for snippets)\n")
    hdr = f"{'method':<15}" + "".join(f" {x:>11}" for x in sets)
    print(hdr)
    print(f"{'pages':<15}" + "".join(f" {per_set[0][1][x]['pages']:>11}" for x in sets))
    print("-" * len(hdr))
    for label, s in per_set:
        f1 = [s[x]["text" if s[x]["kind"] == "text" else "snippets"]["f1"] for x in sets]
        print(f"{label:<15}" + "".join(f" {v:11.3f}" for v in f1))

    print("\ncharset per set (pith extract --format json against each page's .json\n"
          "encoding_actual, else valid UTF-8, else the declared label):\n")
    cs = charsets(pith, bench, dev)
    for x in [x for x in SETS if x in cs] + sorted(x for x in cs if x not in SETS):
        r = cs[x]
        line = f"  {x:<12} {r['pages']:4d} pages, {r['right']:4d} right"
        if r["unjudged"]:
            line += f", {r['unjudged']} with no known charset"
        line += f", {len(r['wrong'])} wrong" + (": " + "; ".join(r["wrong"]) if r["wrong"] else "")
        print(line)

    print("\nparser per set (pith extract -v: pages whose text the parser lost, the\n"
          "warning that must fire on no page that parses right; selects closed):\n")
    for x, r in parser_losses(pith, bench, dev).items():
        line = f"  {x:<12} {r['pages']:4d} pages, {len(r['lost'])} lost text"
        line += (": " + "; ".join(r["lost"])) if r["lost"] else ""
        line += f", {r['closed']} with a select closed"
        print(line)


def parser_losses(pith, bench, dev):
    """Per set: pages, the ones whose text the parser lost, those with a
    select closed before parsing."""
    rows = manifest(bench)
    with tempfile.TemporaryDirectory() as out:
        r = subprocess.run([pith, "extract", "-v", "-o", out, dev], stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, errors="replace")
    lost, closed = set(), set()
    for line in r.stderr.splitlines():
        pid = os.path.basename(line.split(": ", 1)[0])[:-len(".html")]
        if ": warning: the parser lost " in line:
            lost.add(pid)
        if "unclosed select" in line:
            closed.add(pid)
    result = {}
    for pid, row in rows.items():
        x = result.setdefault(row["set"], {"pages": 0, "lost": [], "closed": 0})
        x["pages"] += 1
        if pid in lost:
            x["lost"].append(pid)
        x["closed"] += pid in closed
    return result


if __name__ == "__main__":
    main()
