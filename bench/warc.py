#!/usr/bin/env python3
"""make bench: pith extract over a WARC file of the benchmark pages.

Builds a .warc.gz (a gzip member per record, as Common Crawl writes them)
with one response record per page of BENCH/dev: the page's URL from its
.json, an HTTP header (Content-Type: text/html, no charset, so detection
runs as for the file), the page's bytes as the body.  Checks that
`pith extract --format json` on it gives, record for record, the text of
`pith extract --format json` on the files, and prints records/s and peak
RSS of the process tree, with -j 1 and -j 2.  Then the same records
repeated REPEAT times (BENCH_WARC_REPEAT, default 8: a few hundred MB of
WARC once inflated) to show that memory stays flat as the input grows.
A benchmark, not a test: it asserts nothing, it reports.

usage: warc.py PITH BENCH_DIR
"""
import glob
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time


def record(url, n, body):
    http = (b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
            b"Content-Length: %d\r\n\r\n" % len(body)) + body
    head = ("WARC/1.0\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\n"
            "WARC-Date: 2024-01-01T00:00:00Z\r\n"
            "WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-%012d>\r\n"
            "Content-Type: application/http; msgtype=response\r\n"
            "Content-Length: %d\r\n\r\n" % (url, n, len(http))).encode()
    return head + http + b"\r\n\r\n"


def run(cmd, out_path):
    """Run cmd with stdout to out_path; (seconds, peak RSS MiB, stderr lines)."""
    t0 = time.monotonic()
    with open(out_path, "wb") as out:
        p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE)
        err = p.stderr.read().decode(errors="replace")
        _, status, ru = os.wait4(p.pid, 0)
    p.stderr.close()
    return time.monotonic() - t0, ru.ru_maxrss / 1024.0, [l for l in err.splitlines() if l]


def texts(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l)["text"] for l in f]


def main():
    pith, bench = sys.argv[1], sys.argv[2]
    repeat = int(os.environ.get("BENCH_WARC_REPEAT", "8"))
    pages = sorted(glob.glob(os.path.join(bench, "dev", "*.html")))
    with tempfile.TemporaryDirectory(prefix="pith-bench-warc.") as tmp:
        warc = os.path.join(tmp, "dev.warc.gz")
        raw = 0
        members = []
        for n, p in enumerate(pages, 1):
            with open(os.path.join(p[:-5] + ".json"), encoding="utf-8") as f:
                url = json.load(f).get("url") or "http://example.invalid/%d" % n
            with open(p, "rb") as f:
                r = record(url, n, f.read())
            raw += len(r)
            members.append(gzip.compress(r, compresslevel=6))
        with open(warc, "wb") as f:
            for m in members:
                f.write(m)
        listing = os.path.join(tmp, "pages.list")
        with open(listing, "w", encoding="utf-8") as f:
            f.write("".join(p + "\n" for p in pages))

        print(f"\nWARC input: {len(pages)} pages of {bench}/dev as response records, "
              f"{raw / 2**20:.1f} MiB ({os.path.getsize(warc) / 2**20:.1f} MiB as gzip members)\n")
        files_out = os.path.join(tmp, "files.jsonl")
        dt_f, rss_f, _ = run([pith, "extract", "--format", "json", "--from-list", listing], files_out)
        want = texts(files_out)
        hdr = f"{'run':<34} {'records':>8} {'same':>6} {'rec/s':>8} {'peak MiB':>9}"
        print(hdr)
        print("-" * len(hdr))
        print(f"{'the files, -j 1':<34} {len(want):8d} {'':>6} {len(want) / dt_f:8.1f} {rss_f:9.1f}")
        for jobs in (1, 2):
            out = os.path.join(tmp, "warc.jsonl")
            dt, rss, err = run([pith, "extract", "--format", "json", "-j", str(jobs), warc], out)
            got = texts(out)
            same = sum(1 for a, b in zip(want, got) if a == b)
            print(f"{'WARC, -j %d' % jobs:<34} {len(got):8d} {same:6d} {len(got) / dt:8.1f} {rss:9.1f}")
            for line in err[:3]:
                print("  " + line)
        big = os.path.join(tmp, "big.warc.gz")
        with open(big, "wb") as f:
            for _ in range(repeat):
                for m in members:
                    f.write(m)
        out = os.path.join(tmp, "big.jsonl")
        dt, rss, err = run([pith, "extract", "--format", "json", "-j", "2", big], out)
        got = texts(out)
        same = sum(1 for i, t in enumerate(got) if t == want[i % len(want)])
        label = f"WARC x{repeat} ({raw * repeat / 2**20:.0f} MiB), -j 2"
        print(f"{label:<34} {len(got):8d} {same:6d} {len(got) / dt:8.1f} {rss:9.1f}")
        for line in err[:3]:
            print("  " + line)
        print(f"\nsame: records whose text equals the file's; peak MiB: the process tree's "
              f"largest resident set.\nThe x{repeat} input is {raw * repeat / 2**20:.0f} MiB "
              f"inflated ({os.path.getsize(big) / 2**20:.0f} MiB on disk), a few hundred MB "
              "rather than 1 GB\nto keep make bench short; memory flat here means "
              "flat at any size (one record at a time).")


if __name__ == "__main__":
    main()
