/* format-int.h - what format.c, format-markdown.c and format-html.c
 * share, not for the rest of pith: the state of one walk over the kept
 * elements, set up by fmt_init (format.c) and released by fmt_free. */
#ifndef PITH_FORMAT_INT_H
#define PITH_FORMAT_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "dom.h"
#include "format.h"
#include "util.h"

struct fmt {
	const struct dom *d;
	const uint8_t *content, *mask;
	const struct format_opts *o;
	int *kept;              /* per element: kept text nodes (and images) in its subtree */
	uint8_t *img_kept;
	char *base;             /* absolute base for relative URLs, or NULL */
	struct buf *out;
	/* Markdown */
	struct buf para;        /* the current block's inline text */
	bool space;             /* a space is owed before the next visible character */
	bool need_blank;        /* a blank line before the next block */
	int inline_only;        /* inside a table cell, a heading, a link or code: blocks are spaces */
	int in_cell;            /* inside a table cell: | is escaped */
	int raw;                /* inside inline code: no escaping */
	struct seg { const char *first, *cont; bool pending; } segs[64];
	int nsegs;              /* may exceed the array: deeper levels add no prefix */
};

#define NSEGS(f) ((f)->nsegs < 64 ? (f)->nsegs : 64)

static inline bool
text_kept(const struct fmt *f, int t)
{
	const struct dom_text *x = &f->d->texts[t];
	if (x->flags & TEXT_SKIP)
		return false;
	return f->mask && f->mask[x->elem] ? f->mask[x->elem] == 1 : f->content[x->block];
}

static inline bool
tag_is(const struct dom *d, int e, const char *name)
{
	return !strcmp(dom_tagname(d, e), name);
}

/* Append code point s[0..k) to out as Markdown writes text: escaped
 * where it could start Markdown's inline syntax (a letter or digit
 * straight before it if word_before, next[0..nn) the text after it, in a
 * table's cell if in_cell). */
void md_escaped(struct buf *out, const char *s, size_t k, bool word_before, const char *next,
		size_t nn, bool in_cell);

/* The walk over d for a kept text: content per block, mask per element
 * (as extract_text_mask() tests), o's options, output to out.  kept[],
 * img_kept[] and base are filled here; fmt_free releases them. */
void fmt_init(struct fmt *f, const struct dom *d, const uint8_t *content, const uint8_t *mask,
	      const struct format_opts *o, struct buf *out);
void fmt_free(struct fmt *f);
/* The URL of attribute name on e, absolute (the caller frees it), or
 * NULL when it is not one a reader may follow (javascript:, data:,
 * vbscript:, ...). */
char *fmt_safe_url(const struct fmt *f, int e, const char *name, bool image);

#endif
