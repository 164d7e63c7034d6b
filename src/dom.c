/* dom.c - libtidy's tree walked once into flat arrays. */
#include "config.h"

#include <ctype.h>
#include <stddef.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unictype.h>
#include <unistr.h>

/* tidy.h declares const-qualified return types that -Wextra flags. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-qualifiers"
#include <tidy.h>
#include <tidybuffio.h>
#pragma GCC diagnostic pop

#include "dom.h"
#include "tidy-arena.h"
#include "source.h"
#include "dom-int.h"
#include "words.h"

/* Attributes on one element; real pages stay under a hundred. */
#define DOM_MAX_ATTRS 256
/* libtidy's costs the pre-scan bounds (see struct scan), each about
 * a second of libtidy's time at the limit; real pages stay far below. */
#define DOM_MAX_NAME_WORK (1ULL << 32)     /* attribute name length x valid prefix */
#define DOM_MAX_WALK_WORK 50000000ULL     /* open elements walked, summed over tags */
#define DOM_MAX_REOPEN 200000ULL          /* formatting elements copied into blocks */
#define DOM_MAX_CUSTOM 2000               /* different custom element names */
#define DOM_MAX_ELEMENTS 2000000          /* start tags */
/* dom_lost: the parser lost at least this share of the page's text, and
 * this many characters */
#define DOM_LOSS_PCT 10
#define DOM_LOSS_MIN 100

void
dom_opts_default(struct dom_opts *o)
{
	o->max_depth = DOM_DEFAULT_MAX_DEPTH;
}

static const char *const phrasing_tags[] = {
	"a", "abbr", "b", "bdi", "bdo", "br", "cite", "code", "data", "dfn",
	"em", "font", "i", "kbd", "mark", "q", "s", "samp", "small", "span",
	"strong", "sub", "sup", "time", "u", "var", "wbr", "img", "label",
	"del", "ins", "ruby", "rb", "rt", "rp", "rtc", "tt", "big", "strike", "nobr",
	"acronym",
};

int
dom_item_of(const struct dom *d, const int *roots, int n, int e)
{
	int lo = 0, hi = n - 1;
	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;
		if (roots[mid] > e)
			hi = mid - 1;
		else if (d->end[roots[mid]] <= e)
			lo = mid + 1;
		else
			return mid;
	}
	return -1;
}

const char *
dom_dialog(const struct dom *d, int i)
{
	if (!strcmp(dom_tagname(d, i), "dialog"))
		return dom_attr(d, i, "open") ? NULL : "a dialog element, not open";
	if (dom_attr(d, i, "popover"))
		return "the popover attribute";
	const char *modal = dom_attr(d, i, "aria-modal");
	if (modal)
		return strcasecmp(modal, "true") ? NULL : "aria-modal=\"true\"";
	const char *role = dom_attr(d, i, "role");
	if (role && !strcasecmp(role, "dialog"))
		return "role=\"dialog\"";
	return role && !strcasecmp(role, "alertdialog") ? "role=\"alertdialog\"" : NULL;
}

/* (U+200B, a zero-width space: Docusaurus's mark, drawn by its CSS;
 * U+25C6, Doxygen's before each member's title) */
static const char *const permalink_marks[] = { "\u00b6", "\u00a7", "#", "\U0001f517", "\u2693",
	"\u200b", "\u25c6" };

/* Is s (n bytes of UTF-8) one code point of the Private Use Area,
 * U+E000 to U+F8FF: an icon font's glyph, drawn as a picture (Font
 * Awesome's link, U+F0C1, the mark of Sphinx's Read the Docs theme)? */
static bool
icon_glyph(const unsigned char *s, size_t n)
{
	return n == 3 && (s[0] == 0xee || (s[0] == 0xef && s[1] <= 0xa3)) &&
	       (s[1] & 0xc0) == 0x80 && (s[2] & 0xc0) == 0x80;
}

/* Is a permalink's text a mark: one of permalink_marks or an icon
 * font's glyph, white space (a no-break space too: Doxygen's "◆&#160;")
 * around it allowed? */
static bool
permalink_mark(const char *s, size_t n)
{
	for (;;) {
		if (n && isspace((unsigned char)*s))
			s++, n--;
		else if (n >= 2 && !memcmp(s, "\u00a0", 2))
			s += 2, n -= 2;
		else
			break;
	}
	for (;;) {
		if (n && isspace((unsigned char)s[n - 1]))
			n--;
		else if (n >= 2 && !memcmp(s + n - 2, "\u00a0", 2))
			n -= 2;
		else
			break;
	}
	for (size_t k = 0; k < sizeof permalink_marks / sizeof permalink_marks[0]; k++)
		if (n == strlen(permalink_marks[k]) && !memcmp(s, permalink_marks[k], n))
			return true;
	return icon_glyph((const unsigned char *)s, n);
}

const char *
dom_permalink(const struct dom *d, int i)
{
	/* its mark was left out of the tree; where it points is kept */
	return d->flags[i] & DOM_PERMALINK ? dom_attr(d, i, "href") : NULL;
}

bool
dom_hidden_attr(const struct dom *d, int i)
{
	return !(d->flags[i] & DOM_PANEL) && dom_attr(d, i, "hidden");
}

/* Whether the inline style st sets property to value, in any case and
 * with any blanks around the colon ("Display : NONE"). */
static bool
style_sets(const char *st, const char *property, const char *value)
{
	size_t np = strlen(property), nv = strlen(value);
	for (const char *s = st; (s = ascii_casestr(s, property)); s += np) {
		if (s > st && (isalnum((unsigned char)s[-1]) || s[-1] == '-'))
			continue;               /* a longer name: "foo-display" */
		const char *v = s + np;
		while (isspace((unsigned char)*v))
			v++;
		if (*v++ != ':')
			continue;
		while (isspace((unsigned char)*v))
			v++;
		if (!strncasecmp(v, value, nv))
			return true;
	}
	return false;
}

bool
dom_hidden(const struct dom *d, int i)
{
	if (dom_hidden_attr(d, i))
		return true;
	const char *st = dom_attr(d, i, "style");
	return st && !(d->flags[i] & DOM_PANEL) &&
	       (style_sets(st, "display", "none") || style_sets(st, "visibility", "hidden"));
}

bool
dom_next_token(const char **s, const char **tok, size_t *n)
{
	*s += strspn(*s, " \t\n\f\r");
	*tok = *s;
	*n = strcspn(*s, " \t\n\f\r");
	*s += *n;
	return *n > 0;
}

bool
dom_role_is(const char *role, const char *name)
{
	const char *tok;
	size_t n;
	return dom_next_token(&role, &tok, &n) && strlen(name) == n && !strncasecmp(tok, name, n);
}

int
dom_main(const struct dom *d)
{
	int main_tag = dom_tag_id(d, "main"), found = -1;
	for (int i = 0; i < d->n; i++) {
		const char *role = dom_attr(d, i, "role");
		if (d->tag[i] != main_tag && !(role && dom_role_is(role, "main")))
			continue;
		/* HTML allows other main elements where they are hidden (a
		 * single-page app's views); one in a template is none */
		if (d->flags[i] & DOM_SKIP || dom_hidden_attr(d, i))
			continue;
		if (found >= 0 && !dom_contains(d, found, i))
			return -1;
		if (found < 0)
			found = i;
	}
	return found;
}

/* HTML's other elements, current and obsolete (not phrasing_tags): an
 * element of neither list (a custom element, "mjx-container",
 * "lite-youtube"; MathML's "math", "mi", "mrow") is laid out inline until
 * a stylesheet says otherwise, which pith does not read (mark_inline). */
static const char *const html_tags[] = {
	"address", "applet", "area", "article", "aside", "audio", "base", "basefont",
	"bgsound", "blink", "blockquote", "body", "button", "canvas", "caption", "center",
	"col", "colgroup", "datalist", "dd", "details", "dialog", "dir", "div", "dl", "dt",
	"embed", "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset",
	"h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html",
	"iframe", "image", "input", "isindex", "keygen", "legend", "li", "link", "listing",
	"main", "map", "marquee", "menu", "menuitem", "meta", "meter", "multicol", "nav",
	"nextid", "noembed", "noframes", "noscript", "object", "ol", "optgroup", "option",
	"output", "p", "param", "picture", "plaintext", "pre", "progress", "script",
	"search", "section", "select", "slot", "source", "spacer", "style", "summary",
	"svg", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead",
	"title", "tr", "track", "ul", "video", "xmp",
};

/* a video's or an audio's content is for a browser that plays neither
 * (in_media) */
static const char *const skip_tags[] = {
	"script", "style", "noscript", "template", "head", "video", "audio",
};
/* Whether element e is an svg or lies in one, near enough for an
 * svg's title or desc (a few g levels down): their text is the
 * drawing's name for a screen reader, never shown ("Artboard", "Created
 * with Sketch." inside a logo in a headline). */
static bool
in_svg(const struct dom *d, int e)
{
	for (int k = 0; e >= 0 && k < 16; k++, e = d->parent[e])
		if (!strcmp(d->tagnames[d->tag[e]], "svg"))
			return true;
	return false;
}

static bool
in_list(const char *name, const char *const *list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(name, list[i]) == 0)
			return true;
	return false;
}

#define IN_LIST(name, list) in_list(name, list, sizeof list / sizeof list[0])

/* ---- building ---- */

struct builder {
	struct dom *d;
	int cap, tcap, acap, tagcap;
	struct buf pool;
	/* tag interning: open addressing over tagnames */
	int *hash;
	int hashcap;
	uint8_t *tagflags;      /* DOM_PHRASING / DOM_SKIP by tag id */
	TidyBuffer val;
	const struct source_cols *cols;  /* what source_blank moved */
	long dialog_text;       /* characters of text in dialogs,
				   permalinks' marks and a video's or an
				   audio's fallback, not kept */
	int *spaced;            /* the body's meta and link elements that
				   white space stood beside (source.h) */
	int nspaced, spacedcap;
	bool headings;          /* SOURCE_HEADING_BLOCK names are headings */
};

static unsigned
strhash(const char *s)
{
	unsigned h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int
intern_tag(struct builder *b, const char *name)
{
	struct dom *d = b->d;
	unsigned h = strhash(name);
	for (int k = 0;; k++) {
		int slot = (int)((h + (unsigned)k) & (unsigned)(b->hashcap - 1));
		int id = b->hash[slot];
		if (id < 0) {
			if (d->ntags == b->tagcap) {
				b->tagcap = b->tagcap ? b->tagcap * 2 : 64;
				d->tagnames = xreallocarray(d->tagnames, (size_t)b->tagcap, sizeof *d->tagnames);
			}
			id = d->ntags++;
			d->tagnames[id] = xstrdup(name);
			for (char *c = d->tagnames[id]; *c; c++)
				*c = (char)tolower((unsigned char)*c);
			b->hash[slot] = id;
			/* classify once per tag, not once per element */
			b->tagflags = xrealloc(b->tagflags, (size_t)b->tagcap);
			b->tagflags[id] = (IN_LIST(d->tagnames[id], phrasing_tags) ? DOM_PHRASING : 0) |
					  (IN_LIST(d->tagnames[id], skip_tags) ? DOM_SKIP : 0);
			if (d->ntags * 2 > b->hashcap) {
				/* grow and rehash */
				int ncap = b->hashcap * 2;
				int *nh = xmalloc((size_t)ncap * sizeof *nh);
				for (int s = 0; s < ncap; s++)
					nh[s] = -1;
				for (int t = 0; t < d->ntags; t++) {
					unsigned th = strhash(d->tagnames[t]);
					int ss = (int)(th & (unsigned)(ncap - 1));
					while (nh[ss] >= 0)
						ss = (ss + 1) & (ncap - 1);
					nh[ss] = t;
				}
				free(b->hash);
				b->hash = nh;
				b->hashcap = ncap;
			}
			return id;
		}
		if (strcasecmp(d->tagnames[id], name) == 0)
			return id;
	}
}

static uint32_t
pool_add(struct builder *b, const char *s, size_t n)
{
	uint32_t off = (uint32_t)b->pool.len;
	buf_add(&b->pool, s, n);
	/* tidy decodes &#0; to U+0000 and &#1; to U+0001: no text holds
	 * a control character other than tab and line feed */
	char *t = b->pool.data + off;
	blank_controls(t, n, false);
	/* tidy gets valid UTF-8, but repeats the first bytes of a character
	 * after a '<' that starts no tag ("<\xe2\x80\xe2\x80\xa1" for "<‡"):
	 * what is not UTF-8 is its own, and dropped */
	if (utf8_valid_prefix((const unsigned char *)t, n) != n) {
		size_t w = 0;
		for (size_t i = 0; i < n;) {
			uint32_t cp;
			size_t k = utf8_decode((const unsigned char *)t + i, n - i, &cp);
			if (cp != 0xFFFD || k != 1) {
				memmove(t + w, t + i, k);
				w += k;
			}
			i += k;
		}
		b->pool.len = off + w;
	}
	buf_addc(&b->pool, '\0');
	b->d->pool = b->pool.data;  /* dom_attr works while building */
	return off;
}

static void
grow_elements(struct builder *b)
{
	struct dom *d = b->d;
	if (d->n < b->cap)
		return;
	b->cap = b->cap ? b->cap * 2 : 1024;
	size_t c = (size_t)b->cap;
	d->parent = xreallocarray(d->parent, c, sizeof(int));
	d->first_child = xreallocarray(d->first_child, c, sizeof(int));
	d->next_sibling = xreallocarray(d->next_sibling, c, sizeof(int));
	d->end = xreallocarray(d->end, c, sizeof(int));
	d->depth = xreallocarray(d->depth, c, sizeof(int));
	d->tag = xreallocarray(d->tag, c, sizeof(int));
	d->pos = xreallocarray(d->pos, c, sizeof(int));
	d->line = xreallocarray(d->line, c, sizeof(int));
	d->col = xreallocarray(d->col, c, sizeof(int));
	d->flags = xreallocarray(d->flags, c, 1);
	d->text_begin = xreallocarray(d->text_begin, c, sizeof(int));
	d->text_end = xreallocarray(d->text_end, c, sizeof(int));
	d->attr_begin = xreallocarray(d->attr_begin, c + 1, sizeof(int));
}

static struct dom_text *
new_text(struct builder *b)
{
	struct dom *d = b->d;
	if (d->ntexts == b->tcap) {
		b->tcap = b->tcap ? b->tcap * 2 : 1024;
		d->texts = xreallocarray(d->texts, (size_t)b->tcap, sizeof *d->texts);
	}
	return &d->texts[d->ntexts++];
}

static void
add_attr(struct builder *b, const char *name, const char *value)
{
	struct dom *d = b->d;
	if (d->nattrs == b->acap) {
		b->acap = b->acap ? b->acap * 2 : 1024;
		d->attrs = xreallocarray(d->attrs, (size_t)b->acap, sizeof *d->attrs);
	}
	struct dom_attr *a = &d->attrs[d->nattrs++];
	a->name = pool_add(b, name, strlen(name));
	a->value = pool_add(b, value ? value : "", value ? strlen(value) : 0);
}

/* Is link a (parent p, its attributes added) a link to itself: an href
 * ending in "#X" where X is the link's own id or name (a news site wraps
 * its section headings so, after the page's address), or an href "#X" in
 * a heading (h1-h6, through phrasing elements) whose id, or whose
 * parent's (its section's), is X?  A documentation generator writes
 * every section heading so, for a reader to copy its address
 * ("<h2 id=\"usage\"><a href=\"#usage\">Usage</a></h2>"): the heading
 * is no menu's link. */
static bool
self_anchor(const struct dom *d, int a, int p)
{
	const char *href = dom_attr(d, a, "href");
	const char *frag = href ? strchr(href, '#') : NULL;
	if (!frag || !frag[1])
		return false;
	/* a link to its own place, after whatever address (the page's,
	 * written out): around a heading as well as in one */
	const char *own[] = { dom_attr(d, a, "id"), dom_attr(d, a, "name") };
	for (size_t k = 0; k < sizeof own / sizeof own[0]; k++)
		if (own[k] && !strcmp(own[k], frag + 1))
			return true;
	if (href[0] != '#')
		return false;
	while (p >= 0 && d->flags[p] & DOM_PHRASING)
		p = d->parent[p];
	const char *tn = p >= 0 ? d->tagnames[d->tag[p]] : "";
	if (tn[0] != 'h' || tn[1] < '1' || tn[1] > '6' || tn[2])
		return false;
	const char *ids[] = { dom_attr(d, p, "id"), d->parent[p] >= 0 ?
			      dom_attr(d, d->parent[p], "id") : NULL };
	for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++)
		if (ids[k] && !strcmp(ids[k], href + 1))
			return true;
	return false;
}

/* Is element e a heading's link to itself (self_anchor), which is no
 * DOM_LINK? */
static bool
self_link(const struct dom *d, int e)
{
	return !strcmp(dom_tagname(d, e), "a") && self_anchor(d, e, d->parent[e]);
}

/* Is e a button inside a heading (h1 to h6)? */
static bool
heading_button(const struct dom *d, int e)
{
	if (strcmp(dom_tagname(d, e), "button"))
		return false;
	for (int a = d->parent[e]; a >= 0; a = d->parent[a])
		if (dom_heading_level(d, a))
			return true;
	return false;
}

/* Start element for tidy node nd under parent p; returns its id. */
static int
add_element(struct builder *b, TidyNode nd, int p, int *last_child)
{
	struct dom *d = b->d;
	grow_elements(b);
	int i = d->n++;
	const char *name = tidyNodeGetName(nd);
	if (name && !strcmp(name, SOURCE_PRE_DIV))
		name = "div";
	else if (name && !strcmp(name, SOURCE_PRE_STYLE))
		name = "style";
	else if (name && (!strcmp(name, SOURCE_BODY_META) || !strcmp(name, SOURCE_BODY_LINK) ||
			  !strcmp(name, SOURCE_BODY_META_SPACED) ||
			  !strcmp(name, SOURCE_BODY_LINK_SPACED))) {
		if (name[1] == '-') {
			if (b->nspaced == b->spacedcap) {
				b->spacedcap = b->spacedcap ? 2 * b->spacedcap : 16;
				b->spaced = xreallocarray(b->spaced, (size_t)b->spacedcap,
							  sizeof *b->spaced);
			}
			b->spaced[b->nspaced++] = i;
		}
		name = name[0] == 'm' ? "meta" : "link";
	}
	char heading[3];
	if (b->headings && name && name[0] == SOURCE_HEADING_BLOCK && name[1] >= '1' &&
	    name[1] <= '6' && !name[2]) {
		heading[0] = 'h';
		heading[1] = name[1];
		heading[2] = '\0';
		name = heading;
	}
	d->tag[i] = intern_tag(b, name ? name : "unknown");
	d->parent[i] = p;
	d->first_child[i] = -1;
	d->next_sibling[i] = -1;
	d->depth[i] = p < 0 ? 0 : d->depth[p] + 1;
	d->line[i] = (int)tidyNodeLine(nd);
	d->col[i] = source_col(b->cols, d->line[i], (int)tidyNodeColumn(nd));
	d->text_begin[i] = d->ntexts;
	d->attr_begin[i] = d->nattrs;
	if (p >= 0) {
		if (last_child[p] < 0)
			d->first_child[p] = i;
		else
			d->next_sibling[last_child[p]] = i;
		last_child[p] = i;
	}
	last_child[i] = -1;

	const char *tn = d->tagnames[d->tag[i]];
	uint8_t f = 0;
	bool has_href = false;
	for (TidyAttr a = tidyAttrFirst(nd); a; a = tidyAttrNext(a)) {
		const char *an = tidyAttrName(a);
		if (!an)
			continue;
		add_attr(b, an, tidyAttrValue(a));
		if (!strcasecmp(an, "href"))
			has_href = true;
	}
	d->attr_begin[i + 1] = d->nattrs;
	f |= b->tagflags[d->tag[i]];
	if (p >= 0 && (d->flags[p] & DOM_SKIP))
		f |= DOM_SKIP;
	if (p >= 0 && (!strcmp(tn, "title") || !strcmp(tn, "desc")) && in_svg(d, p))
		f |= DOM_SKIP;
	/* a dialog and what it shows: not a script, style, template or
	 * title in it, whose text no reader counts */
	if (dom_dialog(d, i))
		f |= DOM_SKIP | DOM_DIALOG;
	if (p >= 0 && (d->flags[p] & DOM_DIALOG) && !(b->tagflags[d->tag[i]] & DOM_SKIP) &&
	    strcmp(tn, "title"))
		f |= DOM_DIALOG;
	if (p >= 0 && (d->flags[p] & DOM_INLINK))
		f |= DOM_INLINK;
	if (p >= 0 && ((!strcmp(tn, "noscript") && !(d->flags[p] & DOM_SKIP)) ||
		       (d->flags[p] & DOM_NOSCRIPT && strcmp(tn, "script") && strcmp(tn, "style") &&
			strcmp(tn, "template"))))
		f |= DOM_NOSCRIPT;
	if (!strcmp(tn, "a") && has_href && !self_anchor(d, i, p))
		f |= DOM_LINK | DOM_INLINK;
	d->flags[i] = f;
	if (d->body < 0 && !strcmp(tn, "body"))
		d->body = i;
	if (d->head < 0 && !strcmp(tn, "head"))
		d->head = i;
	return i;
}

static int
block_of(const struct dom *d, int e)
{
	while (e >= 0 && (d->flags[e] & DOM_PHRASING))
		e = d->parent[e];
	return e < 0 ? 0 : e;
}

/* Whether e is a video or an audio element or lies in one: what they
 * hold is for a browser that plays neither ("Your browser does not
 * support the video tag."), never shown beside the player.  Both are
 * skip tags, so the walk stays in the skipped subtree. */
static bool
in_media(const struct dom *d, int e)
{
	for (; e >= 0 && d->flags[e] & DOM_SKIP; e = d->parent[e]) {
		const char *tn = dom_tagname(d, e);
		if (!strcmp(tn, "video") || !strcmp(tn, "audio"))
			return true;
	}
	return false;
}

/* Text inside skipped elements is kept only where metadata lives. */
static bool
keep_skipped_text(const struct dom *d, int e)
{
	const char *tn = dom_tagname(d, e);
	if (!strcmp(tn, "title"))
		return true;
	if (!strcmp(tn, "script")) {
		const char *type = dom_attr(d, e, "type");
		return type && strstr(type, "ld+json");
	}
	return false;
}

static void
add_text(struct builder *b, TidyDoc doc, TidyNode nd, int e)
{
	struct dom *d = b->d;
	uint8_t f = 0;
	if (d->flags[e] & DOM_DIALOG) {
		/* a dialog's text is not the page's, nor lost; in a
		 * noscript, read or not, it is a dialog, and the source's
		 * count has none of it */
		if (!(d->flags[e] & DOM_NOSCRIPT) && tidyNodeGetValue(doc, nd, &b->val))
			b->dialog_text += source_chars((const char *)b->val.bp, b->val.size);
		if (b->val.allocated > 4096)
			tidyBufFree(&b->val);
		return;
	}
	/* a permalink's mark: the link's only child, in a link within the
	 * page (in a noscript too, which a page may be read from), or in a
	 * heading's button that copies the heading's link */
	bool button = heading_button(d, e);
	if ((d->flags[e] & DOM_LINK || self_link(d, e) || button) &&
	    (!(d->flags[e] & DOM_SKIP) || d->flags[e] & DOM_NOSCRIPT) &&
	    !tidyGetPrev(nd) && !tidyGetNext(nd)) {
		const char *href = button ? NULL : dom_attr(d, e, "href");
		if ((button || (href && href[0] == '#')) && tidyNodeGetValue(doc, nd, &b->val) &&
		    permalink_mark((const char *)b->val.bp, b->val.size)) {
			d->flags[e] |= DOM_SKIP | (button ? 0 : DOM_PERMALINK);
			/* the source's count has no noscript */
			if (!(d->flags[e] & DOM_NOSCRIPT))
				b->dialog_text += source_chars((const char *)b->val.bp, b->val.size);
			if (b->val.allocated > 4096)
				tidyBufFree(&b->val);
			return;
		}
	}
	if (d->flags[e] & DOM_SKIP) {
		if (d->flags[e] & DOM_NOSCRIPT) {
			f |= TEXT_NOSCRIPT;
		} else if (!keep_skipped_text(d, e)) {
			/* a player's fallback is not lost: the source's
			 * count has it */
			if (in_media(d, e) && tidyNodeGetValue(doc, nd, &b->val))
				b->dialog_text += source_chars((const char *)b->val.bp,
							       b->val.size);
			if (b->val.allocated > 4096)
				tidyBufFree(&b->val);
			return;
		}
		f |= TEXT_SKIP;
	}
	if (d->flags[e] & DOM_INLINK)
		f |= TEXT_LINK;
	if (!tidyNodeGetValue(doc, nd, &b->val))
		return;
	size_t len = b->val.size;
	/* tidy zeroes the whole buffer on every call: don't keep a big one */
	struct dom_text *t = new_text(b);
	t->off = pool_add(b, (const char *)b->val.bp, len);
	t->len = (uint32_t)(b->pool.len - 1 - t->off);
	t->elem = e;
	t->block = block_of(d, e);
	t->line = (int)tidyNodeLine(nd);
	t->flags = f;
	/* (a memset of what it holds: past a few pages' worth, freeing
	 * and growing again is cheaper) */
	if (b->val.allocated > 4096)
		tidyBufFree(&b->val);
}

static void
add_break(struct builder *b, int e)
{
	struct dom *d = b->d;
	struct dom_text *t = new_text(b);
	t->off = 0;
	t->len = 0;
	t->elem = e;
	t->block = block_of(d, e);
	t->line = d->line[e];
	t->flags = TEXT_BREAK | ((d->flags[e] & DOM_SKIP) ? TEXT_SKIP : 0) |
		   ((d->flags[e] & (DOM_NOSCRIPT | DOM_DIALOG)) == DOM_NOSCRIPT ?
		    TEXT_NOSCRIPT : 0);
}

static Bool TIDY_CALL
quiet(TidyMessage m)
{
	(void)m;
	return no;
}

static pthread_once_t tidy_lang_once = PTHREAD_ONCE_INIT;

static void
tidy_lang(void)
{
	/* Without this, tidyCreate() changes the process locale. */
	tidySetLanguage("en");
}

static void
walk(struct builder *b, TidyDoc doc)
{
	struct dom *d = b->d;
	int lccap = 1024;
	int *last_child = xmalloc((size_t)lccap * sizeof *last_child);
	TidyNode root = tidyGetRoot(doc);
	TidyNode nd = tidyGetChild(root);
	int cur = -1;   /* element id of the tidy node we are inside */
	/* Iterative pre-order walk over tidy's tree using its parent links. */
	while (nd) {
		TidyNodeType type = tidyNodeGetType(nd);
		int me = -1;
		if (type == TidyNode_Start || type == TidyNode_StartEnd) {
			if (d->n + 1 >= lccap) {
				lccap *= 2;
				last_child = xreallocarray(last_child, (size_t)lccap, sizeof *last_child);
			}
			me = add_element(b, nd, cur, last_child);
			if (!strcmp(dom_tagname(d, me), "br"))
				add_break(b, me);
		} else if ((type == TidyNode_Text || type == TidyNode_CDATA) && cur >= 0) {
			add_text(b, doc, nd, cur);
		}
		TidyNode child = me >= 0 ? tidyGetChild(nd) : NULL;
		if (child) {
			cur = me;
			nd = child;
			continue;
		}
		if (me >= 0) {
			d->end[me] = d->n;
			d->text_end[me] = d->ntexts;
		}
		/* climb until a next sibling exists; a node left behind is
		 * read for good, and freed (tidy-arena.h: the tree goes as the
		 * DOM grows) */
		while (nd) {
			TidyNode next = tidyGetNext(nd), up = tidyGetParent(nd);
			tidyDiscardElement(doc, nd);
			if (next) {
				nd = next;
				break;
			}
			nd = up;
			if (!nd || nd == root) {
				nd = NULL;
				break;
			}
			if (cur >= 0) {
				d->end[cur] = d->n;
				d->text_end[cur] = d->ntexts;
				cur = d->parent[cur];
			}
		}
	}
	while (cur >= 0) {
		d->end[cur] = d->n;
		d->text_end[cur] = d->ntexts;
		cur = d->parent[cur];
	}
	free(last_child);
}

struct token {
	const char *s;
	size_t n;
};

static int
token_cmp(const void *a, const void *b)
{
	const struct token *x = a, *y = b;
	int c = memcmp(x->s, y->s, x->n < y->n ? x->n : y->n);
	return c ? c : (x->n > y->n) - (x->n < y->n);
}

/* A streamed segment's id: "S:" and hexadecimal digits. */
static bool
segment_id(const char *id, char kind)
{
	return id && id[0] == kind && id[1] == ':' && id[2] &&
	       strspn(id + 2, "0123456789abcdef") == strlen(id + 2);
}

/* DOM_PANEL: role="tabpanel"; a hidden answer (a class that says
 * "answer"); an id that an aria-controls of another
 * element names (a list of ids, white-space separated); and, on a page
 * that holds a streamed segment's place (a template "B:N" or "P:N"),
 * every hidden segment "S:N" (React numbers places and segments apart,
 * and its script says which goes where).  One pass for the names, sorted,
 * and the templates; one for the ids. */
static void
mark_panels(struct dom *d)
{
	struct token *names = NULL;
	size_t nn = 0, cap = 0;
	bool places = false;
	int tt = dom_tag_id(d, "template");
	for (int i = 0; i < d->n; i++) {
		const char *c = dom_attr(d, i, "aria-controls");
		const char *role = dom_attr(d, i, "role");
		if (role && !strcasecmp(role, "tabpanel"))
			d->flags[i] |= DOM_PANEL;
		/* a question's answer that the page hides until the question
		 * is clicked, by a script that names no panel ("faq__answer",
		 * display:none) */
		if (dom_attr(d, i, "style") || dom_attr(d, i, "hidden")) {
			const char *cl = dom_attr(d, i, "class");
			if (cl && ascii_casestr(cl, "answer"))
				d->flags[i] |= DOM_PANEL;
		}
		if (tt >= 0 && d->tag[i] == tt) {
			const char *id = dom_attr(d, i, "id");
			places |= segment_id(id, 'B') || segment_id(id, 'P');
		}
		while (c && *c) {
			c += strspn(c, " \t\n\r\f");
			size_t n = strcspn(c, " \t\n\r\f");
			if (!n)
				break;
			if (nn == cap) {
				cap = cap ? cap * 2 : 16;
				names = xreallocarray(names, cap, sizeof *names);
			}
			names[nn++] = (struct token){ c, n };
			c += n;
		}
	}
	if (!nn && !places)
		return;
	if (nn)
		qsort(names, nn, sizeof *names, token_cmp);
	for (int i = 0; i < d->n; i++) {
		const char *id = dom_attr(d, i, "id");
		struct token key = { id, id ? strlen(id) : 0 };
		if ((key.n && nn && bsearch(&key, names, nn, sizeof *names, token_cmp)) ||
		    (places && segment_id(id, 'S') && dom_attr(d, i, "hidden")))
			d->flags[i] |= DOM_PANEL;
	}
	free(names);
	/* the wrapper that a panel is the only element of is shown with it
	 * (an accordion's collapse, display:none until its button opens
	 * it, around the region the button controls): up to two levels
	 * (in document order, a wrapper is marked after its own turn, so
	 * that it marks nothing further up) */
	for (int i = 0; i < d->n; i++) {
		if (!(d->flags[i] & DOM_PANEL))
			continue;
		for (int c = i, up = 0; up < 2; up++) {
			int p = d->parent[c];
			if (p < 0 || p == d->body || d->first_child[p] != c || d->next_sibling[c] >= 0)
				break;
			d->flags[p] |= DOM_PANEL;
			c = p;
		}
	}
}

/* Is element i, or an inline element it is in, hidden (dom_hidden: a
 * page's MathML that a picture of the equation stands for)? */
static bool
inline_hidden(const struct dom *d, int i)
{
	for (int e = i; e >= 0; e = d->parent[e]) {
		if (dom_hidden(d, e))
			return true;
		if (e != i && !(d->flags[e] & DOM_PHRASING))
			break;
	}
	return false;
}

/* Element e and all it holds left out as a script is (DOM_SKIP, its texts
 * TEXT_SKIP): the characters of its texts that were shown so far, which
 * the parser read and the tree's count must hold. */
static long
skip_subtree(struct dom *d, int e)
{
	long n = 0;
	for (int x = e; x < d->end[e]; x++)
		d->flags[x] |= DOM_SKIP;
	for (int t = d->text_begin[e]; t < d->text_end[e]; t++)
		if (!(d->texts[t].flags & TEXT_SKIP)) {
			d->texts[t].flags |= TEXT_SKIP;
			n += source_chars(dom_text(d, t), d->texts[t].len);
		}
	return n;
}

/* An element of a name HTML does not have (html_tags, phrasing_tags),
 * outside an svg, is phrasing where all its element children are: a
 * browser lays it out inline, and a block in it makes its own lines as
 * it would in a span.  Not a display equation (math display="block") or
 * one hidden, a picture of it shown instead, nor what is in them; an
 * annotation (an equation's TeX) is never shown.  libtidy, told that such
 * names are block-level (it would otherwise move a div out of an inline
 * one), made each a block of its own: an inline equation's every symbol
 * on a line of its own, and the words around it apart.  The texts'
 * blocks are found again.  Returns the characters of the annotations
 * left out, as source_scan counts them: the tree's, not lost. */
static long
mark_inline(struct dom *d)
{
	uint8_t *unknown = xcalloc((size_t)d->ntags + 1, 1);
	bool any = false;
	for (int t = 0; t < d->ntags; t++) {
		const char *tn = d->tagnames[t];
		unknown[t] = !IN_LIST(tn, html_tags) && !IN_LIST(tn, phrasing_tags);
		any |= unknown[t];
	}
	if (!any) {
		free(unknown);
		return 0;
	}
	/* left as they are: an svg, a display equation, an equation a
	 * picture stands for, and what is in them */
	int svg = dom_tag_id(d, "svg"), math = dom_tag_id(d, "math");
	uint8_t *apart = xcalloc((size_t)d->n + 1, 1);
	for (int i = 0; i < d->n; i++) {
		int p = d->parent[i];
		const char *disp = d->tag[i] == math ? dom_attr(d, i, "display") : NULL;
		apart[i] = (p >= 0 && apart[p]) || d->tag[i] == svg ||
			   (d->tag[i] == math && ((disp && !strcasecmp(disp, "block")) ||
						   inline_hidden(d, i)));
	}
	bool changed = false;
	long annotated = 0;
	for (int i = d->n - 1; i >= 0; i--) {   /* children after parents */
		if (!unknown[d->tag[i]] || d->flags[i] & DOM_SKIP)
			continue;
		const char *tn = d->tagnames[d->tag[i]];
		/* a semantics element shows its first child alone: an
		 * annotation (an equation's TeX) is for programs */
		if (!strcmp(tn, "annotation") || !strcmp(tn, "annotation-xml")) {
			annotated += skip_subtree(d, i);
			continue;
		}
		if (apart[i])
			continue;
		int c = d->first_child[i];
		while (c >= 0 && d->flags[c] & (DOM_PHRASING | DOM_SKIP))  /* a script shows nothing */
			c = d->next_sibling[c];
		if (c < 0) {
			d->flags[i] |= DOM_PHRASING;
			changed = true;
			if (d->text_begin[i] < d->ntexts)
				d->texts[d->text_begin[i]].flags |= TEXT_SPACED;
			if (d->text_end[i] < d->ntexts)
				d->texts[d->text_end[i]].flags |= TEXT_SPACED;
		}
	}
	if (changed)
		for (int k = 0; k < d->ntexts; k++)
			d->texts[k].block = block_of(d, d->texts[k].elem);
	free(apart);
	free(unknown);
	return annotated;
}

/* The first character of text t and the last, 0 where it has none. */
static ucs4_t
text_first(const struct dom *d, int t)
{
	ucs4_t c = 0;
	if (d->texts[t].len > 0)
		u8_mbtouc(&c, (const uint8_t *)dom_text(d, t), d->texts[t].len);
	return c;
}

static ucs4_t
text_last(const struct dom *d, int t)
{
	const uint8_t *s = (const uint8_t *)dom_text(d, t);
	ucs4_t c = 0;
	return d->texts[t].len > 0 && u8_prev(&c, s + d->texts[t].len, s) ? c : 0;
}

/* The words around an element the page shows nothing of, or in its
 * place, stay apart (TEXT_SPACED on the text after it):
 * - a formula's source (<script type="math/tex">, MathJax's;
 *   "math/mml"), left out with the scripts: the page shows the formula
 *   between them;
 * - a style in the body, where a word (ASCII letters and digits)
 *   follows it: CSS in JS writes one between two components, each a box
 *   of its own on the screen ("Try it free</a><style>...</style><a
 *   ...>Book a demo", two buttons);
 * - spaced[0..nspaced), the body's meta and link elements that white
 *   space stood beside in the page (libtidy dropped it);
 * - a picture, a control or a frame (boxes[]) between a letter or digit
 *   and the next ("foo<img>bar"): it stands between them on the screen.
 *   A word break opportunity (wbr) shows nothing and joins. */
static void
mark_apart(struct dom *d, const int *spaced, int nspaced)
{
	static const char *const boxes[] = {
		"img", "picture", "svg", "canvas", "input", "select", "textarea", "iframe",
		"video", "audio", "object", "embed",
	};
	for (int k = 0; k < nspaced; k++)
		if (d->text_end[spaced[k]] < d->ntexts)
			d->texts[d->text_end[spaced[k]]].flags |= TEXT_SPACED;
	uint8_t *box = xcalloc((size_t)d->ntags + 1, 1);
	bool any = false;
	for (int t = 0; t < d->ntags; t++)
		any |= box[t] = IN_LIST(d->tagnames[t], boxes);
	for (int e = 0; any && e < d->n; e++) {
		int a = d->text_begin[e] - 1, t = d->text_end[e];
		if (box[d->tag[e]] && a >= 0 && t < d->ntexts &&
		    uc_is_alnum(text_last(d, a)) && uc_is_alnum(text_first(d, t)))
			d->texts[t].flags |= TEXT_SPACED;
	}
	free(box);
	int script = dom_tag_id(d, "script"), style = dom_tag_id(d, "style");
	for (int e = 0; (script >= 0 || style >= 0) && e < d->n; e++) {
		const char *type = d->tag[e] == script ? dom_attr(d, e, "type") : NULL;
		int t = d->text_end[e];
		if (t >= d->ntexts)
			continue;
		/* after a style, a word: not the punctuation that ends the
		 * sentence before it, nor a script that spaces no words */
		bool apart = (type && !strncasecmp(type, "math/", 5)) ||
			     (d->tag[e] == style && d->body >= 0 && dom_contains(d, d->body, e) &&
			      d->texts[t].len > 0 && isalnum((unsigned char)dom_text(d, t)[0]));
		if (apart)
			d->texts[t].flags |= TEXT_SPACED;
	}
}

/* The class names the common frameworks give text for screen readers
 * alone, moved out of sight by their stylesheets (Bootstrap's and
 * Tailwind's sr-only, Bootstrap 5's and Drupal's visually-hidden, HTML5
 * Boilerplate's visuallyhidden, WordPress's screen-reader-text,
 * Foundation's show-for-sr, Drupal 7's element-invisible, GOV.UK's and
 * the US design system's): a reader of the page never sees it. */
static const char *const screen_reader_classes[] = {
	"sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text", "show-for-sr",
	"element-invisible", "u-visually-hidden", "govuk-visually-hidden", "usa-sr-only",
};

const char *
dom_screen_reader_class(size_t k)
{
	return k < sizeof screen_reader_classes / sizeof *screen_reader_classes ?
	       screen_reader_classes[k] : NULL;
}

const char *
dom_screen_reader(const struct dom *d, int i)
{
	const char *cl = dom_attr(d, i, "class"), *tok;
	size_t k;
	while (cl && dom_next_token(&cl, &tok, &k))
		for (size_t j = 0; j < sizeof screen_reader_classes / sizeof *screen_reader_classes; j++)
			if (strlen(screen_reader_classes[j]) == k &&
			    !strncasecmp(tok, screen_reader_classes[j], k))
				return screen_reader_classes[j];
	return NULL;
}

bool
dom_for_screen_readers(const struct dom *d, int i)
{
	for (int a = i; a >= 0 && d->flags[a] & DOM_SKIP; a = d->parent[a])
		if (dom_screen_reader(d, a))
			return true;
	return false;
}

/* Text for screen readers alone (dom_screen_reader) is left out as a
 * script is; its characters, which the parser read, are returned for the
 * tree's count. */
static long
mark_screen_reader(struct dom *d)
{
	long n = 0;
	for (int e = 0; e < d->n; e++) {
		if (d->flags[e] & DOM_SKIP || !dom_screen_reader(d, e))
			continue;
		n += skip_subtree(d, e);
		e = d->end[e] - 1;
	}
	return n;
}

/* A copy of a rendered text's source beside it: an element without
 * element children (the source is one text), of SOURCE_COPY_CHARS
 * characters or more, a div or a span (copy_candidate), whose words
 * and those of an element sibling next to it (of element children: the
 * rendering) are the same to SOURCE_COPY_SHARE both ways.  A forge keeps
 * each comment's Markdown so, hidden by its stylesheet, after the
 * comment (Gitea's and Forgejo's div.raw-content), for its "Quote
 * reply" and "Edit" to read. */
#define SOURCE_COPY_CHARS 20
#define SOURCE_COPY_SHARE 0.9

/* The hashes of e's words (runs of ASCII letters and digits, in any
 * case, or of other scripts' bytes), sorted, into *out; their count. */
static size_t
word_hashes(const struct dom *d, int e, uint64_t **out)
{
	size_t n = 0, cap = 0;
	uint64_t *w = NULL;
	char low[64];
	for (int t = d->text_begin[e]; t < d->text_end[e]; t++) {
		const unsigned char *x = (const unsigned char *)dom_text(d, t);
		size_t len = d->texts[t].len;
		for (size_t i = 0; i < len;) {
			if (!isalnum(x[i]) && x[i] < 0x80) {
				i++;
				continue;
			}
			size_t j = i, k = 0;
			uint64_t h = 0;
			while (j < len && (isalnum(x[j]) || x[j] >= 0x80)) {
				low[k++] = (char)tolower(x[j++]);
				if (k == sizeof low) {
					h = hash_bytes(low, k) ^ (h * 31);
					k = 0;
				}
			}
			h = hash_bytes(low, k) ^ (h * 31);
			if (n == cap) {
				cap = cap ? cap * 2 : 64;
				w = xreallocarray(w, cap, sizeof *w);
			}
			w[n++] = h;
			i = j;
		}
	}
	if (n)
		qsort(w, n, sizeof *w, u64_cmp);
	*out = w;
	return n;
}

/* Whether the sorted word lists a (na) and b (nb) share
 * SOURCE_COPY_SHARE of each. */
static bool
same_words(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
	size_t i = 0, j = 0, m = 0;
	while (i < na && j < nb) {
		if (a[i] == b[j])
			m++, i++, j++;
		else if (a[i] < b[j])
			i++;
		else
			j++;
	}
	return na && nb && m >= SOURCE_COPY_SHARE * (double)na && m >= SOURCE_COPY_SHARE * (double)nb;
}

/* The characters of e's texts, white space aside (source_chars): from
 * upto (the characters before each text, ntexts + 1 of them) where it is
 * not NULL, else counted. */
static long
text_chars(const struct dom *d, const long *upto, int e)
{
	if (upto)
		return upto[d->text_end[e]] - upto[d->text_begin[e]];
	long n = 0;
	for (int t = d->text_begin[e]; t < d->text_end[e]; t++)
		n += source_chars(dom_text(d, t), d->texts[t].len);
	return n;
}

/* A source is kept in a generic element, a div or a span: a paragraph,
 * a heading or an item is text of its own, repeated as the page repeats
 * it. */
static bool
copy_candidate(const struct dom *d, const long *upto, int e)
{
	if (e < 0 || d->first_child[e] >= 0 || text_chars(d, upto, e) < SOURCE_COPY_CHARS)
		return false;
	const char *tag = d->tagnames[d->tag[e]];
	return !strcmp(tag, "div") || !strcmp(tag, "span");
}

/* The rendering that element e is a copy of the source of: its element
 * sibling before or after it, or -1 (upto: as text_chars). */
static int
source_of(const struct dom *d, const long *upto, int e)
{
	if (!copy_candidate(d, upto, e) || d->parent[e] < 0)
		return -1;
	long ne = text_chars(d, upto, e);
	int sib[2] = { dom_prev_sibling(d, e), d->next_sibling[e] };
	uint64_t *we = NULL;
	size_t nwe = 0;
	bool words = false;
	int found = -1;
	for (int k = 0; k < 2 && found < 0; k++) {
		int y = sib[k];
		if (y < 0 || d->first_child[y] < 0 || d->flags[y] & DOM_SKIP)
			continue;
		long ny = text_chars(d, upto, y);
		/* a rendering is about as long as its source */
		if (2 * ny < ne || ny > 2 * ne)
			continue;
		if (!words) {
			nwe = word_hashes(d, e, &we);
			words = true;
		}
		uint64_t *wy;
		size_t nwy = word_hashes(d, y, &wy);
		if (same_words(we, nwe, wy, nwy))
			found = y;
		free(wy);
	}
	free(we);
	return found;
}

int
dom_source_of(const struct dom *d, int e)
{
	return source_of(d, NULL, e);
}

/* Sources beside their renderings (dom_source_of) are left out as a
 * script is; the characters of their texts are returned for the tree's
 * count.  The texts' characters are summed once: a sibling compared may
 * hold most of the page. */
static long
mark_source_copies(struct dom *d)
{
	long n = 0, *upto = xmalloc(((size_t)d->ntexts + 1) * sizeof *upto);
	upto[0] = 0;
	for (int t = 0; t < d->ntexts; t++)
		upto[t + 1] = upto[t] + source_chars(dom_text(d, t), d->texts[t].len);
	for (int e = 0; e < d->n; e++)
		if (!(d->flags[e] & DOM_SKIP) && source_of(d, upto, e) >= 0)
			n += skip_subtree(d, e);
	free(upto);
	return n;
}

/* Copies a language's name of n bytes into out (size DOM_CODE_LANG)
 * where it is one an info string may hold: letters, digits and "+#._-",
 * up to DOM_CODE_LANG - 1 bytes; a highlighter's "none" or Sphinx's
 * "default" is no name. */
static bool
lang_name(const char *s, size_t n, char *out)
{
	if (n == 0 || n >= DOM_CODE_LANG)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("+#._-", s[i]))
			return false;
	if ((n == 4 && !strncasecmp(s, "none", 4)) || (n == 7 && !strncasecmp(s, "default", 7)))
		return false;
	memcpy(out, s, n);
	out[n] = '\0';
	return true;
}

/* Whether the n bytes at s differ from the string w (0 when equal). */
static int
strcmp_n(const char *s, size_t n, const char *w)
{
	return strlen(w) != n || memcmp(s, w, n);
}

/* The language element e's class names: "language-X", the HTML
 * standard's convention for code, or its "lang-X"; "highlight-X" on the
 * box Sphinx sets around the pre ("highlight-source-X", GitHub's);
 * "brush: X", SyntaxHighlighter's (MDN); "sourceCode X", pandoc's. */
static bool
lang_of_class(const struct dom *d, int e, char *out)
{
	static const char *const prefixes[] = { "language-", "lang-", "highlight-", "brush:" };
	const char *cls = dom_attr(d, e, "class"), *tok;
	size_t n;
	bool pandoc = false, brush = false;
	for (const char *c = cls; c && dom_next_token(&c, &tok, &n);)
		pandoc |= !strcmp_n(tok, n, "sourceCode");
	while (cls && dom_next_token(&cls, &tok, &n)) {
		for (size_t k = 0; k < sizeof prefixes / sizeof prefixes[0]; k++) {
			size_t l = strlen(prefixes[k]);
			if (n <= l || strncasecmp(tok, prefixes[k], l))
				continue;
			/* GitHub's "highlight-source-python" */
			if (k == 2 && n > l + 7 && !strncasecmp(tok + l, "source-", 7))
				l += 7;
			if (lang_name(tok + l, n - l, out))
				return true;
		}
		/* "brush:" a token of its own, the name the next; pandoc's
		 * own tokens are "sourceCode" and, with line numbers,
		 * "numberSource" and "numberLines" */
		if ((brush || (pandoc && strcmp_n(tok, n, "sourceCode") &&
			       strcmp_n(tok, n, "numberSource") && strcmp_n(tok, n, "numberLines"))) &&
		    lang_name(tok, n, out))
			return true;
		brush = n == 6 && !strncasecmp(tok, "brush:", 6);
	}
	return false;
}

bool
dom_code_lang(const struct dom *d, int e, char *out)
{
	int at[4] = { e, -1, -1, -1 }, na = 1;
	int c = d->first_child[e];
	if (c >= 0 && !strcmp(dom_tagname(d, c), "code"))
		at[na++] = c;
	for (int p = d->parent[e], k = 0; p >= 0 && k < 2; p = d->parent[p], k++)
		at[na++] = p;
	for (int k = 0; k < na; k++) {
		const char *v = dom_attr(d, at[k], "data-lang");
		if (!v)
			v = dom_attr(d, at[k], "data-language");
		if ((v && lang_name(v, strlen(v), out)) || lang_of_class(d, at[k], out))
			return true;
	}
	return false;
}

#define CODE_LABEL_CHARS 20

int
dom_prev_sibling(const struct dom *d, int e)
{
	int p = d->parent[e], x = e - 1;
	while (x >= 0 && x != p && d->parent[x] != p)
		x = d->parent[x];
	return x >= 0 && x != p ? x : -1;
}

/* A code block's label: a sibling of a pre whose whole text is the
 * language the block names (dom_code_lang; VitePress sets span.lang,
 * "c", beside the pre in div.language-c; MDN a div.example-header, "js",
 * beside its pre.brush:), one of the two before it or the one after, is
 * the block's chrome, left out as a script is.  At most CODE_LABEL_CHARS
 * characters.  Returns the characters so left out for the tree's count. */
static long
mark_code_labels(struct dom *d)
{
	int pre = dom_tag_id(d, "pre");
	long n = 0;
	for (int e = 0; pre >= 0 && e < d->n; e++) {
		if (d->tag[e] != pre || d->flags[e] & DOM_SKIP || d->parent[e] < 0)
			continue;
		char lang[DOM_CODE_LANG];
		if (!dom_code_lang(d, e, lang)) {
			e = d->end[e] - 1;
			continue;
		}
		/* the two elements before the pre and the one after it */
		int near[3] = { dom_prev_sibling(d, e), -1, d->next_sibling[e] };
		near[1] = near[0] >= 0 ? dom_prev_sibling(d, near[0]) : -1;
		for (int k = 0; k < 3; k++) {
			int c = near[k];
			if (c < 0 || d->flags[c] & DOM_SKIP)
				continue;
			/* its one shown text but white space, trimmed */
			const char *s = NULL;
			size_t len = 0;
			int shown = 0;
			for (int t = d->text_begin[c]; t < d->text_end[c] && shown < 2; t++) {
				const char *x = dom_text(d, t);
				size_t xn = d->texts[t].len;
				if (d->texts[t].flags & (TEXT_SKIP | TEXT_BREAK))
					continue;
				while (xn > 0 && isspace((unsigned char)*x))
					x++, xn--;
				while (xn > 0 && isspace((unsigned char)x[xn - 1]))
					xn--;
				if (xn > 0) {
					s = x;
					len = xn;
					shown++;
				}
			}
			if (shown == 1 && len <= CODE_LABEL_CHARS && strlen(lang) == len &&
			    !strncasecmp(lang, s, len))
				n += skip_subtree(d, c);
		}
		e = d->end[e] - 1;
	}
	return n;
}

/* Whether text node t is shown text: not left out, not all white space. */
static bool
shown_text(const struct dom *d, int t)
{
	if (d->texts[t].flags & TEXT_SKIP)
		return false;
	const char *s = dom_text(d, t);
	for (uint32_t k = 0; k < d->texts[t].len; k++)
		if (!isspace((unsigned char)s[k]))
			return true;
	return false;
}

#define TOP_LINK_CHARS 16
#define TOP_TARGETS 32

/* A link to the page's top ("top", "Back to top", "返回顶部") is the
 * page's chrome, left out as a script is: an href "#top" where no
 * element is so named (a browser goes to the top), or "#X" where X names
 * the html or body element, an element before any shown text that holds
 * none (man7.org's a#top_of_page), or one named "top" that begins before
 * any (a wrapper of the whole page), its text TOP_LINK_CHARS code points
 * at most.  (An element that holds the first text may be the first
 * section, which a table of contents links to.)  In a heading the link
 * glued itself to it ("NAME top").  Returns the characters so left out
 * for the tree's count. */
static long
mark_top_links(struct dom *d)
{
	int a = dom_tag_id(d, "a");
	if (a < 0)
		return 0;
	int first = 0;
	while (first < d->ntexts && !shown_text(d, first))
		first++;
	/* the names of the top: those of the elements before any shown
	 * text that hold none, and of html and body */
	const char *top[TOP_TARGETS];
	int ntop = 0;
	bool named_top = false;
	for (int e = 0; e < d->n; e++) {
		/* a name names a place only on a link (<a name="top">): a
		 * meta's is its own ("description") */
		const char *names[2] = { dom_attr(d, e, "id"),
					 d->tag[e] == a ? dom_attr(d, e, "name") : NULL };
		bool at_top = d->text_end[e] <= first || e == d->body || d->parent[e] < 0;
		for (int k = 0; k < 2; k++) {
			if (!names[k])
				continue;
			bool is_top = !strcmp(names[k], "top");
			named_top |= is_top;
			if ((at_top || (is_top && d->text_begin[e] <= first)) && ntop < TOP_TARGETS)
				top[ntop++] = names[k];
		}
	}
	long n = 0;
	for (int e = 0; e < d->n; e++) {
		const char *href = d->tag[e] == a ? dom_attr(d, e, "href") : NULL;
		if (!href || href[0] != '#' || !href[1] || d->flags[e] & DOM_SKIP)
			continue;
		bool to_top = !named_top && !strcmp(href + 1, "top");
		for (int k = 0; k < ntop && !to_top; k++)
			to_top = !strcmp(top[k], href + 1);
		if (!to_top)
			continue;
		long cps = 0;
		for (int t = d->text_begin[e]; t < d->text_end[e]; t++)
			if (!(d->texts[t].flags & TEXT_SKIP))
				for (uint32_t k = 0; k < d->texts[t].len; k++)
					cps += ((unsigned char)dom_text(d, t)[k] & 0xc0) != 0x80;
		if (cps <= TOP_LINK_CHARS)
			n += skip_subtree(d, e);
	}
	return n;
}

/* Whether the texts [from, to) read as prose: PRE_PROSE_CHARS characters
 * or more (not white space), a sentence's end (., ! or ? after a letter
 * and before white space, or an ideographic full stop) every
 * PRE_PROSE_WORDS words or fewer, and at most one character in
 * PRE_PROSE_SYMBOLS of code's punctuation ({}[];=<>\|; not parentheses,
 * which sentences hold too).  A program's lines hold their braces,
 * semicolons and assignments; a bug tracker's comment and an archived
 * mail, written in a pre, hold sentences. */
#define PRE_PROSE_CHARS 40
#define PRE_PROSE_WORDS 25
#define PRE_PROSE_SYMBOLS 50
static bool
prose_texts(const struct dom *d, int from, int to)
{
	long chars = 0, symbols = 0, words = 0, ends = 0;
	bool letter = false, space = true;
	for (int t = from; t < to; t++) {
		const unsigned char *s = (const unsigned char *)dom_text(d, t);
		uint32_t n = d->texts[t].len;
		for (uint32_t i = 0; i < n; i++) {
			unsigned char c = s[i];
			if (isspace(c)) {
				space = true;
				continue;
			}
			words += space;
			space = false;
			if ((c & 0xC0) == 0x80)
				continue;
			chars++;
			if (c && strchr("{}[];=<>\\|", c))
				symbols++;
			bool end = (c == '.' || c == '!' || c == '?') && letter &&
				   (i + 1 == n || isspace(s[i + 1]));
			end |= c == 0xE3 && i + 2 < n && s[i + 1] == 0x80 && s[i + 2] == 0x82;
			ends += end;
			letter = isalpha(c) || c >= 0xC0;
		}
		space = true;    /* a text ends at an element's edge */
	}
	return chars >= PRE_PROSE_CHARS && symbols * PRE_PROSE_SYMBOLS <= chars &&
	       ends > 0 && words <= PRE_PROSE_WORDS * ends;
}

/* The texts of preformatted elements, whose line breaks and spaces are
 * their text's (a code block's lines), and prose (TEXT_PROSE) where
 * prose_texts says so. */
static void
mark_pre(struct dom *d)
{
	static const char *const names[] = { "pre", "listing", "xmp", "plaintext" };
	int tags[4];
	for (size_t k = 0; k < 4; k++)
		tags[k] = dom_tag_id(d, names[k]);
	for (int e = 0; e < d->n; e++)
		for (size_t k = 0; k < 4; k++)
			if (tags[k] >= 0 && d->tag[e] == tags[k]) {
				uint8_t f = TEXT_PRE |
					    (prose_texts(d, d->text_begin[e], d->text_end[e]) ?
					     TEXT_PROSE : 0);
				for (int t = d->text_begin[e]; t < d->text_end[e]; t++)
					d->texts[t].flags |= f;
				e = d->end[e] - 1;      /* all of it is marked */
				break;
			}
}

/* Two elements whose texts meet with no space between, a word of the
 * one ending in a small letter or a digit and the next beginning with a
 * capital ("<span>La Sportiva</span><span>Katana Lace ...</span>", a
 * card's brand and name; "In Stock</div><a>Get it"), are two boxes on
 * the screen that the page's stylesheet sets apart: a word is not
 * capitalised in its middle where the markup breaks it.  So is a run of
 * capitals before a capitalised word ("FAQs" is not one).  Their words
 * stay apart (TEXT_SPACED).  Not in preformatted text, where the source
 * is what shows, and not across a line break or another block. */
static void
mark_case_apart(struct dom *d)
{
	int prev = -1;
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *b = &d->texts[t];
		if (b->flags & TEXT_SKIP || (b->len == 0 && !(b->flags & TEXT_BREAK)))
			continue;
		int a = prev;
		prev = b->flags & TEXT_BREAK ? -1 : t;
		if (a < 0 || b->flags & (TEXT_BREAK | TEXT_PRE) || d->texts[a].flags & TEXT_PRE ||
		    d->texts[a].elem == b->elem || d->texts[a].block != b->block)
			continue;
		ucs4_t l = text_last(d, a), c = text_first(d, t), c2 = 0;
		if (!uc_is_upper(c))
			continue;
		const uint8_t *bs = (const uint8_t *)dom_text(d, t);
		int n = u8_mblen(bs, b->len);
		if (n > 0 && (size_t)n < b->len)
			u8_mbtouc(&c2, bs + n, b->len - (size_t)n);
		if (uc_is_lower(l) || uc_is_digit(l) || (uc_is_upper(l) && uc_is_lower(c2)))
			d->texts[t].flags |= TEXT_SPACED;
	}
}

/* 1-based positions among same-tag siblings, O(n) with a scratch counter
 * per tag. */
static void
compute_positions(struct dom *d)
{
	int *count = xcalloc((size_t)d->ntags + 1, sizeof *count);
	for (int p = -1; p < d->n; p++) {
		int c = p < 0 ? 0 : d->first_child[p];
		if (p < 0 && d->n == 0)
			break;
		int start = c;
		for (; c >= 0; c = p < 0 ? -1 : d->next_sibling[c])
			d->pos[c] = ++count[d->tag[c]];
		for (c = start; c >= 0; c = p < 0 ? -1 : d->next_sibling[c])
			count[d->tag[c]] = 0;
	}
	free(count);
}

/* libtidy with pith's options, its memory from alloc (NULL: malloc's). */
static TidyDoc
tidy_create(TidyAllocator *alloc)
{
	pthread_once(&tidy_lang_once, tidy_lang);
	TidyDoc doc = alloc ? tidyCreateWithAllocator(alloc) : tidyCreate();
	tidySetMessageCallback(doc, quiet);
	tidyOptSetBool(doc, TidyShowWarnings, no);
	tidyOptSetBool(doc, TidyShowInfo, no);
	tidyOptSetBool(doc, TidyQuiet, yes);
	tidyOptSetInt(doc, TidyShowErrors, 0);
	/* keep the page's structure as written: empty elements stay */
	tidyOptSetBool(doc, TidyDropEmptyElems, no);
	tidyOptSetBool(doc, TidyDropEmptyParas, no);
	tidyOptSetBool(doc, TidyMark, no);
	tidyOptSetInt(doc, TidyUseCustomTags, TidyCustomBlocklevel);
	tidySetInCharEncoding(doc, "utf8");
	return doc;
}

const void *
dom_tidy_create(void)
{
	return tidy_create(NULL);
}

/* A processing instruction ("<?xml ...") that no '>' ends: HTML reads
 * it as a comment to the end of the page, and libtidy keeps all of it in
 * memory it never frees (a 1 MB one leaks 1 MB a page, which a long
 * batch's worker would carry on).  The page ends where it starts: the
 * first "<?" after the last '>'. */
static size_t
pi_cut(const char *s, size_t n)
{
	const char *gt = memrchr(s, '>', n);
	size_t from = gt ? (size_t)(gt - s) + 1 : 0;
	for (size_t i = from; i + 1 < n; i++)
		if (s[i] == '<' && s[i + 1] == '?')
			return i;
	return n;
}

/* Characters of the tree's text, counted as source_scan counts them. */
static long
tree_text(const struct dom *d)
{
	long k = 0;
	for (int t = 0; t < d->ntexts; t++) {
		if (d->texts[t].flags & TEXT_SKIP)
			continue;
		k += source_chars(dom_text(d, t), d->texts[t].len);
	}
	return k;
}

/* A page whose text stands in <noscript>, with next to nothing shown
 * outside it (an application's shell; Discourse, Flarum and others send
 * their threads so): read as a browser with scripting off shows it.  What
 * an element hidden by its own markup holds (dom_hidden: the shell's
 * "Loading..." and the error its scripts show when they fail) is not
 * shown either. */
enum { NOSCRIPT_MIN = 200, NOSCRIPT_RATIO = 10 };

static void
noscript_read(struct dom *d)
{
	long shown = 0, hidden = 0;
	for (int t = 0; t < d->ntexts; t++)
		if ((d->texts[t].flags & (TEXT_NOSCRIPT | TEXT_BREAK)) == TEXT_NOSCRIPT)
			hidden += source_chars(dom_text(d, t), d->texts[t].len);
	if (hidden < NOSCRIPT_MIN)
		return;
	uint8_t *unseen = xcalloc((size_t)d->n + 1, 1);
	for (int i = 0; i < d->n; i++)
		unseen[i] = (d->parent[i] >= 0 && unseen[d->parent[i]]) || dom_hidden(d, i);
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (!(x->flags & (TEXT_BREAK | TEXT_NOSCRIPT | TEXT_SKIP)) && !unseen[x->elem])
			shown += source_chars(dom_text(d, t), x->len);
	}
	free(unseen);
	if (shown * NOSCRIPT_RATIO >= hidden)
		return;
	/* the shell's hidden parts, outside the noscripts, are left out (the
	 * tree's count has their text) */
	for (int i = 0; i < d->n; i++)
		if (dom_hidden(d, i) && !(d->flags[i] & (DOM_NOSCRIPT | DOM_SKIP))) {
			skip_subtree(d, i);
			i = d->end[i] - 1;
		}
	for (int i = 0; i < d->n; i++)
		if ((d->flags[i] & DOM_NOSCRIPT) && !(d->flags[i] & (DOM_DIALOG | DOM_PERMALINK)))
			d->flags[i] &= (uint8_t)~DOM_SKIP;
	for (int t = 0; t < d->ntexts; t++)
		if (d->texts[t].flags & TEXT_NOSCRIPT)
			d->texts[t].flags &= (uint8_t)~TEXT_SKIP;
	d->noscript_shown = shown;
	d->noscript_read = hidden;
}

/* Where the text the tree lacks begins: the character past the tree's
 * count in the source, and the element the parser had open there (the
 * last to start before it, out of script-like elements). */
static void
find_loss(struct dom *d, const char *src, size_t n)
{
	struct source_scan at;
	source_scan(src, n, d->tree_text, &at);
	source_scan_free(&at);
	source_line_col(src, n, at.stop_at, &d->loss_line, &d->loss_col);
	/* an offset in the page as given: less the end tags put in */
	size_t off = at.stop_at;
	for (int k = 0; k < d->closed_selects; k++)
		if (d->closed_at[k] + (size_t)k * 9 < at.stop_at)
			off -= 9;
	d->loss_at = off;
	int e = -1;
	for (int i = 0; i < d->n; i++)
		if (d->line[i] < d->loss_line ||
		    (d->line[i] == d->loss_line && d->col[i] <= d->loss_col))
			e = i;
	while (e >= 0 && (d->flags[e] & DOM_SKIP) && d->parent[e] >= 0)
		e = d->parent[e];
	d->loss_elem = e;
}

int
dom_parse(const char *utf8, size_t len, const struct dom_opts *o,
	  struct dom **out, char *err, size_t errlen)
{
	*out = NULL;
	test_count("pages parsed", 1);
	struct dom_scan sc;
	dom_scan(utf8, len, o->max_depth < INT_MAX ? o->max_depth + 1 : INT_MAX, &sc);
	if (sc.max_depth > o->max_depth) {
		snprintf(err, errlen, "elements nested %d deep, over the limit of %d (--max-depth)",
			 sc.max_depth, o->max_depth);
		return -1;
	}
	/* libtidy's time is quadratic in the attributes of one element
	 * (20 000 take 4 s), so one tag could stall a run for hours. */
	if (sc.max_attrs > DOM_MAX_ATTRS) {
		snprintf(err, errlen, "an element with %d attributes, over the limit of %d",
			 sc.max_attrs, DOM_MAX_ATTRS);
		return -1;
	}
	if (sc.name_work > DOM_MAX_NAME_WORK) {
		snprintf(err, errlen, "attribute names too long for the HTML parser "
			 "(the longest has %zu bytes)", sc.longest_name);
		return -1;
	}
	if (sc.walk_work > DOM_MAX_WALK_WORK) {
		snprintf(err, errlen, "too many tags inside deep nesting (%llu open "
			 "elements walked by the HTML parser, over the limit of %llu)",
			 (unsigned long long)sc.walk_work, (unsigned long long)DOM_MAX_WALK_WORK);
		return -1;
	}
	/* the auto method's trees take about 7 s a million elements */
	if (sc.elements > DOM_MAX_ELEMENTS) {
		snprintf(err, errlen, "%ld elements, over the limit of %d",
			 sc.elements, DOM_MAX_ELEMENTS);
		return -1;
	}
	if (sc.ncustom > DOM_MAX_CUSTOM) {
		snprintf(err, errlen, "%d different custom element names, over the limit of %d",
			 sc.ncustom, DOM_MAX_CUSTOM);
		return -1;
	}
	if (sc.reopen > DOM_MAX_REOPEN) {
		snprintf(err, errlen, "unclosed formatting elements the HTML parser would "
			 "copy %llu times, over the limit of %llu",
			 (unsigned long long)sc.reopen, (unsigned long long)DOM_MAX_REOPEN);
		return -1;
	}
	len = pi_cut(utf8, len);
	/* the page's text as a tokenizer reads it, and the selects HTML5
	 * closes that libtidy leaves open (it then swallows the page) */
	struct source_scan ss;
	source_scan(utf8, len, -1, &ss);
	char *fixed = NULL;
	const char *src = utf8;
	size_t srclen = len;
	if (ss.nclose || ss.ncdata || ss.npre || ss.nmeta || ss.npi || ss.nheading ||
	    ss.ndoctype) {
		fixed = source_repair(utf8, len, &ss, &srclen);
		src = fixed;
	}
	/* the scripts and styles libtidy would read a character at a time,
	 * for nothing: cut out, their lines kept */
	char *blank = NULL;
	const char *tsrc = src;
	size_t tlen = srclen;
	struct source_cols cols = { 0 };
	if (ss.nblank)
		tsrc = blank = source_blank(src, srclen, &ss, &tlen, &cols);
	struct tidy_arena arena;
	tidy_arena_init(&arena);
	TidyDoc doc = tidy_create(&arena.base);
	/* a div or style in a pre, renamed before parsing (source_repair):
	 * told to libtidy only where there is one, as each tag it is told
	 * of is one more for every page's every tag to be looked up among */
	if (ss.npre || ss.inline_custom) {
		struct buf tags;
		buf_init(&tags);
		if (ss.npre)
			buf_adds(&tags, SOURCE_PRE_DIV " " SOURCE_PRE_STYLE " ");
		/* the custom elements a paragraph holds, inline as in HTML */
		if (ss.inline_custom)
			buf_adds(&tags, ss.inline_custom);
		tidyOptSetValue(doc, TidyInlineTags, tags.data);
		buf_free(&tags);
	}
	/* a heading that holds a block, renamed (source_repair) so that
	 * libtidy keeps the block in it as HTML does */
	if (ss.nheading)
		tidyOptSetValue(doc, TidyBlockTags, SOURCE_HEADING_BLOCK_TAGS);
	/* a meta or link after the body's start, renamed (source_repair)
	 * so that libtidy leaves it where it stands */
	if (ss.nmeta)
		tidyOptSetValue(doc, TidyEmptyTags, SOURCE_BODY_META " " SOURCE_BODY_LINK " "
				SOURCE_BODY_META_SPACED " " SOURCE_BODY_LINK_SPACED);
	TidyBuffer in;
	tidyBufInit(&in);
	tidyBufAttach(&in, (byte *)tsrc, (uint)tlen);
	int rc = tidyParseBuffer(doc, &in);
	tidyBufDetach(&in);
	free(blank);
	if (rc < 0) {
		source_cols_free(&cols);
		tidyRelease(doc);
		tidy_arena_drop(&arena);
		free(fixed);
		source_scan_free(&ss);
		snprintf(err, errlen, "the HTML parser gave up (tidy error %d)", rc);
		return -1;
	}

	tidy_arena_drain(&arena);
	struct dom *d = xcalloc(1, sizeof *d);
	struct builder b;
	memset(&b, 0, sizeof b);
	b.d = d;
	b.cols = &cols;
	b.headings = ss.nheading > 0;
	d->body = d->head = -1;
	b.hashcap = 128;
	b.hash = xmalloc((size_t)b.hashcap * sizeof *b.hash);
	for (int s = 0; s < b.hashcap; s++)
		b.hash[s] = -1;
	buf_init(&b.pool);
	buf_reserve(&b.pool, len);
	buf_addc(&b.pool, '\0'); /* offset 0 is the empty string */
	tidyBufInit(&b.val);
	walk(&b, doc);
	source_cols_free(&cols);
	tidyBufFree(&b.val);
	tidyRelease(doc);
	tidy_arena_drop(&arena);
	free(b.hash);
	free(b.tagflags);
	grow_elements(&b);
	d->attr_begin[d->n] = d->nattrs;
	d->pool = buf_steal(&b.pool, &d->pool_len);
	compute_positions(d);
	mark_panels(d);
	long annotated = mark_inline(d);
	annotated += mark_screen_reader(d);
	annotated += mark_source_copies(d);
	annotated += mark_code_labels(d);
	annotated += mark_top_links(d);
	mark_apart(d, b.spaced, b.nspaced);
	free(b.spaced);
	mark_pre(d);
	mark_case_apart(d);
	d->source_text = ss.text;
	d->closed_selects = ss.nclose;
	d->closed_at = ss.close_at;     /* the dom's now */
	ss.close_at = NULL;
	/* the parser's count first: the source's counts no <noscript>; a
	 * dialog's text is the tree's, left out */
	d->tree_text = tree_text(d) + b.dialog_text + annotated;
	noscript_read(d);
	d->loss_elem = -1;
	if (dom_lost(d))
		find_loss(d, src, srclen);
	free(fixed);
	source_scan_free(&ss);
	*out = d;
	return 0;
}

bool
dom_lost(const struct dom *d)
{
	long lost = d->source_text - d->tree_text;
	return lost >= DOM_LOSS_MIN && lost * 100 >= d->source_text * DOM_LOSS_PCT;
}

void
dom_parse_note(const struct dom *d, bool verbose, struct buf *out)
{
	if (dom_lost(d)) {
		long lost = d->source_text - d->tree_text;
		buf_printf(out, "the parser lost %ld %% of the page's text (%ld of %ld characters) "
			   "from byte %zu (line %d, column %d)",
			   lost * 100 / d->source_text, lost, d->source_text, d->loss_at,
			   d->loss_line, d->loss_col);
		if (d->loss_elem >= 0) {
			/* the element and up to two of its ancestors below body */
			int chain[3], k = 0;
			for (int e = d->loss_elem; e >= 0 && e != d->body && k < 3; e = d->parent[e])
				chain[k++] = e;
			buf_adds(out, ", inside ");
			while (k-- > 0) {
				dom_label(d, chain[k], out);
				if (k)
					buf_adds(out, " > ");
			}
		}
	} else if (verbose) {
		buf_printf(out, "parser: %ld of %ld characters of the page's text in the tree",
			   d->tree_text < d->source_text ? d->tree_text : d->source_text,
			   d->source_text);
	}
	if (d->closed_selects && (verbose || out->len))
		buf_printf(out, "%s%d unclosed select%s closed where HTML5 closes %s",
			   out->len ? "; " : "", d->closed_selects,
			   d->closed_selects == 1 ? "" : "s", d->closed_selects == 1 ? "it" : "them");
	if (d->noscript_read && verbose)
		buf_printf(out, "%sits text stands in <noscript> (%ld characters there, %ld "
			   "outside): read as without scripts", out->len ? "; " : "",
			   d->noscript_read, d->noscript_shown);
}

void
dom_free(struct dom *d)
{
	if (!d)
		return;
	free(d->parent);
	free(d->first_child);
	free(d->next_sibling);
	free(d->end);
	free(d->depth);
	free(d->tag);
	free(d->pos);
	free(d->line);
	free(d->col);
	free(d->flags);
	free(d->text_begin);
	free(d->text_end);
	free(d->attr_begin);
	free(d->attrs);
	free(d->texts);
	free(d->pool);
	if (d->collapsed) {
		free(d->collapsed->text);
		free(d->collapsed->at);
		free(d->collapsed);
	}
	free(d->closed_at);
	for (int t = 0; t < d->ntags; t++)
		free(d->tagnames[t]);
	free(d->tagnames);
	free(d);
}

const char *
dom_attr(const struct dom *d, int i, const char *name)
{
	/* names equal but for case differ at most in bit 0x20 of their first
	 * byte: a cheap test that rejects most before strcasecmp */
	unsigned char c = (unsigned char)name[0];
	for (int a = d->attr_begin[i]; a < d->attr_begin[i + 1]; a++) {
		const char *an = d->pool + d->attrs[a].name;
		if ((((unsigned char)an[0] ^ c) & ~0x20) == 0 && !strcasecmp(an, name))
			return d->pool + d->attrs[a].value;
	}
	return NULL;
}

int
dom_tag_id(const struct dom *d, const char *name)
{
	for (int t = 0; t < d->ntags; t++)
		if (!strcmp(d->tagnames[t], name))
			return t;
	return -1;
}

static void xpath_steps(const struct dom *d, const int *path, int n, struct buf *out);

void
dom_xpath(const struct dom *d, int i, struct buf *out)
{
	/* The ancestors, root last; the depth is known, so one allocation. */
	int depth = d->depth[i] + 1;
	int *path = xmalloc((size_t)depth * sizeof *path);
	int n = 0;
	for (int e = i; e >= 0 && n < depth; e = d->parent[e])
		path[n++] = e;
	xpath_steps(d, path, n, out);
	free(path);
}

int
dom_xpath_tail(const struct dom *d, int i, int keep, const char *gap, struct buf *out)
{
	int depth = d->depth[i] + 1;
	if (depth <= keep || d->body < 0 || !dom_contains(d, d->body, i) || i == d->body) {
		dom_xpath(d, i, out);
		return 0;
	}
	/* body's path, then the keep steps nearest i: the walk goes no
	 * further up than those */
	dom_xpath(d, d->body, out);
	buf_addc(out, '/');
	buf_adds(out, gap);
	int *path = xmalloc((size_t)keep * sizeof *path);
	int n = 0;
	for (int e = i; e >= 0 && e != d->body && n < keep; e = d->parent[e])
		path[n++] = e;
	xpath_steps(d, path, n, out);
	free(path);
	return depth - (d->depth[d->body] + 1) - n;
}

/* Steps path[n-1] (the outermost) down to path[0], each "/tag[pos]". */
static void
xpath_steps(const struct dom *d, const int *path, int n, struct buf *out)
{
	/* appended a piece at a time, not printf'd: dump writes one for every
	 * element, and a deep page's paths are long */
	for (int k = n - 1; k >= 0; k--) {
		int e = path[k];
		const char *tn = dom_tagname(d, e);
		buf_addc(out, '/');
		buf_adds(out, tn);
		if (strcmp(tn, "html") && strcmp(tn, "body") && strcmp(tn, "head")) {
			char num[16];
			int len = 0;
			for (unsigned v = (unsigned)d->pos[e]; len == 0 || v; v /= 10)
				num[sizeof num - 1 - len++] = (char)('0' + v % 10);
			buf_addc(out, '[');
			buf_add(out, num + sizeof num - len, (size_t)len);
			buf_addc(out, ']');
		}
	}
}

/* ---- labels ---- */

/* Append at most max code points of s, then "~" if it went on. */
static void
add_short(struct buf *out, const char *s, size_t n, int max)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	int k = 0;
	while (i < n && k < max) {
		uint32_t cp;
		i += utf8_decode(u + i, n - i, &cp);
		k++;
	}
	buf_add(out, s, i);
	if (i < n)
		buf_addc(out, '~');
}

void
dom_label(const struct dom *d, int i, struct buf *out)
{
	buf_adds(out, dom_tagname(d, i));
	const char *id = dom_attr(d, i, "id");
	if (id && *id) {
		buf_addc(out, '#');
		add_short(out, id, strlen(id), 16);
	}
	const char *cls = dom_attr(d, i, "class");
	int shown = 0, more = 0;
	while (cls && *cls) {
		while (*cls == ' ' || *cls == '\t' || *cls == '\n' || *cls == '\r' || *cls == '\f')
			cls++;
		size_t len = strcspn(cls, " \t\n\r\f");
		if (!len)
			break;
		if (shown < 2) {
			buf_addc(out, '.');
			add_short(out, cls, len, 14);
			shown++;
		} else {
			more++;
		}
		cls += len;
	}
	if (more)
		buf_printf(out, "+%d", more);
}

/* ---- a table sent whole to another process ---- */

void
dom_pack(const struct dom *d, dom_put put, void *ctx)
{
	put(ctx, d, sizeof *d);
	size_t n = (size_t)d->n;
	int *const ints[] = { d->parent, d->first_child, d->next_sibling, d->end, d->depth,
			      d->tag, d->pos, d->line, d->col, d->text_begin, d->text_end };
	for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++)
		put(ctx, ints[k], n * sizeof(int));
	put(ctx, d->attr_begin, (n + 1) * sizeof(int));
	put(ctx, d->flags, n);
	put(ctx, d->attrs, (size_t)d->nattrs * sizeof *d->attrs);
	put(ctx, d->texts, (size_t)d->ntexts * sizeof *d->texts);
	put(ctx, d->pool, d->pool_len);
	put(ctx, d->closed_at, (size_t)d->closed_selects * sizeof *d->closed_at);
	for (int t = 0; t < d->ntags; t++) {
		uint32_t len = (uint32_t)strlen(d->tagnames[t]);
		put(ctx, &len, sizeof len);
		put(ctx, d->tagnames[t], len);
	}
}

/* n items of size bytes into a new array of n + 1, or NULL when the
 * sender's bytes end first. */
static void *
unpack_array(dom_get get, void *ctx, size_t n, size_t size)
{
	if (n > (SIZE_MAX - size) / (size ? size : 1))
		return NULL;
	char *a = xmalloc((n + 1) * size);
	if (get(ctx, a, n * size) < 0) {
		free(a);
		return NULL;
	}
	return a;
}

struct dom *
dom_unpack(dom_get get, void *ctx)
{
	struct dom h;
	if (get(ctx, &h, sizeof h) < 0)
		return NULL;
	/* the numbers kept, none of the sender's pointers */
	struct dom *d = xcalloc(1, sizeof *d);
	d->body = h.body;
	d->head = h.head;
	d->source_text = h.source_text;
	d->tree_text = h.tree_text;
	d->closed_selects = h.closed_selects;
	d->loss_at = h.loss_at;
	d->loss_line = h.loss_line;
	d->loss_col = h.loss_col;
	d->loss_elem = h.loss_elem;
	d->nattrs = h.nattrs;
	d->ntexts = h.ntexts;
	d->pool_len = h.pool_len;
	size_t n = h.n > 0 ? (size_t)h.n : 0;
	bool ok = h.n >= 0 && h.nattrs >= 0 && h.ntexts >= 0 && h.ntags >= 0 &&
		  h.closed_selects >= 0;
	int **ints[] = { &d->parent, &d->first_child, &d->next_sibling, &d->end, &d->depth,
			 &d->tag, &d->pos, &d->line, &d->col, &d->text_begin, &d->text_end };
	for (size_t k = 0; ok && k < sizeof ints / sizeof ints[0]; k++)
		ok = (*ints[k] = unpack_array(get, ctx, n, sizeof(int))) != NULL;
	ok = ok && (d->attr_begin = unpack_array(get, ctx, n + 1, sizeof(int))) != NULL;
	ok = ok && (d->flags = unpack_array(get, ctx, n, 1)) != NULL;
	ok = ok && (d->attrs = unpack_array(get, ctx, (size_t)h.nattrs, sizeof *d->attrs)) != NULL;
	ok = ok && (d->texts = unpack_array(get, ctx, (size_t)h.ntexts, sizeof *d->texts)) != NULL;
	ok = ok && (d->pool = unpack_array(get, ctx, h.pool_len, 1)) != NULL;
	ok = ok && (d->closed_at = unpack_array(get, ctx, (size_t)h.closed_selects,
						 sizeof *d->closed_at)) != NULL;
	if (ok)
		d->tagnames = xcalloc((size_t)h.ntags + 1, sizeof *d->tagnames);
	for (int t = 0; ok && t < h.ntags; t++) {
		uint32_t len;
		ok = get(ctx, &len, sizeof len) == 0 &&
		     (d->tagnames[t] = unpack_array(get, ctx, len, 1)) != NULL;
		if (ok) {
			d->tagnames[t][len] = '\0';
			d->ntags++;
		}
	}
	d->n = ok ? h.n : 0;
	if (!ok) {
		dom_free(d);
		return NULL;
	}
	return d;
}
