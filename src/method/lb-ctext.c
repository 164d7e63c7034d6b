/* lb-ctext.c - Ctext: the page's text as lb reads it, by a small
 * HTML-aware scanner of its own (no parser library: lb's lines are the
 * source's lines).  Tags, comments and raw-text elements are dropped,
 * character references decoded (entities.c), block boundaries kept as
 * word breaks, and, under lb.reflow, as line breaks.  lb-blocks.h says
 * what the scan keeps and drops; lb-blocks.c builds the blocks on it. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "entities.h"
#include "method/lb-blocks.h"
#include "method/lb-int.h"
#include "util.h"

/* Text bytes: 0 counts as a character, 1 is ASCII whitespace, 2 needs a
 * closer look (line breaks, '&', '<', NUL, anything non-ASCII).  A table
 * keeps the inner loop to one load and one compare per byte. */
static const unsigned char text_class[256] = {
	2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 2, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
};

/* Bytes at which the loops over a tag and over its name must stop. */
static const unsigned char tag_stop[256] = {
	['>'] = 1, ['"'] = 1, ['\''] = 1, ['='] = 1, ['\n'] = 1, ['\r'] = 1,
	[' '] = 1, ['\t'] = 1, ['\f'] = 1,
};
static const unsigned char name_stop[256] = {
	['>'] = 1, ['/'] = 1, ['\n'] = 1, ['\r'] = 1, [' '] = 1, ['\t'] = 1,
	['\f'] = 1,
};

/* A zero byte of v sets its top bit here (bytes above it may be set
 * too, never one below): whether a word holds one, exactly. */
static inline uint64_t
zero_byte(uint64_t v)
{
	return (v - 0x0101010101010101ull) & ~v & 0x8080808080808080ull;
}

/* The first of a, b and c in s[i..n), or n.  Scripts, comments and
 * quoted attribute values are long runs with none of their stop bytes
 * (the end, and line breaks): eight bytes are looked at in a step, and
 * on a little-endian machine the lowest bit set names the byte. */
static size_t
find3(const unsigned char *s, size_t i, size_t n, unsigned char a, unsigned char b,
      unsigned char c)
{
	const uint64_t ka = 0x0101010101010101ull * a, kb = 0x0101010101010101ull * b,
		       kc = 0x0101010101010101ull * c;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		uint64_t z = zero_byte(w ^ ka) | zero_byte(w ^ kb) | zero_byte(w ^ kc);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		if (z)
			return i + (size_t)__builtin_ctzll(z) / 8;
#else
		if (z)
			break;
#endif
	}
	while (i < n && s[i] != a && s[i] != b && s[i] != c)
		i++;
	return i;
}

/* TAG_SEP: a block-level element that separates words but gets no break
 * of its own under lb.reflow (hr, title, caption, ...). */
enum tag_kind { TAG_OTHER, TAG_RAW, TAG_BLOCK, TAG_BR, TAG_SEP };

/* The scanner's state while Ctext is built.  Line arrays always have an
 * entry for the open line nl and room for the sentinel after it. */
struct scan {
	const unsigned char *s;
	size_t n, i;
	int reflow;
	int src;                /* source line of s[i] */
	int chars;              /* characters on the open line */
	size_t last_insert;     /* s index after the last inserted break */
	int sep;                /* a block boundary since the last text: the
				   next text must not glue onto the last */
	struct buf ct;
	size_t *off;
	int *lchars, *lsrc;
	size_t nl, cap;
	int empty;              /* empty lines closed in a row */
};

static int
is_alpha(unsigned char c)
{
	return (unsigned char)((c | 0x20) - 'a') < 26;
}

static int
is_alnum(unsigned char c)
{
	return is_alpha(c) || (unsigned char)(c - '0') < 10;
}

static void
scan_grow(struct scan *sc)
{
	sc->cap *= 2;
	sc->off = xreallocarray(sc->off, sc->cap, sizeof *sc->off);
	sc->lchars = xreallocarray(sc->lchars, sc->cap, sizeof *sc->lchars);
	sc->lsrc = xreallocarray(sc->lsrc, sc->cap, sizeof *sc->lsrc);
}

/* Close the open line.  An inserted (reflow) break stays on its source
 * line; a source break moves to the next one. */
static void
scan_newline(struct scan *sc, int inserted)
{
	/* Past LB_EMPTY_RUN empty lines in a row, an empty line adds none:
	 * no block of lb.K lines (K < LB_EMPTY_RUN) reaches across the run
	 * either way, two empty blocks still end a region there, and 64 MiB
	 * of line breaks no longer take 20 bytes a line.  The open line
	 * starts on the next source line instead. */
	if (sc->chars == 0 && sc->empty >= LB_EMPTY_RUN) {
		sc->ct.len = sc->off[sc->nl];
		if (sc->ct.data)
			sc->ct.data[sc->ct.len] = '\0';
		sc->sep = 0;
		if (!inserted)
			sc->src++;
		sc->lsrc[sc->nl] = sc->src;
		return;
	}
	sc->empty = sc->chars == 0 ? sc->empty + 1 : 0;
	sc->lchars[sc->nl] = sc->chars;
	sc->chars = 0;
	sc->sep = 0;            /* a line break parts words already */
	buf_addc(&sc->ct, '\n');
	if (!inserted)
		sc->src++;
	if (++sc->nl + 1 >= sc->cap)
		scan_grow(sc);
	sc->off[sc->nl] = sc->ct.len;
	sc->lsrc[sc->nl] = sc->src;
}

/* Consume the source break at s[i]: "\n", "\r\n" or a lone "\r". */
static size_t
scan_break(struct scan *sc, size_t i)
{
	if (sc->s[i] == '\r' && i + 1 < sc->n && sc->s[i + 1] == '\n')
		i++;
	scan_newline(sc, 0);
	return i + 1;
}

static void
emit_cp(struct scan *sc, uint32_t cp)
{
	/* A decoded &#10; is text, not a line: Ctext line j stays line j;
	 * the other control characters are no text either. */
	if (cp < 0x20 && cp != '\t')
		cp = ' ';
	buf_add_utf8(&sc->ct, cp);
	sc->chars += !uc_is_white(cp);
}

/* A character reference at s[i] == '&', within s[i..end).  Returns the
 * index after it; an '&' that starts none is a literal '&'. */
static size_t
scan_ref(struct scan *sc, size_t i, size_t end)
{
	const unsigned char *s = sc->s;
	size_t j = i + 1;
	if (j < end && s[j] == '#') {
		j++;
		int hex = j < end && (s[j] | 0x20) == 'x';
		if (hex)
			j++;
		size_t d0 = j;
		uint32_t v = 0;
		for (; j < end; j++) {
			unsigned c = s[j], d;
			if (c - '0' < 10)
				d = c - '0';
			else if (hex && (c | 0x20) - 'a' < 6)
				d = (c | 0x20) - 'a' + 10;
			else
				break;
			if (v <= 0x10FFFF)      /* saturate, never overflow */
				v = v * (hex ? 16 : 10) + d;
		}
		if (j > d0) {
			if (j < end && s[j] == ';')
				j++;
			emit_cp(sc, entity_numeric(v));
			return j;
		}
	} else {
		size_t k = j;
		while (k < end && k - j < 32 && is_alnum(s[k]))
			k++;
		const struct entity *e;
		if (k < end && s[k] == ';' && (e = entity_find(s + j, k - j))) {
			emit_cp(sc, e->cp);
			return k + 1;
		}
		/* Browsers also take the Latin-1 names (and amp lt gt quot)
		 * without ';', the longest one that starts the word. */
		for (size_t l = k - j < 6 ? k - j : 6; l >= 2; l--) {
			e = entity_find(s + j, l);
			if (e && e->cp <= 0xFF && e->cp != '\'') {
				emit_cp(sc, e->cp);
				return j + l;
			}
		}
	}
	buf_addc(&sc->ct, '&');
	sc->chars++;
	return i + 1;
}

/* Before text byte c: after a block boundary (</h3><ul><li>), a space
 * unless c or the last Ctext byte is whitespace already.  A space is
 * whitespace, so line_chars and Y do not change; only words stay words. */
static void
scan_sep(struct scan *sc, unsigned char c)
{
	if (!sc->sep || c == 0)
		return;
	sc->sep = 0;
	if (text_class[c] == 1 || c == '\n' || c == '\r' || sc->ct.len == 0)
		return;
	unsigned char last = (unsigned char)sc->ct.data[sc->ct.len - 1];
	if (last != '\n' && text_class[last] != 1)
		buf_addc(&sc->ct, ' ');
}

/* Text s[sc->i..end): copied with its line breaks, references decoded
 * when refs (not in CDATA), NULs dropped, bad UTF-8 made U+FFFD. */
static void
scan_text(struct scan *sc, size_t end, int refs)
{
	const unsigned char *s = sc->s;
	size_t i = sc->i;
	while (i < end) {
		size_t r = i;
		int cnt = 0;
		unsigned k;
		scan_sep(sc, s[i]);
		while (r < end && (k = text_class[s[r]]) < 2) {
			cnt += k ^ 1;
			r++;
		}
		if (r > i) {
			buf_add(&sc->ct, s + i, r - i);
			sc->chars += cnt;
			i = r;
			if (i >= end)
				break;
		}
		unsigned char c = s[i];
		if (c == '\n' || c == '\r') {
			i = scan_break(sc, i);
		} else if (c == '&' && refs) {
			i = scan_ref(sc, i, end);
		} else if (c < 0x80) {
			if (c) {
				buf_addc(&sc->ct, (char)c);
				sc->chars++;
			}
			i++;
		} else {
			uint32_t cp;
			size_t len = utf8_decode(s + i, end - i, &cp);
			if (cp == 0xFFFD && len == 1)
				buf_add(&sc->ct, "\xEF\xBF\xBD", 3);
			else
				buf_add(&sc->ct, s + i, len);
			sc->chars += !uc_is_white(cp);
			i += len;
		}
	}
	sc->i = i;
}

/* What a tag name means here; *raw gets the lower-case name of a raw-text
 * element, whose end tag must be matched. */
static enum tag_kind
tag_kind(const unsigned char *p, size_t n, const char **raw)
{
	char b[12];
	if (n > 10)
		return TAG_OTHER;
	for (size_t i = 0; i < n; i++)
		b[i] = (char)(p[i] >= 'A' && p[i] <= 'Z' ? p[i] | 0x20 : p[i]);
	b[n] = '\0';
#define IS(s) (memcmp(b, s, n) == 0)
	switch (n) {
	case 1:
		return b[0] == 'p' ? TAG_BLOCK : TAG_OTHER;
	case 2:
		if (IS("br"))
			return TAG_BR;
		if (b[0] == 'h' && b[1] >= '1' && b[1] <= '6')
			return TAG_BLOCK;
		if (IS("hr"))
			return TAG_SEP;
		return IS("li") || IS("tr") || IS("td") || IS("th") ||
		       IS("ul") || IS("ol") || IS("dl") || IS("dd") ||
		       IS("dt") ? TAG_BLOCK : TAG_OTHER;
	case 3:
		return IS("div") || IS("pre") || IS("nav") ? TAG_BLOCK : TAG_OTHER;
	case 4:
		if (IS("form") || IS("main"))
			return TAG_BLOCK;
		return IS("body") || IS("head") || IS("html") || IS("menu") ?
		       TAG_SEP : TAG_OTHER;
	case 5:
		if (IS("style")) {
			*raw = "style";
			return TAG_RAW;
		}
		if (IS("table") || IS("aside"))
			return TAG_BLOCK;
		return IS("title") || IS("thead") || IS("tbody") ||
		       IS("tfoot") ? TAG_SEP : TAG_OTHER;
	case 6:
		if (IS("script")) {
			*raw = "script";
			return TAG_RAW;
		}
		if (IS("header") || IS("footer") || IS("figure"))
			return TAG_BLOCK;
		return IS("center") || IS("legend") || IS("option") ||
		       IS("dialog") || IS("hgroup") ? TAG_SEP : TAG_OTHER;
	case 7:
		if (IS("section") || IS("article"))
			return TAG_BLOCK;
		return IS("address") || IS("caption") || IS("details") ||
		       IS("summary") ? TAG_SEP : TAG_OTHER;
	case 8:
		if (IS("textarea")) {
			*raw = "textarea";
			return TAG_RAW;
		}
		return IS("fieldset") ? TAG_SEP : TAG_OTHER;
	case 10:
		return IS("blockquote") || IS("figcaption") ? TAG_BLOCK : TAG_OTHER;
	default:
		return TAG_OTHER;
	}
#undef IS
}

/* From inside a tag to just after its '>'; quoted attribute values (a
 * quote right after '=') may hold '>'.  *done is 0 when the input ended
 * first: browsers drop such a tag. */
static size_t
scan_tag_end(struct scan *sc, size_t i, int *done)
{
	const unsigned char *s = sc->s;
	size_t n = sc->n;
	int eq = 0;
	while (i < n) {
		unsigned char c = s[i];
		if (!tag_stop[c]) {
			eq = 0;
			i++;
			continue;
		}
		switch (c) {
		case '>':
			*done = 1;
			return i + 1;
		case '\n': case '\r':
			i = scan_break(sc, i);
			break;
		case '=':
			eq = 1;
			i++;
			break;
		case '"': case '\'':
			i++;
			if (!eq)
				break;
			eq = 0;
			while ((i = find3(s, i, n, c, '\n', '\r')) < n && s[i] != c)
				i = scan_break(sc, i);
			if (i < n)
				i++;
			break;
		default:                /* whitespace keeps "after '='" */
			i++;
		}
	}
	*done = 0;
	return n;
}

/* Contents of script, style or textarea: only "</name" followed by
 * whitespace, '/' or '>' ends them, wherever it is (as in browsers).
 * Returns the index of that '<', or n. */
static size_t
scan_raw(struct scan *sc, size_t i, const char *name)
{
	const unsigned char *s = sc->s;
	size_t n = sc->n, nlen = strlen(name);
	while (i < n) {
		if ((i = find3(s, i, n, '<', '\n', '\r')) >= n)
			break;
		if (s[i] != '<') {
			i = scan_break(sc, i);
			continue;
		}
		if (i + 2 + nlen < n && s[i + 1] == '/' &&
		    name_stop[s[i + 2 + nlen]]) {
			size_t k = 0;
			while (k < nlen && (s[i + 2 + k] | 0x20) == name[k])
				k++;
			if (k == nlen)
				return i;
		}
		i++;
	}
	return n;
}

/* From just after "<!--" to just after the comment's end; an unclosed
 * comment runs to the end. */
static size_t
scan_comment(struct scan *sc, size_t i)
{
	const unsigned char *s = sc->s;
	size_t n = sc->n;
	if (i < n && s[i] == '>')                               /* <!--> */
		return i + 1;
	if (i + 1 < n && s[i] == '-' && s[i + 1] == '>')        /* <!---> */
		return i + 2;
	while (i < n) {
		if ((i = find3(s, i, n, '-', '\n', '\r')) >= n)
			break;
		if (s[i] != '-') {
			i = scan_break(sc, i);
			continue;
		}
		if (i + 2 < n && s[i + 1] == '-') {
			if (s[i + 2] == '>')
				return i + 3;
			if (s[i + 2] == '!' && i + 3 < n && s[i + 3] == '>')
				return i + 4;
		}
		i++;
	}
	return n;
}

/* <!DOCTYPE ...>, <?xml ...?>, </3...>: dropped up to the first '>'. */
static size_t
scan_bogus(struct scan *sc, size_t i)
{
	const unsigned char *s = sc->s;
	size_t n = sc->n;
	while (i < n) {
		if ((i = find3(s, i, n, '>', '\n', '\r')) >= n)
			break;
		if (s[i] == '>')
			return i + 1;
		i = scan_break(sc, i);
	}
	return n;
}

/* <![CDATA[ ... ]]> from just after "<![CDATA[": its text is kept as is. */
static size_t
scan_cdata(struct scan *sc, size_t i)
{
	const unsigned char *s = sc->s;
	size_t n = sc->n, end = i;
	for (;;) {
		const unsigned char *b = end < n ? memchr(s + end, ']', n - end) : NULL;
		if (!b) {
			end = n;
			break;
		}
		end = (size_t)(b - s);
		if (end + 2 < n && s[end + 1] == ']' && s[end + 2] == '>')
			break;
		end++;
	}
	sc->i = i;
	scan_text(sc, end, 0);
	return end < n ? end + 3 : n;
}

static int
starts(const struct scan *sc, size_t i, const char *lit)
{
	size_t k = strlen(lit);
	return i + k <= sc->n && memcmp(sc->s + i, lit, k) == 0;
}

/* Markup at s[i] == '<'.  A '<' not followed by a letter, '/', '!' or '?'
 * is text, as in browsers ("a < b"). */
static void
scan_markup(struct scan *sc)
{
	const unsigned char *s = sc->s;
	size_t i = sc->i, n = sc->n;
	unsigned char c1 = i + 1 < n ? s[i + 1] : 0;
	int done;
	if (is_alpha(c1) || (c1 == '/' && i + 2 < n && is_alpha(s[i + 2]))) {
		size_t name = i + (c1 == '/' ? 2 : 1), j = name;
		while (j < n && !name_stop[s[j]])
			j++;
		const char *raw = NULL;
		enum tag_kind kind = tag_kind(s + name, j - name, &raw);
		j = scan_tag_end(sc, j, &done);
		if (done && c1 != '/' && kind == TAG_RAW) {
			j = scan_raw(sc, j, raw);
		} else if (done && sc->reflow &&
			   (kind == TAG_BR || (kind == TAG_BLOCK && c1 == '/'))) {
			scan_newline(sc, 1);
			sc->last_insert = j;
		} else if (done && kind != TAG_OTHER && kind != TAG_RAW) {
			/* a block's start or end, or <br>: the words on
			 * either side are two words, as a browser shows them */
			sc->sep = 1;
		}
		i = j;
	} else if (c1 == '/') {
		if (i + 2 >= n) {               /* "</" at the end is text */
			scan_sep(sc, '<');
			buf_add(&sc->ct, "</", 2);
			sc->chars += 2;
			i = n;
		} else if (s[i + 2] == '>') {   /* "</>" is ignored */
			i += 3;
		} else {
			i = scan_bogus(sc, i + 2);
		}
	} else if (c1 == '!') {
		if (starts(sc, i, "<!--"))
			i = scan_comment(sc, i + 4);
		else if (starts(sc, i, "<![CDATA["))
			i = scan_cdata(sc, i + 9);
		else
			i = scan_bogus(sc, i + 2);
	} else if (c1 == '?') {
		i = scan_bogus(sc, i + 1);
	} else {
		scan_sep(sc, '<');
		buf_addc(&sc->ct, '<');
		sc->chars++;
		i++;
	}
	sc->i = i;
}

void
lineblock_scan(struct lineblock *lb, const char *utf8, size_t len, int reflow)
{
	struct scan sc = {
		.s = (const unsigned char *)utf8, .n = len, .reflow = reflow,
		.src = 1, .last_insert = SIZE_MAX, .cap = 256,
	};
	buf_init(&sc.ct);
	buf_reserve(&sc.ct, len / 4 + 64);
	sc.off = xmalloc(sc.cap * sizeof *sc.off);
	sc.lchars = xmalloc(sc.cap * sizeof *sc.lchars);
	sc.lsrc = xmalloc(sc.cap * sizeof *sc.lsrc);
	sc.off[0] = 0;
	sc.lsrc[0] = 1;

	while (sc.i < sc.n) {
		const unsigned char *lt = memchr(sc.s + sc.i, '<', sc.n - sc.i);
		scan_text(&sc, lt ? (size_t)(lt - sc.s) : sc.n, 1);
		if (lt)
			scan_markup(&sc);
	}

	/* A final break (source or inserted) starts no line. */
	size_t nlines = sc.nl;
	int final_break = len == 0 || sc.s[len - 1] == '\n' ||
			  sc.s[len - 1] == '\r' || sc.last_insert == len;
	if (final_break && sc.nl > 0) {
		sc.ct.len--;
	} else if (len > 0) {
		sc.lchars[sc.nl] = sc.chars;
		nlines++;
	}
	sc.ct.data[sc.ct.len] = '\0';    /* also when nothing was added */

	lb->ctext = buf_steal(&sc.ct, &lb->ctext_len);
	lb->nlines = (int)nlines;
	lb->line_off = sc.off;
	lb->line_off[nlines] = lb->ctext_len + 1;
	lb->line_chars = sc.lchars;
	lb->src_line = sc.lsrc;
}
