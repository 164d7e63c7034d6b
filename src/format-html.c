/* format-html.c - the kept part of a page as clean HTML: a short list
 * of elements and attributes kept, wrappers round a single block left
 * out, URLs made safe and absolute; plain lines as <p> elements. */
#include "config.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "format-int.h"

static void
html_escape(struct buf *b, const char *s, size_t n, bool attr)
{
	buf_add_html(b, s, n, attr);
}

/* Elements kept as they are; every other element gives its content only
 * (a block one as a div).  No attribute is kept but those named here. */
static const char *const html_keep[] = {
	"p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd",
	"blockquote", "pre", "code", "table", "caption", "thead", "tbody", "tfoot", "tr",
	"th", "td", "a", "img", "br", "em", "strong", "b", "i", "u", "s", "sub", "sup",
	"q", "cite", "abbr", "mark", "small", "kbd", "samp", "var", "time", "figure",
	"figcaption", "div", "section", "article", "main", "header", "footer", "aside",
	"address", "details", "summary", "hr",
};

static bool
html_kept_tag(const char *t)
{
	for (size_t i = 0; i < sizeof html_keep / sizeof html_keep[0]; i++)
		if (!strcmp(t, html_keep[i]))
			return true;
	return false;
}

static void html_element(struct fmt *f, int e, bool pre);

static void
html_texts(struct fmt *f, int from, int to, bool pre)
{
	for (int t = from; t < to; t++) {
		if (!text_kept(f, t))
			continue;
		/* a space the parser dropped (dom.h's TEXT_SPACED) */
		if (f->d->texts[t].flags & TEXT_SPACED && f->out->len &&
		    f->out->data[f->out->len - 1] != ' ' && f->out->data[f->out->len - 1] != '>')
			buf_addc(f->out, ' ');
		if (f->d->texts[t].flags & TEXT_BREAK) {
			buf_adds(f->out, "<br>");
			continue;
		}
		const char *s = dom_text(f->d, t);
		size_t n = f->d->texts[t].len;
		if (pre) {
			html_escape(f->out, s, n, false);
		} else {
			struct buf c;
			buf_init(&c);
			/* collapse, keeping one space at either end */
			bool lead = n && isspace((unsigned char)s[0]);
			bool trail = n && isspace((unsigned char)s[n - 1]);
			text_collapse(s, n, &c);
			struct buf *o = f->out;
			/* a space alone still parts two words */
			if ((lead || trail) && !c.len && o->len &&
			    o->data[o->len - 1] != ' ' && o->data[o->len - 1] != '\n')
				buf_addc(o, ' ');
			if (lead && c.len)
				buf_addc(f->out, ' ');
			html_escape(f->out, c.data ? c.data : "", c.len, false);
			if (trail && c.len)
				buf_addc(f->out, ' ');
			buf_free(&c);
		}
	}
}

static void
html_children(struct fmt *f, int e, bool pre)
{
	const struct dom *d = f->d;
	int pos = d->text_begin[e];
	for (int c = d->first_child[e]; c >= 0; c = d->next_sibling[c]) {
		html_texts(f, pos, d->text_begin[c], pre);
		html_element(f, c, pre);
		pos = d->text_end[c];
	}
	html_texts(f, pos, d->text_end[e], pre);
}

static void
html_attr(struct buf *b, const char *name, const char *v)
{
	buf_printf(b, " %s=\"", name);
	html_escape(b, v, strlen(v), true);
	buf_addc(b, '"');
}

/* Containers whose tag says nothing but "a box": left out when they wrap
 * a single block. */
static bool
wrapper_tag(const char *name)
{
	static const char *const w[] = { "div", "section", "article", "main", "header",
					 "footer", "aside", "center" };
	for (size_t i = 0; i < sizeof w / sizeof w[0]; i++)
		if (!strcmp(name, w[i]))
			return true;
	return false;
}

/* Element e holds one kept child element, a block, and no text of its
 * own. */
static bool
lone_block(const struct fmt *f, int e)
{
	const struct dom *d = f->d;
	int kept = 0;
	for (int c = d->first_child[e]; c >= 0; c = d->next_sibling[c])
		if (f->kept[c] && !(d->flags[c] & DOM_SKIP)) {
			if (d->flags[c] & DOM_PHRASING || ++kept > 1)
				return false;
		}
	for (int t = d->text_begin[e]; t < d->text_end[e]; t++) {
		if (d->texts[t].elem != e || d->texts[t].flags & TEXT_SKIP)
			continue;
		const char *s = dom_text(d, t);
		for (size_t k = 0; k < d->texts[t].len; k++)
			if (!isspace((unsigned char)s[k]))
				return false;
	}
	return kept == 1;
}

static void
html_element(struct fmt *f, int e, bool pre)
{
	const struct dom *d = f->d;
	if (tag_is(d, e, "br")) {
		html_texts(f, d->text_begin[e], d->text_end[e], pre);
		return;
	}
	if (!f->kept[e] || d->flags[e] & DOM_SKIP)
		return;
	const char *t = dom_tagname(d, e);
	struct buf *o = f->out;
	if (!strcmp(t, "img")) {
		char *src = f->img_kept[e] ? fmt_safe_url(f, e, "src", true) : NULL;
		if (src) {
			buf_adds(o, "<img");
			html_attr(o, "src", src);
			const char *alt = dom_attr(d, e, "alt");
			if (alt)
				html_attr(o, "alt", alt);
			buf_addc(o, '>');
			free(src);
		}
		return;
	}
	bool block = !(d->flags[e] & DOM_PHRASING);
	const char *name = html_kept_tag(t) ? t : block ? "div" : NULL;
	/* the document's own wrappers */
	if (!strcmp(t, "html") || !strcmp(t, "body"))
		name = NULL;
	bool in_pre = pre;      /* a pre's blocks are its lines already */
	pre = pre || !strcmp(t, "pre");
	char *href = !strcmp(t, "a") ? fmt_safe_url(f, e, "href", false) : NULL;
	if (!strcmp(t, "a") && !href)
		name = NULL;   /* a link to nowhere safe is its text */
	/* blocks of blocks on lines of their own, for a reader of the source */
	bool nested = false;
	for (int c = d->first_child[e]; c >= 0 && !nested; c = d->next_sibling[c])
		nested = !(d->flags[c] & DOM_PHRASING) && f->kept[c];
	/* a wrapper round one kept block and no text of its own is left
	 * out: no <div><div><article><div> before the first paragraph */
	if (name && block && nested && wrapper_tag(name) && lone_block(f, e))
		name = NULL;
	if (name) {
		buf_printf(o, "<%s", name);
		if (href) {
			html_attr(o, "href", href);
		} else if (!strcmp(t, "td") || !strcmp(t, "th")) {
			const char *v;
			if ((v = dom_attr(d, e, "colspan")) && atoi(v) > 1)
				buf_printf(o, " colspan=\"%d\"", atoi(v) > 1000 ? 1000 : atoi(v));
			if ((v = dom_attr(d, e, "rowspan")) && atoi(v) > 1)
				buf_printf(o, " rowspan=\"%d\"", atoi(v) > 1000 ? 1000 : atoi(v));
		} else if (!strcmp(t, "ol")) {
			const char *v = dom_attr(d, e, "start");
			if (v && atoi(v) > 1)
				buf_printf(o, " start=\"%d\"", atoi(v));
		}
		buf_addc(o, '>');
		if (block && nested && !pre)
			buf_addc(o, '\n');
	}
	free(href);
	html_children(f, e, pre);
	if (name) {
		if (block && nested && !pre && o->len && o->data[o->len - 1] != '\n')
			buf_addc(o, '\n');
		buf_printf(o, "</%s>", name);
		if (block && !in_pre)
			buf_addc(o, '\n');
	}
}

void
format_html(const struct dom *d, const uint8_t *content, const uint8_t *mask,
	    const struct format_opts *o, struct buf *out)
{
	struct fmt f;
	struct format_opts oo = *o;
	oo.images = true;
	fmt_init(&f, d, content, mask, &oo, out);
	if (d->n > 0)
		html_element(&f, 0, false);
	fmt_free(&f);
	buf_adds(out, "");
}

void
format_lines_html(const char *text, size_t len, struct buf *out)
{
	for (size_t s = 0; s < len; ) {
		size_t e = s;
		while (e < len && text[e] != '\n')
			e++;
		if (e > s) {
			buf_adds(out, "<p>");
			html_escape(out, text + s, e - s, false);
			buf_adds(out, "</p>\n");
		}
		s = e + 1;
	}
	buf_adds(out, "");
}
