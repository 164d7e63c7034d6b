/* util.c - what every stage shares: die() and messages made safe for a
 * terminal, allocation that aborts when memory is out, byte buffers and
 * string vectors, UTF-8 decoding, white space and its collapsing, HTML and
 * JSON escaping, and small sorting and numbering helpers for 64-bit keys. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util.h"

static void (*die_cleanup)(void);
static void vput_safe(FILE *f, const char *fmt, va_list ap);

void
die_set_cleanup(void (*fn)(void))
{
	die_cleanup = fn;
}

void
die(const char *fmt, ...)
{
	/* taken first: a cleanup that itself dies must not loop */
	void (*fn)(void) = die_cleanup;
	die_cleanup = NULL;
	if (fn)
		fn();
	va_list ap;
	va_start(ap, fmt);
	fputs("pith: ", stderr);
	vput_safe(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
	abort();
}

/* Whether s[i] (of n bytes) begins a character buf_add_safe escapes, and
 * how many bytes it takes: 0 for none. */
static size_t
unsafe_at(const char *s, size_t n, size_t i)
{
	unsigned char c = (unsigned char)s[i];
	if ((c < 0x20 && c != '\n' && c != '\t' && !(c == '\r' && i == 0)) || c == 0x7F)
		return 1;
	if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 &&
	    (unsigned char)s[i + 1] <= 0x9F)
		return 2;
	return 0;
}

/* s[0..n) made safe, in runs: put(ctx, bytes, len) for each plain run
 * and each escape ("\\xHH", "\\uHHHH"). */
static void
safe_runs(const char *s, size_t n, void (*put)(void *, const char *, size_t), void *ctx)
{
	size_t run = 0;
	for (size_t i = 0; i < n; i++) {
		size_t k = unsafe_at(s, n, i);
		if (!k) {
			run++;
			continue;
		}
		char e[8];
		int len = k == 1 ? snprintf(e, sizeof e, "\\x%02X", (unsigned char)s[i]) :
				   snprintf(e, sizeof e, "\\u%04X", (unsigned char)s[i + 1]);
		put(ctx, s + i - run, run);
		run = 0;
		put(ctx, e, (size_t)len);
		i += k - 1;
	}
	put(ctx, s + n - run, run);
}

static void
put_buf(void *ctx, const char *s, size_t n)
{
	buf_add(ctx, s, n);
}

static void
put_file(void *ctx, const char *s, size_t n)
{
	fwrite(s, 1, n, ctx);
}

void
buf_add_safe(struct buf *b, const char *s, size_t n)
{
	safe_runs(s, n, put_buf, b);
	if (!b->data)
		buf_adds(b, "");
}

/* fmt's output on f, escaped as buf_add_safe does, with no allocation
 * for a message of under 4 KiB (die() calls it when memory is out). */
static void
vput_safe(FILE *f, const char *fmt, va_list ap)
{
	char small[4096], *big = NULL;
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	if (n >= 0 && (size_t)n >= sizeof small) {
		big = malloc((size_t)n + 1);
		if (big)
			vsnprintf(big, (size_t)n + 1, fmt, again);
		else
			n = (int)sizeof small - 1;
	}
	va_end(again);
	if (n >= 0)
		safe_runs(big ? big : small, (size_t)n, put_file, f);
	free(big);
}

void
eprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vput_safe(stderr, fmt, ap);
	va_end(ap);
}

void
oprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vput_safe(stdout, fmt, ap);
	va_end(ap);
}

static void
oom(size_t n)
{
	die("out of memory (%zu bytes)", n);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

void *
xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		oom(count * size);
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		oom(n);
	return q;
}

void *
xreallocarray(void *p, size_t count, size_t size)
{
	if (size && count > SIZE_MAX / size)
		oom(SIZE_MAX);
	return xrealloc(p, count * size);
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

void
buf_init(struct buf *b)
{
	b->data = NULL;
	b->len = b->cap = 0;
}

void
buf_free(struct buf *b)
{
	free(b->data);
	buf_init(b);
}

void
buf_reserve(struct buf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap < b->len + extra + 1)
		cap *= 2;
	b->data = xrealloc(b->data, cap);
	b->cap = cap;
}

void
buf_add(struct buf *b, const void *p, size_t n)
{
	buf_reserve(b, n);
	if (n)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void
buf_addc(struct buf *b, char c)
{
	buf_reserve(b, 1);
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}

void
buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void
buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	if (n >= 0) {
		buf_reserve(b, (size_t)n);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, again);
		b->len += (size_t)n;
	}
	va_end(again);
}

size_t
utf8_encode(uint32_t cp, char s[4])
{
	if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		cp = 0xFFFD;
	if (cp < 0x80) {
		s[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		s[0] = (char)(0xC0 | (cp >> 6));
		s[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		s[0] = (char)(0xE0 | (cp >> 12));
		s[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		s[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	s[0] = (char)(0xF0 | (cp >> 18));
	s[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	s[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	s[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

void
buf_add_utf8(struct buf *b, uint32_t cp)
{
	char s[4];
	size_t n = utf8_encode(cp, s);
	buf_add(b, s, n);
}

uint64_t
hash_bytes(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

void
test_count(const char *what, long n)
{
	if (getenv("PITH_TEST_COUNTS"))
		eprintf("pith: count %s: %ld\n", what, n);
}

/* Open addressing, linear probing, at most half full. */
static size_t
strmap_slot(struct strmap *m, const char *key)
{
	size_t i = (size_t)hash_bytes(key, strlen(key)) & (m->cap - 1);
	while (m->key[i] && (m->probes++, strcmp(m->key[i], key)))
		i = (i + 1) & (m->cap - 1);
	return i;
}

int
strmap_put(struct strmap *m, const char *key, int val)
{
	if (2 * (m->n + 1) > m->cap) {
		/* twice the room, every key put in again */
		const char **oldkey = m->key;
		int *oldval = m->val;
		size_t oldcap = m->cap;
		m->cap = oldcap ? 2 * oldcap : 64;
		m->key = xcalloc(m->cap, sizeof *m->key);
		m->val = xcalloc(m->cap, sizeof *m->val);
		for (size_t i = 0; i < oldcap; i++)
			if (oldkey[i]) {
				size_t j = strmap_slot(m, oldkey[i]);
				m->key[j] = oldkey[i];
				m->val[j] = oldval[i];
			}
		free(oldkey);
		free(oldval);
	}
	m->probes++;
	size_t i = strmap_slot(m, key);
	if (m->key[i])
		return m->val[i];
	m->key[i] = key;
	m->val[i] = val;
	m->n++;
	return -1;
}

void
strmap_free(struct strmap *m)
{
	free(m->key);
	free(m->val);
	memset(m, 0, sizeof *m);
}

size_t
utf8_cut(const char *s, size_t n, size_t max)
{
	if (n <= max)
		return n;
	size_t k = max;
	while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80)
		k--;
	return k;
}

void
buf_add_html(struct buf *b, const char *s, size_t n, bool attr)
{
	size_t run = 0;     /* bytes waiting to be copied as they are */
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *rep = NULL;
		if (c == '&')
			rep = "&amp;";
		else if (c == '<')
			rep = "&lt;";
		else if (c == '>')
			rep = "&gt;";
		else if (c == '"' && attr)
			rep = "&quot;";
		else if (c < 0x20 && c != '\t' && c != '\n' && c != '\r')
			rep = " ";
		if (!rep)
			continue;
		buf_add(b, s + run, i - run);
		buf_adds(b, rep);
		run = i + 1;
	}
	buf_add(b, s + run, n - run);
}

void
buf_add_json(struct buf *b, const char *s, size_t n)
{
	buf_addc(b, '"');
	size_t run = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *esc = NULL;
		char tmp[8];
		switch (c) {
		case '"': esc = "\\\""; break;
		case '\\': esc = "\\\\"; break;
		case '\n': esc = "\\n"; break;
		case '\r': esc = "\\r"; break;
		case '\t': esc = "\\t"; break;
		case '\f': esc = "\\f"; break;
		case '\b': esc = "\\b"; break;
		default:
			if (c < 0x20 || c == 0x7F) {
				snprintf(tmp, sizeof tmp, "\\u%04x", c);
				esc = tmp;
			} else if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 &&
				   (unsigned char)s[i + 1] <= 0x9F) {
				/* a C1 control, which a terminal may read as ESC [ */
				snprintf(tmp, sizeof tmp, "\\u%04x", (unsigned char)s[i + 1]);
				esc = tmp;
				buf_add(b, s + i - run, run);
				run = 0;
				buf_adds(b, esc);
				i++;
				continue;
			} else if (c >= 0x80) {
				/* a JSON text is UTF-8: a byte that starts no valid
				 * sequence (a Latin-1 file name, a broken URI) is
				 * written as U+FFFD */
				uint32_t cp;
				size_t k = utf8_decode((const unsigned char *)s + i, n - i, &cp);
				if (k > 1) {
					run += k;
					i += k - 1;
					continue;
				}
				esc = "\\ufffd";
			}
		}
		if (esc) {
			buf_add(b, s + i - run, run);
			run = 0;
			buf_adds(b, esc);
		} else {
			run++;
		}
	}
	buf_add(b, s + n - run, run);
	buf_addc(b, '"');
}

char *
buf_steal(struct buf *b, size_t *len)
{
	if (!b->data)
		buf_reserve(b, 0), b->data[0] = '\0';
	char *d = b->data;
	if (len)
		*len = b->len;
	buf_init(b);
	return d;
}

size_t
utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	unsigned char c = s[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	size_t need;
	uint32_t v, min;
	if (c >= 0xC2 && c <= 0xDF) {
		need = 1; v = c & 0x1F; min = 0x80;
	} else if (c >= 0xE0 && c <= 0xEF) {
		need = 2; v = c & 0x0F; min = 0x800;
	} else if (c >= 0xF0 && c <= 0xF4) {
		need = 3; v = c & 0x07; min = 0x10000;
	} else {
		*cp = 0xFFFD;
		return 1;
	}
	if (need >= n) {
		*cp = 0xFFFD;
		return 1;
	}
	for (size_t i = 1; i <= need; i++) {
		if ((s[i] & 0xC0) != 0x80) {
			*cp = 0xFFFD;
			return 1;
		}
		v = (v << 6) | (s[i] & 0x3F);
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
		*cp = 0xFFFD;
		return 1;
	}
	*cp = v;
	return need + 1;
}

/* Bytes of the ASCII run at s, eight at a time. */
size_t
ascii_prefix(const unsigned char *s, size_t n)
{
	size_t i = 0;
	while (i + 8 <= n) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		if (w & 0x8080808080808080ull)
			break;
		i += 8;
	}
	while (i < n && s[i] < 0x80)
		i++;
	return i;
}

size_t
utf8_valid_prefix(const unsigned char *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		if (s[i] < 0x80) {
			i += ascii_prefix(s + i, n - i);
			continue;
		}
		uint32_t cp;
		size_t k = utf8_decode(s + i, n - i, &cp);
		if (cp == 0xFFFD && k == 1)
			return i;
		i += k;
	}
	return n;
}

bool
uc_is_white(uint32_t cp)
{
	switch (cp) {
	case 0x09: case 0x0A: case 0x0B: case 0x0C: case 0x0D: case 0x20:
	case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029:
	case 0x202F: case 0x205F: case 0x3000:
		return true;
	default:
		return cp >= 0x2000 && cp <= 0x200A;
	}
}

/* The bytes a white space character can begin with: ASCII's six, and
 * the first bytes of the UTF-8 forms of U+0085, U+00A0 (0xC2), U+1680
 * (0xE1), U+2000..U+205F (0xE2) and U+3000 (0xE3).  A continuation byte
 * is never one, so a run free of them holds whole characters of which
 * none is white. */
static const uint8_t white_lead[256] = {
	[0x09] = 1, [0x0A] = 1, [0x0B] = 1, [0x0C] = 1, [0x0D] = 1, [0x20] = 1,
	[0xC2] = 1, [0xE1] = 1, [0xE2] = 1, [0xE3] = 1,
};

#define BYTES_80 0x8080808080808080ull
#define BYTES_7F 0x7F7F7F7F7F7F7F7Full
#define BYTES_01 0x0101010101010101ull

/* Per byte of w (eight ASCII bytes), 0x80 where it is a space: a zero
 * test of w ^ 0x20..., exact for every byte. */
static uint64_t
ascii_space_mask(uint64_t w)
{
	uint64_t x = w ^ (0x20 * BYTES_01);
	return ~(((x & BYTES_7F) + BYTES_7F) | x | BYTES_7F);
}

/* Per byte of w (eight ASCII bytes), 0x80 where it is one of 0x09..0x0D:
 * at least 0x09 and not at least 0x0E, with no carry between bytes
 * below 0x80. */
static uint64_t
ascii_control_white_mask(uint64_t w)
{
	return (w + (0x80 - 0x09) * BYTES_01) & ~(w + (0x80 - 0x0E) * BYTES_01) & BYTES_80;
}

/* The number of bytes marked 0x80 in m (each byte 0x80 or 0). */
static size_t
marked_bytes(uint64_t m)
{
	return (size_t)(((m >> 7) * BYTES_01) >> 56);
}

/* The mark of the first and of the last of eight bytes loaded into a
 * word, whichever way round the machine loads them. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define FIRST_OF_8 (0x80ull << 56)
#define LAST_OF_8 0x80ull
#else
#define FIRST_OF_8 0x80ull
#define LAST_OF_8 (0x80ull << 56)
#endif

/* Bytes at s that white space collapsing leaves as they are: no byte
 * that may begin a white space character, but for lone spaces between
 * two that are not (the spaces between words).  Eight ASCII bytes at a
 * time while they hold nothing else (a space last in the eight is left
 * to the byte by byte test, which sees the next). */
static size_t
collapsed_run(const unsigned char *s, size_t n)
{
	size_t i = 0;
	uint64_t w;
	for (;;) {
		while (i + 8 <= n && (memcpy(&w, s + i, 8), !(w & BYTES_80))) {
			uint64_t sp = ascii_space_mask(w);
			uint64_t white = sp | ascii_control_white_mask(w);
			/* white other than a space, two white bytes side by
			 * side, a white byte last, or first in the run */
			if ((white & ~sp) | (white & (white >> 8)) | (white & LAST_OF_8) |
			    (i == 0 ? white & FIRST_OF_8 : 0))
				break;
			i += 8;
		}
		while (i < n && !white_lead[s[i]])
			i++;
		if (i == 0 || i + 1 >= n || s[i] != ' ' || white_lead[s[i + 1]])
			return i;
		i += 2;
	}
}

size_t
utf8_count_chars(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t count = 0;
	for (size_t i = 0; i < n;) {
		if (u[i] < 0x80) {
			/* ASCII eight bytes at a time: those that are not white */
			uint64_t w;
			while (i + 8 <= n && (memcpy(&w, u + i, 8), !(w & BYTES_80))) {
				count += 8 - marked_bytes(ascii_space_mask(w) | ascii_control_white_mask(w));
				i += 8;
			}
			for (; i < n && u[i] < 0x80; i++)
				count += !white_lead[u[i]];
			continue;
		}
		uint32_t cp;
		i += utf8_decode(u + i, n - i, &cp);
		count += !uc_is_white(cp);
	}
	return count;
}

size_t
utf8_chars(const char *s, size_t n)
{
	size_t count = 0;
	for (size_t i = 0; i < n; i++)
		count += ((unsigned char)s[i] & 0xC0) != 0x80;
	return count;
}

const char *
memcasestr(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = 0; i + k <= n; i++)
		if (strncasecmp(s + i, needle, k) == 0)
			return s + i;
	return NULL;
}

/* HTML's white space */
static bool
html_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

const char *
html_next_attr(const char *p, const char *end, const char **name, size_t *nlen,
	       const char **val, size_t *vlen)
{
	while (p < end && (html_space(*p) || *p == '/'))
		p++;
	if (p >= end || *p == '>')
		return NULL;
	*name = p;
	while (p < end && !html_space(*p) && *p != '=' && *p != '>' && *p != '/')
		p++;
	*nlen = (size_t)(p - *name);
	*val = p;
	*vlen = 0;
	while (p < end && html_space(*p))
		p++;
	if (p >= end || *p != '=')
		return p;
	p++;
	while (p < end && html_space(*p))
		p++;
	if (p < end && (*p == '"' || *p == '\'')) {
		char q = *p++;
		*val = p;
		while (p < end && *p != q)
			p++;
		*vlen = (size_t)(p - *val);
		return p < end ? p + 1 : p;
	}
	*val = p;
	while (p < end && !html_space(*p) && *p != '>')
		p++;
	*vlen = (size_t)(p - *val);
	return p;
}

bool
html_attr_is(const char *name, size_t nlen, const char *want)
{
	return nlen == strlen(want) && strncasecmp(name, want, nlen) == 0;
}

bool
str_ieq(const char *a, const char *b)
{
	return strcasecmp(a, b) == 0;
}

bool
str_has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcasecmp(s + a - b, suffix) == 0;
}

static bool
is_blanked(unsigned char c, bool keep_cr)
{
	return (c < 0x20 && c != '\t' && c != '\n' && (c != '\r' || !keep_cr)) || c == 0x7F;
}

/* s[k] blanked if it is a control byte, with the continuation byte if it
 * leads a C1 control (C2 80 to C2 9F). */
static void
blank_at(char *s, size_t n, size_t k, bool keep_cr)
{
	if (is_blanked((unsigned char)s[k], keep_cr))
		s[k] = ' ';
	else if ((unsigned char)s[k] == 0xC2 && k + 1 < n &&
		 (unsigned char)s[k + 1] >= 0x80 && (unsigned char)s[k + 1] <= 0x9F)
		s[k] = s[k + 1] = ' ';
}

/* Sixteen bytes compared at once (GCC's and Clang's vector extension: SSE2
 * on amd64, plain code where there is none). */
typedef unsigned char bytes16 __attribute__((vector_size(16)));

void
blank_controls(char *s, size_t n, bool keep_cr)
{
	/* the third byte line breaks and tabs are let through as */
	const unsigned char cr = keep_cr ? '\r' : '\t';
	size_t i = 0;
	for (; i + 16 <= n; i += 16) {
		bytes16 v;
		memcpy(&v, s + i, 16);
		/* a control byte, DEL or C2 (the lead byte of the C1
		 * controls): most runs of a page have none, though most
		 * hold a line break or a tab */
		bytes16 hit = (bytes16)(((v < 0x20) & (v != '\t') & (v != '\n') & (v != cr)) |
					(v == 0x7F) | (v == 0xC2));
		uint64_t h[2];
		memcpy(h, &hit, 16);
		if (!(h[0] | h[1]))
			continue;
		for (size_t k = i; k < i + 16; k++)
			blank_at(s, n, k, keep_cr);
	}
	for (; i < n; i++)
		blank_at(s, n, i, keep_cr);
}

/* Binary: NUL bytes in more than 0.1 % of the first 16 KiB (and more than
 * 8 of them, so a stray NUL in a short page is tolerated too), or control
 * bytes in more than 10 % of it. */
bool
bytes_look_binary(const char *bytes, size_t n)
{
	size_t m = n < 16384 ? n : 16384, count[256] = { 0 };
	for (size_t i = 0; i < m; i++)
		count[(unsigned char)bytes[i]]++;
	size_t ctl = 0;
	for (int c = 1; c < 0x20; c++)
		if (c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1B)
			ctl += count[c];
	return (count[0] > 8 && count[0] * 1000 > m) || ctl * 10 > m;
}

int
int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

int
u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

size_t
u64_sort_unique(uint64_t *v, size_t n)
{
	if (n < 2)              /* v may be NULL when empty */
		return n;
	qsort(v, n, sizeof *v, u64_cmp);
	size_t k = 1;
	for (size_t i = 1; i < n; i++)
		if (v[k - 1] != v[i])
			v[k++] = v[i];
	return k;
}

/* The place of key in x's table: its own, or the empty one where it would
 * go. */
static size_t
u64_ids_probe(const struct u64_ids *x, uint64_t key)
{
	size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 32) & (x->tcap - 1);
	while (x->table[i] && x->v[x->table[i] - 1] != key)
		i = (i + 1) & (x->tcap - 1);
	return i;
}

uint32_t
u64_ids_add(struct u64_ids *x, uint64_t key)
{
	if (2 * ((size_t)x->n + 1) > x->tcap) {
		free(x->table);
		x->tcap = x->tcap ? 2 * x->tcap : 128;
		x->table = xcalloc(x->tcap, sizeof *x->table);
		for (uint32_t k = 0; k < x->n; k++) {
			x->slot[k] = (uint32_t)u64_ids_probe(x, x->v[k]);
			x->table[x->slot[k]] = k + 1;
		}
	}
	size_t i = u64_ids_probe(x, key);
	if (x->table[i])
		return x->table[i] - 1;
	if (x->n == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 64;
		x->v = xreallocarray(x->v, x->cap, sizeof *x->v);
		x->slot = xreallocarray(x->slot, x->cap, sizeof *x->slot);
	}
	x->v[x->n] = key;
	x->slot[x->n] = (uint32_t)i;
	x->table[i] = ++x->n;
	return x->n - 1;
}

uint32_t
u64_ids_find(const struct u64_ids *x, uint64_t key)
{
	if (!x->tcap)
		return UINT32_MAX;
	size_t i = u64_ids_probe(x, key);
	return x->table[i] ? x->table[i] - 1 : UINT32_MAX;
}

void
u64_ids_clear(struct u64_ids *x)
{
	for (uint32_t k = 0; k < x->n; k++)
		x->table[x->slot[k]] = 0;
	x->n = 0;
}

void
u64_ids_free(struct u64_ids *x)
{
	free(x->v);
	free(x->slot);
	free(x->table);
	memset(x, 0, sizeof *x);
}

void
strv_add(struct strv *s, const char *str)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->v = xreallocarray(s->v, (size_t)s->cap, sizeof *s->v);
	}
	s->v[s->n++] = xstrdup(str);
}

void
strv_free(struct strv *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* Append s with whitespace runs collapsed; *space says a pending space is
 * owed before the next visible character (never at a line start). */
void
buf_add_collapsed(struct buf *out, const char *s, size_t n, bool *space)
{
	const unsigned char *u = (const unsigned char *)s;
	/* the output is at most a space and the input: room once, then
	 * written in place (a page's whole text goes through here, at every
	 * threshold change in the inspector) */
	buf_reserve(out, n + 1);
	char *o = out->data + out->len;
	bool sp = *space;
	for (size_t i = 0; i < n;) {
		/* a run that collapses to itself goes over whole */
		size_t k = collapsed_run(u + i, n - i);
		bool white = false;
		if (!k) {
			uint32_t cp = u[i];
			k = cp < 0x80 ? 1 : utf8_decode(u + i, n - i, &cp);
			white = cp < 0x80 ? white_lead[cp] : uc_is_white(cp);
		}
		if (white) {
			sp = true;
		} else {
			if (sp && o > out->data && o[-1] != '\n')
				*o++ = ' ';
			sp = false;
			memcpy(o, u + i, k);
			o += k;
		}
		i += k;
	}
	out->len = (size_t)(o - out->data);
	out->data[out->len] = '\0';
	*space = sp;
}

void
text_collapse(const char *s, size_t n, struct buf *out)
{
	bool space = false;
	buf_add_collapsed(out, s, n, &space);
}

void
text_blind(const char *s, size_t n, struct buf *out)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	buf_reserve(out, n);
	while (i < n) {
		uint32_t cp;
		size_t k = u[i] < 0x80 ? (cp = u[i], 1) : utf8_decode(u + i, n - i, &cp);
		if (!uc_is_white(cp))
			buf_add(out, s + i, k);
		i += k;
	}
}
