/* extract.h - the text of the content blocks, and the page's metadata.
 *
 * extract_text() emits every text node whose block is content, once, in
 * document order: one block per line, whitespace runs collapsed, <br> a
 * line break.  extract_meta() finds title, date, keywords and description.
 * Output goes into caller-owned buffers; struct page_meta owns its strings
 * (extract_meta_free). */
#ifndef PITH_EXTRACT_H
#define PITH_EXTRACT_H

#include "dom.h"
#include "util.h"

void extract_text(const struct dom *d, const uint8_t *content, struct buf *out);

/* The span of output bytes each text node produced, for highlighting:
 * spans[t] = {start, end} in out, or {0,0} when not emitted.  NULL to skip. */
struct extract_span {
	size_t start, end;
};
void extract_text_spans(const struct dom *d, const uint8_t *content,
			struct buf *out, struct extract_span *spans);
/* The same with a per-element override (site rules strip or select inline
 * elements): mask[e] 1 emits the text nodes of element e, 2 drops them,
 * 0 leaves them to content[] of their block.  mask may be NULL. */
void extract_text_mask(const struct dom *d, const uint8_t *content,
		       const uint8_t *mask, struct buf *out,
		       struct extract_span *spans);

struct page_meta {
	char *title;
	char *date;
	char *keywords;
	char *description;
	char *site;          /* og:site_name */
	char *canonical;     /* link rel=canonical or og:url */
	const char *title_from;   /* "og:title", "title", "h1" */
	const char *date_from;
};

void extract_meta(const struct dom *d, struct page_meta *meta);
void extract_meta_free(struct page_meta *meta);

#endif
