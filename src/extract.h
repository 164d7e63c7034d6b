/* extract.h - the text of the content blocks, and the page's metadata.
 *
 * extract_text() emits every text node whose block is content, once, in
 * document order: one block per line, whitespace runs collapsed, <br> a
 * line break.  extract_meta() finds the page's metadata (title, author, dates, site,
 * language, ...).
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
/* And text_drop[t] 1 drops text node t whatever its element (a site
 * rule's strip: of text()); text_drop may be NULL. */
void extract_text_drop(const struct dom *d, const uint8_t *content, const uint8_t *mask,
		       const uint8_t *text_drop, struct buf *out, struct extract_span *spans);

/* Each text node of d with its white space collapsed (dom.h's struct
 * dom_collapsed), made once: the extractions after it copy them instead
 * of collapsing the text again (the inspector extracts a page at every
 * key).  Their text is the same byte for byte. */
void extract_prepare(struct dom *d);

/* The page's metadata, each field NULL when the page does not give it
 * (never invented).  Dates are ISO 8601: the day, with the time and the
 * offset when the source has them.  *_from says where a field came from:
 * "json-ld", "meta", "og:title", "title", "h1", "time", "url", "text",
 * "rel=author", "byline", "html", "script"; the others name the tag or
 * key ("og:site_name", "article:section", "link rel=canonical"). */
/* The reader comments the page holds apart from its main text: the text
 * (one block a line) of its comment sections (an id or class naming
 * comments, in English, German, French or Spanish), without their forms
 * and without what the decision keeps (content, mask as for
 * extract_text_mask).  Appends nothing when there are none. */
void extract_comments(const struct dom *d, const uint8_t *content, const uint8_t *mask,
		      struct buf *out);

struct page_meta {
	char *title;
	char *date;          /* published */
	char *keywords;
	char *description;
	char *site;          /* og:site_name, JSON-LD publisher, application-name */
	char *canonical;     /* link rel=canonical or og:url */
	char *author;        /* several joined with "; " */
	char *modified;
	char *language;      /* as the page declares it, or ja zh ko el th ru uk by script */
	char *image;
	char **categories, **tags;
	int ncategories, ntags;
	const char *title_from;
	const char *date_from;
	const char *author_from;
	const char *language_from;
	/* the meta tag or JSON-LD key of each of the others */
	const char *modified_from, *site_from, *description_from, *image_from,
		   *canonical_from, *categories_from, *tags_from;
};

/* The metadata as the outputs write it (JSON, front matter), one table:
 * the fields' names and values in their order (title author date
 * modified sitename description language image canonical; a value may be
 * NULL), then the two lists (categories, tags). */
enum { META_NFIELDS = 9, META_NLISTS = 2 };
struct meta_field {
	const char *name;
	const char *value;
};
struct meta_list {
	const char *name;
	char *const *v;
	int n;
};
void meta_fields(const struct page_meta *m, struct meta_field f[META_NFIELDS],
		 struct meta_list l[META_NLISTS]);

/* url: the page's address (a date in its path), or NULL for the page's
 * canonical. */
void extract_meta_url(const struct dom *d, const char *url, struct page_meta *meta);
void extract_meta(const struct dom *d, struct page_meta *meta);
/* The canonical address alone (link rel=canonical, else og:url), for
 * runs that print no metadata; NULL if none. */
char *extract_canonical(const struct dom *d);
void extract_meta_free(struct page_meta *meta);

/* A date value ("2019-11-19 02:24:00 UTC", "Wed, 04 May 2022 02:41:00
 * GMT") as ISO 8601, or NULL. */
char *extract_date_iso(const char *s);
/* The first date written in s[0..n) (numeric, or with a month name in
 * English, German, French, Spanish, Russian or Greek, or 2024年3月14日), as
 * YYYY-MM-DD in out.  lang (or NULL): "en" and "en-US" read 03/14/2024
 * month first, every other language (en-GB too) the day first. */
bool extract_date_text(const char *s, size_t n, const char *lang, char out[11]);

/* Element e is a formula's source (<script type="math/tex">, MathJax's;
 * "math/mml"): the page shows the formula between the words around it,
 * and pith, which leaves the script out, keeps those words apart. */
bool extract_is_formula(const struct dom *d, int e);

#endif
