/* extract.h - the text of the content blocks (the page's metadata is
 * meta.h's).
 *
 * extract_text() emits every text node whose block is content, once, in
 * document order: one block per line, whitespace runs collapsed, <br> a
 * line break.
 * Output goes into caller-owned buffers. */
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
/* And text_drop[t] 1 drops text node t whatever its element (a site
 * rule's strip: of text()); text_drop may be NULL. */
void extract_text_drop(const struct dom *d, const uint8_t *content, const uint8_t *mask,
		       const uint8_t *text_drop, struct buf *out, struct extract_span *spans);

/* Each text node of d with its white space collapsed (dom.h's struct
 * dom_collapsed), made once: the extractions after it copy them instead
 * of collapsing the text again (the inspector extracts a page at every
 * key).  Their text is the same byte for byte. */
void extract_prepare(struct dom *d);

/* The reader comments the page holds apart from its main text: the text
 * (one block a line) of its comment sections (an id or class naming
 * comments, in English, German, French or Spanish), without their forms
 * and without what the decision keeps (content, mask as for
 * extract_text_mask).  Appends nothing when there are none. */
void extract_comments(const struct dom *d, const uint8_t *content, const uint8_t *mask,
		      struct buf *out);

#endif
