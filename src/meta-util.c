/* meta-util.c - what the metadata readers share: an element's text
 * collapsed, the names an element gives itself, and letters folded to
 * compare words and names.  meta.c and meta-jsonld.c, meta-date.c and
 * meta-author.c call these; nothing here calls them back. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "entities.h"
#include "meta-int.h"
#include "words.h"

char *
collapsed_dup(const char *s, size_t n)
{
	struct buf b;
	buf_init(&b);
	text_collapse(s, n, &b);
	return buf_steal(&b, NULL);
}

/* s collapsed, or NULL when that leaves nothing. */
char *
nonempty_dup(const char *s, size_t n)
{
	char *r = collapsed_dup(s, n);
	if (!*r) {
		free(r);
		return NULL;
	}
	return r;
}

/* Text of element e's subtree, collapsed (title, h1), but for the
 * text of its descendants of tag ids skip and skip2 (-1: none). */
static char *
subtree_lines(const struct dom *d, int e, const char *sep, int skip, int skip2)
{
	struct buf b;
	buf_init(&b);
	bool space = false, brk = false;
	int block = -1;
	int next = e + 1;       /* the next element to look at, in pre-order */
	for (int t = d->text_begin[e]; t < d->text_end[e]; t++) {
		/* a skipped element's texts are one range: jump past it */
		for (; (skip >= 0 || skip2 >= 0) && next < d->end[e] && d->text_begin[next] <= t;
		     next++)
			if ((d->tag[next] == skip || d->tag[next] == skip2) && d->text_end[next] > t) {
				t = d->text_end[next];
				next = d->end[next] - 1;
			}
		if (t >= d->text_end[e])
			break;
		/* a line break parts a byline's name from the role under
		 * it as a block does */
		if (d->texts[t].flags & TEXT_BREAK) {
			space = true;
			brk = true;
			continue;
		}
		if (d->texts[t].flags & TEXT_SKIP && !(d->flags[e] & DOM_SKIP))
			continue;
		/* two blocks' texts are two lines, never one word: a byline's
		 * name and the role under it */
		if (((block >= 0 && d->texts[t].block != block) || brk) && b.len) {
			if (strcmp(sep, " "))
				buf_adds(&b, sep);
			space = true;
		}
		brk = false;
		block = d->texts[t].block;
		buf_add_collapsed(&b, dom_text(d, t), d->texts[t].len, &space);
	}
	return buf_steal(&b, NULL);
}

char *
element_lines(const struct dom *d, int e, const char *sep)
{
	return subtree_lines(d, e, sep, -1, -1);
}

char *
element_text(const struct dom *d, int e)
{
	return element_lines(d, e, " ");
}

char *
headline_text(const struct dom *d, int e)
{
	return subtree_lines(d, e, " ", dom_tag_id(d, "time"), dom_tag_id(d, "button"));
}

/* Does attribute name of element i hold word (a substring, any case)? */
bool
attr_has(const struct dom *d, int i, const char *name, const char *word)
{
	const char *v = dom_attr(d, i, name);
	return v && ascii_casestr(v, word);
}

/* The attributes that name what an element is, read once per element. */

void
idents_of(const struct dom *d, int i, struct idents *nm)
{
	static const char *const keys[] = { "class", "id", "itemprop", "rel" };
	for (int k = 0; k < 4; k++)
		nm->v[k] = NULL;
	for (int a = d->attr_begin[i]; a < d->attr_begin[i + 1]; a++)
		for (int k = 0; k < 4; k++) {
			const char *an = d->pool + d->attrs[a].name;
			if (!nm->v[k] && (((unsigned char)an[0] ^ (unsigned char)keys[k][0]) & ~0x20) == 0 &&
			    !strcasecmp(an, keys[k]))
				nm->v[k] = d->pool + d->attrs[a].value;
		}
}

/* Is e inside a comment section (its own class does not count)? */
bool
in_comments(const struct dom *d, const uint8_t *marks, int e)
{
	return d->parent[e] >= 0 && marks[d->parent[e]] & MARK_COMMENTS;
}

/* A Greek letter (U+0386-U+03CE) in lower case without its accent or
 * diaeresis, final sigma as sigma: month names are written every way. */
static uint32_t
greek_fold(uint32_t cp)
{
	static const struct { uint16_t from, to; } map[] = {
		{ 0x386, 0x3b1 }, { 0x388, 0x3b5 }, { 0x389, 0x3b7 }, { 0x38a, 0x3b9 },
		{ 0x38c, 0x3bf }, { 0x38e, 0x3c5 }, { 0x38f, 0x3c9 }, { 0x390, 0x3b9 },
		{ 0x3aa, 0x3b9 }, { 0x3ab, 0x3c5 }, { 0x3ac, 0x3b1 }, { 0x3ad, 0x3b5 },
		{ 0x3ae, 0x3b7 }, { 0x3af, 0x3b9 }, { 0x3b0, 0x3c5 }, { 0x3c2, 0x3c3 },
		{ 0x3ca, 0x3b9 }, { 0x3cb, 0x3c5 }, { 0x3cc, 0x3bf }, { 0x3cd, 0x3c5 },
		{ 0x3ce, 0x3c9 },
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i].from == cp)
			return map[i].to;
	if (cp >= 0x391 && cp <= 0x3a9)
		return cp + 0x20;
	return cp;
}

/* Lower-case one UTF-8 character at s into out (ASCII, Latin-1,
 * Cyrillic, Greek; any other as it is); returns its length, 0 where the
 * n bytes end inside it.  A byte that starts no sequence is one. */
size_t
fold_char(const unsigned char *s, size_t n, unsigned char out[4])
{
	if (s[0] < 0x80) {
		/* ASCII's own case, whatever the locale */
		out[0] = s[0] >= 'A' && s[0] <= 'Z' ? (unsigned char)(s[0] + ('a' - 'A')) : s[0];
		return 1;
	}
	/* "–", "•", CJK: three bytes, four beyond the BMP, copied whole */
	size_t len = s[0] >= 0xf8 ? 1 : s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc0 ? 2 : 1;
	if (n < len)
		return 0;
	if (len != 2) {
		memcpy(out, s, len);
		return len;
	}
	out[0] = s[0];
	out[1] = s[1];
	if ((s[0] == 0xce || s[0] == 0xcf) && s[1] >= 0x80 && s[1] <= 0xbf) {
		uint32_t cp = greek_fold(((uint32_t)(s[0] & 0x1f) << 6) | (s[1] & 0x3f));
		out[0] = (unsigned char)(0xc0 | cp >> 6);
		out[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	/* Latin-1 capitals and Cyrillic А-П: the same lead byte, +0x20 */
	bool latin = s[0] == 0xc3 && s[1] >= 0x80 && s[1] <= 0x9e && s[1] != 0x97;
	bool cyr = s[0] == 0xd0 && s[1] >= 0x90 && s[1] <= 0x9f;
	if (latin || cyr)
		out[1] = s[1] + 0x20;
	else if (s[0] == 0xd0 && s[1] >= 0xa0 && s[1] <= 0xaf)
		out[0] = 0xd1, out[1] = s[1] - 0x20;
	return 2;
}

/* Is the letter run at s the word w (folded)? Sets *len to its bytes. */
bool
word_is(const char *s, size_t n, const char *w, size_t wl, size_t *len)
{
	size_t i = 0, j = 0;
	while (j < wl) {
		if (i >= n)
			return false;
		unsigned char a[4], b[4];
		size_t la = fold_char((const unsigned char *)s + i, n - i, a);
		size_t lb = fold_char((const unsigned char *)w + j, wl - j, b);
		if (!la || la != lb || memcmp(a, b, la))
			return false;
		i += la;
		j += lb;
	}
	/* the word must end here: no letter follows */
	if (i < n && (isalpha((unsigned char)s[i]) || (unsigned char)s[i] >= 0x80))
		return false;
	*len = i;
	return true;
}

/* Letters and digits of s, folded, for comparing names ("Investment
 * Watch" with investmentwatchblog.com). */
void
squeeze(const char *s, size_t n, struct buf *out)
{
	for (size_t i = 0; i < n; ) {
		unsigned char f[4];
		size_t l = fold_char((const unsigned char *)s + i, n - i, f);
		if (!l)
			break;
		if (l >= 2 || isalnum(f[0]))
			buf_add(out, f, l);
		i += l;
	}
}

/* Is the title part p[0..n) the site's name (og:site_name or a label of
 * the host)? */
bool
names_site(const char *p, size_t n, const char *site, const char *host)
{
	struct buf a, b;
	buf_init(&a);
	buf_init(&b);
	squeeze(p, n, &a);
	bool yes = false;
	if (a.len >= 3) {
		if (site) {
			squeeze(site, strlen(site), &b);
			yes = b.len && (!strcmp(a.data, b.data) ||
					(b.len >= 4 && strstr(a.data, b.data)) ||
					(a.len >= 5 && strstr(b.data, a.data)));
		}
		/* the host's labels: "foren.myoos" names "MyOOS Community Forum" */
		for (const char *h = host; !yes && h && *h; ) {
			size_t l = strcspn(h, ".");
			b.len = 0;
			squeeze(h, l, &b);
			yes = b.len >= 4 && (strstr(b.data, a.data) || strstr(a.data, b.data));
			h += l + (h[l] == '.');
		}
	}
	buf_free(&a);
	buf_free(&b);
	return yes;
}

void
refs_decode(char *s)
{
	char *o = s;
	for (const char *p = s; *p; ) {
		const char *semi = *p == '&' ? strchr(p, ';') : NULL;
		uint32_t cp = 0;
		if (semi && semi - p > 2 && semi - p <= 12) {
			if (p[1] == '#') {
				char *end;
				bool hex = p[2] == 'x' || p[2] == 'X';
				unsigned long v = strtoul(p + 2 + hex, &end, hex ? 16 : 10);
				if (end == semi && end > p + 2 + hex)
					cp = entity_numeric(v);
			} else {
				const struct entity *en = entity_find((const unsigned char *)p + 1,
								      (size_t)(semi - p - 1));
				cp = en ? en->cp : 0;
			}
		}
		if (cp) {
			char u[4];
			size_t k = utf8_encode(cp, u);
			/* never longer than the reference: &#x10FFFF; and the
			 * shortest name, &lt;, both hold more bytes than they give */
			memcpy(o, u, k);
			o += k;
			p = semi + 1;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
}
