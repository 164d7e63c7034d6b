/* charset.c - encoding detection (BOM, --charset, UTF-16 pattern, HTTP,
 * meta, UTF-8, libuchardet, windows-1252) and conversion to UTF-8 with
 * iconv, replacing what cannot be converted. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <uchardet/uchardet.h>  /* with its directory: linters run without pkg-config's -I */

#include "charset.h"

struct label {
	const char *label;
	const char *canonical;
};

/* WHATWG Encoding Standard labels (the encodings pages actually use). */
static const struct label labels[] = {
	{ "utf-8", "utf-8" }, { "utf8", "utf-8" }, { "unicode-1-1-utf-8", "utf-8" },
	{ "unicode11utf8", "utf-8" }, { "unicode20utf8", "utf-8" },
	{ "x-unicode20utf8", "utf-8" },
	{ "windows-1252", "windows-1252" }, { "ansi_x3.4-1968", "windows-1252" },
	{ "ascii", "windows-1252" }, { "cp1252", "windows-1252" },
	{ "cp819", "windows-1252" }, { "csisolatin1", "windows-1252" },
	{ "ibm819", "windows-1252" }, { "iso-8859-1", "windows-1252" },
	{ "iso-ir-100", "windows-1252" }, { "iso8859-1", "windows-1252" },
	{ "iso88591", "windows-1252" }, { "iso_8859-1", "windows-1252" },
	{ "iso_8859-1:1987", "windows-1252" }, { "l1", "windows-1252" },
	{ "latin1", "windows-1252" }, { "us-ascii", "windows-1252" },
	{ "x-cp1252", "windows-1252" },
	{ "gb18030", "gb18030" }, { "gbk", "gb18030" }, { "gb2312", "gb18030" },
	{ "chinese", "gb18030" }, { "csgb2312", "gb18030" },
	{ "csiso58gb231280", "gb18030" }, { "gb_2312", "gb18030" },
	{ "gb_2312-80", "gb18030" }, { "iso-ir-58", "gb18030" }, { "x-gbk", "gb18030" },
	{ "big5", "big5" }, { "big5-hkscs", "big5" }, { "cn-big5", "big5" },
	{ "csbig5", "big5" }, { "x-x-big5", "big5" },
	{ "shift_jis", "shift_jis" }, { "shift-jis", "shift_jis" }, { "sjis", "shift_jis" },
	{ "x-sjis", "shift_jis" }, { "ms932", "shift_jis" }, { "ms_kanji", "shift_jis" },
	{ "windows-31j", "shift_jis" }, { "csshiftjis", "shift_jis" },
	{ "euc-jp", "euc-jp" }, { "x-euc-jp", "euc-jp" }, { "cseucpkdfmtjapanese", "euc-jp" },
	{ "iso-2022-jp", "iso-2022-jp" }, { "csiso2022jp", "iso-2022-jp" },
	{ "euc-kr", "euc-kr" }, { "cseuckr", "euc-kr" }, { "korean", "euc-kr" },
	{ "ks_c_5601-1987", "euc-kr" }, { "ks_c_5601-1989", "euc-kr" },
	{ "ksc5601", "euc-kr" }, { "ksc_5601", "euc-kr" }, { "windows-949", "euc-kr" },
	{ "iso-ir-149", "euc-kr" }, { "csksc56011987", "euc-kr" },
	{ "utf-16le", "utf-16le" }, { "utf-16", "utf-16le" }, { "ucs-2", "utf-16le" },
	{ "unicode", "utf-16le" }, { "utf-16be", "utf-16be" },
	/* no WHATWG labels: for --charset and the byte-order marks */
	{ "utf-32le", "utf-32le" }, { "utf-32", "utf-32le" }, { "utf-32be", "utf-32be" },
	{ "windows-1250", "windows-1250" }, { "cp1250", "windows-1250" }, { "x-cp1250", "windows-1250" },
	{ "windows-1251", "windows-1251" }, { "cp1251", "windows-1251" }, { "x-cp1251", "windows-1251" },
	{ "windows-1253", "windows-1253" }, { "cp1253", "windows-1253" },
	{ "windows-1254", "windows-1254" }, { "cp1254", "windows-1254" },
	{ "iso-8859-9", "windows-1254" }, { "latin5", "windows-1254" }, { "l5", "windows-1254" },
	{ "windows-1255", "windows-1255" }, { "cp1255", "windows-1255" },
	{ "windows-1256", "windows-1256" }, { "cp1256", "windows-1256" },
	{ "windows-1257", "windows-1257" }, { "cp1257", "windows-1257" },
	{ "windows-1258", "windows-1258" }, { "cp1258", "windows-1258" },
	{ "windows-874", "windows-874" }, { "tis-620", "windows-874" },
	{ "iso-8859-11", "windows-874" }, { "dos-874", "windows-874" },
	{ "iso-8859-2", "iso-8859-2" }, { "latin2", "iso-8859-2" }, { "l2", "iso-8859-2" },
	{ "iso8859-2", "iso-8859-2" }, { "iso_8859-2", "iso-8859-2" },
	{ "iso-8859-3", "iso-8859-3" }, { "latin3", "iso-8859-3" },
	{ "iso-8859-4", "iso-8859-4" }, { "latin4", "iso-8859-4" },
	{ "iso-8859-5", "iso-8859-5" }, { "cyrillic", "iso-8859-5" },
	{ "iso-8859-6", "iso-8859-6" }, { "arabic", "iso-8859-6" },
	{ "iso-8859-7", "iso-8859-7" }, { "greek", "iso-8859-7" },
	{ "iso-8859-8", "iso-8859-8" }, { "hebrew", "iso-8859-8" },
	{ "iso-8859-10", "iso-8859-10" }, { "latin6", "iso-8859-10" },
	{ "iso-8859-13", "iso-8859-13" }, { "iso-8859-14", "iso-8859-14" },
	{ "iso-8859-15", "iso-8859-15" }, { "latin9", "iso-8859-15" }, { "l9", "iso-8859-15" },
	{ "iso-8859-16", "iso-8859-16" },
	{ "koi8-r", "koi8-r" }, { "koi", "koi8-r" }, { "koi8", "koi8-r" },
	{ "cskoi8r", "koi8-r" }, { "koi8-u", "koi8-u" }, { "koi8-ru", "koi8-u" },
	{ "ibm866", "ibm866" }, { "cp866", "ibm866" }, { "866", "ibm866" },
	{ "macintosh", "macintosh" }, { "mac", "macintosh" }, { "x-mac-roman", "macintosh" },
	{ "x-mac-cyrillic", "x-mac-cyrillic" }, { "x-mac-ukrainian", "x-mac-cyrillic" },
};

struct iconv_name {
	const char *canonical;
	const char *iconv;
};

static const struct iconv_name iconv_names[] = {
	{ "utf-8", "UTF-8" }, { "windows-1252", "WINDOWS-1252" },
	{ "gb18030", "GB18030" }, { "big5", "BIG5-HKSCS" },
	{ "shift_jis", "CP932" }, { "euc-jp", "EUC-JP" },
	{ "iso-2022-jp", "ISO-2022-JP" }, { "euc-kr", "CP949" },
	{ "utf-16le", "UTF-16LE" }, { "utf-16be", "UTF-16BE" },
	{ "utf-32le", "UTF-32LE" }, { "utf-32be", "UTF-32BE" },
	{ "macintosh", "MACINTOSH" }, { "x-mac-cyrillic", "MAC-CYRILLIC" },
	{ "ibm866", "IBM866" }, { "windows-874", "CP874" },
};

const char *
charset_canonical(const char *label)
{
	char tmp[48] = "";
	size_t n = 0;
	while (*label && isspace((unsigned char)*label))
		label++;
	for (; *label && n < sizeof tmp - 1; label++)
		tmp[n++] = (char)tolower((unsigned char)*label);
	while (n && isspace((unsigned char)tmp[n - 1]))
		n--;
	tmp[n] = '\0';
	for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++)
		if (strcmp(labels[i].label, tmp) == 0)
			return labels[i].canonical;
	return NULL;
}

const char *
charset_iconv_name(const char *canonical)
{
	for (size_t i = 0; i < sizeof iconv_names / sizeof iconv_names[0]; i++)
		if (strcmp(iconv_names[i].canonical, canonical) == 0)
			return iconv_names[i].iconv;
	return canonical; /* iconv knows windows-125x, iso-8859-x, koi8-x */
}

const char *
charset_source_name(enum charset_source s)
{
	static const char *const names[] = {
		"bom", "option", "http", "meta", "utf-8", "detected", "default"
	};
	return names[s];
}

const char *
charset_how(const struct charset_guess *g)
{
	return g->low_confidence ? "detected?" : charset_source_name(g->source);
}

/* Copy a charset value starting at p (quoted or bare) into out. */
static void
copy_label(const char *p, const char *end, char *out, size_t outlen)
{
	while (p < end && (*p == ' ' || *p == '=' || *p == '"' || *p == '\''))
		p++;
	size_t n = 0;
	while (p < end && n < outlen - 1 && !strchr("\"'; \t\r\n>/", *p))
		out[n++] = *p++;
	out[n] = '\0';
}

static bool
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* The label of one <meta> tag (p just after "<meta", tag ending before
 * end), WHATWG's way: a charset attribute, or the charset= of content
 * when http-equiv is content-type. */
static int
meta_label(const char *p, const char *end, char *out, size_t outlen)
{
	const char *name, *val, *content = NULL;
	size_t nlen, vlen, clen = 0;
	bool pragma = false;
	while ((p = html_next_attr(p, end, &name, &nlen, &val, &vlen)) != NULL) {
		if (html_attr_is(name, nlen, "charset") && vlen) {
			copy_label(val, val + vlen, out, outlen);
			return *out ? 0 : -1;
		}
		if (html_attr_is(name, nlen, "http-equiv"))
			pragma = vlen == 12 && strncasecmp(val, "content-type", 12) == 0;
		else if (html_attr_is(name, nlen, "content") && !content) {
			content = val;
			clen = vlen;
		}
	}
	if (!pragma || !content)
		return -1;
	const char *c = memcasestr(content, clen, "charset");
	if (!c)
		return -1;
	c += 7;
	while (c < content + clen && is_space(*c))
		c++;
	if (c >= content + clen || *c != '=')
		return -1;
	copy_label(c, content + clen, out, outlen);
	return *out ? 0 : -1;
}

int
charset_prescan(const char *bytes, size_t n, char *out, size_t outlen)
{
	if (n > 4096)
		n = 4096;
	if (n >= 5 && strncmp(bytes, "<?xml", 5) == 0) {
		const char *q = memchr(bytes, '>', n);
		const char *e = memcasestr(bytes, q ? (size_t)(q - bytes) : n, "encoding");
		if (e) {
			copy_label(e + 8, q ? q : bytes + n, out, outlen);
			if (*out)
				return 0;
		}
	}
	const char *p = bytes, *end = bytes + n;
	while (p < end && (p = memchr(p, '<', (size_t)(end - p))) != NULL) {
		/* a commented-out meta is no declaration */
		if (end - p >= 4 && !strncmp(p, "<!--", 4)) {
			const char *c = memcasestr(p + 4, (size_t)(end - p - 4), "-->");
			if (!c)
				break;
			p = c + 3;
			continue;
		}
		if (end - p > 5 && !strncasecmp(p, "<meta", 5) &&
		    (is_space(p[5]) || p[5] == '/')) {
			const char *close = memchr(p, '>', (size_t)(end - p));
			const char *tend = close ? close : end;
			*out = '\0';
			if (meta_label(p + 5, tend, out, outlen) == 0)
				return 0;
			p = tend;
			continue;
		}
		p++;
	}
	*out = '\0';
	return -1;
}

/* Counts of what the bytes look like as UTF-8. */
static void
utf8_stats(const char *bytes, size_t n, size_t *multi, size_t *bad)
{
	const unsigned char *u = (const unsigned char *)bytes;
	*multi = *bad = 0;
	for (size_t i = 0; i < n;) {
		if (u[i] < 0x80) {
			i += ascii_prefix(u + i, n - i);
			continue;
		}
		uint32_t cp;
		size_t k = utf8_decode(u + i, n - i, &cp);
		if (k == 1)
			(*bad)++;
		else
			(*multi)++;
		i += k;
	}
}

/* How the first bytes read as UTF-16 in one byte order: ASCII code units
 * (markup and Latin text), '<' and '>' among them, and code units no
 * text has (C0 and C1 controls, lone surrogates, U+FFFE, U+FFFF). */
struct u16_tally {
	size_t units, ascii, markup, bad;
};

static void
u16_tally(const unsigned char *u, size_t m, bool le, struct u16_tally *t)
{
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i + 1 < m; i += 2) {
		unsigned c = le ? (unsigned)u[i] | (unsigned)u[i + 1] << 8
				: (unsigned)u[i] << 8 | (unsigned)u[i + 1];
		t->units++;
		if (c < 0x80) {
			if (c == '<' || c == '>')
				t->markup++;
			if ((c >= 0x20 && c < 0x7F) || c == '\t' || c == '\n' || c == '\r')
				t->ascii++;
			else
				t->bad++;
		} else if (c < 0xA0 || c >= 0xFFFE || (c >= 0xDC00 && c <= 0xDFFF)) {
			t->bad++;
		} else if (c >= 0xD800 && c <= 0xDBFF) {
			unsigned d = i + 3 < m ? (le ? (unsigned)u[i + 2] | (unsigned)u[i + 3] << 8
					       : (unsigned)u[i + 2] << 8 | (unsigned)u[i + 3]) : 0;
			if (d >= 0xDC00 && d <= 0xDFFF)
				i += 2;
			else
				t->bad++;
		}
	}
}

/* UTF-16 without a BOM, in any script: HTML's markup is ASCII, so in one
 * byte order '<' and '>' and other ASCII code units appear (a NUL beside
 * each), the other order has almost none, and the text has no code units
 * that no text has.  Russian or Chinese text between the tags changes
 * none of this. */
static const char *
sniff_utf16(const char *bytes, size_t n)
{
	size_t m = n < 4096 ? n : 4096;
	if (m < 16 || !memchr(bytes, '\0', m))
		return NULL;   /* the common case, at the cost of one memchr */
	const unsigned char *u = (const unsigned char *)bytes;
	struct u16_tally le, be;
	u16_tally(u, m, true, &le);
	u16_tally(u, m, false, &be);
	const struct u16_tally *w = le.ascii >= be.ascii ? &le : &be;
	const struct u16_tally *o = w == &le ? &be : &le;
	if (w->markup < 2 || w->ascii < 8 || w->ascii < 4 * o->ascii ||
	    w->bad * 50 > w->units)
		return NULL;
	return w == &le ? "utf-16le" : "utf-16be";
}

/* UTF-32 without a BOM: every fourth byte of ASCII markup is the
 * character, the three others NUL; '<' and '>' among them, and no code
 * point above U+10FFFF or a surrogate.  Read as UTF-16 it would give the
 * markup as text ("< ! D O C T Y P E"). */
static const char *
sniff_utf32(const char *bytes, size_t n)
{
	size_t m = n < 4096 ? n : 4096;
	if (m < 32)
		return NULL;
	const unsigned char *u = (const unsigned char *)bytes;
	for (int le = 1; le >= 0; le--) {
		size_t units = 0, ascii = 0, markup = 0, bad = 0;
		for (size_t i = 0; i + 3 < m; i += 4) {
			uint32_t c = le ? (uint32_t)u[i] | (uint32_t)u[i + 1] << 8 |
					  (uint32_t)u[i + 2] << 16 | (uint32_t)u[i + 3] << 24
					: (uint32_t)u[i] << 24 | (uint32_t)u[i + 1] << 16 |
					  (uint32_t)u[i + 2] << 8 | (uint32_t)u[i + 3];
			units++;
			if (c == '<' || c == '>')
				markup++;
			if ((c >= 0x20 && c < 0x7F) || c == '\t' || c == '\n' || c == '\r')
				ascii++;
			else if (c == 0 || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
				bad++;
		}
		if (markup >= 2 && ascii * 4 >= units && bad * 50 <= units)
			return le ? "utf-32le" : "utf-32be";
	}
	return NULL;
}

/* Names libuchardet gives that are no WHATWG label. */
static const struct label detector_names[] = {
	{ "uhc", "euc-kr" }, { "mac-cyrillic", "x-mac-cyrillic" },
	{ "ascii", "windows-1252" },
};

/* Feed the detector this much: enough for any page's text to speak. */
#define DETECT_BYTES (256u << 10)

const char *
charset_guess_bytes(const char *bytes, size_t n, bool *low)
{
	*low = false;
	size_t m = n < DETECT_BYTES ? n : DETECT_BYTES;
	uchardet_t ud = uchardet_new();
	if (!ud)
		return NULL;
	const char *name = NULL;
	if (uchardet_handle_data(ud, bytes, m) == 0) {
		uchardet_data_end(ud);
		const char *raw = uchardet_get_charset(ud);
		if (raw && *raw) {
			name = charset_canonical(raw);
			for (size_t i = 0; !name && i < sizeof detector_names /
				     sizeof detector_names[0]; i++)
				if (strcasecmp(raw, detector_names[i].label) == 0)
					name = detector_names[i].canonical;
		}
	}
	uchardet_delete(ud);
	/* The UTF-16 and UTF-32 answers are for BOMs, handled before. */
	if (!name || !strncmp(name, "utf-16", 6) || !strncmp(name, "utf-32", 6))
		return NULL;
	/* libuchardet 0.0.7 reports no confidence: judge the evidence, the
	 * bytes above 0x7F it saw and how cleanly they decode. */
	size_t high = 0;
	for (size_t i = 0; i < m; i++)
		high += (unsigned char)bytes[i] >= 0x80;
	struct buf out;
	size_t repl = 0;
	buf_init(&out);
	charset_convert(bytes, m, name, &out, &repl);
	buf_free(&out);
	*low = high < 32 || repl * 50 > high;
	return name;
}

/* Legacy labels under which UTF-8 bytes are a clear contradiction: one
 * valid multi-byte sequence and no invalid byte for the single-byte sets
 * (windows-1252 text is never "Ã©"); two for the double-byte sets, whose
 * pairs now and then form one by chance. */
static bool
label_contradicted(const char *label, size_t multi, size_t bad)
{
	static const char *const multibyte[] = {
		"gb18030", "big5", "shift_jis", "euc-jp", "euc-kr",
	};
	if (bad || !multi)
		return false;
	for (size_t i = 0; i < sizeof multibyte / sizeof multibyte[0]; i++)
		if (!strcmp(label, multibyte[i]))
			return multi >= 2;
	return true;
}

/* The detector's answer for bytes that are not all valid UTF-8 (it may
 * still say UTF-8, for a few stray bytes), or windows-1252. */
static void
detect_or_default(const char *bytes, size_t n, struct charset_guess *g)
{
	bool low;
	const char *d = charset_guess_bytes(bytes, n, &low);
	if (d) {
		g->name = d;
		g->source = CHARSET_DETECTED;
		g->low_confidence = low;
	} else {
		g->name = "windows-1252";
		g->source = CHARSET_DEFAULT;
	}
}

int
charset_detect(const char *bytes, size_t n, const char *flag,
	       const char *http, struct charset_guess *g,
	       char *err, size_t errlen)
{
	const unsigned char *u = (const unsigned char *)bytes;
	memset(g, 0, sizeof *g);
	if (n >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF) {
		g->name = "utf-8"; g->bom_len = 3; g->source = CHARSET_BOM;
		return 0;
	}
	/* UTF-32LE's mark begins with UTF-16LE's: it goes first */
	if (n >= 4 && u[0] == 0xFF && u[1] == 0xFE && u[2] == 0 && u[3] == 0) {
		g->name = "utf-32le"; g->bom_len = 4; g->source = CHARSET_BOM;
		return 0;
	}
	if (n >= 4 && u[0] == 0 && u[1] == 0 && u[2] == 0xFE && u[3] == 0xFF) {
		g->name = "utf-32be"; g->bom_len = 4; g->source = CHARSET_BOM;
		return 0;
	}
	if (n >= 2 && u[0] == 0xFF && u[1] == 0xFE) {
		g->name = "utf-16le"; g->bom_len = 2; g->source = CHARSET_BOM;
		return 0;
	}
	if (n >= 2 && u[0] == 0xFE && u[1] == 0xFF) {
		g->name = "utf-16be"; g->bom_len = 2; g->source = CHARSET_BOM;
		return 0;
	}
	if (flag) {
		g->name = charset_canonical(flag);
		if (!g->name) {
			snprintf(err, errlen, "unknown charset '%s'", flag);
			return -1;
		}
		g->source = CHARSET_OPTION;
		return 0;
	}
	/* Before any label: a UTF-16 page's own <meta> cannot be read as
	 * ASCII, and its bytes would look binary. */
	const char *u16 = sniff_utf32(bytes, n);
	if (!u16)
		u16 = sniff_utf16(bytes, n);
	if (u16) {
		g->name = u16;
		g->source = CHARSET_DETECTED;
		return 0;
	}

	const char *label = NULL;
	if (http && *http) {
		const char *c = memcasestr(http, strlen(http), "charset=");
		if (c) {
			copy_label(c + 8, c + strlen(c), g->declared, sizeof g->declared);
			label = charset_canonical(g->declared);
			if (label)
				g->source = CHARSET_HTTP;
		}
	}
	if (!label && charset_prescan(bytes, n, g->declared, sizeof g->declared) == 0) {
		label = charset_canonical(g->declared);
		if (label)
			g->source = CHARSET_META;
		else
			snprintf(g->note, sizeof g->note,
				 "unknown label '%s' ignored", g->declared);
	}
	/* A page cannot really be UTF-16 or UTF-32 once its bytes were read
	 * as ASCII. */
	if (label && (!strncmp(label, "utf-16", 6) || !strncmp(label, "utf-32", 6)))
		label = "utf-8";

	size_t multi, bad;
	utf8_stats(bytes, n, &multi, &bad);
	g->valid_utf8 = bad == 0;
	if (label && !strcmp(label, "utf-8")) {
		if (bad > multi) {
			struct charset_guess d = *g;
			detect_or_default(bytes, n, &d);
			if (strcmp(d.name, "utf-8")) {
				*g = d;
				snprintf(g->note, sizeof g->note,
					 "declared %s but %zu invalid UTF-8 sequences: read as %s (%s)",
					 g->declared, bad, g->name, charset_how(g));
				return 0;
			}
			/* the detector agrees with the label */
		}
		if (bad > 0)
			snprintf(g->note, sizeof g->note,
				 "declared %s with %zu invalid sequences (replaced)",
				 g->declared, bad);
		g->name = label;
		return 0;
	}
	if (label) {
		if (label_contradicted(label, multi, bad)) {
			snprintf(g->note, sizeof g->note,
				 "declared %s but the bytes are valid UTF-8: read as UTF-8",
				 g->declared);
			g->name = "utf-8";
			g->source = CHARSET_UTF8;
			return 0;
		}
		g->name = label;
		return 0;
	}
	if (bad == 0) {
		g->name = "utf-8";
		g->source = CHARSET_UTF8;
		return 0;
	}
	detect_or_default(bytes, n, g);
	if (g->low_confidence && !*g->note)
		snprintf(g->note, sizeof g->note,
			 "a weak guess from few or ill-fitting bytes; --charset overrides it");
	return 0;
}

/* Replace invalid UTF-8 by U+FFFD; copies valid runs as they are. */
static void
utf8_clean(const char *bytes, size_t n, struct buf *out, size_t *replacements)
{
	const unsigned char *u = (const unsigned char *)bytes;
	size_t i = 0;
	buf_reserve(out, n);
	while (i < n) {
		size_t ok = utf8_valid_prefix(u + i, n - i);
		buf_add(out, bytes + i, ok);
		i += ok;
		if (i < n) {
			buf_add_utf8(out, 0xFFFD);
			(*replacements)++;
			i++;
		}
	}
}

int
charset_convert(const char *bytes, size_t n, const char *canonical,
		struct buf *out, size_t *replacements)
{
	*replacements = 0;
	if (!strcmp(canonical, "utf-8")) {
		utf8_clean(bytes, n, out, replacements);
		return 0;
	}
	iconv_t cd = iconv_open("UTF-8", charset_iconv_name(canonical));
	if (cd == (iconv_t)-1)
		return -1;
	bool w1252 = !strcmp(canonical, "windows-1252");
	char *in = (char *)bytes;
	size_t inleft = n;
	while (inleft > 0) {
		buf_reserve(out, 65536);
		char *o = out->data + out->len;
		size_t oleft = out->cap - out->len - 1;
		size_t r = iconv(cd, &in, &inleft, &o, &oleft);
		out->len = (size_t)(o - out->data);
		out->data[out->len] = '\0';
		if (r != (size_t)-1)
			break;
		if (errno == E2BIG)
			continue;
		/* EILSEQ or a truncated sequence at the end: one replacement,
		 * skip a byte, carry on. */
		unsigned char c = (unsigned char)*in;
		if (w1252 && errno == EILSEQ && c >= 0x80 && c <= 0x9F)
			buf_add_utf8(out, c); /* WHATWG: undefined bytes map to C1 */
		else {
			buf_add_utf8(out, 0xFFFD);
			(*replacements)++;
		}
		in++;
		inleft--;
		iconv(cd, NULL, NULL, NULL, NULL);
	}
	iconv_close(cd);
	if (!out->data)
		buf_reserve(out, 0), out->data[0] = '\0';
	return 0;
}
