/* warc.c - streaming WARC reader (plain or gzip) and WET record writer. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <zlib.h>

#include "load.h"
#include "warc.h"

#define CHUNK 65536
/* A record header longer than this is not one (real ones are < 2 KiB). */
#define MAX_HEADER 65536

struct warc_reader {
	warc_read_fn read;
	void *ctx;
	size_t max_block;
	struct buf raw;         /* input bytes not yet inflated (all of them while keep_raw) */
	size_t rpos;
	bool keep_raw;          /* until the first record: warc_reader_rest() may want them */
	bool eof, error;
	int read_errno;
	bool started, gzip, zinit, member_done;
	z_stream z;
	struct buf d;           /* decompressed bytes */
	size_t dpos;
	bool failed;            /* WARC_FAIL given: nothing more */
	char fail_why[160];
	long number;
	struct warc_record rec;
};

static ssize_t
pull(struct warc_reader *r)
{
	if (r->eof || r->error)
		return 0;
	if (!r->keep_raw && r->rpos > 0) {
		memmove(r->raw.data, r->raw.data + r->rpos, r->raw.len - r->rpos);
		r->raw.len -= r->rpos;
		r->rpos = 0;
	}
	buf_reserve(&r->raw, CHUNK);
	ssize_t k;
	do
		k = r->read(r->ctx, r->raw.data + r->raw.len, CHUNK);
	while (k < 0 && errno == EINTR);
	if (k < 0) {
		r->error = true;
		r->read_errno = errno;
		return -1;
	}
	if (k == 0) {
		r->eof = true;
		return 0;
	}
	r->raw.len += (size_t)k;
	r->raw.data[r->raw.len] = '\0';
	return k;
}

static void
set_fail(struct warc_reader *r, const char *why)
{
	if (!r->failed)
		snprintf(r->fail_why, sizeof r->fail_why, "%s", why);
	r->failed = true;
}

/* Make room and append more decompressed bytes to d.  0 when some were
 * added, -1 at the end of the input or on failure (r->failed). */
static int
fill(struct warc_reader *r)
{
	if (r->failed)
		return -1;
	if (r->dpos > 0 && r->dpos >= r->d.len / 2) {
		memmove(r->d.data, r->d.data + r->dpos, r->d.len - r->dpos);
		r->d.len -= r->dpos;
		r->dpos = 0;
	}
	for (;;) {
		if (r->rpos == r->raw.len) {
			ssize_t k = pull(r);
			if (k < 0) {
				char why[160];
				snprintf(why, sizeof why, "read error (%s)", strerror(r->read_errno));
				set_fail(r, why);
				return -1;
			}
			if (k == 0) {
				if (r->gzip && r->zinit && !r->member_done) {
					set_fail(r, "gzip data cut short");
					return -1;
				}
				return -1;
			}
		}
		if (!r->started) {
			/* the first two bytes say whether it is gzip */
			if (r->raw.len - r->rpos < 2 && !r->eof) {
				if (pull(r) > 0)
					continue;
			}
			r->started = true;
			r->gzip = load_is_gzip(r->raw.data + r->rpos, r->raw.len - r->rpos);
		}
		const unsigned char *in = (const unsigned char *)r->raw.data + r->rpos;
		size_t inlen = r->raw.len - r->rpos;
		if (!r->gzip) {
			buf_add(&r->d, in, inlen);
			r->rpos += inlen;
			return 0;
		}
		if (r->member_done) {
			/* zero bytes after a member are padding (a tape's block,
			 * which gzip -t accepts too): skipped to the end or to the
			 * next member */
			size_t zeros = 0;
			while (zeros < inlen && in[zeros] == 0)
				zeros++;
			if (zeros > 0) {
				r->rpos += zeros;
				continue;
			}
			/* a member ended: another follows, or the input ends */
			if (inlen < 2 && !r->eof) {
				if (pull(r) > 0)
					continue;
				in = (const unsigned char *)r->raw.data + r->rpos;
				inlen = r->raw.len - r->rpos;
			}
			if (!load_is_gzip((const char *)in, inlen)) {
				set_fail(r, "bytes after the gzip data that are not gzip");
				return -1;
			}
			inflateReset(&r->z);
			r->member_done = false;
		}
		if (!r->zinit) {
			memset(&r->z, 0, sizeof r->z);
			if (inflateInit2(&r->z, 16 + MAX_WBITS) != Z_OK) {
				set_fail(r, "cannot start zlib");
				return -1;
			}
			r->zinit = true;
		}
		buf_reserve(&r->d, CHUNK);
		r->z.next_in = (Bytef *)(uintptr_t)in;
		r->z.avail_in = inlen > UINT_MAX ? UINT_MAX : (uInt)inlen;
		r->z.next_out = (Bytef *)r->d.data + r->d.len;
		r->z.avail_out = (uInt)(r->d.cap - r->d.len - 1 > UINT_MAX ? UINT_MAX :
					 r->d.cap - r->d.len - 1);
		uInt in_before = r->z.avail_in, out_before = r->z.avail_out;
		int rc = inflate(&r->z, Z_NO_FLUSH);
		r->rpos += in_before - r->z.avail_in;
		size_t got = out_before - r->z.avail_out;
		r->d.len += got;
		r->d.data[r->d.len] = '\0';
		if (rc == Z_STREAM_END) {
			r->member_done = true;
		} else if (rc != Z_OK && rc != Z_BUF_ERROR) {
			char why[160];
			snprintf(why, sizeof why, "corrupt gzip data (%s)",
				 r->z.msg ? r->z.msg : "inflate failed");
			set_fail(r, why);
			return -1;
		}
		if (got > 0)
			return 0;
	}
}

/* At least n bytes after dpos, unless the input ends first. */
static size_t
need(struct warc_reader *r, size_t n)
{
	while (r->d.len - r->dpos < n && fill(r) == 0)
		;
	return r->d.len - r->dpos;
}

/* Discard n bytes without holding them; the count discarded. */
static size_t
discard(struct warc_reader *r, size_t n)
{
	size_t done = 0;
	while (done < n) {
		if (r->d.len == r->dpos && fill(r) < 0)
			break;
		size_t k = r->d.len - r->dpos;
		if (k > n - done)
			k = n - done;
		r->dpos += k;
		done += k;
	}
	return done;
}

struct warc_reader *
warc_reader_new(warc_read_fn read, void *ctx, size_t max_block)
{
	struct warc_reader *r = xcalloc(1, sizeof *r);
	r->read = read;
	r->ctx = ctx;
	r->max_block = max_block;
	r->keep_raw = true;
	buf_init(&r->raw);
	buf_init(&r->d);
	buf_init(&r->rec.body);
	return r;
}

static void
record_clear(struct warc_record *rec)
{
	free(rec->type);
	free(rec->target_uri);
	free(rec->record_id);
	free(rec->date);
	free(rec->http_type);
	rec->type = rec->target_uri = rec->record_id = rec->date = rec->http_type = NULL;
	rec->body.len = 0;
	if (rec->body.data)
		rec->body.data[0] = '\0';
}

void
warc_reader_free(struct warc_reader *r)
{
	if (!r)
		return;
	if (r->zinit)
		inflateEnd(&r->z);
	record_clear(&r->rec);
	buf_free(&r->rec.body);
	buf_free(&r->raw);
	buf_free(&r->d);
	free(r);
}

bool
warc_reader_sniff(struct warc_reader *r)
{
	/* blank lines may come first; "WARC/" then starts the version line */
	size_t n = need(r, 64);
	size_t i = 0;
	while (i < n && (r->d.data[r->dpos + i] == '\r' || r->d.data[r->dpos + i] == '\n'))
		i++;
	return n >= i + 5 && !memcmp(r->d.data + r->dpos + i, "WARC/", 5);
}

int
warc_reader_rest(struct warc_reader *r, size_t max, struct buf *out)
{
	if (!r->keep_raw)
		return -1;      /* records were read: the start is gone */
	buf_add(out, r->raw.data ? r->raw.data : "", r->raw.len);
	r->rpos = r->raw.len;
	while (out->len <= max) {
		char tmp[CHUNK];
		ssize_t k = r->read(r->ctx, tmp, sizeof tmp);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		if (k == 0)
			break;
		buf_add(out, tmp, (size_t)k);
	}
	return 0;
}

/* ---- headers ---- */

/* The end of the header block at s (n bytes): the offset after its blank
 * line, or 0 when there is none in n bytes. */
static size_t
header_end(const char *s, size_t n)
{
	size_t line = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '\n')
			continue;
		size_t len = i - line;
		if (len == 0 || (len == 1 && s[line] == '\r'))
			return i + 1;
		line = i + 1;
	}
	return 0;
}

/* The value of header field name in the header block h (n bytes, first
 * line skipped), trimmed, continuation lines joined; NULL when absent. */
static char *
header_get(const char *h, size_t n, const char *name)
{
	size_t nl = strlen(name);
	const char *end = h + n;
	const char *p = memchr(h, '\n', n);
	while (p && p + 1 < end) {
		const char *line = p + 1;
		const char *eol = memchr(line, '\n', (size_t)(end - line));
		if (!eol)
			eol = end;
		if ((size_t)(eol - line) > nl && line[nl] == ':' && !strncasecmp(line, name, nl)) {
			struct buf v;
			buf_init(&v);
			const char *s = line + nl + 1;
			for (;;) {
				while (s < eol && (*s == ' ' || *s == '\t'))
					s++;
				const char *e = eol;
				while (e > s && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
					e--;
				if (v.len && e > s)
					buf_addc(&v, ' ');
				buf_add(&v, s, (size_t)(e - s));
				/* a line starting with white space continues the value */
				if (eol + 1 < end && (eol[1] == ' ' || eol[1] == '\t')) {
					s = eol + 1;
					eol = memchr(s, '\n', (size_t)(end - s));
					if (!eol)
						eol = end;
					continue;
				}
				break;
			}
			if (!v.data)
				buf_adds(&v, "");
			return buf_steal(&v, NULL);
		}
		p = eol < end ? eol : NULL;
	}
	return NULL;
}

/* A decimal length, or -1. */
static long long
parse_length(const char *s)
{
	if (!s || !isdigit((unsigned char)*s))
		return -1;
	long long v = 0;
	for (; isdigit((unsigned char)*s); s++) {
		if (v > (LLONG_MAX - 9) / 10)
			return -1;
		v = v * 10 + (*s - '0');
	}
	return *s ? -1 : v;
}

/* Skip to the next line that starts "WARC/" (after an invalid record
 * whose end is not known). */
static void
resync(struct warc_reader *r)
{
	r->dpos++;
	for (;;) {
		size_t n = need(r, 6);
		if (n < 6) {
			r->dpos = r->d.len;
			return;
		}
		const char *s = r->d.data + r->dpos;
		const char *hit = NULL;
		for (size_t i = 0; i + 6 <= n; i++)
			if (s[i] == '\n' && !memcmp(s + i + 1, "WARC/", 5)) {
				hit = s + i + 1;
				break;
			}
		if (hit) {
			r->dpos = (size_t)(hit - r->d.data);
			return;
		}
		r->dpos += n - 5;
	}
}

/* How far past a block the reader looks for the next record's start:
 * the block's own CRLF CRLF, a few stray line ends, then "WARC/". */
#define TRAIL 16

/* Whether the block of n bytes at dpos (have of them and after it read)
 * ends where a record does: line ends, then the next record's "WARC/" or
 * the input's end. */
static bool
block_ends_record(const struct warc_reader *r, size_t n, size_t have)
{
	if (have < n)
		return false;
	const char *s = r->d.data + r->dpos;
	size_t i = n;
	while (i < have && (s[i] == '\r' || s[i] == '\n'))
		i++;
	if (i == have)
		return true;
	return have - i >= 5 && !memcmp(s + i, "WARC/", 5);
}

/* The offset of the first record header ("WARC/1." starting a line) in
 * the first m bytes at dpos, or SIZE_MAX: where a block whose stated
 * length ran past its record was cut short by the next one. */
static size_t
header_within(const struct warc_reader *r, size_t m)
{
	const char *s = r->d.data + r->dpos;
	if (m >= 7 && !memcmp(s, "WARC/1.", 7))
		return 0;
	const char *p = m >= 8 ? memmem(s, m, "\nWARC/1.", 8) : NULL;
	return p ? (size_t)(p - s) + 1 : SIZE_MAX;
}

/* ---- HTTP ---- */

static int
inflate_all(const char *in, size_t n, int wbits, size_t max, struct buf *out,
	    char *why, size_t whylen)
{
	static const struct inflate_words w = { "body", "compressed body cut short",
						"compressed body" };
	return load_inflate(in, n, wbits, false, max, &w, out, why, whylen);
}

/* Undo Transfer-Encoding: chunked. */
static int
dechunk(const char *s, size_t n, size_t max, struct buf *out, char *why, size_t whylen)
{
	size_t i = 0;
	for (;;) {
		size_t size = 0;
		size_t digits = 0;
		while (i < n && isxdigit((unsigned char)s[i])) {
			int v = isdigit((unsigned char)s[i]) ? s[i] - '0' :
				tolower((unsigned char)s[i]) - 'a' + 10;
			if (size > (SIZE_MAX >> 4)) {
				snprintf(why, whylen, "bad chunk size");
				return -1;
			}
			size = size * 16 + (size_t)v;
			i++;
			digits++;
		}
		if (digits == 0) {
			snprintf(why, whylen, "bad chunked encoding");
			return -1;
		}
		const char *eol = memchr(s + i, '\n', n - i);   /* chunk extensions end here */
		if (!eol) {
			snprintf(why, whylen, "chunked body cut short");
			return -1;
		}
		i = (size_t)(eol - s) + 1;
		if (size == 0)
			return 0;       /* trailer fields, if any, are not needed */
		if (size > n - i) {
			snprintf(why, whylen, "chunked body cut short");
			return -1;
		}
		if (out->len + size > max) {
			snprintf(why, whylen, "body larger than %zu bytes (--max-bytes)", max);
			return -1;
		}
		buf_add(out, s + i, size);
		i += size;
		if (i < n && s[i] == '\r')
			i++;
		if (i < n && s[i] == '\n')
			i++;
		if (i >= n)
			return 0;       /* no last chunk: what came is the body */
	}
}

/* Whether s opens with a chunk's size line: hex digits, then an
 * extension (;...) or white space, to the line's end. */
static bool
opens_chunked(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && i < 16 && isxdigit((unsigned char)s[i]))
		i++;
	if (i == 0)
		return false;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i < n && s[i] == ';') {
		const char *eol = memchr(s + i, '\n', n - i);
		return eol != NULL;
	}
	return i < n && (s[i] == '\n' || (s[i] == '\r' && i + 1 < n && s[i + 1] == '\n'));
}

static bool
is_html_type(const char *type)
{
	/* a header sent twice and joined ("text/html, text/html"): its
	 * first */
	size_t k = strcspn(type, ";,");
	while (k > 0 && (type[k - 1] == ' ' || type[k - 1] == '\t'))
		k--;
	return (k == 9 && !strncasecmp(type, "text/html", 9)) ||
	       (k == 21 && !strncasecmp(type, "application/xhtml+xml", 21));
}

/* A body without a Content-Type: HTML when it opens like a document. */
static bool
looks_html(const char *s, size_t n)
{
	size_t i = 0;
	if (n >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
		i = 3;
	while (i < n && isspace((unsigned char)s[i]))
		i++;
	return (n - i >= 9 && !strncasecmp(s + i, "<!doctype", 9)) ||
	       (n - i >= 5 && !strncasecmp(s + i, "<html", 5));
}

int
warc_http_decode(const char *block, size_t n, size_t max, struct buf *body,
		 char **http_type, bool *html, char *why, size_t whylen)
{
	*http_type = NULL;
	*html = false;
	if (n < 5 || memcmp(block, "HTTP/", 5)) {
		snprintf(why, whylen, "no HTTP status line");
		return -1;
	}
	size_t hl = header_end(block, n);
	/* interim responses (100 Continue, 103 Early Hints) come before
	 * the final one, in the same block */
	while (hl && n - hl >= 5 && !memcmp(block + hl, "HTTP/", 5)) {
		const char *sp = memchr(block, ' ', hl);
		if (!sp || sp + 1 >= block + hl || sp[1] != '1')
			break;
		block += hl;
		n -= hl;
		hl = header_end(block, n);
	}
	if (hl == 0) {
		snprintf(why, whylen, "HTTP header without its end");
		return -1;
	}
	const char *payload = block + hl;
	size_t plen = n - hl;
	char *te = header_get(block, hl, "Transfer-Encoding");
	char *ce = header_get(block, hl, "Content-Encoding");
	*http_type = header_get(block, hl, "Content-Type");
	int rc = 0;
	struct buf tmp;
	buf_init(&tmp);
	/* an empty Content-Type says nothing: the body is looked at */
	if (*http_type && !**http_type) {
		free(*http_type);
		*http_type = NULL;
	}
	/* crawlers often store the body de-chunked and keep the header: a
	 * body that does not open with a chunk's size line is taken as it
	 * is (as warcio reads it) */
	if (te && strcasestr(te, "chunked") && opens_chunked(payload, plen)) {
		rc = dechunk(payload, plen, max, &tmp, why, whylen);
		payload = tmp.data ? tmp.data : "";
		plen = tmp.len;
	}
	if (rc == 0 && ce && *ce && !str_ieq(ce, "identity")) {
		if (str_ieq(ce, "gzip") || str_ieq(ce, "x-gzip"))
			rc = inflate_all(payload, plen, 16 + MAX_WBITS, max, body, why, whylen);
		else if (str_ieq(ce, "deflate")) {
			/* "deflate" is zlib data by the RFC; some servers send
			 * raw deflate data */
			size_t start = body->len;
			rc = inflate_all(payload, plen, MAX_WBITS, max, body, why, whylen);
			if (rc < 0) {
				body->len = start;
				rc = inflate_all(payload, plen, -MAX_WBITS, max, body, why, whylen);
			}
		} else {
			snprintf(why, whylen, "unsupported Content-Encoding %.40s", ce);
			rc = -1;
		}
	} else if (rc == 0) {
		if (plen > max) {
			snprintf(why, whylen, "body larger than %zu bytes (--max-bytes)", max);
			rc = -1;
		} else {
			buf_add(body, payload, plen);
		}
	}
	if (!body->data)
		buf_adds(body, "");
	if (rc == 0)
		*html = *http_type ? is_html_type(*http_type) : looks_html(body->data, body->len);
	buf_free(&tmp);
	free(te);
	free(ce);
	return rc;
}

/* ---- records ---- */

static enum warc_status
skip(enum warc_skip *kind, enum warc_skip k, char *why, size_t whylen, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
static enum warc_status
skip(enum warc_skip *kind, enum warc_skip k, char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;
	*kind = k;
	va_start(ap, fmt);
	vsnprintf(why, whylen, fmt, ap);
	va_end(ap);
	return WARC_SKIP;
}

enum warc_status
warc_reader_next(struct warc_reader *r, struct warc_record **recp,
		 enum warc_skip *kind, char *why, size_t whylen)
{
	struct warc_record *rec = &r->rec;
	*recp = rec;
	*kind = WARC_SKIP_INVALID;
	*why = '\0';
	record_clear(rec);
	r->keep_raw = false;
	if (r->failed) {
		snprintf(why, whylen, "%s", r->fail_why);
		r->fail_why[0] = '\0';
		return *why ? WARC_FAIL : WARC_END;
	}
	/* the blank lines that end the previous record (or stray ones) */
	for (;;) {
		if (need(r, 1) == 0)
			goto end;
		char ch = r->d.data[r->dpos];
		if (ch != '\r' && ch != '\n')
			break;
		r->dpos++;
	}
	size_t hl, have = need(r, 1);
	for (;;) {
		hl = header_end(r->d.data + r->dpos, have);
		if (hl || have > MAX_HEADER)
			break;
		size_t more = need(r, have + 1);
		if (more == have) {
			/* the input ends inside the header */
			r->number++;
			rec->number = r->number;
			r->dpos = r->d.len;
			if (r->failed)
				goto end;
			return skip(kind, WARC_SKIP_INVALID, why, whylen, "%s", "cut short in its header");
		}
		have = more;
	}
	r->number++;
	rec->number = r->number;
	const char *h = r->d.data + r->dpos;
	if (hl == 0 || memcmp(h, "WARC/", 5)) {
		resync(r);
		return skip(kind, WARC_SKIP_INVALID, why, whylen, "%s",
			    hl == 0 ? "header too long" : "no WARC version line");
	}
	char *len = header_get(h, hl, "Content-Length");
	long long clen = parse_length(len);
	free(len);
	rec->type = header_get(h, hl, "WARC-Type");
	if (clen < 0 || !rec->type) {
		resync(r);
		return skip(kind, WARC_SKIP_INVALID, why, whylen, "%s",
			    clen < 0 ? "no valid Content-Length" : "no WARC-Type");
	}
	rec->target_uri = header_get(h, hl, "WARC-Target-URI");
	rec->record_id = header_get(h, hl, "WARC-Record-ID");
	rec->date = header_get(h, hl, "WARC-Date");
	char *trunc = header_get(h, hl, "WARC-Truncated");
	r->dpos += hl;
	size_t n = (size_t)clen;
	/* the block is checked to end where a record does: a Content-Length
	 * that overstates it would swallow the records after it, to the
	 * input's end.  The record is lost; the reader goes on at the next
	 * record header inside what it claimed.  At most max_block bytes are
	 * held: a longer block is judged only when the input ends inside it. */
	size_t lim = n < r->max_block ? n : r->max_block;
	size_t want = lim > SIZE_MAX - TRAIL ? lim : lim + TRAIL;
	size_t held = need(r, want);
	if (held < n && r->failed) {
		free(trunc);
		goto end;
	}
	if (held >= n || held < want) {
		size_t at = block_ends_record(r, n, held) ? SIZE_MAX :
			header_within(r, held < n ? held : n);
		if (at != SIZE_MAX) {
			r->dpos += at;
			free(trunc);
			return skip(kind, WARC_SKIP_INVALID, why, whylen,
				    "Content-Length %lld runs past the record, whose next begins "
				    "%zu bytes in: read on from there", clen, at);
		}
	}
	enum warc_status st;
	if (!str_ieq(rec->type, "response")) {
		st = str_ieq(rec->type, "revisit") ?
			skip(kind, WARC_SKIP_REVISIT, why, whylen, "%s", "revisit record") : WARC_OTHER;
	} else if (trunc) {
		st = skip(kind, WARC_SKIP_TRUNCATED, why, whylen, "truncated by the crawler (%.40s)", trunc);
	} else if ((unsigned long long)clen > r->max_block) {
		snprintf(why, whylen, "block of %lld bytes, over %zu (--max-bytes)", clen, r->max_block);
		*kind = WARC_SKIP_INVALID;
		st = WARC_SKIP;
	} else {
		free(trunc);
		if (need(r, n) < n) {
			r->dpos = r->d.len;
			if (r->failed)
				goto end;
			return skip(kind, WARC_SKIP_INVALID, why, whylen, "%s", "cut short in its block");
		}
		bool html = false;
		const char *block = r->d.data + r->dpos;
		int rc = warc_http_decode(block, n, r->max_block, &rec->body, &rec->http_type,
					  &html, why, whylen);
		r->dpos += n;
		if (rc < 0) {
			*kind = WARC_SKIP_INVALID;
			return WARC_SKIP;
		}
		if (!html)
			return skip(kind, WARC_SKIP_NOT_HTML, why, whylen, "not HTML (%.60s)",
				    rec->http_type ? rec->http_type : "no Content-Type");
		if (rec->body.len == 0)
			return skip(kind, WARC_SKIP_NOT_HTML, why, whylen, "%s", "no body");
		return WARC_PAGE;
	}
	free(trunc);
	if (discard(r, n) < n && !r->failed) {
		*kind = WARC_SKIP_INVALID;
		snprintf(why, whylen, "cut short in its block");
		return WARC_SKIP;
	}
	if (r->failed)
		goto end;
	return st;
end:
	if (r->failed) {
		snprintf(why, whylen, "%s", r->fail_why);
		r->fail_why[0] = '\0';
		return WARC_FAIL;
	}
	return WARC_END;
}

/* ---- WET ---- */

static uint64_t
fnv1a(const char *s, uint64_t h)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* A header line whose value cannot end it early: a control byte (a bare
 * CR would end the line for many readers, and start a header of the
 * value's choosing) is written percent-encoded, as in a URI. */
static void
header_line(struct buf *out, const char *name, const char *value)
{
	buf_adds(out, name);
	buf_adds(out, ": ");
	for (const unsigned char *p = (const unsigned char *)value; *p; p++) {
		if (*p < 0x20 || *p == 0x7f)
			buf_printf(out, "%%%02X", *p);
		else
			buf_addc(out, (char)*p);
	}
	buf_adds(out, "\r\n");
}

void
warc_write_conversion(struct buf *out, const char *target_uri, const char *refers_to,
		      const char *date, const char *seed, const char *text, size_t len)
{
	char now[32];
	if (!date) {
		time_t t = time(NULL);
		struct tm tm;
		gmtime_r(&t, &tm);
		strftime(now, sizeof now, "%Y-%m-%dT%H:%M:%SZ", &tm);
		date = now;
	}
	/* a UUID of version 8 (RFC 9562: custom) from two hashes of the seed */
	uint64_t a = fnv1a(seed, 0xcbf29ce484222325ULL);
	uint64_t b = fnv1a(seed, a ^ 0x9e3779b97f4a7c15ULL);
	a = (a & ~0xf000ULL) | 0x8000ULL;
	b = (b & ~(3ULL << 62)) | (2ULL << 62);
	buf_adds(out, "WARC/1.0\r\nWARC-Type: conversion\r\n");
	header_line(out, "WARC-Target-URI", target_uri);
	header_line(out, "WARC-Date", date);
	buf_printf(out, "WARC-Record-ID: <urn:uuid:%08x-%04x-%04x-%04x-%012llx>\r\n",
		   (unsigned)(a >> 32), (unsigned)(a >> 16) & 0xffff, (unsigned)a & 0xffff,
		   (unsigned)(b >> 48), (unsigned long long)(b & 0xffffffffffffULL));
	if (refers_to)
		header_line(out, "WARC-Refers-To", refers_to);
	buf_printf(out, "Content-Type: text/plain\r\nContent-Length: %zu\r\n\r\n", len);
	buf_add(out, text, len);
	buf_adds(out, "\r\n\r\n");
}
