/* extract.c - the extracted text: the kept elements' text, with what pins
 * and rules drop, and the reader comments kept apart. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "extract.h"
#include "words.h"


static void
end_line(struct buf *out)
{
	if (out->len > 0 && out->data[out->len - 1] != '\n')
		buf_addc(out, '\n');
}

void
extract_prepare(struct dom *d)
{
	if (d->collapsed)
		return;
	struct dom_collapsed *c = xmalloc(sizeof *c);
	c->at = xmalloc(((size_t)d->ntexts + 1) * sizeof *c->at);
	struct buf b = { 0 };
	for (int t = 0; t < d->ntexts; t++) {
		const unsigned char *s = (const unsigned char *)dom_text(d, t);
		size_t n = d->texts[t].len, i = 0;
		/* the white space it starts with, then the rest collapsed from
		 * its first character that is not (no space before it) */
		while (i < n) {
			uint32_t cp;
			size_t k = utf8_decode(s + i, n - i, &cp);
			if (!uc_is_white(cp))
				break;
			i += k;
		}
		size_t before = b.len;
		bool trail = false;
		buf_add_collapsed(&b, (const char *)s + i, n - i, &trail);
		c->at[t] = (struct dom_collapsed_at){
			.off = (uint32_t)before, .len = (uint32_t)(b.len - before),
			.lead = i > 0, .trail = trail,
		};
	}
	c->text = b.data ? b.data : xstrdup("");
	d->collapsed = c;
}

/* buf_add_collapsed() of text node t, from c. */
static void
add_collapsed(struct buf *out, const struct dom_collapsed *c, int t, bool *space)
{
	const struct dom_collapsed_at *a = &c->at[t];
	if (!a->len) {
		/* white space only, or nothing */
		*space = *space || a->lead;
		return;
	}
	if ((*space || a->lead) && out->len && out->data[out->len - 1] != '\n')
		buf_addc(out, ' ');
	buf_add(out, c->text + a->off, a->len);
	*space = a->trail;
}

/* What a preformatted text holds back: the line breaks (breaks) and the
 * run of spaces and tabs (ws) that more text of the same block would
 * write first. */
struct pre_hold {
	int breaks;
	struct buf ws;
};

/* Preformatted text t as it is, its line breaks and indentation kept: a
 * break, and white space, is written only before more text of the same
 * block, so a code block neither starts nor ends with an empty line, and
 * no line ends in white space or is nothing else (the indented "}" line
 * before a template's closing tag).  Carriage returns and form feeds are
 * left out (pages are split at form feeds). */
static void
add_pre(struct buf *out, const char *s, size_t n, struct pre_hold *h)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n') {
			h->breaks++;
			h->ws.len = 0;
			continue;
		}
		if (s[i] == '\r' || s[i] == '\f')
			continue;
		if (s[i] == ' ' || s[i] == '\t') {
			buf_addc(&h->ws, s[i]);
			continue;
		}
		if (h->breaks && out->len && out->data[out->len - 1] != '\n')
			for (; h->breaks > 0; h->breaks--)
				buf_addc(out, '\n');
		h->breaks = 0;
		buf_add(out, h->ws.data, h->ws.len);
		h->ws.len = 0;
		buf_addc(out, s[i]);
	}
}

void
extract_text_spans(const struct dom *d, const uint8_t *content,
		   struct buf *out, struct extract_span *spans)
{
	extract_text_mask(d, content, NULL, out, spans);
}

void
extract_text_mask(const struct dom *d, const uint8_t *content,
		  const uint8_t *mask, struct buf *out,
		  struct extract_span *spans)
{
	extract_text_drop(d, content, mask, NULL, out, spans);
}

void
extract_text_drop(const struct dom *d, const uint8_t *content, const uint8_t *mask,
		  const uint8_t *text_drop, struct buf *out, struct extract_span *spans)
{
	int last_block = -1;
	struct pre_hold held = { 0 };
	buf_init(&held.ws);
	bool space = false;
	for (int t = 0; t < d->ntexts; t++) {
		const struct dom_text *x = &d->texts[t];
		if (spans)
			spans[t].start = spans[t].end = 0;
		if (x->flags & TEXT_SPACED)
			space = true;
		if (x->flags & TEXT_SKIP)
			continue;
		if (mask && mask[x->elem] ? mask[x->elem] == 2 : !content[x->block])
			continue;
		if (text_drop && text_drop[t])
			continue;
		if (x->block != last_block) {
			end_line(out);
			space = false;
			held.breaks = 0;
			held.ws.len = 0;
			last_block = x->block;
		}
		if (x->flags & TEXT_BREAK) {
			if (x->flags & TEXT_PRE && out->len && out->data[out->len - 1] != '\n')
				held.breaks++;
			else
				end_line(out);
			held.ws.len = 0;
			space = false;
			continue;
		}
		size_t before = out->len;
		if (x->flags & TEXT_PRE) {
			if (space && !held.breaks && out->len && out->data[out->len - 1] != '\n')
				buf_addc(out, ' ');
			add_pre(out, dom_text(d, t), x->len, &held);
			space = false;
		} else {
			if (held.breaks) {
				end_line(out);
				held.breaks = 0;
			}
			held.ws.len = 0;
			if (d->collapsed)
				add_collapsed(out, d->collapsed, t, &space);
			else
				buf_add_collapsed(out, dom_text(d, t), x->len, &space);
		}
		if (spans) {
			/* a leading space belongs to the previous node (a
			 * preformatted text's is its own) */
			if (!(x->flags & TEXT_PRE) && out->len > before && out->data[before] == ' ')
				before++;
			spans[t].start = before;
			spans[t].end = out->len;
		}
	}
	end_line(out);
	buf_free(&held.ws);
}

static bool
names_comments(const struct dom *d, int e)
{
	static const char *const words[] = { "comment", "kommentar", "commentaire", "comentario" };
	static const char *const not[] = { "form", "respond", "link", "count", "number", "button",
		"no-comment", "nocomment", "closed", "reply-title", "meta", "recent", "widget",
		"latest" };
	const char *const attrs[] = { dom_attr(d, e, "id"), dom_attr(d, e, "class") };
	bool hit = false;
	for (int a = 0; a < 2; a++) {
		if (!attrs[a])
			continue;
		for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
			hit |= ascii_casestr(attrs[a], words[w]) != NULL;
		for (size_t w = 0; w < sizeof not / sizeof not[0]; w++)
			if (ascii_casestr(attrs[a], not[w]))
				return false;
	}
	return hit;
}

void
extract_comments(const struct dom *d, const uint8_t *content, const uint8_t *mask,
		 struct buf *out)
{
	/* every element decides its own text nodes: 1 a comment's, 2 not */
	uint8_t *m = xmalloc((size_t)d->n + 1);
	memset(m, 2, (size_t)d->n + 1);
	bool any = false;
	for (int e = 0; e < d->n; e++) {
		if (d->flags[e] & (DOM_SKIP | DOM_PHRASING) || !names_comments(d, e))
			continue;
		for (int k = e; k < d->end[e]; k++) {
			int b = k;
			while (b >= 0 && d->flags[b] & DOM_PHRASING)
				b = d->parent[b];
			bool main_text = mask && mask[k] ? mask[k] == 1 : b >= 0 && content[b];
			if (!main_text)
				m[k] = 1;
		}
		/* the forms to write one are no comment */
		for (int k = e; k < d->end[e]; k++) {
			const char *t = dom_tagname(d, k);
			if (!strcmp(t, "form") || !strcmp(t, "button") || !strcmp(t, "textarea") ||
			    !strcmp(t, "select") || !strcmp(t, "label"))
				for (int j = k; j < d->end[k]; j++)
					m[j] = 2;
		}
		any = true;
		e = d->end[e] - 1;   /* the outermost section only */
	}
	if (any) {
		struct buf b;
		buf_init(&b);
		extract_text_mask(d, content, m, &b, NULL);
		/* "3 comments", "Leave a reply": no comment yet */
		if (utf8_count_chars(b.data ? b.data : "", b.len) >= 80)
			buf_add(out, b.data, b.len);
		buf_free(&b);
	}
	free(m);
}

void
extract_text(const struct dom *d, const uint8_t *content, struct buf *out)
{
	extract_text_spans(d, content, out, NULL);
}
