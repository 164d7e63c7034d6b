/* sitetext.h - the text a site's pages share: a template's menus,
 * footers, notices and boxes stand the same on page after page, an
 * article's text on one page only.
 *
 * A struct site_text holds, for each page added, the set of its text
 * nodes' texts (white space collapsed, hashed); site_text_count() says
 * for each text node of another page on how many of those pages the same
 * text stands.  The struct owns its memory (site_text_free accepts NULL);
 * nothing fails but allocation. */
#ifndef PITH_SITETEXT_H
#define PITH_SITETEXT_H

#include <stdint.h>

#include "dom.h"

struct site_text;

struct site_text *site_text_new(void);
void site_text_free(struct site_text *s);
/* Add a page; path (its real path, or NULL) keeps a page from counting
 * as its own sibling. */
void site_text_add(struct site_text *s, const struct dom *d, const char *path);
/* The pages added, other than the one at self_path (NULL: none is). */
int site_text_pages(const struct site_text *s, const char *self_path);
/* out[t] for each text node t of d: how many of those pages hold its
 * text (0 for a blank one). */
void site_text_count(const struct site_text *s, const struct dom *d, const char *self_path,
		     int *out);

/* recur[b] for each element b of d that is the block of some text: on
 * how many of the pages all of its text stands (the least over its
 * non-blank text nodes); -1 for the other elements.  n entries. */
void site_text_blocks(const struct site_text *s, const struct dom *d, const char *self_path,
		      int *recur);
/* On how many of npages a block's text must stand to be the template's:
 * half of them, two at least (one when there is one). */
int site_text_need(int npages);

/* FNV-1a of text node t with white space collapsed and trimmed; 0 when
 * it is blank. */
uint64_t site_text_hash(const struct dom *d, int t);

#endif
