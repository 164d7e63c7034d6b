/* source.c - the page's bytes as an HTML tokenizer reads them. */
#include "config.h"

#include "source.h"

#include <ctype.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "util.h"

enum kind {
	K_OTHER,
	K_RAW,          /* text not counted and no tags inside */
	K_SELECT,
	K_SELECT_END,   /* start tags that end an open select */
	K_TABLE,
	K_TABLE_PART,   /* in a table, their tags end an open select */
	K_FOREIGN,      /* svg, math: a CDATA section is one there */
};

static const struct {
	const char *name;
	enum kind kind;
} kinds[] = {
	{ "script", K_RAW }, { "style", K_RAW }, { "noscript", K_RAW },
	{ "template", K_RAW }, { "title", K_RAW }, { "xmp", K_RAW },
	{ SOURCE_PRE_STYLE, K_RAW },    /* the repaired page's: a style still */
	{ "select", K_SELECT },
	{ "input", K_SELECT_END }, { "keygen", K_SELECT_END }, { "textarea", K_SELECT_END },
	{ "table", K_TABLE },
	{ "caption", K_TABLE_PART }, { "tbody", K_TABLE_PART }, { "thead", K_TABLE_PART },
	{ "tfoot", K_TABLE_PART }, { "tr", K_TABLE_PART }, { "td", K_TABLE_PART },
	{ "th", K_TABLE_PART },
	{ "svg", K_FOREIGN }, { "math", K_FOREIGN },
};

static enum kind
kind_of(const char *name, size_t len)
{
	/* every tag of the page comes here: most start with none of the
	 * list's first letters */
	if (len < 2 || len > 8)
		return K_OTHER;
	switch (name[0] | 0x20) {
	case 's': case 'n': case 't': case 'x': case 'i': case 'k': case 'c': case 'm':
		break;
	default:
		return K_OTHER;
	}
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		if (strlen(kinds[k].name) == len && !strncasecmp(kinds[k].name, name, len))
			return kinds[k].kind;
	return K_OTHER;
}

/* Bytes that count no character: white space and UTF-8's continuation
 * bytes. */
static const bool text_skip[256] = {
	[' '] = true, ['\t'] = true, ['\n'] = true, ['\v'] = true, ['\f'] = true, ['\r'] = true,
#define C8(x) [x] = true, [(x) + 1] = true, [(x) + 2] = true, [(x) + 3] = true, \
	[(x) + 4] = true, [(x) + 5] = true, [(x) + 6] = true, [(x) + 7] = true
	C8(0x80), C8(0x88), C8(0x90), C8(0x98), C8(0xA0), C8(0xA8), C8(0xB0), C8(0xB8),
#undef C8
};

long
source_chars(const char *s, size_t n)
{
	long k = 0;
	for (size_t i = 0; i < n; i++)
		k += !text_skip[(unsigned char)s[i]];
	return k;
}

static bool
is_namechar(unsigned char c)
{
	return isalnum(c) || c == '-' || c == ':' || c == '_' || c == '.';
}

/* Past the '>' that ends a tag whose name ends at i; quoted attribute
 * values may hold '>'. */
static size_t
tag_end(const char *s, size_t n, size_t i)
{
	bool after_eq = false;
	while (i < n && s[i] != '>') {
		unsigned char c = (unsigned char)s[i];
		if ((c == '"' || c == '\'') && after_eq) {
			const char *q = memchr(s + i + 1, c, n - i - 1);
			i = q ? (size_t)(q - s) + 1 : n;
			after_eq = false;
			continue;
		}
		if (c == '=')
			after_eq = true;
		else if (!isspace(c))
			after_eq = false;
		i++;
	}
	return i < n ? i + 1 : n;
}

/* The offset of the "</name" that ends a raw element's text, or n. */
static size_t
raw_end(const char *s, size_t n, size_t i, const char *name, size_t len)
{
	while (i < n) {
		const char *lt = memchr(s + i, '<', n - i);
		if (!lt)
			return n;
		size_t j = (size_t)(lt - s);
		if (j + 2 + len <= n && s[j + 1] == '/' && !strncasecmp(s + j + 2, name, len) &&
		    (j + 2 + len == n || !is_namechar((unsigned char)s[j + 2 + len])))
			return j;
		i = j + 1;
	}
	return n;
}

/* The offset of the "</script" that ends a script's text, or n.  In
 * HTML's script data states a "<!--" escapes the text, a "<script" then
 * escapes it twice, and a "</script" inside the double escape ends only
 * that; a "-->" ends both. */
static size_t
script_end(const char *s, size_t n, size_t i)
{
	enum { DATA, ESCAPED, DOUBLE } st = DATA;
	for (; i < n; i++) {
		if (s[i] == '>') {
			if (st != DATA && s[i - 1] == '-' && s[i - 2] == '-')
				st = DATA;
			continue;
		}
		if (s[i] != '<')
			continue;
		if (st == DATA && i + 3 < n && !memcmp(s + i + 1, "!--", 3)) {
			st = ESCAPED;
			i += 3;    /* on the second '-': "<!-->" ends at once */
			continue;
		}
		bool end = i + 1 < n && s[i + 1] == '/';
		size_t nb = i + 1 + end;
		if (nb + 6 > n || strncasecmp(s + nb, "script", 6))
			continue;
		char c = nb + 6 < n ? s[nb + 6] : '\0';
		if (!c || !strchr(" \t\n\f\r/>", c))
			continue;
		if (end && st != DOUBLE)
			return i;
		if (end)
			st = ESCAPED;
		else if (st == ESCAPED)
			st = DOUBLE;
	}
	return n;
}

/* Whether the start tag s[from..to) (past its name, before its '>') has
 * a type attribute whose value holds "ld+json", in any case, or a
 * character reference ("application&#x2F;ld&#x2B;json"): a script that
 * may be JSON-LD.  Any of them: libtidy keeps the last of two. */
static bool
type_ld_json(const char *s, size_t from, size_t to)
{
	const char *p = s + from, *end = s + to, *name, *val;
	size_t nlen, vlen;
	while ((p = html_next_attr(p, end, &name, &nlen, &val, &vlen)))
		if (html_attr_is(name, nlen, "type") &&
		    (memchr(val, '&', vlen) || memcasestr(val, vlen, "ld+json")))
			return true;
	return false;
}

/* Append offset at to the array *v of *n offsets (*cap of room). */
static void
add_offset(size_t **v, int *n, size_t *cap, size_t at)
{
	if ((size_t)*n == *cap) {
		*cap = *cap ? *cap * 2 : 8;
		*v = xreallocarray(*v, *cap, sizeof **v);
	}
	(*v)[(*n)++] = at;
}

static void
add_blank(struct source_scan *out, size_t *cap, size_t at, size_t end)
{
	if ((size_t)out->nblank == *cap) {
		*cap = *cap ? *cap * 2 : 8;
		out->blank_at = xreallocarray(out->blank_at, *cap, sizeof *out->blank_at);
		out->blank_end = xreallocarray(out->blank_end, *cap, sizeof *out->blank_end);
	}
	out->blank_at[out->nblank] = at;
	out->blank_end[out->nblank++] = end;
}

/* The custom elements' names seen (struct custom_state): whether one
 * stood in a paragraph, a heading, a pre or a dt, and whether one held a
 * block element's start tag; the open ones' names, innermost last. */
struct custom_name {
	const char *name;
	size_t len;
	bool in_para, block;
};
struct custom_state {
	struct custom_name names[SOURCE_CUSTOM_MAX];
	int nnames;
	int open[SOURCE_CUSTOM_MAX];    /* indices into names */
	int nopen;
	bool para;      /* a p, h1-h6, pre or dt is open */
};

/* Whether name (len bytes) is one of names[0..n), in any case. */
static bool
name_in(const char *const *names, size_t n, const char *name, size_t len)
{
	for (size_t k = 0; k < n; k++)
		if (strlen(names[k]) == len && !strncasecmp(names[k], name, len))
			return true;
	return false;
}

/* Start tags of the elements a paragraph holds no part of: HTML ends an
 * open p at them (and libtidy a custom element told inline). */
static bool
block_start(const char *name, size_t len)
{
	static const char *const names[] = {
		"address", "article", "aside", "blockquote", "details", "dialog", "div",
		"dl", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2",
		"h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li", "main", "menu",
		"nav", "ol", "p", "pre", "section", "table", "ul", "dd", "dt",
	};
	return name_in(names, sizeof names / sizeof names[0], name, len);
}

/* A tag name (len bytes, any case) of a heading, h1 to h6. */
static bool
is_heading(const char *name, size_t len)
{
	return len == 2 && (name[0] | 0x20) == 'h' && name[1] >= '1' && name[1] <= '6';
}

/* The elements whose content is a paragraph's: a custom element in one
 * is inline in HTML. */
static bool
para_start(const char *name, size_t len)
{
	if (is_heading(name, len))
		return true;
	return (len == 1 && (name[0] | 0x20) == 'p') ||
	       (len == 3 && !strncasecmp(name, "pre", 3)) ||
	       (len == 2 && !strncasecmp(name, "dt", 2));
}

static void
custom_tag(struct custom_state *cs, const char *name, size_t len, bool end, bool self_closed)
{
	bool custom = memchr(name, '-', len) != NULL;
	if (!custom) {
		/* every tag of the page comes here: a block's start matters
		 * only to an open paragraph or custom element, but a
		 * paragraph's starts one */
		bool para = para_start(name, len);
		if (!end && (para || ((cs->para || cs->nopen) && block_start(name, len)))) {
			for (int k = 0; k < cs->nopen; k++)
				cs->names[cs->open[k]].block = true;
			cs->para = para;
		} else if (end && para) {
			cs->para = false;
		}
		return;
	}
	int at = 0;
	while (at < cs->nnames && !(cs->names[at].len == len &&
				    !strncasecmp(cs->names[at].name, name, len)))
		at++;
	if (end) {
		int k = cs->nopen - 1;
		while (k >= 0 && cs->open[k] != at)
			k--;
		if (k >= 0)
			cs->nopen = k;
		return;
	}
	if (at == cs->nnames) {
		if (cs->nnames == SOURCE_CUSTOM_MAX)
			return;
		cs->names[cs->nnames++] = (struct custom_name){ name, len, false, false };
	}
	cs->names[at].in_para |= cs->para;
	if (!self_closed && cs->nopen < SOURCE_CUSTOM_MAX)
		cs->open[cs->nopen++] = at;
}

static char *
custom_list(const struct custom_state *cs)
{
	struct buf b;
	buf_init(&b);
	for (int k = 0; k < cs->nnames; k++) {
		const struct custom_name *c = &cs->names[k];
		if (!c->in_para || c->block)
			continue;
		if (b.len)
			buf_addc(&b, ' ');
		for (size_t i = 0; i < c->len; i++)
			buf_addc(&b, (char)tolower((unsigned char)c->name[i]));
	}
	return b.len ? buf_steal(&b, NULL) : (buf_free(&b), NULL);
}

/* The div and style tags of the pre being read (struct pre_state),
 * kept only when the pre ends as HTML and libtidy both end it: at its
 * own end tag, with its divs closed.  An end tag of a div opened before
 * it, or of an element that holds a pre (HTML pops the pre with it, where
 * libtidy would carry the renamed inline divs on), or the page's end,
 * leaves the pre as it was. */
struct pre_state {
	int depth;      /* pres open */
	int divs;       /* divs open in them */
	int from;       /* out->npre where the outermost began */
};

/* End tags that close a pre in HTML where it is open inside their
 * element: the containers of flow content. */
static bool
ends_pre(const char *name, size_t len)
{
	static const char *const names[] = {
		"address", "article", "aside", "blockquote", "body", "dd", "details",
		"dialog", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form",
		"header", "hgroup", "html", "li", "main", "menu", "nav", "ol", "p", "section",
		"summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
		"h1", "h2", "h3", "h4", "h5", "h6",
	};
	return name_in(names, sizeof names / sizeof names[0], name, len);
}

static void
pre_drop(struct pre_state *ps, struct source_scan *out)
{
	out->npre = ps->from;
	ps->depth = ps->divs = 0;
}

/* A tag named name (len bytes, at offset at). */
static void
in_pre(const char *name, size_t len, bool end, size_t at, struct pre_state *ps,
       struct source_scan *out, size_t *cap)
{
	if (len == 3 && !strncasecmp(name, "pre", 3)) {
		if (!end) {
			if (ps->depth++ == 0) {
				ps->from = out->npre;
				ps->divs = 0;
			}
		} else if (ps->depth > 0 && --ps->depth == 0 && ps->divs != 0) {
			pre_drop(ps, out);
		}
	} else if (ps->depth == 0) {
		return;
	} else if (len == 3 && !strncasecmp(name, "div", 3)) {
		if (end && ps->divs == 0) {
			pre_drop(ps, out);
			return;
		}
		ps->divs += end ? -1 : 1;
		add_offset(&out->pre_at, &out->npre, cap, at);
	} else if (end && ends_pre(name, len)) {
		pre_drop(ps, out);
	}
}

/* The heading being read (struct heading_state): where its start tag's
 * name is, the blocks open in it and whether one was; a heading that
 * ends otherwise than at its own end tag with them closed is left as it
 * was. */
struct heading_state {
	bool open;
	bool block;     /* a block's start tag was in it */
	int depth;      /* blocks open in it */
	size_t at;      /* offset of its start tag's name */
};

/* A tag named name (len bytes, at offset at), outside svg and math. */
static void
in_heading(const char *name, size_t len, bool end, size_t at, struct heading_state *hs,
	   struct source_scan *out, size_t *cap)
{
	if (is_heading(name, len)) {
		if (!end && hs->open) {
			/* a heading in a heading: HTML ends the first
			 * where it is the current node; both left alone */
			hs->open = false;
		} else if (!end) {
			*hs = (struct heading_state){ true, false, 0, at };
		} else if (hs->open) {
			if (hs->block && hs->depth == 0) {
				add_offset(&out->heading_at, &out->nheading, cap, hs->at);
				add_offset(&out->heading_at, &out->nheading, cap, at);
			}
			hs->open = false;
		}
		return;
	}
	if (!hs->open || (len == 2 && !strncasecmp(name, "hr", 2)) || !block_start(name, len))
		return;
	if (!end) {
		hs->block = true;
		hs->depth++;
	} else if (--hs->depth < 0) {
		/* the end of an element opened before the heading */
		hs->open = false;
	}
}

void
source_scan(const char *s, size_t n, long stop, struct source_scan *out)
{
	memset(out, 0, sizeof *out);
	out->stop_at = n;
	size_t cap = 0, cdata_cap = 0, pre_cap = 0, blank_cap = 0, meta_cap = 0, pi_cap = 0;
	size_t heading_cap = 0, doctype_cap = 0;
	bool tagged = false;        /* a tag read: no doctype may follow */
	int tables = 0, foreign = 0;
	bool in_body = false;
	/* the custom elements' names, read for a whole scan only */
	struct custom_state *cs = stop < 0 ? xcalloc(1, sizeof *cs) : NULL;
	struct pre_state ps = { 0, 0, 0 };
	struct heading_state hs = { false, false, 0, 0 };
	bool select = false, select_table = false;
	size_t i = 0;
	while (i < n) {
		unsigned char c = (unsigned char)s[i];
		if (c == '<' && i + 1 < n) {
			unsigned char d = (unsigned char)s[i + 1];
			if (d == '!' && i + 3 < n && s[i + 2] == '-' && s[i + 3] == '-') {
				const char *e = i + 4 < n ? memmem(s + i + 4, n - i - 4, "-->", 3) : NULL;
				i = e ? (size_t)(e - s) + 3 : n;
				continue;
			}
			if (d == '!' || d == '?') {
				const char *e = memchr(s + i, '>', n - i);
				if (e && !foreign && d == '!' && i + 9 <= n &&
				    !memcmp(s + i, "<![CDATA[", 9))
					add_offset(&out->cdata_at, &out->ncdata, &cdata_cap, i);
				if (d == '?' && i + 5 <= n && (!memcmp(s + i + 2, "php", 3) ||
							      !memcmp(s + i + 2, "xml", 3)))
					add_offset(&out->pi_at, &out->npi, &pi_cap, i + 2);
				if (e && d == '!' && i + 2 < n && (s[i + 2] | 0x20) == 'd' &&
				    (tagged || i + 9 > n || strncasecmp(s + i + 2, "doctype", 7)))
					add_offset(&out->doctype_at, &out->ndoctype, &doctype_cap, i + 1);
				i = e ? (size_t)(e - s) + 1 : n;
				continue;
			}
			bool end = d == '/';
			size_t nb = i + 1 + end;
			if (nb < n && isalpha((unsigned char)s[nb])) {
				size_t ne = nb;
				while (ne < n && is_namechar((unsigned char)s[ne]))
					ne++;
				enum kind k = kind_of(s + nb, ne - nb);
				if (!end && ne - nb == 4) {
					if (!strncasecmp(s + nb, "body", 4))
						in_body = true;
					else if (in_body && (!strncasecmp(s + nb, "meta", 4) ||
							  !strncasecmp(s + nb, "link", 4)))
						add_offset(&out->meta_at, &out->nmeta, &meta_cap, nb);
				}
				if ((ne - nb == 3 || ps.depth) && !foreign)
					in_pre(s + nb, ne - nb, end, nb, &ps, out, &pre_cap);
				if (select) {
					if (end && k == K_SELECT) {
						select = false;
					} else if ((!end && (k == K_SELECT || k == K_SELECT_END)) ||
						   (select_table && (k == K_TABLE || k == K_TABLE_PART))) {
						add_offset(&out->close_at, &out->nclose, &cap, i);
						select = false;
					}
				}
				if (k == K_FOREIGN && !end)
					foreign++;
				else if (k == K_FOREIGN && foreign > 0)
					foreign--;
				if (k == K_TABLE && !end)
					tables++;
				else if (k == K_TABLE && tables > 0)
					tables--;
				if (k == K_SELECT && !end) {
					select = true;
					select_table = tables > 0;
				}
				i = tag_end(s, n, ne);
				tagged = true;
				/* a "<!D" inside the tag (as far as HTML reads
				 * it: a quote no quote ends takes the rest),
				 * which libtidy reads as a doctype after the tag
				 * a '<' ends for it: its '<' is noted */
				for (size_t j = ne; j + 2 < i; j++)
					if (s[j] == '<' && s[j + 1] == '!' && (s[j + 2] | 0x20) == 'd')
						add_offset(&out->doctype_at, &out->ndoctype,
							   &doctype_cap, j);
				if (cs && !foreign) {
					custom_tag(cs, s + nb, ne - nb, end, i >= 2 && s[i - 2] == '/');
					in_heading(s + nb, ne - nb, end, nb, &hs, out, &heading_cap);
				}
				/* <svg/> opens nothing */
				if (k == K_FOREIGN && !end && i >= 2 && s[i - 2] == '/')
					foreign--;
				if (k == K_RAW && !end) {
					size_t body = i;
					bool script = ne - nb == 6 && !strncasecmp(s + nb, "script", 6);
					bool style = ne - nb == 5 && !strncasecmp(s + nb, "style", 5);
					i = script ? script_end(s, n, i) : raw_end(s, n, i, s + nb, ne - nb);
					/* libtidy reads tags in a title, a noscript,
					 * a template or an xmp, where the scan reads
					 * none: a "<!D" there is a doctype to it too;
					 * and in a script or a style whose start tag
					 * a '<' ends for it (<script src=x<a>), or
					 * that nothing ends.  Such text is never
					 * shown, so all of it is mended but a
					 * JSON-LD script's, which is read */
					bool ld = script && type_ld_json(s, ne, body - 1);
					for (const char *lt = s + body; !ld && lt && lt + 2 < s + i;
					     lt = memchr(lt + 1, '<', (size_t)(s + i - lt - 1))) {
						size_t j = (size_t)(lt - s);
						if (s[j] == '<' && s[j + 1] == '!' &&
						    (s[j + 2] | 0x20) == 'd' && memchr(s + j, '>', n - j))
							add_offset(&out->doctype_at, &out->ndoctype,
								   &doctype_cap, j + 1);
					}
					/* a style in a pre: renamed where it ends
					 * and holds no '<', so that libtidy, which
					 * reads it then as text, sees what the
					 * scan and a browser see; anywhere in
					 * the body too (CSS in JS puts one
					 * beside each component), where libtidy
					 * ends a paragraph or a heading at it
					 * and drops the white space around it.
					 * Its text stays (an inline element's
					 * blank text would move out of it, a
					 * space in the paragraph) */
					bool renamed = (ps.depth || in_body) && style && i < n &&
						       !memchr(s + body, '<', i - body);
					if (i < n && i > body && s[body - 2] != '/' &&
					    (script || (style && !ps.depth && !renamed)) && !ld)
						add_blank(out, &blank_cap, body, i);
					if (renamed) {
						add_offset(&out->pre_at, &out->npre, &pre_cap, nb);
						add_offset(&out->pre_at, &out->npre, &pre_cap, i + 2);
					}
				}
				continue;
			}
		}
		if (c == '&') {
			/* a reference is one character */
			size_t j = i + 1;
			if (j < n && s[j] == '#')
				j++;
			size_t lim = j + 32 < n ? j + 32 : n;
			while (j < lim && isalnum((unsigned char)s[j]))
				j++;
			if (j < n && s[j] == ';')
				j++;
			if (stop >= 0 && out->text >= stop) {
				out->stop_at = i;
				return;
			}
			out->text++;
			i = j;
			continue;
		}
		if (stop < 0) {
			/* a run of text to the next '<' or '&': each byte that
			 * starts a character and is not white space counts */
			long k = !text_skip[c];
			size_t j = i + 1;
			while (j < n && s[j] != '<' && s[j] != '&') {
				k += !text_skip[(unsigned char)s[j]];
				j++;
			}
			out->text += k;
			i = j;
			continue;
		}
		if (!text_skip[c]) {
			if (out->text >= stop) {
				out->stop_at = i;
				return;
			}
			out->text++;
		}
		i++;
	}
	/* a pre the page leaves open: HTML keeps the rest in it, libtidy
	 * may not; as it was */
	if (ps.depth)
		pre_drop(&ps, out);
	if (cs) {
		out->inline_custom = custom_list(cs);
		free(cs);
	}
}

void
source_scan_free(struct source_scan *sc)
{
	free(sc->close_at);
	sc->close_at = NULL;
	sc->nclose = 0;
	free(sc->cdata_at);
	sc->cdata_at = NULL;
	sc->ncdata = 0;
	free(sc->pre_at);
	sc->pre_at = NULL;
	sc->npre = 0;
	free(sc->meta_at);
	sc->meta_at = NULL;
	sc->nmeta = 0;
	free(sc->pi_at);
	sc->pi_at = NULL;
	sc->npi = 0;
	free(sc->doctype_at);
	sc->doctype_at = NULL;
	sc->ndoctype = 0;
	free(sc->heading_at);
	sc->heading_at = NULL;
	sc->nheading = 0;
	free(sc->inline_custom);
	sc->inline_custom = NULL;
	free(sc->blank_at);
	free(sc->blank_end);
	sc->blank_at = sc->blank_end = NULL;
	sc->nblank = 0;
}

/* Offset at of the page in the repaired one: past the "</select>"s put
 * in at or before it.  *c counts them, from the last offset asked
 * (offsets are asked in ascending order). */
static size_t
moved(const struct source_scan *sc, size_t at, int *c)
{
	while (*c < sc->nclose && sc->close_at[*c] <= at)
		(*c)++;
	return at + (size_t)*c * (sizeof "</select>" - 1);
}

char *
source_repair(const char *s, size_t n, const struct source_scan *sc, size_t *len)
{
	static const char tag[] = "</select>";
	size_t tl = sizeof tag - 1;
	*len = n + (size_t)sc->nclose * tl;
	char *o = xmalloc(*len + 1);
	size_t from = 0, w = 0;
	for (int k = 0; k < sc->nclose; k++) {
		size_t at = sc->close_at[k];
		memcpy(o + w, s + from, at - from);
		w += at - from;
		memcpy(o + w, tag, tl);
		w += tl;
		from = at;
	}
	memcpy(o + w, s + from, n - from);
	o[*len] = '\0';
	/* each "</select>" put in before a CDATA or a renamed tag moves it on */
	for (int k = 0, c = 0; k < sc->ncdata; k++)
		memcpy(o + moved(sc, sc->cdata_at[k], &c), "<?CDATA[[", 9);
	for (int k = 0, c = 0; k < sc->npre; k++) {
		size_t at = moved(sc, sc->pre_at[k], &c);
		if ((o[at] | 0x20) == 'd')
			memcpy(o + at, SOURCE_PRE_DIV, 3);
		else
			memcpy(o + at, SOURCE_PRE_STYLE, 5);
	}
	for (int k = 0, c = 0; k < sc->nmeta; k++) {
		size_t at = moved(sc, sc->meta_at[k], &c), e = tag_end(o, *len, at + 4);
		bool spaced = (at >= 2 && isspace((unsigned char)o[at - 2])) ||
			      (e < *len && isspace((unsigned char)o[e]));
		bool meta = (o[at] | 0x20) == 'm';
		memcpy(o + at, meta ? (spaced ? SOURCE_BODY_META_SPACED : SOURCE_BODY_META) :
				      (spaced ? SOURCE_BODY_LINK_SPACED : SOURCE_BODY_LINK), 4);
	}
	for (int k = 0, c = 0; k < sc->npi; k++)
		o[moved(sc, sc->pi_at[k], &c)] = '_';
	for (int k = 0, c = 0; k < sc->nheading; k++)
		o[moved(sc, sc->heading_at[k], &c)] = SOURCE_HEADING_BLOCK;
	/* a doctype's '!' outside a tag, its '<' inside one */
	for (int k = 0, c = 0; k < sc->ndoctype; k++) {
		size_t at = moved(sc, sc->doctype_at[k], &c);
		o[at] = o[at] == '<' ? ' ' : '?';
	}
	return o;
}

/* libtidy's reading of s[from..to) (its ReadChar), from column *col: the
 * line ends it counts, and the column it is at after them.  A line ends
 * at an LF, a CR LF or a CR; the character after a lone CR is put back
 * and read again as one column, whatever it is (a second CR ends no
 * line).  A tab goes on to the next multiple of 8, plus 1; the control
 * characters other than ESC are dropped; a UTF-8 sequence is one column. */
static int
tidy_read(const char *s, size_t from, size_t to, int *col)
{
	int ends = 0, c = *col;
	size_t i = from;
	/* with no lone CR (most pages), the LFs end the lines: count them
	 * and read the last line alone */
	const char *p = s + from, *end = s + to;
	while ((p = memchr(p, '\r', (size_t)(end - p))) && p + 1 < end && p[1] == '\n')
		p++;
	if (!p) {
		const char *last = NULL;
		for (p = s + from; (p = memchr(p, '\n', (size_t)(end - p))); p++) {
			ends++;
			last = p;
		}
		if (last) {
			i = (size_t)(last - s) + 1;
			c = 1;
		}
	}
	while (i < to) {
		unsigned char b = (unsigned char)s[i++];
		if (b == '\n') {
			ends++;
			c = 1;
		} else if (b == '\r') {
			ends++;
			c = 1;
			if (i < to && s[i] == '\n') {
				i++;
			} else if (i < to) {
				c++;
				do
					i++;
				while (i < to && ((unsigned char)s[i] & 0xC0) == 0x80);
			}
		} else if (b == '\t') {
			c = ((c - 1) / 8 + 1) * 8 + 1;
		} else if ((b >= 32 || b == 033) && (b & 0xC0) != 0x80) {
			c++;
		}
	}
	*col = c;
	return ends;
}

char *
source_blank(const char *s, size_t n, const struct source_scan *sc, size_t *len,
	     struct source_cols *cols)
{
	memset(cols, 0, sizeof *cols);
	/* a range's LFs take no more bytes than its line ends did, but its
	 * spaces can (a tab is one byte and up to eight columns) */
	char *o = xmalloc(n + 7 * (size_t)sc->nblank + 1);
	size_t from = 0, w = 0;
	/* old: libtidy's column at from in s; shift: how many fewer it
	 * counts there in the blanked text */
	int line = 1, old = 1, shift = 0, cap = 0, c = 0;
	for (int k = 0; k < sc->nblank; k++) {
		size_t a = moved(sc, sc->blank_at[k], &c), e = moved(sc, sc->blank_end[k], &c);
		memcpy(o + w, s + from, a - from);
		w += a - from;
		int ends = tidy_read(s, from, a, &old);
		if (ends) {
			line += ends;
			shift = 0;
		}
		int now = old - shift;
		/* the text: as many LFs as it ends lines, then spaces to the
		 * column its end had, modulo 8 */
		ends = tidy_read(s, a, e, &old);
		if (ends) {
			line += ends;
			memset(o + w, '\n', (size_t)ends);
			w += (size_t)ends;
			now = 1;
		}
		while ((old - now) % 8) {
			o[w++] = ' ';
			now++;
		}
		shift = old - now;
		if (shift) {
			if (cols->n == cap) {
				cap = cap ? 2 * cap : 8;
				cols->at = xreallocarray(cols->at, (size_t)cap, sizeof *cols->at);
			}
			cols->at[cols->n++] = (struct source_shift){ line, now, shift };
		}
		from = e;
	}
	memcpy(o + w, s + from, n - from);
	w += n - from;
	o[w] = '\0';
	*len = w;
	return o;
}

int
source_col(const struct source_cols *c, int line, int col)
{
	/* the last range's end at or before (line, col) */
	int lo = 0, hi = c->n;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		const struct source_shift *m = &c->at[mid];
		if (m->line < line || (m->line == line && m->col <= col))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > 0 && c->at[lo - 1].line == line ? col + c->at[lo - 1].shift : col;
}

void
source_cols_free(struct source_cols *c)
{
	free(c->at);
	memset(c, 0, sizeof *c);
}

void
source_line_col(const char *s, size_t n, size_t at, int *line, int *col)
{
	if (at > n)
		at = n;
	int l = 1;
	size_t bol = 0;
	for (const char *p = s; (p = memchr(p, '\n', at - (size_t)(p - s))); p++) {
		l++;
		bol = (size_t)(p - s) + 1;
	}
	*line = l;
	*col = (int)(at - bol) + 1;
}

size_t
source_offset_at(struct source_pos *p, const char *s, size_t n, int line, int col,
		 const size_t *ins, int nins)
{
	size_t i = 0, i0;
	int l = 1, c = 1, k = 0;
	/* on from where the last call ended, when this place is past it */
	if (p && p->line > 0 && (line > p->line || (line == p->line && col >= p->c))) {
		i = p->i;
		l = p->line;
		c = p->c;
		k = p->k;
	}
	i0 = i;
	for (; l < line; l++) {
		const char *nl = memchr(s + i, '\n', n - i);
		if (!nl)
			return n;
		i = (size_t)(nl - s) + 1;
		c = 1;
	}
	while (k < nins && ins[k] < i)
		k++;
	for (;;) {
		/* the end tag libtidy read here, nine columns */
		while (k < nins && ins[k] == i) {
			c += 9;
			k++;
		}
		if (c >= col || i >= n || s[i] == '\n')
			break;
		if (s[i] == '\t')
			c = ((c - 1) / 8 + 1) * 8 + 1;
		else
			c++;
		/* past the character's continuation bytes */
		do
			i++;
		while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80);
	}
	if (p)
		*p = (struct source_pos){ .i = i, .line = l, .c = c, .k = k,
					  .walked = p->walked + (long)(i - i0) };
	return i;
}

size_t
source_offset(const char *s, size_t n, int line, int col, const size_t *ins, int nins)
{
	return source_offset_at(NULL, s, n, line, col, ins, nins);
}

struct place {
	uint64_t key;   /* line, then column */
	int k;
};

static int
place_cmp(const void *a, const void *b)
{
	const struct place *x = a, *y = b;
	return x->key < y->key ? -1 : x->key > y->key ? 1 : x->k - y->k;
}

long
source_offsets(const char *s, size_t n, const int *line, const int *col, int count,
	       const size_t *ins, int nins, size_t *off)
{
	struct place *pl = xreallocarray(NULL, (size_t)count + 1, sizeof *pl);
	bool sorted = true;
	for (int k = 0; k < count; k++) {
		/* a place before line 1 or column 1 is taken as there */
		uint32_t l = line[k] > 0 ? (uint32_t)line[k] : 0, c = col[k] > 0 ? (uint32_t)col[k] : 0;
		pl[k] = (struct place){ (uint64_t)l << 32 | c, k };
		sorted = sorted && (k == 0 || pl[k - 1].key <= pl[k].key);
	}
	/* a page's elements come in order but for those the parser
	 * added: then sorted, so that the one cursor only moves on */
	if (!sorted)
		qsort(pl, (size_t)count, sizeof *pl, place_cmp);
	struct source_pos p = { 0 };
	size_t last = 0;
	for (int k = 0; k < count; k++) {
		int l = line[pl[k].k], c = col[pl[k].k];
		/* a column the last walk went past (inside a tab's, or a
		 * repaired end tag's): where that walk stopped, which the
		 * cursor would find again only from the line's start */
		if (k > 0 && p.line > 0 && l == p.line && c < p.c)
			off[pl[k].k] = last;
		else
			off[pl[k].k] = last = source_offset_at(&p, s, n, l, c, ins, nins);
	}
	free(pl);
	return p.walked;
}

size_t
source_element_end(const char *s, size_t n, size_t start, size_t next, const char *tag)
{
	size_t tl = strlen(tag);
	if (next > n)
		next = n;
	for (size_t j = next; j > start + 1; j--) {
		size_t k = j - 1;
		if (s[k] == '<' && k + 2 + tl <= n && s[k + 1] == '/' &&
		    !strncasecmp(s + k + 2, tag, tl) &&
		    (k + 2 + tl == n || !is_namechar((unsigned char)s[k + 2 + tl]))) {
			const char *gt = memchr(s + k, '>', n - k);
			return gt ? (size_t)(gt - s) + 1 : n;
		}
	}
	size_t name = start + 1;
	while (name < n && is_namechar((unsigned char)s[name]))
		name++;
	return tag_end(s, n, name);
}
