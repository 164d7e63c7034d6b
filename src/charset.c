/* charset.c - encoding detection (BOM, flag, HTTP, meta, sniff) and
 * conversion to UTF-8 with iconv, replacing what cannot be converted. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

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
		"bom", "flag", "http", "meta", "sniff", "fallback"
	};
	return names[s];
}

/* Case-insensitive search for needle in s[0..n). */
static const char *
memcasestr(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = 0; i + k <= n; i++)
		if (strncasecmp(s + i, needle, k) == 0)
			return s + i;
	return NULL;
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
	while ((p = memcasestr(p, (size_t)(end - p), "<meta")) != NULL) {
		const char *close = memchr(p, '>', (size_t)(end - p));
		const char *tend = close ? close : end;
		const char *c = memcasestr(p, (size_t)(tend - p), "charset");
		if (c) {
			const char *v = c + 7;
			while (v < tend && (*v == ' ' || *v == '\t'))
				v++;
			if (v < tend && *v == '=') {
				copy_label(v, tend, out, outlen);
				if (*out)
					return 0;
			}
		}
		p = tend;
	}
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

/* UTF-16 without a BOM: every other byte of ASCII text is 0. */
static const char *
sniff_utf16(const char *bytes, size_t n)
{
	size_t even = 0, odd = 0, m = n < 4096 ? n : 4096;
	for (size_t i = 0; i < m; i++)
		if (bytes[i] == 0) {
			if (i & 1)
				odd++;
			else
				even++;
		}
	if (m >= 8 && odd * 4 > m && even * 64 <= m)
		return "utf-16le";
	if (m >= 8 && even * 4 > m && odd * 64 <= m)
		return "utf-16be";
	return NULL;
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
		g->source = CHARSET_FLAG;
		return 0;
	}
	const char *u16 = sniff_utf16(bytes, n);
	if (u16) {
		g->name = u16;
		g->source = CHARSET_SNIFF;
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
	/* A page cannot really be UTF-16 once its bytes were read as ASCII. */
	if (label && !strncmp(label, "utf-16", 6))
		label = "utf-8";

	size_t multi, bad;
	utf8_stats(bytes + g->bom_len, n - g->bom_len, &multi, &bad);
	if (label) {
		if (!strcmp(label, "utf-8") && bad > multi) {
			snprintf(g->note, sizeof g->note,
				 "declared %s but %zu invalid UTF-8 sequences: read as windows-1252",
				 g->declared, bad);
			g->name = "windows-1252";
			g->source = CHARSET_SNIFF;
			return 0;
		}
		if (!strcmp(label, "windows-1252") && bad == 0 && multi > 0) {
			snprintf(g->note, sizeof g->note,
				 "declared %s but the bytes are valid UTF-8: read as UTF-8",
				 g->declared);
			g->name = "utf-8";
			g->source = CHARSET_SNIFF;
			return 0;
		}
		if (!strcmp(label, "utf-8") && bad > 0)
			snprintf(g->note, sizeof g->note,
				 "declared %s with %zu invalid sequences (replaced)",
				 g->declared, bad);
		g->name = label;
		return 0;
	}
	if (bad == 0) {
		g->name = "utf-8";
		g->source = CHARSET_SNIFF;
	} else {
		g->name = "windows-1252";
		g->source = CHARSET_FALLBACK;
	}
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
