/* load.c - reading pages (gzip-compressed ones too) and making them clean
 * UTF-8. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <uninorm.h>
#include <zlib.h>

#include "entities.h"
#include "load.h"

static int load_text(const char *bytes, size_t n, const struct load_opts *o,
		     struct load_result *r, char *err, size_t errlen);

void
load_opts_default(struct load_opts *o)
{
	memset(o, 0, sizeof *o);
	o->max_bytes = LOAD_DEFAULT_MAX_BYTES;
}

void
load_result_free(struct load_result *r)
{
	if (!r)
		return;
	free(r->text);
	r->text = NULL;
	r->len = 0;
}

size_t
load_decode_refs(const char *s, size_t n, struct buf *out)
{
	size_t count = 0, i = 0, run = 0;
	buf_reserve(out, n);
	while (i < n) {
		const char *amp = memchr(s + i, '&', n - i);
		if (!amp)
			break;
		size_t a = (size_t)(amp - s);
		size_t j = a + 1;
		if (j >= n || s[j] != '#') {
			i = a + 1;
			continue;
		}
		j++;
		bool hex = j < n && (s[j] == 'x' || s[j] == 'X');
		if (hex)
			j++;
		size_t digits = 0;
		uint64_t v = 0;
		while (j < n) {
			int d;
			char c = s[j];
			if (c >= '0' && c <= '9')
				d = c - '0';
			else if (hex && c >= 'a' && c <= 'f')
				d = c - 'a' + 10;
			else if (hex && c >= 'A' && c <= 'F')
				d = c - 'A' + 10;
			else
				break;
			if (v <= 0x10FFFF)
				v = v * (hex ? 16 : 10) + (uint64_t)d;
			digits++;
			j++;
		}
		/* Markup characters and ASCII stay as references: decoding
		 * &#60; here would make a tag out of text. */
		if (digits == 0 || (v < 0x80 && v != 0)) {
			i = j;
			continue;
		}
		if (j < n && s[j] == ';')
			j++;
		buf_add(out, s + run, a - run);
		buf_add_utf8(out, entity_numeric(v));
		count++;
		run = i = j;
	}
	buf_add(out, s + run, n - run);
	return count;
}

static bool
is_presentation_form(uint32_t cp)
{
	return (cp >= 0xFB50 && cp <= 0xFDFF) || (cp >= 0xFE70 && cp <= 0xFEFE);
}

size_t
load_normalise_forms(const char *s, size_t n, struct buf *out)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t count = 0, i = 0, run = 0;
	buf_reserve(out, n);
	while (i < n) {
		/* Presentation forms are encoded as EF AD..BF / EF B9..BB. */
		const unsigned char *ef = memchr(u + i, 0xEF, n - i);
		if (!ef)
			break;
		i = (size_t)(ef - u);
		uint32_t cp;
		size_t k = utf8_decode(u + i, n - i, &cp);
		if (!is_presentation_form(cp)) {
			i += k;
			continue;
		}
		size_t start = i;
		while (i < n) {
			k = utf8_decode(u + i, n - i, &cp);
			if (!is_presentation_form(cp))
				break;
			i += k;
			count++;
		}
		size_t normlen = 0;
		uint8_t *norm = u8_normalize(UNINORM_NFKC, u + start, i - start,
					     NULL, &normlen);
		buf_add(out, s + run, start - run);
		if (norm) {
			buf_add(out, norm, normlen);
			free(norm);
		} else {
			buf_add(out, s + start, i - start);
		}
		run = i;
	}
	buf_add(out, s + run, n - run);
	return count;
}

/* The byte a character of a double-encoded page stood for: UTF-8 read
 * as windows-1252 or Latin-1 and written out again as UTF-8 gives each
 * byte of the real character as one character, U+0080..U+00FF, or the
 * windows-1252 letter of 0x80..0x9F.  -1 for any other character. */
static int
mojibake_byte(uint32_t cp)
{
	static const uint16_t w1252[32] = {
		0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
		0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
		0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
		0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178 };
	if (cp >= 0x80 && cp <= 0xFF)
		return (int)cp;
	for (int k = 0; k < 32; k++)
		if (w1252[k] && w1252[k] == cp)
			return 0x80 + k;
	return -1;
}

/* At s[0..n), a run of characters that are one character's UTF-8 bytes
 * read one by one (see mojibake_byte): its length in s, the real
 * character's bytes in out[] (*outlen of them), and through *strong
 * whether no text would write it: it holds a C1 control, or it spells a
 * character of three or four bytes ("Fu\u00df\u201c" spells one of two,
 * and is German).  0 when s does not start such a run, or when what it
 * spells is no printable character (C1 controls themselves). */
static size_t
mojibake_run(const unsigned char *s, size_t n, unsigned char out[4], size_t *outlen,
	     bool *strong)
{
	uint32_t cp;
	size_t k = utf8_decode(s, n, &cp);
	int lead = mojibake_byte(cp);
	if (lead < 0xC2 || lead > 0xF4)
		return 0;
	size_t need = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4, at = k;
	out[0] = (unsigned char)lead;
	*strong = false;
	for (size_t b = 1; b < need; b++) {
		if (at >= n)
			return 0;
		size_t l = utf8_decode(s + at, n - at, &cp);
		int c = mojibake_byte(cp);
		if (c < 0x80 || c > 0xBF)
			return 0;
		*strong |= cp >= 0x80 && cp <= 0x9F;
		out[b] = (unsigned char)c;
		at += l;
	}
	if (utf8_valid_prefix(out, need) != need)
		return 0;
	utf8_decode(out, need, &cp);
	if (cp < 0xA0)
		return 0;
	*strong |= need > 2;
	*outlen = need;
	return at;
}

size_t
load_repair_mojibake(const char *s, size_t n, struct buf *out)
{
	const unsigned char *u = (const unsigned char *)s;
	/* (a lead byte, U+00C2..U+00F4, is 0xC3 and one more in UTF-8)
	 * a page is taken for double-encoded where one run is strong
	 * ("\u00e2\u0080\u0099" for U+2019, "\u00e2\u20ac\u2122" as
	 * windows-1252 has it); then its other runs ("\u00c3\u00a9" for
	 * U+00E9) are repaired too */
	bool found = false;
	const unsigned char *p = u, *end = u + n;
	while (!found && (p = memchr(p, 0xC3, (size_t)(end - p)))) {
		unsigned char b[4];
		size_t bl;
		bool strong;
		found = mojibake_run(p, (size_t)(end - p), b, &bl, &strong) && strong;
		p++;
	}
	if (!found)
		return 0;
	size_t count = 0, run = 0;
	buf_reserve(out, n);
	for (p = u; (p = memchr(p, 0xC3, (size_t)(end - p))); ) {
		unsigned char b[4];
		size_t bl, l;
		bool strong;
		size_t i = (size_t)(p - u);
		if (!(l = mojibake_run(p, n - i, b, &bl, &strong))) {
			p++;
			continue;
		}
		buf_add(out, s + run, i - run);
		buf_add(out, b, bl);
		count++;
		run = i + l;
		p = u + run;
	}
	buf_add(out, s + run, n - run);
	return count;
}

bool
load_is_gzip(const char *bytes, size_t n)
{
	return n >= 2 && (unsigned char)bytes[0] == 0x1F && (unsigned char)bytes[1] == 0x8B;
}

int
load_inflate(const char *bytes, size_t n, int wbits, bool members, size_t max,
	     const struct inflate_words *w, struct buf *out, char *err, size_t errlen)
{
	z_stream z;
	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, wbits) != Z_OK) {
		snprintf(err, errlen, "cannot start zlib");
		return -1;
	}
	const unsigned char *in = (const unsigned char *)bytes;
	size_t inleft = n, start = out->len;
	int rc = Z_OK, ret = 0;
	for (;;) {
		if (z.avail_in == 0 && inleft > 0) {
			z.next_in = (Bytef *)(uintptr_t)in;
			z.avail_in = inleft > UINT_MAX ? UINT_MAX : (uInt)inleft;
			in += z.avail_in;
			inleft -= z.avail_in;
		}
		/* never let the output pass max by more than one byte: a
		 * gzip bomb is stopped before it takes the memory */
		size_t room = max + 1 - (out->len - start);
		buf_reserve(out, room < 65536 ? room : 65536);
		size_t avail = out->cap - out->len - 1;
		if (avail > room)
			avail = room;
		z.next_out = (Bytef *)out->data + out->len;
		z.avail_out = avail > UINT_MAX ? UINT_MAX : (uInt)avail;
		uInt before = z.avail_out;
		rc = inflate(&z, Z_NO_FLUSH);
		out->len += before - z.avail_out;
		out->data[out->len] = '\0';
		if (out->len - start > max) {
			snprintf(err, errlen, "%s expands past %zu bytes (--max-bytes)", w->data, max);
			ret = -1;
			break;
		}
		if (rc == Z_STREAM_END) {
			if (!members)
				break;
			/* another member follows (cat a.gz b.gz), or the end;
			 * other trailing bytes are ignored, as gzip -d does */
			size_t rest = z.avail_in + inleft;
			const char *next = (const char *)z.next_in;
			if (z.avail_in == 0)
				next = (const char *)in;
			if (rest < 2 || (z.avail_in == 1 ? (unsigned char)*next != 0x1F ||
					 (unsigned char)*in != 0x8B : !load_is_gzip(next, rest)))
				break;
			inflateReset(&z);
			continue;
		}
		if (rc == Z_BUF_ERROR && z.avail_in == 0 && inleft == 0) {
			snprintf(err, errlen, "%s", w->cut);
			ret = -1;
			break;
		}
		if (rc != Z_OK && rc != Z_BUF_ERROR) {
			snprintf(err, errlen, "corrupt %s (%s)", w->corrupt,
				 z.msg ? z.msg : "inflate failed");
			ret = -1;
			break;
		}
	}
	inflateEnd(&z);
	return ret;
}

int
load_gunzip(const char *bytes, size_t n, size_t max, struct buf *out,
	    char *err, size_t errlen)
{
	static const struct inflate_words w = { "gzip data", "truncated gzip data", "gzip data" };
	/* 16 + MAX_WBITS: gzip framing, with its header and CRC checked */
	return load_inflate(bytes, n, 16 + MAX_WBITS, true, max, &w, out, err, errlen);
}

int
load_bytes(const char *bytes, size_t n, const struct load_opts *o,
	   struct load_result *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	if (n > o->max_bytes) {
		snprintf(err, errlen, "larger than %zu bytes (--max-bytes)", o->max_bytes);
		return -1;
	}
	if (load_is_gzip(bytes, n)) {
		struct buf z;
		buf_init(&z);
		if (load_gunzip(bytes, n, o->max_bytes, &z, err, errlen) < 0) {
			buf_free(&z);
			return -1;
		}
		int rc = load_text(z.data ? z.data : "", z.len, o, r, err, errlen);
		r->compressed_len = n;
		buf_free(&z);
		return rc;
	}
	return load_text(bytes, n, o, r, err, errlen);
}

/* The bytes of a page, uncompressed: detect, convert, normalise. */
static int
load_text(const char *bytes, size_t n, const struct load_opts *o,
	  struct load_result *r, char *err, size_t errlen)
{
	r->raw_len = n;
	if (n == 0) {
		snprintf(err, errlen, "empty file");
		return -1;
	}
	if (charset_detect(bytes, n, o->charset, o->http_type, &r->charset,
			   err, errlen) < 0)
		return -1;
	bool wide = !strncmp(r->charset.name, "utf-16", 6) || !strncmp(r->charset.name, "utf-32", 6);
	if (!wide && bytes_look_binary(bytes, n)) {
		snprintf(err, errlen, "binary file (not HTML text)");
		return -1;
	}
	struct buf conv, refs, forms;
	buf_init(&conv);
	/* valid UTF-8 read as UTF-8 is copied as it is: detection checked
	 * every byte already, and converting would check them again */
	if (r->charset.valid_utf8 && !strcmp(r->charset.name, "utf-8")) {
		buf_add(&conv, bytes + r->charset.bom_len, n - r->charset.bom_len);
	} else if (charset_convert(bytes + r->charset.bom_len, n - r->charset.bom_len,
				   r->charset.name, &conv, &r->replacements) < 0) {
		buf_free(&conv);
		snprintf(err, errlen, "cannot convert from %s", r->charset.name);
		return -1;
	}
	/* a double-encoded page is repaired, but not against --charset:
	 * what the user asked the bytes to be read as, they are */
	struct buf fixed;
	buf_init(&fixed);
	if (r->charset.source != CHARSET_OPTION &&
	    (r->mojibake = load_repair_mojibake(conv.data, conv.len, &fixed))) {
		buf_free(&conv);
		conv = fixed;
	} else {
		buf_free(&fixed);
	}
	/* NULs (UTF-16 pages, stray bytes) would cut the text short; the
	 * other control characters libtidy drops, which would join "&\x19#0"
	 * into a reference to U+0000 after the decoding below. */
	blank_controls(conv.data, conv.len, true);
	buf_init(&refs);
	r->refs_decoded = load_decode_refs(conv.data, conv.len, &refs);
	buf_free(&conv);
	buf_init(&forms);
	r->forms_normalised = load_normalise_forms(refs.data, refs.len, &forms);
	buf_free(&refs);
	r->text = buf_steal(&forms, &r->len);
	return 0;
}

static int
read_all(int fd, size_t max, struct buf *b, char *err, size_t errlen)
{
	for (;;) {
		buf_reserve(b, 65536);
		ssize_t k = read(fd, b->data + b->len, b->cap - b->len - 1);
		if (k < 0) {
			if (errno == EINTR)
				continue;
			snprintf(err, errlen, "%s", strerror(errno));
			return -1;
		}
		if (k == 0)
			return 0;
		b->len += (size_t)k;
		if (b->len > max) {
			snprintf(err, errlen, "larger than %zu bytes (--max-bytes)", max);
			return -1;
		}
	}
}

int
load_file(const char *path, const struct load_opts *o,
	  struct load_result *r, char *err, size_t errlen)
{
	int fd = 0;
	memset(r, 0, sizeof *r);
	if (strcmp(path, "-") != 0) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			snprintf(err, errlen, "%s", errno == ENOENT ?
				 "no such file" : strerror(errno));
			return -1;
		}
		struct stat st;
		if (fstat(fd, &st) == 0) {
			if (S_ISDIR(st.st_mode)) {
				close(fd);
				snprintf(err, errlen, "is a directory");
				return -1;
			}
			if (S_ISREG(st.st_mode) && (size_t)st.st_size > o->max_bytes) {
				close(fd);
				snprintf(err, errlen, "larger than %zu bytes (--max-bytes)",
					 o->max_bytes);
				return -1;
			}
		}
	}
	struct buf b;
	buf_init(&b);
	int rc = read_all(fd, o->max_bytes, &b, err, errlen);
	if (fd != 0)
		close(fd);
	if (rc == 0)
		rc = load_bytes(b.data ? b.data : "", b.len, o, r, err, errlen);
	buf_free(&b);
	return rc;
}
