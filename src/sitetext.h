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
/* For each element b of d that holds text of its own (a block): on how
 * many of the pages a block stands at the same path (the tags, ids and
 * classes from the root down, digits left out), at_path[b], and at that
 * path with the same text, same[b]; -1 for the other elements.  n
 * entries each. */
void site_text_paths(const struct site_text *s, const struct dom *d, const char *self_path,
		     int *at_path, int *same);
/* path[i] and text[i] for each element i: the hash of its path (as
 * above) and of its own text (0: it has none). */
void site_block_hashes(const struct dom *d, uint64_t *path, uint64_t *text);

/* On how many of npages a block's text must stand to be the template's:
 * half of them, two at least (one when there is one). */
int site_text_need(int npages);

/* FNV-1a of text node t with white space collapsed and trimmed; 0 when
 * it is blank. */
uint64_t site_text_hash(const struct dom *d, int t);

#endif
