#!/usr/bin/env python3
"""rename-attrs.py IN OUT [SEED]: IN with every class and id value replaced.

Each class token and each id becomes a random string of letters, a new one
at every occurrence (two posts that shared a class no longer do), so that
nothing that reads names (a forum's "post", "message", "signature") can
tell the parts apart; the rest of the bytes are untouched.  The page's
charset is kept: the bytes are read and written as Latin-1, and the names
renamed are ASCII in every test page.  SEED (default 1) makes the run
repeatable.
"""
import random
import re
import sys

ATTR = re.compile(rb'(\s(?:class|id)\s*=\s*)("[^"]*"|\'[^\']*\'|[^\s>]+)', re.I)


def main():
    src, dst = sys.argv[1], sys.argv[2]
    rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)

    def fresh():
        return "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(10)).encode()

    def sub(m):
        v = m.group(2)
        q = v[:1] if v[:1] in (b'"', b"'") else b""
        inner = v[1:-1] if q else v
        tokens = inner.split()
        return m.group(1) + q + b" ".join(fresh() for _ in tokens) + q

    with open(src, "rb") as f:
        data = f.read()
    # only inside start tags: a tag is "<" name ... ">"
    out = re.sub(rb"<[A-Za-z][^<>]*>", lambda t: ATTR.sub(sub, t.group(0)), data)
    with open(dst, "wb") as f:
        f.write(out)


if __name__ == "__main__":
    main()
