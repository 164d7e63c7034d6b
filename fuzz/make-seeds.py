#!/usr/bin/env python3
"""make-seeds.py - write the fuzzers' seed corpora: small hand-made nasties
and a few samples, each prefixed with the settings bytes its target reads
first (fuzz-charset: 1 byte, fuzz-lineblock: 2, fuzz-page: 4, fuzz-warc: 2).

Run from the source tree: python3 fuzz/make-seeds.py.  The seeds are
checked in; this script only documents and regenerates them.  Files named
crash-* are fuzzer finds kept as seeds (their pages are also regression
inputs tests/data/limits-*); the script leaves them alone."""
import os
import sys

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
P = b'<!DOCTYPE html><html><head><title>t</title></head><body>'
E = b'</body></html>\n'
para = b'<p>' + b'Some words of running text, long enough to count. ' * 3 + b'</p>\n'

nasties = {
    'empty': b'',
    'one-lt': b'<',
    'nul-inside': P + b'<p>a\0b</p><p \0class=x>c</p>\0' + E,
    'nested-300': P + b'<div>' * 300 + b'deep' + b'</div>' * 300 + E,
    'nested-unclosed': P + b'<span><b><i><u>' * 60 + b'x' + E,
    'attrs-200': P + b'<div ' + b' '.join(b'a%d="%d"' % (i, i) for i in range(200)) + b'>x</div>' + E,
    'dup-attrs': P + b'<a href=1 href=2 HREF=3 class=a class=b id= id>x</a>' + E,
    'open-comment': P + para + b'<!-- never closed <p>hidden</p>',
    'open-script': P + para + b'<script>var s = "</scr" + "ipt>"; if (a < b) {',
    'open-attr': P + para + b'<a href="http://x/?a=1&b=2>text that is now a value',
    'open-tag': P + para + b'<div class',
    'open-cdata': P + b'<![CDATA[ a ]] > b',
    'bogus-comment': P + b'<!x><?php echo 1; ?><!--><!---><!-- -- -->' + para + E,
    'invalid-utf8': P + b'<p>\xff\xfe\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80\xe2\x82 ok \xc3</p>' + E,
    'utf16le-nobom': (P.decode() + '<p>Grüße, 世界</p>' + E.decode()).encode('utf-16-le'),
    'utf16be-bom': b'\xfe\xff' + (P.decode() + '<p>ئۇيغۇرچە</p>' + E.decode()).encode('utf-16-be'),
    'utf16-odd': b'\xff\xfe<\x00p\x00>\x00x',
    'utf8-bom-latin-label': b'\xef\xbb\xbf<meta charset="iso-8859-1">' + P + b'<p>caf\xc3\xa9</p>' + E,
    'label-lies': b'<meta charset="shift_jis">' + P + '<p>naïve café – ok</p>'.encode() + E,
    'label-unknown': b'<meta http-equiv="Content-Type" content="text/html; charset=x-klingon">' + P + para + E,
    'label-xml': b'<?xml version="1.0" encoding="utf-16"?>' + P + para + E,
    'label-replacement': b'<meta charset=csiso2022kr>' + P + b'<p>\x1b$)C\x0e!!\x0f</p>' + E,
    'label-unquoted': b'<meta content="text/html;charset = \'gb2312" http-equiv=content-type>' + P + '<p>中文</p>'.encode('gbk') + E,
    'iso2022jp': b'<meta charset=iso-2022-jp>' + P + b'<p>\x1b$B$3$s\x1b(B \x1b$B</p>' + E,
    'ncr-range': P + b'<p>&#x110000; &#xD800;&#xDFFF; &#99999999999999999999; &#0; &#128; &#x9F; &#x; &#; &#65 &#x1F600;</p>' + E,
    'entities': P + b'<p>&amp;&lt;&gt;&quot;&apos;&nbsp&copy;&copy &eacute;&notanentity; &AMP &</p>' + E,
    'forms': P + '<p>ﻻ ﺍﻟﻌﺮﺑﻴﺔ ﷲ ﷺ</p>'.encode() + E,
    'cr-lines': b'<html>\r<body>\r<p>one\r\rtwo\r\n\rthree</p>\r' + para.replace(b'\n', b'\r') + b'</body>',
    'raw-text': P + b'<style>p{}</style><textarea><p>x</p></textarea><noscript><p>n</p></noscript><template><p>t</p></template><script></script >' + para + E,
    'meta-bits': b'<html><head><title>A &amp; B</title><meta property="og:title" content="OG"><meta name="date" content="2024-01-02"><link rel=canonical href="http://e/x"><script type="application/ld+json">{"headline":"h","datePublished":"2020"}</script></head><body><h1>H</h1>' + para + E,
    'table-soup': P + b'<table><tr><td><p>a<td>b<tr><table><li>c</table></p></b></i><br/><br></br><p></p></table>' + para + E,
    'custom-tags': P + b'<my-el x=1><other-el>text</other-el></my-el><svg><path d="M0"/><text>s</text></svg><math><mi>x</mi></math>' + para + E,
    'binary': bytes(range(256)) * 4,
    'controls': P + b'\x01\x02\x03\x04\x05\x06\x07\x08' * 20 + E,
    'siblings-500': P + b'<p>x</p>' * 500 + E,
    'long-line': P + b'<p>' + b'word ' * 2000 + b'</p>' + E,
    'links': P + b'<ul>' + b'<li><a href="/a">link text here</a></li>' * 40 + b'</ul>' + para + E,
    'lt-text': P + b'<p>a < b and c <= d, x<3, <-- arrow</p>' + E,
    'frameset': b'<html><frameset><frame src=a></frameset><noframes><p>nf</p></noframes></html>',
    'xhtml': b'<?xml version="1.0"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x"><html xmlns="http://www.w3.org/1999/xhtml"><body><p/><p>x</p></body></html>',
}

# page only: markup the pre-scan in src/dom.c must count the way libtidy
# builds it (fuzz-page refuses nesting past 200)
B = b'<html><body>'
page_nasties = {
    'deep-title': b'<title>' + b'<div>' * 250,
    'deep-textarea': b'<textarea>' + b'<div>' * 190,
    'deep-tables': B + b'<table><tr><td>' * 66,
    'deep-cells': B + b'<td><div>' * 60,
    'deep-lists': B + b'<ul><li>' * 90 + b'<dl><dd>' * 10,
    'deep-select': B + b'<select><optgroup><option>' * 70,
    'deep-format': B + b'<b><i><u><font>' * 50,
    'deep-custom': B + b'<x-a><my-el>' * 99,
    'font-copies': B + b'<font>' * 60 + b'<p>x</p>' * 60,
    'stray-ends': B + b'<div></i>' * 190 + b'</td></li></tr></html>' * 50,
    'inline-across-block': B + b'<b><div></b><u><i></u>' * 60,
    'long-attr-name': P + b'<div ' + b'a' * 20000 + b'>x</div>' + E,
    'quote-attr-name': P + b'<div "' + b'a' * 8000 + b' x-"' + b'b' * 3000 + b'>x</div>' + E,
    'long-tag-name': P + b'<x' + b'a' * 20000 + b'>x</x>' + E,
    'long-attr-value': P + b'<div title="' + b'v' * 30000 + b'">x</div>' + E,
    'control-refs': P + b'<p>&\x19#0 &\x14#0; &#1;&#x1f;&#5N\x02 &\x7f#0</p>' + E,
}

samples = ['samples/news.html', 'samples/gbk.html', 'samples/utf16.html',
           'samples/uyghur-1252.html', 'samples/invalid-utf8.html',
           'tests/data/dump-outlier.html']

prefix = {'charset': [b'\x00', b'\x31', b'\x8b'],
          'lineblock': [b'\x02V', b'\x32\x20'],
          'page': [b'\x1d\xc8\x3f\xa2', b'\x9d\x48\x3f\x1a']}

for target, pres in prefix.items():
    d = os.path.join(top, 'fuzz', 'seeds', target)
    os.makedirs(d, exist_ok=True)
    items = list(nasties.items())
    if target == 'page':
        items += list(page_nasties.items())
    for s in samples:
        with open(os.path.join(top, s), 'rb') as f:
            items.append(('sample-' + os.path.basename(s).split('.')[0], f.read()))
    for k, (name, body) in enumerate(items):
        with open(os.path.join(d, name), 'wb') as f:
            f.write(pres[k % len(pres)] + body)
# fuzz-rules-eval: a rule file, a NUL, the method byte (0 cc, 1 auto,
# 2 lb) and a page
d = os.path.join(top, 'fuzz', 'seeds', 'rules-eval')
os.makedirs(d, exist_ok=True)
rules = sorted(os.listdir(os.path.join(top, 'fuzz', 'seeds', 'rules')))
pages = [('para', P + para * 3 + E), ('deep-cells', page_nasties['deep-cells']),
         ('controls', page_nasties['control-refs']), ('news', open(os.path.join(top, 'samples/news.html'), 'rb').read())]
for k, name in enumerate(rules):
    with open(os.path.join(top, 'fuzz', 'seeds', 'rules', name), 'rb') as f:
        rule = f.read()
    for j, (pname, page) in enumerate(pages):
        with open(os.path.join(d, name.replace('.txt', '') + '-' + pname), 'wb') as f:
            f.write(rule + b'\0' + bytes([(k + j) % 3]) + page)
costly = {
    'budget-strips': ''.join('strip: //*[count(//*[count(//*) > %d]) > 0]\n' % i for i in range(20)),
    'budget-concat': 'title: //*[string-length(concat(string(/),string(/))) = 1]\n'
                     'strip: //*[contains(translate(string(/),"abc","ABC"),substring-before(string(.),"x"))]\n',
}
for k, (name, rule) in enumerate(costly.items()):
    with open(os.path.join(d, name), 'wb') as f:
        f.write(rule.encode() + b'\0' + bytes([k]) + P + para * 20 + E)
# fuzz-learn: the method byte (odd: cc) and up to three pages split by NULs
d = os.path.join(top, 'fuzz', 'seeds', 'learn')
os.makedirs(d, exist_ok=True)
site = sorted(f for f in os.listdir(os.path.join(top, 'samples', 'site-a')) if f.endswith('.html'))
site = [open(os.path.join(top, 'samples', 'site-a', f), 'rb').read() for f in site]
learn = {'site-a-3': b'\0' + b'\0'.join(site[:3]), 'site-a-cc': b'\1' + site[2] + b'\0' + site[3],
         'news': b'\0' + pages[3][1], 'para-deep': b'\1' + P + para * 3 + E + b'\0' +
         page_nasties['deep-cells']}
for name, body in learn.items():
    with open(os.path.join(d, name), 'wb') as f:
        f.write(body)
print('seeds written', file=sys.stderr)

# fuzz-warc: 2 settings bytes (read size, block limit), then a WARC file
import gzip  # noqa: E402
import zlib  # noqa: E402


def warc_rec(fields, block):
    h = b'WARC/1.0\r\n' + b''.join(b'%s: %s\r\n' % f for f in fields)
    return h + b'Content-Length: %d\r\n\r\n' % len(block) + block + b'\r\n\r\n'


def warc_resp(n, http):
    return warc_rec([(b'WARC-Type', b'response'), (b'WARC-Target-URI', b'http://a.test/%d' % n),
                     (b'WARC-Date', b'2024-01-01T00:00:00Z'),
                     (b'WARC-Record-ID', b'<urn:uuid:%d>' % n)], http)


page = P + para + E
ok = b'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n'
gz = gzip.compress(page)
warc = {
    'plain': warc_rec([(b'WARC-Type', b'warcinfo')], b'software: x\r\n') +
    warc_resp(1, ok + b'\r\n' + page) + warc_resp(2, ok + b'\r\n' + page),
    'chunked-gzip': warc_resp(1, ok + b'Transfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n' +
                              b'%x\r\n' % len(gz) + gz + b'\r\n0\r\n\r\n'),
    'deflate': warc_resp(1, ok + b'Content-Encoding: deflate\r\n\r\n' + zlib.compress(page)),
    'skips': warc_resp(1, b'HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG') +
    warc_rec([(b'WARC-Type', b'revisit')], b'') +
    warc_rec([(b'WARC-Type', b'response'), (b'WARC-Truncated', b'length')], ok + b'\r\n<p>') +
    b'WARC/1.0\r\nWARC-Type: response\r\n\r\nno length\r\n\r\n' + warc_resp(2, ok + b'\r\n' + page),
    'cut': warc_resp(1, ok + b'\r\n' + page)[:150],
}
warc['members'] = b''.join(gzip.compress(r) for r in [warc['plain'], warc['deflate']])
warc['whole'] = gzip.compress(warc['skips'])
d = os.path.join(top, 'fuzz', 'seeds', 'warc')
os.makedirs(d, exist_ok=True)
for k, (name, body) in enumerate(warc.items()):
    with open(os.path.join(d, name), 'wb') as f:
        f.write([b'\x07\x40', b'\xff\xff', b'\x00\x02'][k % 3] + body)
